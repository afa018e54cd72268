package solverun

import (
	"fmt"
	"io"
	"strings"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/words"
)

// JSON is the --json output of react solve.
type JSON struct {
	File   string `json:"file,omitempty"`
	Size   string `json:"size"`
	ToMove string `json:"to_move"`
	// Result is "proved" (winner and plies), "winner proved" (the plies
	// only bounded) or "unknown".
	Result   string   `json:"result"`
	Winner   *string  `json:"winner"`
	Plies    *int     `json:"plies"`
	PliesMin *int     `json:"plies_min,omitempty"`
	PliesMax *int     `json:"plies_max,omitempty"`
	PV       [][2]int `json:"pv"`
	Nodes    uint64   `json:"nodes"`
	Seconds  float64  `json:"seconds"`
	CPU      float64  `json:"cpu_seconds"`
	Stopped  string   `json:"stopped,omitempty"`
}

// Report is a finished (or stopped) solve, ready to print.
type Report struct {
	Pos       *chainreact.Position
	File      string
	Res       exact.SolveResult
	Wall, CPU time.Duration
	// Stopped says why an inexact solve stopped: budget, max-nodes,
	// interrupted, winner-only (and for a proof, lines).
	Stopped string
}

// JSON is the report as --json prints it.
func (r *Report) JSON() JSON {
	b := &r.Pos.Board
	j := JSON{File: r.File, Size: fmt.Sprintf("%dx%d", b.Rows(), b.Cols()), ToMove: string(r.Pos.Names[b.ToMove()]),
		Result: "unknown", PV: [][2]int{}, Nodes: r.Res.Nodes, Seconds: r.Wall.Seconds(), CPU: r.CPU.Seconds(), Stopped: r.Stopped}
	if w := r.Res.Winner; w >= 0 {
		name := string(r.Pos.Names[w])
		lo, hi := r.Res.PliesMin, r.Res.PliesMax
		j.Winner, j.PliesMin, j.PliesMax, j.Result = &name, &lo, &hi, "winner proved"
	}
	if r.Res.Exact {
		plies := r.Res.Plies
		j.Plies, j.Result = &plies, "proved"
		j.PliesMin, j.PliesMax = nil, nil
		for _, m := range r.Res.PV {
			row, col := b.RowCol(m)
			j.PV = append(j.PV, [2]int{row, col})
		}
	}
	return j
}

// Text prints the report.
func (r *Report) Text(w io.Writer) {
	b := &r.Pos.Board
	what := fmt.Sprintf("%dx%d, empty board", b.Rows(), b.Cols())
	if r.File != "" {
		what = fmt.Sprintf("%s: %dx%d, %s played", r.File, b.Rows(), b.Cols(), words.Plural(b.Ply(), "orb"))
	}
	if b.Over() {
		fmt.Fprintf(w, "%s\n", what)
	} else {
		fmt.Fprintf(w, "%s, %c to move\n", what, r.Pos.Names[b.ToMove()])
	}
	res := r.Res
	switch {
	case res.Exact && b.Over():
		fmt.Fprintf(w, "the game is over: %c has won on ply %d\n", r.Pos.Names[res.Winner], res.Plies)
	case res.Exact:
		fmt.Fprintf(w, "%c wins under perfect play; the last move is ply %d, %s from here\n",
			r.Pos.Names[res.Winner], res.Plies, Plies(res.Plies-b.Ply()))
		var line []string
		c := *b
		for _, m := range res.PV {
			line = append(line, fmt.Sprintf("%c %s", r.Pos.Names[c.ToMove()], c.FormatMove(m)))
			c.Play(m)
		}
		fmt.Fprintf(w, "principal variation: %s\n", strings.Join(line, ", "))
	case res.Winner >= 0:
		fmt.Fprintf(w, "%c wins under perfect play (proved); the last move is ply %d to %d (which one is not solved: stopped, %s)\n",
			r.Pos.Names[res.Winner], res.PliesMin, res.PliesMax, r.StoppedBy())
	default:
		fmt.Fprintf(w, "unknown: stopped before proving who wins (%s)\n", r.StoppedBy())
	}
	fmt.Fprintf(w, "%s, %.2fs\n", words.PluralThousands(res.Nodes, "position"), r.Wall.Seconds())
}

// StoppedBy says why the solve stopped, in words.
func (r *Report) StoppedBy() string {
	switch r.Stopped {
	case "budget":
		return "the --budget was spent"
	case "interrupted":
		return "interrupted"
	case "winner-only":
		return "--winner-only"
	}
	return "--max-nodes reached"
}

// Plies writes n plies: "1 ply", "13 plies".
func Plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
