package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/exact"
	"chainshot/internal/words"
)

// Chain Reaction as text: a board with its row and column numbers (row 1
// at the bottom), a move's chain wave by wave, the census by the cell
// automaton's states, react analyze's table of moves.

// reactColours are the ANSI colours of the players by their letters.
var reactColours = map[byte]string{'R': "31", 'G': "32", 'B': "34", 'Y': "33", 'P': "35", 'O': "91", 'C': "36", 'W': "37"}

// ReactBoard draws a Chain Reaction board with coordinates, row 1 at the bottom,
// in colour when colour is true. marks are cells to bracket.
func ReactBoard(w io.Writer, p *chainreact.Position, colour bool, marks map[chainreact.Move]bool) {
	b := &p.Board
	var sb strings.Builder
	for r := b.Rows(); r >= 1; r-- {
		fmt.Fprintf(&sb, "%3d |", r)
		for c := 1; c <= b.Cols(); c++ {
			m, _ := b.MoveAt(r, c)
			o, k := b.Cell(int(m))
			text, code := ".", ""
			if o >= 0 {
				text = fmt.Sprintf("%d%c", k, p.Names[o])
				if colour {
					if code = reactColours[p.Names[o]]; code == "" {
						code = "1"
					}
					if k == b.CriticalMass(int(m))-1 {
						code += ";1" // critical cells in bold
					}
				}
			}
			width := len(text)
			if code != "" {
				text = "\x1b[" + code + "m" + text + "\x1b[0m"
			}
			if marks[m] {
				text, width = "["+text+"]", width+2
			}
			cell := strings.Repeat(" ", max(0, 5-width)) + text
			sb.WriteString(cell)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("    +" + strings.Repeat("-", 5*b.Cols()) + "\n     ")
	for c := 1; c <= b.Cols(); c++ {
		fmt.Fprintf(&sb, "%5d", c)
	}
	sb.WriteString("\n")
	io.WriteString(w, sb.String())
}

// ReactAnalysis prints the moves table of react analyze, the best line and the predicted
// winner, with the solver's verdicts when there are proofs.
func ReactAnalysis(out io.Writer, p *chainreact.Position, a ai.Analysis, proofs *exact.Proofs, prove uint64) {
	b := &p.Board
	mover := b.ToMove()
	fmt.Fprintf(out, "\nmoves, valued for %c after the move; search = alpha-beta, depth %d, eval %s, with quiescence", p.Names[mover], a.Depth, a.Eval)
	if a.Stopped {
		fmt.Fprintf(out, " (the budget stopped depth %d: depth %d is the last searched in full)", a.Depth+1, a.Depth)
	}
	if proofs != nil {
		fmt.Fprintf(out, ";\nproved = the exact solver's verdict for %c and the game's last ply (? if not settled in %s)", p.Names[mover], words.PluralThousands(prove, "position"))
	}
	fmt.Fprintf(out, ":\n%6s", "move")
	for _, e := range ai.Evals() {
		fmt.Fprintf(out, " %9s", e)
	}
	fmt.Fprintf(out, " %9s", "search")
	if proofs != nil {
		fmt.Fprintf(out, " %9s", "proved")
	}
	fmt.Fprintln(out)
	for i, ma := range a.Moves {
		fmt.Fprintf(out, "%6s", b.FormatMove(ma.Move))
		for _, e := range ai.Evals() {
			fmt.Fprintf(out, " %9s", fmtValue(ma.Heuristic[e]))
		}
		fmt.Fprintf(out, " %9s", fmtValue(ma.Search))
		if proofs != nil {
			fmt.Fprintf(out, " %9s", fmtProof(proofs.Moves[i], mover))
		}
		fmt.Fprintln(out)
	}
	var line []string
	c2 := *b
	for _, m := range a.PV {
		line = append(line, fmt.Sprintf("%c:%s", p.Names[c2.ToMove()], c2.FormatMove(m)))
		c2.Play(m)
	}
	if m, i, ok := provedBest(proofs, a.Moves, mover); ok && m != a.Best {
		// The solver's word goes before the search's.
		fmt.Fprintf(out, "best move: %s (proved: %s; the search preferred %s, value %s)\n",
			b.FormatMove(m), fmtProof(proofs.Moves[i], mover), b.FormatMove(a.Best), fmtValue(a.Value))
	} else {
		fmt.Fprintf(out, "best move: %s (search value %s)\n", b.FormatMove(a.Best), fmtValue(a.Value))
	}
	fmt.Fprintf(out, "principal line of the search: %s\n", strings.Join(line, ", "))
	switch {
	case proofs != nil && proofs.Position.Winner >= 0:
		// proved below: no prediction beside it
	case a.Winner >= 0:
		fmt.Fprintf(out, "predicted winner: %c (proven by the search)\n", p.Names[a.Winner])
	case a.Leader >= 0:
		fmt.Fprintf(out, "predicted winner: %c (not proven; the search value favours %c)\n", p.Names[a.Leader], p.Names[a.Leader])
	default:
		fmt.Fprintln(out, "predicted winner: none (the search value is even)")
	}
	if proofs != nil {
		reactProof(out, p, proofs.Position)
	}
	fmt.Fprintf(out, "%s searched\n", words.Plural(int(a.Nodes), "position"))
}

// provedBest returns the move the solver's proofs choose, with its index
// in moves, when they settle the position: the first move of the proved
// line, else the quickest proved win of the mover. ok is false when the
// proofs leave the choice to the search.
func provedBest(proofs *exact.Proofs, moves []ai.MoveAnalysis, mover int) (m chainreact.Move, i int, ok bool) {
	if proofs == nil || proofs.Position.Winner < 0 {
		return chainreact.NoMove, -1, false
	}
	if r := proofs.Position; r.Exact && len(r.PV) > 0 {
		for i, ma := range moves {
			if ma.Move == r.PV[0] {
				return ma.Move, i, true
			}
		}
	}
	best := -1
	for i, r := range proofs.Moves {
		if r.Winner == mover && (best < 0 || r.PliesMax < proofs.Moves[best].PliesMax) {
			best = i
		}
	}
	if best < 0 {
		return chainreact.NoMove, -1, false
	}
	return moves[best].Move, best, true
}

// fmtProof writes the solver's verdict on the position after a move, for
// the player who moved: "win 13" (the game's last ply), "loss 14", "win"
// when only the winner is proved, "?" when nothing is.
func fmtProof(r exact.SolveResult, mover int) string {
	if r.Winner < 0 {
		return "?"
	}
	v := "loss"
	if r.Winner == mover {
		v = "win"
	}
	if r.Exact {
		return fmt.Sprintf("%s %d", v, r.Plies)
	}
	return v
}

// reactProof prints the solver's verdict on the position.
func reactProof(out io.Writer, p *chainreact.Position, r exact.SolveResult) {
	switch {
	case r.Exact:
		var line []string
		c := p.Board
		for _, m := range r.PV {
			line = append(line, fmt.Sprintf("%c:%s", p.Names[c.ToMove()], c.FormatMove(m)))
			c.Play(m)
		}
		fmt.Fprintf(out, "proved: %c wins under perfect play, the last move on ply %d: %s\n", p.Names[r.Winner], r.Plies, strings.Join(line, ", "))
	case r.Winner >= 0:
		fmt.Fprintf(out, "proved: %c wins under perfect play, the last move on ply %d to %d\n", p.Names[r.Winner], r.PliesMin, r.PliesMax)
	default:
		fmt.Fprintf(out, "proved: nothing yet (the solver stopped after %s)\n", words.PluralThousands(r.Nodes, "position"))
	}
}

// fmtValue writes search values, naming proven wins and losses.
func fmtValue(v int) string {
	switch {
	case v >= ai.WinScore:
		return "win"
	case v <= -ai.WinScore:
		return "loss"
	case v == 10000:
		return "won"
	case v == -10000:
		return "lost"
	}
	return strconv.Itoa(v)
}

// moreStates names the states of the players after the second: S and two
// primes for the third player, three for the fourth, and so on.
func moreStates(p *chainreact.Position) string {
	var sb strings.Builder
	for pl := 2; pl < p.Board.Players(); pl++ {
		fmt.Fprintf(&sb, ", S%s<class><orbs> for %c", strings.Repeat("'", pl), p.Names[pl])
	}
	return sb.String()
}

// ReactCensus prints the census of p by the cell automaton's states.
func ReactCensus(out io.Writer, p *chainreact.Position) {
	cen := chainreact.TakeCensus(&p.Board)
	fmt.Fprintf(out, "census by the cell automaton's states: S<class><orbs> for %c, S'<class><orbs> for %c%s;\n", p.Names[0], p.Names[1], moreStates(p))
	fmt.Fprintln(out, "class 1, 2, 3 = a corner, an edge, an inner cell (critical mass 2, 3, 4):")
	for class := 1; class <= 3; class++ {
		fmt.Fprintf(out, "  class %d: empty %d", class, cen.Empty[class-1])
		for pl := 0; pl < cen.Players; pl++ {
			for k := 1; k <= class; k++ {
				if n := cen.Cells[pl][class-1][k]; n > 0 {
					fmt.Fprintf(out, ", %s(%c) %d", chainreact.StateName(pl, class, k), p.Names[pl], n)
				}
			}
		}
		fmt.Fprintln(out)
	}
	for pl := 0; pl < cen.Players; pl++ {
		fmt.Fprintf(out, "  %c holds %s (corners %d, edges %d, inside %d)\n", p.Names[pl], words.Plural(p.Board.Orbs(pl), "orb"),
			cen.Orbs[pl][0], cen.Orbs[pl][1], cen.Orbs[pl][2])
	}
}

// ReactChain plays m on a copy and prints its reaction wave by wave and
// what it captures.
func ReactChain(out io.Writer, p *chainreact.Position, m chainreact.Move, colour bool) {
	before := p.Board
	after := *p
	tr := after.Board.PlayTrace(m)
	fmt.Fprintf(out, "\n%c plays %s\n", p.Names[before.ToMove()], before.FormatMove(m))
	ReactWaves(out, &before, tr)
	var captured []string
	orbs := 0
	for i := 0; i < before.Cells(); i++ {
		o0, k0 := before.Cell(i)
		o1, _ := after.Board.Cell(i)
		// An enemy cell the reaction reached is captured, whether it ends
		// the mover's or empty because it exploded in turn.
		if o0 >= 0 && o0 != before.ToMove() && o1 != o0 {
			captured = append(captured, fmt.Sprintf("%s (%d%c)", before.FormatMove(chainreact.Move(i)), k0, p.Names[o0]))
			orbs += k0
		}
	}
	if len(captured) == 0 {
		fmt.Fprintln(out, "captures nothing")
	} else {
		fmt.Fprintf(out, "captures %s, %s: %s\n", words.Plural(len(captured), "cell"), words.Plural(orbs, "orb"), strings.Join(captured, ", "))
	}
	ReactBoard(out, &after, colour, nil)
	if after.Board.Over() {
		fmt.Fprintf(out, "%c wins\n", after.Names[after.Board.Winner()])
	}
}

// ReactWave writes the i-th wave (0-based) of a move played on b: "wave
// 2: 1 2; 2 1 explode".
func ReactWave(out io.Writer, b *chainreact.Board, i int, w chainreact.Wave) {
	var cells []string
	for _, m := range w.Exploded {
		cells = append(cells, b.FormatMove(m))
	}
	verb := "explode"
	if len(cells) == 1 {
		verb = "explodes"
	}
	fmt.Fprintf(out, "wave %d: %s %s\n", i+1, strings.Join(cells, "; "), verb)
}

// ReactWaves writes the waves of the trace tr of a move played on b.
func ReactWaves(out io.Writer, b *chainreact.Board, tr chainreact.Trace) {
	if len(tr.Waves) == 0 {
		fmt.Fprintln(out, "no explosion")
		return
	}
	for i, w := range tr.Waves {
		ReactWave(out, b, i, w)
	}
	if tr.Stopped {
		fmt.Fprintln(out, "the reaction stops: one player is left")
	}
}
