package figures

import (
	"fmt"

	"chainshot/internal/chart"
	"chainshot/internal/words"
)

// Seed002Run says what run of seed 002's experiment a figure shows, for
// its title and note.
type Seed002Run struct {
	Games  int    // games per matchup
	Seed   uint64 // the players' seed
	Size   string // "9x6"
	Depth2 int    // Table 2's search depth
}

// Seed002Agent is one agent of seed 002's Table 1, a bar of Figure 2:
// its name ("full evaluation, depth 3"), its win rate against the random
// agent with a 95% interval, and the rate the seed guessed.
type Seed002Agent struct {
	Name                   string
	Rate, Low, High, Guess float64
}

// Seed002Heatmap is Figure 3: seed 002's heuristics head to head, each
// row's win rate against each column, measured beside the seed's
// guesses (NaN on the diagonal). names label the rows and columns.
func Seed002Heatmap(run Seed002Run, names []string, measured, guessed [][]float64) chart.Figure {
	heat := func(v [][]float64, bar string) *chart.Heat {
		return &chart.Heat{Rows: names, Cols: names, Values: v, Min: 0, Mid: 0.5, Max: 1,
			XLabel: "against (column)", YLabel: "heuristic (row)", ColorBar: bar}
	}
	return chart.Figure{
		Title: fmt.Sprintf("Figure 3: seed 002's heuristics head to head, win rate of the row against the column\n"+
			"alpha-beta depth %d, %s per pairing (seats alternate), %s board", run.Depth2, words.Plural(run.Games, "game"), run.Size),
		Panels: []chart.Panel{
			{Title: "Measured", Heat: heat(measured, ""), Weight: 1},
			{Title: "Seed 002's guesses (Table 2, not measured)", Heat: heat(guessed, "row's win rate against the column"), Weight: 1.2},
		},
		Note:  fmt.Sprintf("Left: chainshot react experiment seed002 --games %d --seed %d; a cell is the row's wins over the pairing's games. Right: the seed's guessed Table 2.", run.Games, run.Seed),
		Width: 1280, Height: 640,
	}
}

// Seed002Comparison is Figure 2: win rates against the random agent by
// depth (full evaluation) and by single heuristic, with 95% intervals
// and the seed's guesses beside.
func Seed002Comparison(run Seed002Run, agents []Seed002Agent) chart.Figure {
	var cats []string
	var rate, lo, hi, guess []float64
	for _, a := range agents {
		cats = append(cats, a.Name)
		rate, lo, hi, guess = append(rate, a.Rate), append(lo, a.Low), append(hi, a.High), append(guess, a.Guess)
	}
	return chart.Figure{
		Title: fmt.Sprintf("Figure 2: alpha-beta agents against the random agent, %s each (seats alternate), %s board", words.Plural(run.Games, "game"), run.Size),
		Panels: []chart.Panel{{
			Categories: cats, Horizontal: true, Percent: true, Min: 0, Max: 1.12,
			XLabel: "win rate against the random agent (bars: measured, whiskers: 95% Wilson interval)",
			Series: []chart.Series{
				{Kind: chart.Bars, Name: "measured win rate, 95% interval", Values: rate, Low: lo, High: hi, Color: chart.Blue, ValueLabel: chart.Percent},
				{Kind: chart.Markers, Name: "seed 002's guess (Table 1, not measured)", Values: guess, Color: chart.Vermillion, Shape: chart.Diamond, ValueLabel: chart.Percent},
			},
		}},
		Note: fmt.Sprintf("chainshot react experiment seed002 --games %d --seed %d; full evaluation = seed 002's weighted sum of H1..H5; "+
			"seed 002 calls these agents Minimax (Full), Minimax (Orb Count)...", run.Games, run.Seed),
		Width: 1040, Height: 620,
	}
}
