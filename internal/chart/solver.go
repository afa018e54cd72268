package chart

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"
)

// SetResult is one data set's result in a tournament.
type SetResult struct {
	Name      string
	Score     int
	BeadsLeft int
}

// Reference is a published method's score on each data set of a
// tournament, NaN where it has none: markers beside the bars.
type Reference struct {
	Name   string
	Scores []float64
}

// Tournament returns the chart of a tournament: for each data set, this
// run's score and its beads left as bars in two panels, and the
// published scores of refs as markers beside the score bars. scoring
// names the scores' scoring in the axis label ("literature's scoring:
// (n-2)² a move, +1000 for a cleared board").
func Tournament(title, scoring string, sets []SetResult, refs []Reference) Figure {
	names := make([]string, len(sets))
	score, left := make([]float64, len(sets)), make([]float64, len(sets))
	for i, s := range sets {
		names[i], score[i], left[i] = s.Name, float64(s.Score), float64(s.BeadsLeft)
	}
	scores := []Series{{Kind: Bars, Name: "this run's score", Values: score, Color: Blue, ValueLabel: thousandsLabel}}
	shapes := []Shape{Diamond, Triangle, Square, Circle, Cross, Plus}
	colours := []color.RGBA{Vermillion, Green, Purple, Ink, Grey, Sky}
	for k, r := range refs {
		scores = append(scores, Series{Kind: Markers, Name: r.Name, Values: r.Scores, Shape: shapes[k%len(shapes)], Color: colours[k%len(colours)]})
	}
	height := max(420, 170+26*len(sets))
	return Figure{
		Title: title,
		Panels: []Panel{
			{Title: "Score", Categories: names, Horizontal: true, XLabel: "score (" + scoring + ")", Series: scores, Weight: 2.2},
			{Title: "Beads left", Categories: names, Horizontal: true, Integer: true, MinSpan: minBeadsSpan, XLabel: "beads left at the end (fewer is better)",
				Series: []Series{{Kind: Bars, Name: "beads left", Values: left, Color: Orange, ValueLabel: thousandsLabel}}},
		},
		Width: 1180, Height: height,
	}
}

// minBeadsSpan is the least span of a beads-left axis: one bead left is
// a tenth of the panel, not all of it.
const minBeadsSpan = 10

// LiteratureScoring names the literature's scoring of SameGame, in which
// published totals are given, for an axis label.
const LiteratureScoring = "literature's scoring: (n−2)² a move, +1000 a cleared board"

// BudgetPoint is a tournament's total at one time budget a board.
type BudgetPoint struct {
	Seconds float64
	Total   int
	// Cleared of Boards boards were cleared.
	Cleared, Boards int
}

// PublishedTotal is a published method's total on the same set: at its
// budget a board, or, with Seconds 0, at a budget its source does not
// state (drawn as a dashed level).
type PublishedTotal struct {
	Name    string
	Seconds float64
	Total   int
	// Approximate marks a budget the source gives only roughly.
	Approximate bool
}

// Anytime returns the anytime curve: a solver's total in the
// literature's scoring against the time budget a board on a log axis
// fitted to the points, with published methods as labelled points at
// their budgets (and as dashed levels where no budget is stated).
func Anytime(title, ours string, curve []BudgetPoint, published []PublishedTotal) Figure {
	sort.Slice(curve, func(i, j int) bool { return curve[i].Seconds < curve[j].Seconds })
	var x, y []float64
	var labels []string
	for _, p := range curve {
		x, y = append(x, p.Seconds), append(y, float64(p.Total))
		labels = append(labels, fmt.Sprintf("%s (%d/%d cleared)", thousands(p.Total), p.Cleared, p.Boards))
	}
	series := []Series{
		{Kind: Line, Name: ours, X: x, Y: y, Color: Blue, Shape: Circle},
		{Kind: Points, X: x, Y: y, Labels: labels, Color: Blue, Shape: Circle},
	}
	var at []PublishedTotal
	lv := Series{Kind: Levels, Name: "published, time per board not stated", Color: Grey}
	for _, p := range published {
		if p.Seconds > 0 {
			at = append(at, p)
			continue
		}
		lv.Y = append(lv.Y, float64(p.Total))
		lv.Labels = append(lv.Labels, p.Name+": "+thousands(p.Total))
	}
	// Labels of published points are placed in this order (see
	// layoutLabels): by budget, from the lowest total up.
	sort.SliceStable(at, func(i, j int) bool {
		if at[i].Seconds != at[j].Seconds {
			return at[i].Seconds < at[j].Seconds
		}
		return at[i].Total < at[j].Total
	})
	// Published budgets (hours) lie far right of a curve's (seconds to
	// minutes): their labels go on their left, over the empty stretch
	// between, and the time axis ends soon after them.
	last := 0.0
	if len(curve) > 0 {
		last = curve[len(curve)-1].Seconds
	}
	pub := Series{Kind: Points, Name: "published, at its time per board", Color: Vermillion, Shape: Diamond}
	for _, p := range at {
		left := p.Seconds > 4*last
		name := p.Name
		if p.Approximate {
			name += " (time ≈)"
		}
		pub.X, pub.Y = append(pub.X, p.Seconds), append(pub.Y, float64(p.Total))
		pub.Labels = append(pub.Labels, name+": "+thousands(p.Total))
		pub.LabelLeft = append(pub.LabelLeft, left)
	}
	if len(pub.X) > 0 {
		series = append(series, pub)
	}
	if len(lv.Y) > 0 {
		series = append(series, lv)
	}
	return Figure{
		Title: title,
		Panels: []Panel{{
			LogX: true, XLabel: "time budget a board (CPU time, log scale)", YLabel: "total score on the set (literature's scoring, +1000 a cleared board)",
			Series: series,
		}},
		Width: 1100, Height: 640,
	}
}

func thousandsLabel(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return thousands(int(math.Round(v)))
}

// thousands writes n with commas: 73,998.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
