package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"chainshot/chainreact/match"
	"chainshot/internal/bounds"
	"chainshot/internal/chart"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

func reactExperimentCommand() *cli.Command {
	return &cli.Command{
		Name:      "experiment",
		Usage:     "run seed 002's experiments for real: Table 1, Table 2, CSV, JSON, and Figures 2 and 3 (PNG and SVG)",
		ArgsUsage: "seed002",
		Description: seedNote("seed 002") + "\n\n" +
			"Plays every matchup of seed 002's tables between real players and writes\n" +
			"the tables and figures into --out-dir.\n\n" +
			"Examples:\n" +
			"  chainshot react experiment seed002 --games 100 --jobs 2 --out-dir results/\n" +
			"  chainshot react experiment seed002 --games 4 --size 3x3 --depth1 1 --depth2 1",
		Flags: append([]cli.Flag{
			bounded(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "`N` games per matchup"}, bounds.Int{Min: 1, Max: 10000, Unit: "games"}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the players"}),
			jobsFlag(1, "`N` games played at once (0: one per CPU)"),
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			folderFlag(&cli.StringFlag{Name: "out-dir", Value: ".", Usage: "`DIR` for seed002-table1.csv, seed002-table2.csv, seed002.json and the figures seed002-heatmap and seed002-comparison (.png, .svg), made if missing"}),
			folderFlag(&cli.StringFlag{Name: "out", Hidden: true, Usage: "old spelling of --out-dir"}),
			bounded(&cli.IntFlag{Name: "depth1", Value: 3, Usage: "Table 1's single-heuristic agents search `N` plies"}, bounds.Int{Min: 1, Max: 6, Unit: "plies"}),
			bounded(&cli.IntFlag{Name: "depth2", Value: 2, Usage: "Table 2's agents search `N` plies"}, bounds.Int{Min: 1, Max: 6, Unit: "plies"}),
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
// The seed calls its agents "Minimax (Full)", "Minimax (Orb Count)"...;
// they are alpha-beta agents (the same moves as minimax), named here by
// their evaluation (see agentName).
var seed002Table1 = []struct {
	eval  string
	depth int
	guess int
}{
	{"weighted", 1, 70}, {"weighted", 2, 85}, {"weighted", 3, 95},
	{"orbs", 3, 60}, {"critical", 3, 75}, {"control", 3, 65}, {"chain", 3, 80}, {"safety", 3, 70},
}

// agentName is a Table 1 agent's one name, in the console table, the CSV,
// the JSON and Figure 2: its evaluation, "full evaluation" (seed 002's
// weighted sum of H1..H5) or a heuristic with its number, "Orb Count
// (H1)".
func agentName(eval string) string {
	for i, h := range seed002Heuristics {
		if h.eval == eval {
			return fmt.Sprintf("%s (H%d)", h.name, i+1)
		}
	}
	return "full evaluation"
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
	a, b       int // the heuristics' indices in seed002Heuristics
}

func doReactExperiment(c *cli.Context) error {
	const cmd = "chainshot react experiment"
	s := ioFrom(c)
	if c.NArg() != 1 || c.Args().First() != "seed002" {
		return status.BadInput("%s: %q: want the experiment's name: seed002", cmd, strings.Join(c.Args().Slice(), " "))
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return err
	}
	games, jobs := c.Int("games"), gamesAtOnce(c)
	d1, d2 := c.Int("depth1"), c.Int("depth2")
	outDir, err := experimentDir(c)
	if err != nil {
		return err
	}
	seed := c.Uint64("seed")
	run := func(a, b string) (match.MatchResult, error) {
		t0 := time.Now()
		r, err := match.RunMatch(c.Context, match.MatchConfig{Specs: [2]string{a, b}, Games: games, Rows: rows, Cols: cols, Seed: seed, Jobs: jobs})
		if err == nil {
			fmt.Fprintf(s.Err, "%s vs %s: %d-%d (%.0fs)\n", a, b, r.Wins[0], r.Wins[1], time.Since(t0).Seconds())
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
			return status.Fail("%s: %v", cmd, err)
		}
		lo, hi := match.Wilson(r.Wins[0], r.Games)
		t1 = append(t1, table1Row{Agent: agentName(row.eval), Spec: spec, Depth: depth, Games: r.Games, Wins: r.Wins[0],
			WinRate: float64(r.Wins[0]) / float64(r.Games), CILow: lo, CIHigh: hi, SeedGuess: float64(row.guess) / 100,
			MeanPlies: r.MeanPlies, MeanMoveSeconds: r.MeanMoveSeconds[0]})
	}
	var t2 []table2Row
	for _, pr := range seed002Table2 {
		ha, hb := seed002Heuristics[pr.a], seed002Heuristics[pr.b]
		r, err := run(fmt.Sprintf("alphabeta:depth=%d,eval=%s", d2, ha.eval), fmt.Sprintf("alphabeta:depth=%d,eval=%s", d2, hb.eval))
		if err != nil {
			return status.Fail("%s: %v", cmd, err)
		}
		w := 0
		if r.Wins[1] > r.Wins[0] {
			w = 1
		}
		lo, hi := match.Wilson(r.Wins[w], r.Games)
		hname := func(i int) string { return fmt.Sprintf("H%d", i+1) }
		row := table2Row{A: hname(pr.a), B: hname(pr.b), Games: r.Games, WinsA: r.Wins[0], WinsB: r.Wins[1],
			Winner: hname([]int{pr.a, pr.b}[w]), WinnerRate: float64(r.Wins[w]) / float64(r.Games), CILow: lo, CIHigh: hi,
			SeedWinner: hname(pr.winner), SeedRate: float64(pr.rate) / 100, MeanPlies: r.MeanPlies,
			rateA: float64(r.Wins[0]) / float64(r.Games), a: pr.a, b: pr.b}
		row.seedRateA = row.SeedRate
		if pr.winner != pr.a {
			row.seedRateA = 1 - row.SeedRate
		}
		t2 = append(t2, row)
	}
	printExperiment(s, t1, t2, games, d2)
	return writeExperimentFiles(cmd, outDir, experiment{t1: t1, t2: t2, games: games, seed: seed, size: fmt.Sprintf("%dx%d", rows, cols), depth2: d2})
}

// experimentDir returns --out-dir (or its old spelling --out), made if
// missing, before any game is played.
func experimentDir(c *cli.Context) (string, error) {
	dir := c.String("out-dir")
	if !c.IsSet("out-dir") && c.IsSet("out") {
		dir = c.String("out")
	}
	if err := makeFolder(dir); err != nil {
		return "", status.BadInput("%s: %s %s: %v", commandPath(c), typedFlag(c, []string{"out-dir", "out"}), dir, err)
	}
	return dir, nil
}

func printExperiment(s *streams, t1 []table1Row, t2 []table2Row, games, d2 int) {
	out := s.Out
	fmt.Fprintf(out, "%s\nIts tables are guesses; here each is measured.\n\n", seedNote("seed 002"))
	fmt.Fprintf(out, "Table 1: alpha-beta agents against the random agent, win rates, %s each (seed 002's guess beside)\n", words.Plural(games, "game"))
	fmt.Fprintf(out, "%-28s %5s %9s %17s %6s %10s\n", "alpha-beta agent", "depth", "measured", "95% CI", "seed", "s/move")
	for _, r := range t1 {
		fmt.Fprintf(out, "%-28s %5d %8.1f%% [%5.1f%%, %5.1f%%] %5.0f%% %10.5f\n", r.Agent, r.Depth, 100*r.WinRate, 100*r.CILow, 100*r.CIHigh, 100*r.SeedGuess, r.MeanMoveSeconds)
	}
	fmt.Fprintf(out, "\nTable 2: heuristics head to head at depth %d, %s each (seed 002's guess beside)\n", d2, words.Plural(games, "game"))
	fmt.Fprintf(out, "%-4s %-4s %9s %8s %9s %17s %12s\n", "H-1", "H-2", "wins", "winner", "rate", "95% CI", "seed")
	for _, r := range t2 {
		fmt.Fprintf(out, "%-4s %-4s %4d-%-4d %8s %8.1f%% [%5.1f%%, %5.1f%%] %4s %5.0f%%\n", r.A, r.B, r.WinsA, r.WinsB, r.Winner, 100*r.WinnerRate, 100*r.CILow, 100*r.CIHigh, r.SeedWinner, 100*r.SeedRate)
	}
	fmt.Fprintln(out, "H1 orb count, H2 critical control, H3 board control, H4 explosion chain, H5 positional safety;")
	fmt.Fprintln(out, "full evaluation: seed 002's weighted sum of H1..H5. Seed 002 calls Table 1's agents Minimax (Full), Minimax (Orb Count)...")
	fmt.Fprintln(out, "Figure 3, seed002-heatmap.png/.svg: each row's win rate against each column, measured beside the seed's guesses.")
	fmt.Fprintln(out, "Figure 2, seed002-comparison.png/.svg: win rates against the random agent with 95% intervals, the seed's guesses marked.")
}

// experiment is one run of seed 002's experiment: its tables and
// settings.
type experiment struct {
	t1     []table1Row
	t2     []table2Row
	games  int
	seed   uint64
	size   string
	depth2 int
}

func writeExperimentFiles(cmd, dir string, e experiment) error {
	t1, t2 := e.t1, e.t2
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
	js, _ := json.MarshalIndent(map[string]any{"experiment": "seed002", "games": e.games, "seed": e.seed, "size": e.size, "table1": t1, "table2": t2}, "", "  ")
	js = append(js, '\n')
	files := []struct {
		name string
		data []byte
	}{{"seed002-table1.csv", c1.Bytes()}, {"seed002-table2.csv", c2.Bytes()}, {"seed002.json", js}}
	for _, fig := range []struct {
		name string
		f    chart.Figure
	}{{"seed002-heatmap", heatmapFigure(e)}, {"seed002-comparison", comparisonFigure(e)}} {
		for _, format := range []string{"png", "svg"} {
			var buf bytes.Buffer
			if err := fig.f.Write(&buf, format); err != nil {
				return status.Fail("%s: %v", cmd, err)
			}
			files = append(files, struct {
				name string
				data []byte
			}{fig.name + "." + format, buf.Bytes()})
		}
	}
	for _, f := range files {
		if err := writeWhole(filepath.Join(dir, f.name), f.data); err != nil {
			return status.Fail("%s: %v", cmd, err)
		}
	}
	return nil
}

// writeWhole writes a whole file or nothing, through the one whole-file
// writer (outfile.WriteFile).
func writeWhole(name string, data []byte) error {
	return outfile.WriteFile(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// heuristicLabel names heuristic i (0-based) on a chart axis, over two
// lines: "Critical\nControl (H2)".
func heuristicLabel(i int) string {
	return strings.Replace(seed002Heuristics[i].name, " ", "\n", 1) + " (H" + strconv.Itoa(i+1) + ")"
}

// matrices returns Table 2 as two matrices, measured and guessed: row i
// against column j is row i's share of their games; the diagonal is NaN.
func matrices(t2 []table2Row) (measured, guessed [][]float64) {
	n := len(seed002Heuristics)
	measured, guessed = make([][]float64, n), make([][]float64, n)
	for i := range measured {
		measured[i], guessed[i] = make([]float64, n), make([]float64, n)
		for j := range measured[i] {
			measured[i][j], guessed[i][j] = math.NaN(), math.NaN()
		}
	}
	for _, r := range t2 {
		if r.Games > 0 {
			measured[r.a][r.b] = float64(r.WinsA) / float64(r.Games)
			measured[r.b][r.a] = float64(r.WinsB) / float64(r.Games)
		}
		guessed[r.a][r.b], guessed[r.b][r.a] = r.seedRateA, 1-r.seedRateA
	}
	return measured, guessed
}

// heatmapFigure is Figure 3: the heuristics head to head, each row's win
// rate against each column, measured beside the seed's guesses.
func heatmapFigure(e experiment) chart.Figure {
	measured, guessed := matrices(e.t2)
	names := make([]string, len(seed002Heuristics))
	for i := range names {
		names[i] = heuristicLabel(i)
	}
	heat := func(v [][]float64, bar string) *chart.Heat {
		return &chart.Heat{Rows: names, Cols: names, Values: v, Min: 0, Mid: 0.5, Max: 1,
			XLabel: "against (column)", YLabel: "heuristic (row)", ColorBar: bar}
	}
	return chart.Figure{
		Title: fmt.Sprintf("Figure 3: seed 002's heuristics head to head, win rate of the row against the column\n"+
			"alpha-beta depth %d, %s per pairing (seats alternate), %s board", e.depth2, words.Plural(e.games, "game"), e.size),
		Panels: []chart.Panel{
			{Title: "Measured", Heat: heat(measured, ""), Weight: 1},
			{Title: "Seed 002's guesses (Table 2, not measured)", Heat: heat(guessed, "row's win rate against the column"), Weight: 1.2},
		},
		Note:  fmt.Sprintf("Left: chainshot react experiment seed002 --games %d --seed %d; a cell is the row's wins over the pairing's games. Right: the seed's guessed Table 2.", e.games, e.seed),
		Width: 1280, Height: 640,
	}
}

// comparisonFigure is Figure 2: win rates against the random agent by
// depth (full evaluation) and by single heuristic, with 95% intervals and
// the seed's guesses beside.
func comparisonFigure(e experiment) chart.Figure {
	var cats []string
	var rate, lo, hi, guess []float64
	for _, r := range e.t1 {
		cats = append(cats, fmt.Sprintf("%s, depth %d", r.Agent, r.Depth))
		rate, lo, hi, guess = append(rate, r.WinRate), append(lo, r.CILow), append(hi, r.CIHigh), append(guess, r.SeedGuess)
	}
	return chart.Figure{
		Title: fmt.Sprintf("Figure 2: alpha-beta agents against the random agent, %s each (seats alternate), %s board", words.Plural(e.games, "game"), e.size),
		Panels: []chart.Panel{{
			Categories: cats, Horizontal: true, Percent: true, Min: 0, Max: 1.12,
			XLabel: "win rate against the random agent (bars: measured, whiskers: 95% Wilson interval)",
			Series: []chart.Series{
				{Kind: chart.Bars, Name: "measured win rate, 95% interval", Values: rate, Low: lo, High: hi, Color: chart.Blue, ValueLabel: chart.Percent},
				{Kind: chart.Markers, Name: "seed 002's guess (Table 1, not measured)", Values: guess, Color: chart.Vermillion, Shape: chart.Diamond, ValueLabel: chart.Percent},
			},
		}},
		Note: fmt.Sprintf("chainshot react experiment seed002 --games %d --seed %d; full evaluation = seed 002's weighted sum of H1..H5; "+
			"seed 002 calls these agents Minimax (Full), Minimax (Orb Count)...", e.games, e.seed),
		Width: 1040, Height: 620,
	}
}
