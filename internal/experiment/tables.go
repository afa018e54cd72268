package experiment

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"chainshot/internal/chart"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

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

func printExperiment(out io.Writer, note string, t1 []table1Row, t2 []table2Row, games, d2 int) {
	fmt.Fprintf(out, "%s\nIts tables are guesses; here each is measured.\n\n", note)
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

// files are the files a run writes into its folder, each of its kind.
var files = []struct {
	name string
	kind outfile.Kind
}{
	{"seed002-table1.csv", filekinds.ExperimentTable}, {"seed002-table2.csv", filekinds.ExperimentTable},
	{"seed002.json", filekinds.ExperimentJSON},
	{"seed002-heatmap.png", filekinds.PNG}, {"seed002-heatmap.svg", filekinds.SVG},
	{"seed002-comparison.png", filekinds.PNG}, {"seed002-comparison.svg", filekinds.SVG},
}

// claimFiles claims every file of the run in dir through the run's gate,
// before any game: no other run writes them, none is another kind's.
func claimFiles(io *iostreams.IO, cmd, flag, dir string) (map[string]*outfile.Claim, error) {
	claims := map[string]*outfile.Claim{}
	for _, f := range files {
		c, err := io.Claim(cmd, flag, filepath.Join(dir, f.name), f.kind)
		if err != nil {
			return nil, err
		}
		claims[f.name] = c
	}
	return claims, nil
}

// writeFiles writes the run's tables (CSV), JSON and figures (PNG and
// SVG) into their claimed files, each whole or not at all.
func writeFiles(cmd string, claims map[string]*outfile.Claim, e experiment) error {
	data, err := fileData(e)
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	for _, f := range files {
		err := claims[f.name].WriteFile(func(w io.Writer) error {
			_, err := w.Write(data[f.name])
			return err
		})
		if err != nil {
			return status.Fail("%s: %v", cmd, err)
		}
	}
	return nil
}

// fileData makes the content of each file of the run, by name.
func fileData(e experiment) (map[string][]byte, error) {
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
	data := map[string][]byte{"seed002-table1.csv": c1.Bytes(), "seed002-table2.csv": c2.Bytes(), "seed002.json": append(js, '\n')}
	for _, fig := range []struct {
		name string
		f    chart.Figure
	}{{"seed002-heatmap", heatmapFigure(e)}, {"seed002-comparison", comparisonFigure(e)}} {
		for _, format := range []string{"png", "svg"} {
			var buf bytes.Buffer
			if err := fig.f.Write(&buf, format); err != nil {
				return nil, err
			}
			data[fig.name+"."+format] = buf.Bytes()
		}
	}
	return data, nil
}
