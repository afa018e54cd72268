package chart

import (
	"bytes"
	"flag"
	"html"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"chainshot/results"
)

var out = flag.String("charts", "", "write the test charts (PNG and SVG) into this folder, to look at them")

// text is a <text> element of a chart's SVG.
type text struct {
	x, y  float64 // y grows downwards
	style string
	s     string
}

var textRE = regexp.MustCompile(`<text x="([^"]+)" y="([^"]+)" transform="scale\(1, -1\)"\s*style="([^"]*)">([^<]*)</text>`)

// svg draws f as SVG (and, with -charts, writes it and a PNG as name) and
// returns the SVG and its texts.
func svg(t *testing.T, f Figure, name string) ([]byte, []text) {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Write(&buf, "svg"); err != nil {
		t.Fatal(err)
	}
	if *out != "" {
		var p bytes.Buffer
		if err := f.Write(&p, "png"); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(*out, name+".png"), p.Bytes(), 0o644)
		os.WriteFile(filepath.Join(*out, name+".svg"), buf.Bytes(), 0o644)
	}
	var ts []text
	for _, m := range textRE.FindAllSubmatch(buf.Bytes(), -1) {
		x, _ := strconv.ParseFloat(string(m[1]), 64)
		y, _ := strconv.ParseFloat(string(m[2]), 64)
		ts = append(ts, text{x, y, string(m[3]), html.UnescapeString(string(m[4]))})
	}
	return buf.Bytes(), ts
}

// paths counts the SVG's filled paths of colour fill ("#RRGGBB").
func paths(svg []byte, fill string) int {
	return len(regexp.MustCompile(`<path [^>]*style="fill:`+fill+`"`).FindAll(svg, -1))
}

func hex(c interface{ RGBA() (r, g, b, a uint32) }) string {
	r, g, b, _ := c.RGBA()
	return "#" + strings.ToUpper(strconv.FormatUint(uint64(r>>8)<<16|uint64(g>>8)<<8|uint64(b>>8)|1<<24, 16)[1:])
}

// TestDivergingIsCentredOnMid checks the heatmap's colour scale: Neutral
// at its middle, the end colours at its ends, clamped outside, and
// deeper colour further from the middle on both sides.
func TestDivergingIsCentredOnMid(t *testing.T) {
	d := NewDiverging(0, 0.5, 1, Vermillion, Blue)
	if c := d.clamped(0.5); c != Neutral {
		t.Errorf("50%%: %v, want Neutral %v", c, Neutral)
	}
	if c := d.clamped(0); c != Vermillion {
		t.Errorf("0%%: %v, want %v", c, Vermillion)
	}
	if c := d.clamped(1); c != Blue {
		t.Errorf("100%%: %v, want %v", c, Blue)
	}
	if d.clamped(-3) != Vermillion || d.clamped(7) != Blue {
		t.Error("values outside the scale are not clamped to its ends")
	}
	// Equal distances from the middle are equally far from Neutral.
	dist := func(v float64) float64 {
		c := d.clamped(v)
		return math.Abs(float64(c.R)-float64(Neutral.R)) + math.Abs(float64(c.G)-float64(Neutral.G)) + math.Abs(float64(c.B)-float64(Neutral.B))
	}
	for _, v := range []float64{0.1, 0.25, 0.4} {
		lo, hi := dist(0.5-v)/dist(0), dist(0.5+v)/dist(1)
		if math.Abs(lo-hi) > 0.02 || lo <= dist(0.5-v+0.05)/dist(0) {
			t.Errorf("±%g from the middle: %.3f and %.3f of the way to the ends", v, lo, hi)
		}
	}
	if _, err := d.At(1.5); err == nil {
		t.Error("At(1.5) on a 0..1 scale: no error")
	}
}

// TestHeatmapCells reads a heatmap back from its SVG: the figures in the
// cells, row by row from the top, are the values given; the cell at the
// middle of the scale, and only it, is Neutral (with the colour bar's
// middle band).
func TestHeatmapCells(t *testing.T) {
	v := [][]float64{
		{math.NaN(), 0.5, 0.9},
		{0.2, math.NaN(), 0.65},
		{0.05, 0.35, math.NaN()},
	}
	f := Figure{Title: "heat test", Panels: []Panel{{Title: "panel", Heat: &Heat{
		Rows: []string{"A", "B", "C"}, Cols: []string{"A", "B", "C"}, Values: v,
		Min: 0, Mid: 0.5, Max: 1, ColorBar: "rate"}}}}
	doc, ts := svg(t, f, "heat")
	var cells []text
	for _, x := range ts {
		if strings.Contains(x.style, "font-weight:bold") && strings.HasSuffix(x.s, "%") {
			cells = append(cells, x)
		}
	}
	sort.SliceStable(cells, func(i, j int) bool {
		if math.Abs(cells[i].y-cells[j].y) > 1 {
			return cells[i].y < cells[j].y
		}
		return cells[i].x < cells[j].x
	})
	var want []string
	for _, row := range v {
		for _, x := range row {
			if !math.IsNaN(x) {
				want = append(want, Percent(x))
			}
		}
	}
	var got []string
	for _, c := range cells {
		got = append(got, c.s)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("cells %v, want %v", got, want)
	}
	if n := paths(doc, hex(Neutral)); n != 2 {
		t.Errorf("%d Neutral shapes, want 2: the 50%% cell and the colour bar's middle", n)
	}
	if n := paths(doc, hex(empty)); n != 3 {
		t.Errorf("%d empty cells, want the 3 on the diagonal", n)
	}
	if n := paths(doc, hex(Blue)) + paths(doc, hex(Vermillion)); n != 2 {
		t.Errorf("%d bands at the scale's ends, want 2", n)
	}
	for _, s := range []string{"heat test", "panel", "rate", "0%", "50%", "100%"} {
		if !has(ts, s) {
			t.Errorf("no %q in the SVG", s)
		}
	}
}

func has(ts []text, s string) bool {
	for _, x := range ts {
		if x.s == s {
			return true
		}
	}
	return false
}

// TestTournamentChart checks that the tournament chart has a bar and a
// figure per data set in each panel, and a marker per published score.
func TestTournamentChart(t *testing.T) {
	p, err := results.StandardPublished()
	if err != nil {
		t.Fatal(err)
	}
	var sets []SetResult
	var refs []Reference
	keys := []string{"sp-mcts", "nmcs-3", "nrpa-selective", "js-games"}
	for _, k := range keys {
		m, _ := p.Method(k)
		refs = append(refs, Reference{Name: m.Name + " (" + m.Budget + ")"})
	}
	// Boards 1 to 6 of the standard set, then a set nobody published.
	for k := 1; k <= 6; k++ {
		sets = append(sets, SetResult{Name: "standard.txt#" + strconv.Itoa(k), Score: 2500 + 37*k, BeadsLeft: k % 3})
		for i, key := range keys {
			m, _ := p.Method(key)
			s, _ := m.Score(k)
			refs[i].Scores = append(refs[i].Scores, float64(s))
		}
	}
	sets = append(sets, SetResult{Name: "ladder08-15x15-5c", Score: 1234, BeadsLeft: 7})
	for i := range refs {
		refs[i].Scores = append(refs[i].Scores, math.NaN())
	}
	doc, ts := svg(t, Tournament("Tournament test, 30 s a board", "literature's scoring", sets, refs), "tournament")
	if n := paths(doc, hex(Blue)); n != len(sets)+1 {
		t.Errorf("%d score bars (and legend key), want %d", n, len(sets)+1)
	}
	if n := paths(doc, hex(Orange)); n != len(sets)+1 {
		t.Errorf("%d beads-left bars (and legend key), want %d", n, len(sets)+1)
	}
	if n := paths(doc, hex(Vermillion)); n != 6+1 {
		t.Errorf("%d markers of the first published method (and legend key), want 7", n)
	}
	for _, s := range sets {
		if !has(ts, thousands(s.Score)) || !has(ts, s.Name) {
			t.Errorf("%s: its name or score %s is not in the chart", s.Name, thousands(s.Score))
		}
	}
	for _, s := range []string{"Score", "Beads left", "this run's score", "SP-MCTS (2 h per position (p. 38))", "js-games.de records (not stated (players' records on the web site))"} {
		if !has(ts, s) {
			t.Errorf("no %q in the chart", s)
		}
	}
}

// TestAnytimeChart checks the anytime curve's labels: each budget's total,
// each published method at its budget, the ones without a budget as
// levels, and a log axis of durations.
func TestAnytimeChart(t *testing.T) {
	curve := []BudgetPoint{{30, 75434, 20, 20}, {1, 60123, 18, 20}, {5, 71172, 20, 20}, {120, 77001, 20, 20}}
	pub := []PublishedTotal{
		{Name: "SP-MCTS", Seconds: 7200, Total: 73998}, {Name: "NMCS level 3", Seconds: 7200, Total: 77934, Approximate: true},
		{Name: "SP-MCTS + CEM", Seconds: 7200, Total: 78012}, {Name: "Selective NRPA", Total: 80030},
	}
	doc, ts := svg(t, Anytime("Anytime test", "chainshot auto", curve, pub), "anytime")
	for _, s := range []string{"60,123 (18/20 cleared)", "71,172 (20/20 cleared)", "75,434 (20/20 cleared)", "77,001 (20/20 cleared)",
		"SP-MCTS: 73,998", "NMCS level 3 (time ≈): 77,934", "SP-MCTS + CEM: 78,012", "Selective NRPA: 80,030",
		"1 s", "10 s", "1 min", "1 h", "2 h", "chainshot auto", "time budget a board (CPU time, log scale)", "total score on the set"} {
		if !has(ts, s) {
			t.Errorf("no %q in the chart", s)
		}
	}
	// Close totals at one budget have labels that do not overlap: those
	// on the same side of their points are a line apart.
	var at []text
	for _, x := range ts {
		if strings.HasPrefix(x.s, "NMCS level 3") || strings.HasPrefix(x.s, "SP-MCTS + CEM") || strings.HasPrefix(x.s, "SP-MCTS:") {
			at = append(at, x)
		}
	}
	if len(at) != 3 {
		t.Fatalf("%d labels of the published points at 2 h, want 3", len(at))
	}
	// A label left of its point starts well left of one on the right
	// (SP-MCTS, whose right side has room).
	var right float64
	for _, x := range at {
		if strings.HasPrefix(x.s, "SP-MCTS:") {
			right = x.x
		}
	}
	left := func(x text) bool { return x.x < right-20 }
	for i := range at {
		for j := range i {
			if left(at[i]) == left(at[j]) && math.Abs(at[i].y-at[j].y) < 8 {
				t.Errorf("labels %q and %q overlap: at (%.0f, %.0f) and (%.0f, %.0f)", at[i].s, at[j].s, at[i].x, at[i].y, at[j].x, at[j].y)
			}
		}
	}
	if n := paths(doc, hex(Vermillion)); n != 3+1 {
		t.Errorf("%d published points (and legend key), want 4", n)
	}
}

func TestWriteRefusesUnknownFormat(t *testing.T) {
	f := Figure{Title: "x", Panels: []Panel{{Categories: []string{"a"}, Series: []Series{{Kind: Bars, Values: []float64{1}}}}}}
	if err := f.Write(&bytes.Buffer{}, "gif"); err == nil || !strings.Contains(err.Error(), `unknown format "gif"`) {
		t.Errorf("err = %v", err)
	}
	var buf bytes.Buffer
	f.Width, f.Height = 321, 123
	if err := f.Write(&buf, "png"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 321 || b.Dy() != 123 {
		t.Errorf("PNG is %v, want 321x123", b)
	}
	bad := Figure{Panels: []Panel{{Categories: []string{"a", "b"}, Series: []Series{{Kind: Bars, Values: []float64{1}}}}}}
	if err := bad.Write(&bytes.Buffer{}, "svg"); err == nil {
		t.Error("a series with too few values was drawn")
	}
	if err := (Figure{}).Write(&bytes.Buffer{}, "svg"); err == nil {
		t.Error("a figure without panels was drawn")
	}
}
