// Package figures builds the charts of runs from their results: a
// ChainShot tournament's scores and beads left per data set, and the
// anytime curve of a bench over budgets, each with the published scores
// of the standard SameGame set beside where the boards are that set's;
// and Figures 2 and 3 of seed 002's Chain Reaction experiment, measured
// beside the seed's guesses. It knows results and the published table;
// package chart draws.
package figures

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"chainshot/datasets"
	"chainshot/internal/chart"
	"chainshot/results"
)

// markedMethods are the published methods a tournament chart marks beside
// the boards of the standard SameGame set.
var markedMethods = []string{"sp-mcts", "nmcs-3", "nrpa-selective", "js-games"}

// curveMethods are the published methods the anytime curve places at
// their budgets (or, with none stated, as levels).
// docs/chainshot.md cites the same totals (TestReadmeCitesWhatTheCurveDraws).
var curveMethods = []string{"dbs", "sp-mcts", "sp-mcts-move", "mc-rws", "nmcs-3", "sp-mcts-cem", "nrpa-selective", "spurious-ai", "hgsts"}

// methodLabel names a published method on a chart with its time per
// board: "SP-MCTS, 2 h a board".
func methodLabel(m results.Method) string {
	switch s, ok := m.BudgetMid(); {
	case !ok:
		return m.Name + ", time not stated"
	case len(m.BudgetSeconds) == 2:
		return fmt.Sprintf("%s, %s to %s a board", m.Name, hours(m.BudgetSeconds[0]), hours(m.BudgetSeconds[1]))
	case m.BudgetApproximate:
		return fmt.Sprintf("%s, about %s a board", m.Name, hours(s))
	default:
		return fmt.Sprintf("%s, %s a board", m.Name, hours(s))
	}
}

func hours(s float64) string {
	if s >= 3600 {
		return fmt.Sprintf("%g h", s/3600)
	}
	return fmt.Sprintf("%g s", s)
}

// tournamentFigure returns the chart of a tournament: each record's score
// and beads left, and, for data sets that are boards of the standard
// SameGame set (told by grids[i], the board's rows top first, by its
// content rather than its name), the published scores beside. Scores are
// then in the literature's scoring (+1000 for a cleared board), as the
// published ones are.
func tournamentFigure(title string, recs []results.Record, grids [][]string) (chart.Figure, error) {
	pub, err := results.StandardPublished()
	if err != nil {
		return chart.Figure{}, err
	}
	boards := make([]int, len(recs))
	standard := false
	for i := range recs {
		if i < len(grids) && grids[i] != nil {
			boards[i], _ = pub.Board(results.Fingerprint(grids[i]))
			standard = standard || boards[i] > 0
		}
	}
	var refs []chart.Reference
	if standard {
		for _, key := range markedMethods {
			m, ok := pub.Method(key)
			if !ok {
				continue
			}
			ref := chart.Reference{Name: methodLabel(m) + " (published)"}
			for _, k := range boards {
				s, ok := m.Score(k)
				v := math.NaN()
				if ok {
					v = float64(s)
				}
				ref.Scores = append(ref.Scores, v)
			}
			refs = append(refs, ref)
		}
	}
	scoring := "ChainShot scoring: (n−2)² a move"
	if standard {
		scoring = chart.LiteratureScoring
	}
	sets := make([]chart.SetResult, len(recs))
	for i, r := range recs {
		name := strings.TrimSuffix(filepath.Base(r.File), ".txt")
		if boards[i] > 0 {
			name += fmt.Sprintf(" (standard board %d)", boards[i])
		}
		score := r.Score
		if standard {
			score = r.LiteratureScore()
		}
		sets[i] = chart.SetResult{Name: name, Score: score, BeadsLeft: r.BeadsLeft}
	}
	return chart.Tournament(title, scoring, sets, refs), nil
}

// anytimeFigure returns the anytime curve of a solver: its totals at each
// budget, and, when the boards are the standard SameGame set, the
// published totals at theirs.
func Anytime(title, solver string, curve []chart.BudgetPoint, standard bool) (chart.Figure, error) {
	if !standard {
		return chart.Anytime(title, solver, curve, nil), nil
	}
	pub, err := results.StandardPublished()
	if err != nil {
		return chart.Figure{}, err
	}
	var totals []chart.PublishedTotal
	for _, key := range curveMethods {
		m, ok := pub.Method(key)
		if !ok {
			continue
		}
		s, _ := m.BudgetMid()
		name := m.Name
		if len(m.BudgetSeconds) == 2 {
			name += fmt.Sprintf(" (%s to %s)", hours(m.BudgetSeconds[0]), hours(m.BudgetSeconds[1]))
		}
		totals = append(totals, chart.PublishedTotal{Name: name, Seconds: s, Total: m.Total, Approximate: m.BudgetApproximate})
	}
	return chart.Anytime(title, solver, curve, totals), nil
}

// chartFormat is the format of a chart file, by its extension: "png" or
// "svg".
func chartFormat(path string) (string, error) {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	if format != "png" && format != "svg" {
		return "", fmt.Errorf("%s: want a file name ending in .png or .svg", path)
	}
	return format, nil
}

// Writer returns the writer of f as a PNG or an SVG, by path's
// extension.
func Writer(path string, f chart.Figure) (func(io.Writer) error, error) {
	format, err := chartFormat(path)
	if err != nil {
		return nil, err
	}
	return func(w io.Writer) error { return f.Write(w, format) }, nil
}

// Tournament is the chart of a tournament's records (those of a resumed
// run included); each record's board, for telling the standard SameGame
// boards by their content, comes from the run's sets.
func Tournament(title string, sets []datasets.Set, recs []results.Record) (chart.Figure, error) {
	boards := map[string][]string{}
	for _, set := range sets {
		boards[set.Name] = strings.Fields(set.Board.Format())
	}
	grids := make([][]string, len(recs))
	for i, r := range recs {
		grids[i] = boards[r.File]
	}
	return tournamentFigure(title, recs, grids)
}
