package chart

import (
	"bytes"
	"flag"
	"fmt"
	"html"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

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
		"1 s", "10 s", "1 min", "1 h", "2 h", "chainshot auto", "time budget a board (CPU time, log scale)", "total score on the set (literature's scoring, +1000 a cleared board)"} {
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

// inkWidth draws s as the charts draw a label (plot's text handler, the
// Go font of the charts, a PNG canvas) and returns the width in pixels
// of what it inked.
func inkWidth(t *testing.T, s string) int {
	t.Helper()
	useGoFonts()
	c := vgimg.NewWith(vgimg.UseWH(600*px, 120*px), vgimg.UseDPI(96), vgimg.UseBackgroundColor(color.White))
	dc := draw.New(c)
	sty := textStyle(regular(40), Ink)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	dc.FillText(sty, vg.Point{X: 20 * px, Y: 60 * px}, s)
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := math.MaxInt, -1
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	if hi < 0 {
		t.Fatalf("%q drew nothing", s)
	}
	return hi - lo + 1
}

// TestPNGHyphenIsNotAMinus draws labels with hyphens into a PNG and
// measures the glyphs: a hyphen is at most 60% as wide as a minus sign
// (the Go fonts' own "-" is a minus sign, 100%; see package fonts), and a
// name with hyphens is narrower than the same name with minus signs.
func TestPNGHyphenIsNotAMinus(t *testing.T) {
	hyphen, minus := inkWidth(t, "-"), inkWidth(t, "−")
	if hyphen*10 > minus*6 || hyphen*10 < minus*3 {
		t.Errorf("a hyphen is %d px wide, a minus sign %d: want a hyphen 30%% to 60%% of a minus", hyphen, minus)
	}
	for _, s := range []string{"--algo", "ladder01-5x5-3c"} {
		as := strings.ReplaceAll(s, "-", "−")
		if w, wm := inkWidth(t, s), inkWidth(t, as); w+strings.Count(s, "-")*(minus-hyphen)/2 > wm {
			t.Errorf("%q is %d px wide, %q %d: its hyphens are drawn as minus signs", s, w, as, wm)
		}
	}
}

// laidOut returns panel p's plot laid out on a canvas of w x h pixels, as
// Figure.Write lays it out, and the canvas of its data.
func laidOut(t *testing.T, p Panel, w, h int) (*plot.Plot, draw.Canvas) {
	t.Helper()
	useGoFonts()
	c := draw.New(vgimg.NewWith(vgimg.UseWH(vg.Length(w)*px, vg.Length(h)*px), vgimg.UseDPI(96)))
	pl, err := p.plot(c)
	if err != nil {
		t.Fatal(err)
	}
	return pl, pl.DataCanvas(c)
}

// TestAnytimeAxisFitsThePoints draws anytime curves over a sweep of
// budget lists, with and without published totals, and checks the time
// axis: every label written beside its point lies inside the plot, and
// the axis runs no further than the labels and points need (the last
// thing drawn ends within a tenth of the plot's width of its right edge;
// bench --budgets 200ms,1s drew an axis to 30 s). A single budget alone
// gets a decade around it.
func TestAnytimeAxisFitsThePoints(t *testing.T) {
	pub := []PublishedTotal{
		{Name: "SP-MCTS", Seconds: 7200, Total: 73998}, {Name: "NMCS level 3", Seconds: 7200, Total: 77934, Approximate: true},
		{Name: "DBS (Billings) (2 h to 3 h)", Seconds: 9000, Total: 72816}, {Name: "Selective NRPA", Total: 80030},
	}
	sty := textStyle(regular(legendSize), Ink)
	for _, budgets := range [][]float64{{0.2, 1}, {0.02, 0.05}, {1, 5, 30, 120}, {5}, {0.1, 1, 10, 100, 1000}} {
		for _, published := range [][]PublishedTotal{nil, pub} {
			var curve []BudgetPoint
			for i, s := range budgets {
				curve = append(curve, BudgetPoint{Seconds: s, Total: 60000 + 4000*i, Cleared: 19, Boards: 20})
			}
			f := Anytime("t", "chainshot auto", curve, published)
			pl, dc := laidOut(t, f.Panels[0], f.Width-20, f.Height-120)
			name := fmt.Sprintf("budgets %v, %d published", budgets, len(published))
			tx := func(x float64) vg.Length { return dc.X(pl.X.Norm(x)) }
			last := vg.Length(math.Inf(-1))
			for _, s := range f.Panels[0].Series {
				for k, x := range s.X {
					end := tx(x) + 8*px // the glyph
					switch {
					case s.Kind == Points && s.LabelLeft != nil && s.LabelLeft[k]:
						if start := tx(x) - 8*px - 5*px - sty.Width(s.Labels[k]); start < dc.Min.X {
							t.Errorf("%s: the label %q starts %.0f px before the plot", name, s.Labels[k], float64((dc.Min.X-start)/px))
						}
					case s.Kind == Points:
						end += 5*px + sty.Width(s.Labels[k])
						if end > dc.Max.X {
							t.Errorf("%s: the label %q ends %.0f px past the plot", name, s.Labels[k], float64((end-dc.Max.X)/px))
						}
					}
					last = max(last, end)
				}
			}
			if room := dc.Max.X - last; room > (dc.Max.X-dc.Min.X)/10 && (len(budgets) > 1 || published != nil) {
				t.Errorf("%s: the axis runs to %s, %.0f px (of %.0f) past the last point and label", name,
					durationLabel(pl.X.Max), float64(room/px), float64((dc.Max.X-dc.Min.X)/px))
			}
			if pl.X.Min >= budgets[0] || pl.X.Min < budgets[0]/4 {
				t.Errorf("%s: the axis starts at %g s", name, pl.X.Min)
			}
			// Every budget of the curve is a tick.
			ticks := map[float64]bool{}
			for _, tk := range pl.X.Tick.Marker.Ticks(pl.X.Min, pl.X.Max) {
				ticks[tk.Value] = tk.Label != ""
			}
			for _, s := range budgets {
				if !ticks[s] {
					t.Errorf("%s: no tick labelled %s", name, durationLabel(s))
				}
			}
		}
	}
}

// TestBeadsLeftAxisSpansTenBeads checks the tournament chart's beads-left
// axis over a sweep of results: at least 0 to 10, so that one bead left
// is a tenth of the panel, and past the largest count.
func TestBeadsLeftAxisSpansTenBeads(t *testing.T) {
	for _, left := range [][]int{{0, 0}, {0, 1}, {1, 1, 0}, {3}, {0, 12}, {40, 2}} {
		var sets []SetResult
		most := 0
		for i, n := range left {
			sets = append(sets, SetResult{Name: fmt.Sprintf("b%d", i), Score: 100, BeadsLeft: n})
			most = max(most, n)
		}
		f := Tournament("t", "ChainShot scoring", sets, nil)
		pl, _ := laidOut(t, f.Panels[1], 400, 300)
		if pl.X.Min != 0 || pl.X.Max < minBeadsSpan || pl.X.Max < float64(most) {
			t.Errorf("beads left %v: the axis runs %g to %g", left, pl.X.Min, pl.X.Max)
		}
	}
}

// TestCloseGlyphsAreDodged checks that points drawn at one x with close
// values are moved apart side by side, and that points far apart, or at
// different x, stay where they are.
func TestCloseGlyphsAreDodged(t *testing.T) {
	r := 5 * px
	at := []vg.Point{{X: 100, Y: 50}, {X: 100, Y: 52}, {X: 100, Y: 200}, {X: 300, Y: 51}, {X: 100, Y: 54}}
	orig := append([]vg.Point(nil), at...)
	left, right := dodge(at, r)
	cluster := []int{0, 1, 4}
	for i, a := range cluster {
		for _, b := range cluster[i+1:] {
			if d := math.Hypot(float64(at[a].X-at[b].X), float64(at[a].Y-at[b].Y)); d < float64(2*r) {
				t.Errorf("glyphs %d and %d are %.1f apart, want %.1f at least", a, b, d, float64(2*r))
			}
		}
		if at[a].Y != orig[a].Y || right[a] != max(at[0].X, at[1].X, at[4].X) || left[a] != min(at[0].X, at[1].X, at[4].X) {
			t.Errorf("glyph %d: moved to %v (right edge %v)", a, at[a], right[a])
		}
	}
	for _, k := range []int{2, 3} {
		if at[k] != orig[k] || right[k] != orig[k].X || left[k] != orig[k].X {
			t.Errorf("glyph %d, alone, moved from %v to %v", k, orig[k], at[k])
		}
	}
}

// TestCloseLevelsLabelsApart draws published totals without a budget
// that lie close together (84,414 and 84,718 on the standard set) and
// checks that no two labels of the levels overlap.
func TestCloseLevelsLabelsApart(t *testing.T) {
	curve := []BudgetPoint{{1, 68953, 19, 20}, {120, 80618, 20, 20}}
	pub := []PublishedTotal{{Name: "Selective NRPA level 4", Total: 80030}, {Name: "spurious ai (SBS, beam search)", Total: 84414},
		{Name: "HGSTS (GPU)", Total: 84718}, {Name: "a fourth one", Total: 84600}}
	_, ts := svg(t, Anytime("levels", "chainshot auto", curve, pub), "levels")
	sty := textStyle(regular(legendSize), Ink)
	h := float64(sty.Height("0") / px)
	type box struct {
		s          string
		x0, x1, y0 float64
	}
	var boxes []box
	for _, p := range pub {
		want := p.Name + ": " + thousands(p.Total)
		found := false
		for _, x := range ts {
			if x.s == want {
				// SVG units are points; y is the baseline, growing down.
				x0, y := x.x/0.75, x.y/0.75
				boxes = append(boxes, box{x.s, x0, x0 + float64(sty.Width(x.s)/px), y - h})
				found = true
			}
		}
		if !found {
			t.Errorf("no label %q", want)
		}
	}
	for i, a := range boxes {
		for _, b := range boxes[:i] {
			if a.x0 < b.x1 && b.x0 < a.x1 && math.Abs(a.y0-b.y0) < h {
				t.Errorf("labels %q and %q overlap: %+v and %+v", a.s, b.s, a, b)
			}
		}
	}
}

var capRE = regexp.MustCompile(`<path d="M([0-9.]+),([0-9.]+)L([0-9.]+),([0-9.]+)" style="fill:none;stroke:#1F1F1F;`)

// TestValueLabelsClearTheirWhiskers draws bars with 95% intervals over a
// sweep of rates (0.99 drew "|99%", the label touching its whisker's
// cap) and checks that each value label starts at least 6 px right of
// every whisker stroke at its height.
func TestValueLabelsClearTheirWhiskers(t *testing.T) {
	rates := []float64{0.99, 1, 0.5, 0.02, 0.97, 0.75}
	var cats []string
	var lo, hi []float64
	for i, r := range rates {
		cats = append(cats, fmt.Sprintf("bar %d", i+1))
		lo, hi = append(lo, math.Max(0, r-0.05)), append(hi, math.Min(1, r+0.009))
	}
	f := Figure{Panels: []Panel{{Categories: cats, Horizontal: true, Percent: true, Min: 0, Max: 1.12,
		Series: []Series{{Kind: Bars, Values: rates, Low: lo, High: hi, ValueLabel: Percent}}}}}
	doc, ts := svg(t, f, "whiskers")
	type seg struct{ x0, y0, x1, y1 float64 }
	var strokes []seg
	for _, m := range capRE.FindAllSubmatch(doc, -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(string(m[i+1]), 64)
		}
		strokes = append(strokes, seg{v[0], v[1], v[2], v[3]})
	}
	if len(strokes) != 3*len(rates) {
		t.Fatalf("%d whisker strokes, want 3 for each of %d bars", len(strokes), len(rates))
	}
	for _, r := range rates {
		found := false
		for _, x := range ts {
			if x.s != Percent(r) || -x.y < 30 { // not the axis' tick labels
				continue
			}
			found = true
			// SVG units are points (0.75 px); paths have y up, text
			// (flipped) y down, at the text's middle here.
			checked := 0
			for _, s := range strokes {
				if top, bottom := math.Min(s.y0, s.y1)-6, math.Max(s.y0, s.y1)+6; -x.y < top || -x.y > bottom {
					continue
				}
				checked++
				if gap := (x.x - math.Max(s.x0, s.x1)) / 0.75; gap < 6 {
					t.Errorf("the label %q starts %.1f px right of a whisker stroke, want 6 at least", x.s, gap)
				}
			}
			if checked != 3 {
				t.Errorf("the label %q is beside %d whisker strokes, want its bar's 3", x.s, checked)
			}
		}
		if !found {
			t.Errorf("no value label %q", Percent(r))
		}
	}
}
