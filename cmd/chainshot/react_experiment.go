package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"chainshot/chainreact"
	"chainshot/cmd/chainshot/outfile"

	"github.com/urfave/cli/v2"
)

func reactExperimentCommand() *cli.Command {
	return &cli.Command{
		Name:      "experiment",
		Usage:     "run seed 002's experiments for real: Table 1, Table 2, CSV, JSON and a heatmap PNG",
		ArgsUsage: "seed002",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "games per matchup"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed for the players"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 1, Usage: "games played at once"},
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size ROWSxCOLS"},
			&cli.StringFlag{Name: "out", Value: ".", Usage: "folder for seed002-table1.csv, seed002-table2.csv, seed002.json, seed002-heatmap.png"},
			&cli.IntFlag{Name: "depth1", Value: 3, Usage: "depth of Table 1's single-heuristic agents"},
			&cli.IntFlag{Name: "depth2", Value: 2, Usage: "depth of Table 2's agents"},
		}, profileFlags()...),
		Action: profiled(doReactExperiment),
	}
}

// seed002Heuristics are H1..H5 in the seed's order, with its names.
var seed002Heuristics = []struct {
	eval string
	name string
}{{"orbs", "Orb Count"}, {"critical", "Critical Control"}, {"control", "Board Control"}, {"chain", "Explosion Chain"}, {"safety", "Positional Safety"}}

// seed002Table1 is the seed's guessed Table 1: win rates against random.
var seed002Table1 = []struct {
	name  string
	eval  string
	depth int
	guess int
}{
	{"Minimax (Full)", "weighted", 1, 70}, {"Minimax (Full)", "weighted", 2, 85}, {"Minimax (Full)", "weighted", 3, 95},
	{"Minimax (Orb Count)", "orbs", 3, 60}, {"Minimax (Critical Control)", "critical", 3, 75},
	{"Minimax (Board Control)", "control", 3, 65}, {"Minimax (Explosion Chain)", "chain", 3, 80},
	{"Minimax (Positional Safety)", "safety", 3, 70},
}

// seed002Table2 is the seed's guessed Table 2: pairs (0-based H indices),
// the winner it guessed and its rate.
var seed002Table2 = []struct{ a, b, winner, rate int }{
	{0, 1, 1, 65}, {0, 2, 0, 55}, {0, 3, 3, 70}, {0, 4, 4, 60}, {1, 2, 1, 60},
	{1, 3, 3, 55}, {1, 4, 1, 55}, {2, 3, 3, 65}, {2, 4, 4, 60}, {3, 4, 3, 60},
}

type table1Row struct {
	Agent           string  `json:"agent"`
	Spec            string  `json:"spec"`
	Depth           int     `json:"depth"`
	Games           int     `json:"games"`
	Wins            int     `json:"wins"`
	WinRate         float64 `json:"win_rate"`
	CILow           float64 `json:"ci95_low"`
	CIHigh          float64 `json:"ci95_high"`
	SeedGuess       float64 `json:"seed_guess"`
	MeanPlies       float64 `json:"mean_plies"`
	MeanMoveSeconds float64 `json:"mean_move_seconds"`
}

type table2Row struct {
	A          string  `json:"heuristic_1"`
	B          string  `json:"heuristic_2"`
	Games      int     `json:"games"`
	WinsA      int     `json:"wins_1"`
	WinsB      int     `json:"wins_2"`
	Winner     string  `json:"winner"`
	WinnerRate float64 `json:"winner_rate"`
	CILow      float64 `json:"ci95_low"`
	CIHigh     float64 `json:"ci95_high"`
	SeedWinner string  `json:"seed_winner"`
	SeedRate   float64 `json:"seed_rate"`
	MeanPlies  float64 `json:"mean_plies"`
	rateA      float64 // A's win rate, for the heatmap
	seedRateA  float64
}

func doReactExperiment(c *cli.Context) error {
	const cmd = "chainshot react experiment"
	s := ioFrom(c)
	if c.NArg() != 1 || c.Args().First() != "seed002" {
		return badInput("%s: %q: want the experiment's name: seed002", cmd, strings.Join(c.Args().Slice(), " "))
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return err
	}
	games, jobs := c.Int("games"), c.Int("jobs")
	if games < 1 || jobs < 1 {
		return badInput("%s: --games and --jobs want at least 1", cmd)
	}
	d1, d2 := c.Int("depth1"), c.Int("depth2")
	if d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 {
		return badInput("%s: --depth1 and --depth2 want 1 to 6", cmd)
	}
	outDir := c.String("out")
	if st, err := os.Stat(outDir); err != nil || !st.IsDir() {
		return badInput("%s: --out %q: not a folder", cmd, outDir)
	}
	seed := c.Uint64("seed")
	run := func(a, b string) (chainreact.MatchResult, error) {
		t0 := time.Now()
		r, err := chainreact.RunMatch(chainreact.MatchConfig{Specs: [2]string{a, b}, Games: games, Rows: rows, Cols: cols, Seed: seed, Jobs: jobs})
		if err == nil {
			fmt.Fprintf(s.err, "%s vs %s: %d-%d (%.0fs)\n", a, b, r.Wins[0], r.Wins[1], time.Since(t0).Seconds())
		}
		return r, err
	}
	var t1 []table1Row
	for _, row := range seed002Table1 {
		depth := row.depth
		if row.eval != "weighted" {
			depth = d1
		}
		spec := fmt.Sprintf("alphabeta:depth=%d,eval=%s", depth, row.eval)
		r, err := run(spec, "random")
		if err != nil {
			return failed("%s: %v", cmd, err)
		}
		lo, hi := chainreact.Wilson(r.Wins[0], r.Games)
		t1 = append(t1, table1Row{Agent: row.name, Spec: spec, Depth: depth, Games: r.Games, Wins: r.Wins[0],
			WinRate: float64(r.Wins[0]) / float64(r.Games), CILow: lo, CIHigh: hi, SeedGuess: float64(row.guess) / 100,
			MeanPlies: r.MeanPlies, MeanMoveSeconds: r.MeanMoveSeconds[0]})
	}
	var t2 []table2Row
	for _, pr := range seed002Table2 {
		ha, hb := seed002Heuristics[pr.a], seed002Heuristics[pr.b]
		r, err := run(fmt.Sprintf("alphabeta:depth=%d,eval=%s", d2, ha.eval), fmt.Sprintf("alphabeta:depth=%d,eval=%s", d2, hb.eval))
		if err != nil {
			return failed("%s: %v", cmd, err)
		}
		w := 0
		if r.Wins[1] > r.Wins[0] {
			w = 1
		}
		lo, hi := chainreact.Wilson(r.Wins[w], r.Games)
		hname := func(i int) string { return fmt.Sprintf("H%d", i+1) }
		row := table2Row{A: hname(pr.a), B: hname(pr.b), Games: r.Games, WinsA: r.Wins[0], WinsB: r.Wins[1],
			Winner: hname([]int{pr.a, pr.b}[w]), WinnerRate: float64(r.Wins[w]) / float64(r.Games), CILow: lo, CIHigh: hi,
			SeedWinner: hname(pr.winner), SeedRate: float64(pr.rate) / 100, MeanPlies: r.MeanPlies,
			rateA: float64(r.Wins[0]) / float64(r.Games)}
		row.seedRateA = row.SeedRate
		if pr.winner != pr.a {
			row.seedRateA = 1 - row.SeedRate
		}
		t2 = append(t2, row)
	}
	printExperiment(s, t1, t2, games, d2)
	return writeExperimentFiles(cmd, outDir, t1, t2, games, seed, fmt.Sprintf("%dx%d", rows, cols))
}

func printExperiment(s *streams, t1 []table1Row, t2 []table2Row, games, d2 int) {
	out := s.out
	fmt.Fprintf(out, "Table 1: win rates against the random agent, %d games each (seed 002's guess beside)\n", games)
	fmt.Fprintf(out, "%-28s %5s %9s %17s %6s %10s\n", "agent", "depth", "measured", "95% CI", "seed", "s/move")
	for _, r := range t1 {
		fmt.Fprintf(out, "%-28s %5d %8.1f%% [%5.1f%%, %5.1f%%] %5.0f%% %10.5f\n", r.Agent, r.Depth, 100*r.WinRate, 100*r.CILow, 100*r.CIHigh, 100*r.SeedGuess, r.MeanMoveSeconds)
	}
	fmt.Fprintf(out, "\nTable 2: heuristics head to head at depth %d, %d games each (seed 002's guess beside)\n", d2, games)
	fmt.Fprintf(out, "%-4s %-4s %9s %8s %9s %17s %12s\n", "H-1", "H-2", "wins", "winner", "rate", "95% CI", "seed")
	for _, r := range t2 {
		fmt.Fprintf(out, "%-4s %-4s %4d-%-4d %8s %8.1f%% [%5.1f%%, %5.1f%%] %4s %5.0f%%\n", r.A, r.B, r.WinsA, r.WinsB, r.Winner, 100*r.WinnerRate, 100*r.CILow, 100*r.CIHigh, r.SeedWinner, 100*r.SeedRate)
	}
	fmt.Fprintln(out, "H1 orb count, H2 critical control, H3 board control, H4 explosion chain, H5 positional safety")
	fmt.Fprintln(out, "seed002-heatmap.png: row heuristic's win rate against the column heuristic, H1..H5 from the top")
	fmt.Fprintln(out, "and the left; left panel measured, right panel the seed's guess; red 0%, white 50%, green 100%.")
}

func writeExperimentFiles(cmd, dir string, t1 []table1Row, t2 []table2Row, games int, seed uint64, size string) error {
	f3 := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	var c1 bytes.Buffer
	w := csv.NewWriter(&c1)
	w.Write([]string{"agent", "spec", "depth", "games", "wins", "win_rate", "ci95_low", "ci95_high", "seed_guess", "mean_plies", "mean_move_seconds"})
	for _, r := range t1 {
		w.Write([]string{r.Agent, r.Spec, strconv.Itoa(r.Depth), strconv.Itoa(r.Games), strconv.Itoa(r.Wins), f3(r.WinRate), f3(r.CILow), f3(r.CIHigh), f3(r.SeedGuess), f3(r.MeanPlies), strconv.FormatFloat(r.MeanMoveSeconds, 'g', 4, 64)})
	}
	w.Flush()
	var c2 bytes.Buffer
	w = csv.NewWriter(&c2)
	w.Write([]string{"heuristic_1", "heuristic_2", "games", "wins_1", "wins_2", "winner", "winner_rate", "ci95_low", "ci95_high", "seed_winner", "seed_rate", "mean_plies"})
	for _, r := range t2 {
		w.Write([]string{r.A, r.B, strconv.Itoa(r.Games), strconv.Itoa(r.WinsA), strconv.Itoa(r.WinsB), r.Winner, f3(r.WinnerRate), f3(r.CILow), f3(r.CIHigh), r.SeedWinner, f3(r.SeedRate), f3(r.MeanPlies)})
	}
	w.Flush()
	js, _ := json.MarshalIndent(map[string]any{"experiment": "seed002", "games": games, "seed": seed, "size": size, "table1": t1, "table2": t2}, "", "  ")
	js = append(js, '\n')
	var img bytes.Buffer
	if err := png.Encode(&img, heatmap(t2)); err != nil {
		return failed("%s: %v", cmd, err)
	}
	files := []struct {
		name string
		data []byte
	}{{"seed002-table1.csv", c1.Bytes()}, {"seed002-table2.csv", c2.Bytes()}, {"seed002.json", js}, {"seed002-heatmap.png", img.Bytes()}}
	for _, f := range files {
		data := f.data
		if err := outfile.WriteFile(filepath.Join(dir, f.name), func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return failed("%s: %v", cmd, err)
		}
	}
	return nil
}

// heatmap draws two 5×5 panels side by side: left the measured win rate
// of the row heuristic against the column heuristic, right seed 002's
// guess; red 0%, white 50%, green 100%, grey on the diagonal.
func heatmap(t2 []table2Row) image.Image {
	const cell, gap, pad = 48, 32, 16
	n := len(seed002Heuristics)
	var measured, guessed [5][5]float64
	for i := range measured {
		for j := range measured[i] {
			measured[i][j], guessed[i][j] = -1, -1
		}
	}
	for k, r := range t2 {
		a, b := seed002Table2[k].a, seed002Table2[k].b
		measured[a][b], measured[b][a] = r.rateA, 1-r.rateA
		guessed[a][b], guessed[b][a] = r.seedRateA, 1-r.seedRateA
	}
	width := 2*pad + 2*n*cell + gap
	height := 2*pad + n*cell
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			img.Set(x, y, color.RGBA{255, 255, 255, 255})
		}
	}
	shade := func(v float64) color.RGBA {
		if v < 0 {
			return color.RGBA{160, 160, 160, 255}
		}
		if v < 0.5 {
			t := v / 0.5
			return color.RGBA{255, uint8(255 * t), uint8(255 * t), 255}
		}
		t := (1 - v) / 0.5
		return color.RGBA{uint8(255 * t), 255 - uint8(75*(1-t)), uint8(255 * t), 255}
	}
	for panel, m := range [][5][5]float64{measured, guessed} {
		x0 := pad + panel*(n*cell+gap)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				col := shade(m[i][j])
				for y := pad + i*cell + 1; y < pad+(i+1)*cell-1; y++ {
					for x := x0 + j*cell + 1; x < x0+(j+1)*cell-1; x++ {
						img.Set(x, y, col)
					}
				}
			}
		}
	}
	return img
}
