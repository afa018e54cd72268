package experiment

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"chainshot/internal/chart"
	"chainshot/internal/figures"
)

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

// heatmapFigure is Figure 3 of the run e (figures.Seed002Heatmap).
func heatmapFigure(e experiment) chart.Figure {
	measured, guessed := matrices(e.t2)
	names := make([]string, len(seed002Heuristics))
	for i := range names {
		names[i] = heuristicLabel(i)
	}
	return figures.Seed002Heatmap(e.figureRun(), names, measured, guessed)
}

// comparisonFigure is Figure 2 of the run e (figures.Seed002Comparison).
func comparisonFigure(e experiment) chart.Figure {
	var agents []figures.Seed002Agent
	for _, r := range e.t1 {
		agents = append(agents, figures.Seed002Agent{Name: fmt.Sprintf("%s, depth %d", r.Agent, r.Depth),
			Rate: r.WinRate, Low: r.CILow, High: r.CIHigh, Guess: r.SeedGuess})
	}
	return figures.Seed002Comparison(e.figureRun(), agents)
}

// figureRun is what the figures say of the run.
func (e experiment) figureRun() figures.Seed002Run {
	return figures.Seed002Run{Games: e.games, Seed: e.seed, Size: e.size, Depth2: e.depth2}
}
