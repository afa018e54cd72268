package chart

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// groupWidth is the share of a category's slot that its bars and markers
// take, in data units.
const groupWidth = 0.8

// layout is where each series of a category panel goes: the slot of
// every Bars and Markers series inside a category's group.
type layout struct {
	n      int // categories
	slots  int // bar slots, plus one for the markers, if any
	slot   map[int]int
	slotW  float64
	horiz  bool
	hasBar bool
}

func (p Panel) layout() layout {
	l := layout{n: len(p.Categories), slot: map[int]int{}, horiz: p.Horizontal}
	markers := false
	for i, s := range p.Series {
		switch s.Kind {
		case Bars:
			l.slot[i] = l.slots
			l.slots++
			l.hasBar = true
		case Markers:
			markers = true
		}
	}
	if markers {
		for i, s := range p.Series {
			if s.Kind == Markers {
				l.slot[i] = l.slots
			}
		}
		l.slots++
	}
	l.slotW = groupWidth / float64(max(l.slots, 1))
	return l
}

// pos returns the category axis position of category k, slot s's centre.
// Horizontal panels list the categories from the top down.
func (l layout) pos(k, s int) float64 {
	c := float64(k)
	if l.horiz {
		c = float64(l.n - 1 - k)
	}
	off := -groupWidth/2 + (float64(s)+0.5)*l.slotW
	if l.horiz {
		off = -off // the first slot on top
	}
	return c + off
}

// xy returns a canvas point for category axis position cat and value v.
func (l layout) xy(cat, v float64) (x, y float64) {
	if l.horiz {
		return v, cat
	}
	return cat, v
}

// addSeries adds p's series to pl and sets its axes to draw on c.
func (p Panel) addSeries(pl *plot.Plot, c draw.Canvas) error {
	l := p.layout()
	lo, hi := math.Inf(1), math.Inf(-1)
	cols := p.colors()
	for i, s := range p.Series {
		plotters, values, err := seriesPlotters(s, l, l.slot[i], cols[i])
		if err != nil {
			return err
		}
		pl.Add(plotters...)
		for _, v := range values {
			if !nan(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	for _, s := range p.Series {
		if s.Kind == Points || s.Kind == Levels {
			pl.Add(labelLayer{p}) // over the data
			break
		}
	}
	p.valueAxis(pl, l, lo, hi)
	p.categoryAxis(pl, l)
	if p.LogX {
		p.logXAxis(pl, c)
	}
	return nil
}

// seriesPlotters returns what draws series s (in category slot slot, in
// colour col) and the values its axis must show.
func seriesPlotters(s Series, l layout, slot int, col color.Color) ([]plot.Plotter, []float64, error) {
	switch s.Kind {
	case Bars, Markers:
		if len(s.Values) != l.n {
			return nil, nil, fmt.Errorf("series %q has %d values for %d categories", s.Name, len(s.Values), l.n)
		}
		if (s.Low != nil && len(s.Low) != l.n) || (s.High != nil && len(s.High) != l.n) {
			return nil, nil, fmt.Errorf("series %q: intervals for %d and %d of %d categories", s.Name, len(s.Low), len(s.High), l.n)
		}
		values := append(append(append([]float64(nil), s.Values...), s.Low...), s.High...)
		if s.Kind == Bars {
			return []plot.Plotter{&bars{s: s, l: l, slot: slot, color: col}}, append(values, 0), nil
		}
		return []plot.Plotter{&markers{s: s, l: l, slot: slot, color: col}}, values, nil
	case Line, Points:
		if len(s.X) != len(s.Y) || (s.Kind == Points && len(s.Labels) != len(s.X)) || (s.LabelLeft != nil && len(s.LabelLeft) != len(s.X)) {
			return nil, nil, fmt.Errorf("series %q: %d x, %d y and %d labels", s.Name, len(s.X), len(s.Y), len(s.Labels))
		}
		if s.Kind == Points {
			return []plot.Plotter{&points{s: s, color: col}}, s.Y, nil
		}
		xys := make(plotter.XYs, len(s.X))
		for k := range s.X {
			xys[k] = plotter.XY{X: s.X[k], Y: s.Y[k]}
		}
		ln, err := plotter.NewLine(xys)
		if err != nil {
			return nil, nil, fmt.Errorf("series %q: %v", s.Name, err)
		}
		ln.Color, ln.Width = col, 2*px
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, nil, fmt.Errorf("series %q: %v", s.Name, err)
		}
		sc.GlyphStyle = glyph(s.Shape, col)
		return []plot.Plotter{ln, sc}, s.Y, nil
	case Levels:
		if len(s.Y) != len(s.Labels) {
			return nil, nil, fmt.Errorf("series %q: %d levels and %d labels", s.Name, len(s.Y), len(s.Labels))
		}
		return []plot.Plotter{&levels{s: s, color: col}}, s.Y, nil
	}
	return nil, nil, fmt.Errorf("series %q: unknown kind %d", s.Name, s.Kind)
}

// valueAxis sets the value axis to the panel's range, or to the values'
// range lo to hi with some room (from 0 under bars).
func (p Panel) valueAxis(pl *plot.Plot, l layout, lo, hi float64) {
	if math.IsInf(lo, 1) {
		lo, hi = 0, 1
	}
	if p.Min != p.Max {
		lo, hi = p.Min, p.Max
	} else {
		pad := (hi - lo) * 0.08
		if pad == 0 {
			pad = math.Max(1, math.Abs(hi)*0.1)
		}
		if lo < 0 || !l.hasBar {
			lo -= pad
		}
		hi += pad
		if hi-lo < p.MinSpan {
			hi = lo + p.MinSpan
		}
	}
	value := &pl.Y
	if p.Horizontal {
		value = &pl.X
	}
	value.Min, value.Max = lo, hi
	value.Tick.Marker = numberTicks{integer: p.Integer}
	if p.Percent {
		value.Tick.Marker = percentTicks{}
	}
}

// categoryAxis names the categories along their axis, the first on top
// of a horizontal panel.
func (p Panel) categoryAxis(pl *plot.Plot, l layout) {
	if l.n == 0 {
		return
	}
	names := p.Categories
	if p.Horizontal {
		names = make([]string, l.n)
		for k, c := range p.Categories {
			names[l.n-1-k] = c
		}
		pl.NominalY(names...)
		pl.Y.Min, pl.Y.Max = -0.6, float64(l.n)-0.4
		return
	}
	pl.NominalX(names...)
	pl.X.Min, pl.X.Max = -0.6, float64(l.n)-0.4
}

// logXAxis makes the x axis a log scale of durations fitted to the
// series' positive x values: a little room left of the first point, and
// right of the last ones as much as their labels need (labels tried first
// on the right of points, see layoutLabels) when the plot is drawn on c.
func (p Panel) logXAxis(pl *plot.Plot, c draw.Canvas) {
	type labelled struct {
		x float64   // log10 of the point's x
		w vg.Length // its label's width, glyph and gap included
	}
	var pts []labelled
	var at []float64
	xlo, xhi := math.Inf(1), math.Inf(-1)
	sty := textStyle(regular(legendSize), Ink)
	for _, s := range p.Series {
		for k, x := range s.X {
			if x <= 0 {
				continue
			}
			xlo, xhi = math.Min(xlo, x), math.Max(xhi, x)
			if s.Kind == Line {
				at = append(at, x)
			}
			if s.Kind == Points && (s.LabelLeft == nil || !s.LabelLeft[k]) {
				// The glyph, room to dodge a neighbour (see dodge), the
				// gap, the label and a little air.
				r := glyph(s.Shape, Ink).Radius
				pts = append(pts, labelled{math.Log10(x), 3*r + 2*px + 5*px + sty.Width(s.Labels[k]) + 6*px})
			}
		}
	}
	pl.X.Scale = plot.LogScale{}
	pl.X.Tick.Marker = durationTicks{at: at}
	if math.IsInf(xlo, 1) {
		return
	}
	lo, hi := math.Log10(xlo), math.Log10(xhi)
	span := math.Max(hi-lo, 1)
	m := lo - math.Max(0.05*span, 0.08)
	M0 := hi + math.Max(0.03*span, 0.05)
	if hi == lo { // one budget: a decade around it
		m, M0 = lo-0.5, hi+0.5
	}
	// The data area's width depends on the axes' tick labels, which
	// depend on the range: a few rounds settle it.
	data := c.Max.X - c.Min.X
	for range 3 {
		M := M0
		for _, q := range pts {
			f := math.Min(float64(q.w/data), 0.6) // wider labels go left of their points
			M = math.Max(M, (q.x-f*m)/(1-f))
		}
		pl.X.Min, pl.X.Max = math.Pow(10, m), math.Pow(10, M)
		data = pl.DataCanvas(c).Max.X - pl.DataCanvas(c).Min.X
	}
}

// colors returns each series' colour: its own, or the next of the
// palette.
func (p Panel) colors() []color.Color {
	out := make([]color.Color, len(p.Series))
	k := 0
	for i, s := range p.Series {
		if s.Color != nil {
			out[i] = s.Color
			continue
		}
		out[i] = order[k%len(order)]
		k++
	}
	return out
}

// legend returns the panel's legend entries: each named series with a
// thumbnail drawn as the series is.
func (p Panel) legend() []legendEntry {
	var out []legendEntry
	cols := p.colors()
	for i, s := range p.Series {
		if s.Name == "" {
			continue
		}
		var th plot.Thumbnailer
		switch s.Kind {
		case Bars:
			th = &bars{s: s, color: cols[i]}
		case Markers, Points:
			th = &markers{s: s, color: cols[i]}
		case Line:
			th = lineThumb{glyph(s.Shape, cols[i]), cols[i]}
		case Levels:
			th = &levels{s: s, color: cols[i]}
		}
		out = append(out, legendEntry{s.Name, th})
	}
	return out
}

// lineThumb is a Line series' legend thumbnail: a stroke with its glyph.
type lineThumb struct {
	g   draw.GlyphStyle
	col color.Color
}

func (t lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(draw.LineStyle{Color: t.col, Width: 2 * px}, c.Min.X, y, c.Max.X, y)
	c.DrawGlyph(t.g, c.Center())
}

// bars draws a Bars series: a bar from zero to each value, its interval
// as a whisker, its value written at its end.
type bars struct {
	s     Series
	l     layout
	slot  int
	color color.Color
}

func (b *bars) Plot(c draw.Canvas, pl *plot.Plot) {
	tx, ty := pl.Transforms(&c)
	at := func(cat, v float64) vg.Point {
		x, y := b.l.xy(cat, v)
		return vg.Point{X: tx(x), Y: ty(y)}
	}
	half := b.l.slotW * 0.45
	for k, v := range b.s.Values {
		if nan(v) {
			continue
		}
		cat := b.l.pos(k, b.slot)
		p0, p1 := at(cat-half, 0), at(cat+half, v)
		r := vg.Rectangle{Min: vg.Point{X: min(p0.X, p1.X), Y: min(p0.Y, p1.Y)}, Max: vg.Point{X: max(p0.X, p1.X), Y: max(p0.Y, p1.Y)}}
		c.SetColor(b.color)
		c.Fill(r.Path())
		end, gap := v, 4*px
		if b.s.Low != nil && !nan(b.s.Low[k]) && !nan(b.s.High[k]) {
			lo, hi := b.s.Low[k], b.s.High[k]
			cap := half * 0.5
			ls := draw.LineStyle{Color: Ink, Width: 1.3 * px}
			c.StrokeLine2(ls, at(cat, lo).X, at(cat, lo).Y, at(cat, hi).X, at(cat, hi).Y)
			for _, w := range []float64{lo, hi} {
				a, z := at(cat-cap, w), at(cat+cap, w)
				c.StrokeLine2(ls, a.X, a.Y, z.X, z.Y)
			}
			// The value is written clear of the whisker's cap, not
			// touching it ("|99%").
			end, gap = math.Max(v, hi), 8*px
		}
		if b.s.ValueLabel != nil {
			sty := textStyle(regular(cellSize), Ink)
			pt := at(cat, end)
			if b.l.horiz {
				sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
				pt.X += gap
			} else {
				sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
				pt.Y += gap - px
			}
			c.FillText(sty, pt, b.s.ValueLabel(v))
		}
	}
}

func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.NaN(), math.NaN(), math.NaN(), math.NaN()
}

func (b *bars) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	r.Min.Y += 2 * px
	r.Max.Y -= 2 * px
	c.SetColor(b.color)
	c.Fill(r.Path())
}

// markers draws a Markers series: a glyph at each category's value.
type markers struct {
	s     Series
	l     layout
	slot  int
	color color.Color
}

func (m *markers) Plot(c draw.Canvas, pl *plot.Plot) {
	tx, ty := pl.Transforms(&c)
	g := glyph(m.s.Shape, m.color)
	for k, v := range m.s.Values {
		if nan(v) {
			continue
		}
		x, y := m.l.xy(m.l.pos(k, m.slot), v)
		pt := vg.Point{X: tx(x), Y: ty(y)}
		c.DrawGlyph(g, pt)
		if m.s.ValueLabel != nil {
			sty := textStyle(regular(cellSize), m.color)
			sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
			c.FillText(sty, vg.Point{X: pt.X + g.Radius + 4*px, Y: pt.Y}, m.s.ValueLabel(v))
		}
	}
}

func (m *markers) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.NaN(), math.NaN(), math.NaN(), math.NaN()
}

func (m *markers) Thumbnail(c *draw.Canvas) {
	c.DrawGlyph(glyph(m.s.Shape, m.color), c.Center())
}

// glyph returns the glyph style of a shape in colour col.
func glyph(s Shape, col color.Color) draw.GlyphStyle {
	g := draw.GlyphStyle{Color: col, Radius: 4.5 * px}
	switch s {
	case Triangle:
		g.Shape = draw.PyramidGlyph{}
		g.Radius = 5.5 * px
	case Diamond:
		g.Shape = diamondGlyph{}
		g.Radius = 5.5 * px
	case Square:
		g.Shape = draw.BoxGlyph{}
	case Cross:
		g.Shape = draw.CrossGlyph{}
		g.Radius = 5 * px
	case Plus:
		g.Shape = draw.PlusGlyph{}
		g.Radius = 5 * px
	case Ring:
		g.Shape = draw.RingGlyph{}
	default:
		g.Shape = draw.CircleGlyph{}
	}
	return g
}

// diamondGlyph is a filled square stood on its corner.
type diamondGlyph struct{}

func (diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	p.Move(vg.Point{X: pt.X, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Line(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r, Y: pt.Y})
	p.Close()
	c.SetColor(sty.Color)
	c.Fill(p)
}

// numberTicks labels an axis with plot's default ticks written plainly:
// 80,000 rather than 80000, 2.5 rather than 2.50; integer drops ticks
// between whole numbers (counts).
type numberTicks struct{ integer bool }

func (n numberTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(lo, hi) {
		whole := t.Value == math.Trunc(t.Value)
		if n.integer && !whole {
			continue
		}
		if t.Label != "" {
			if whole && math.Abs(t.Value) < 1e15 {
				t.Label = thousands(int(t.Value))
			} else {
				t.Label = strconv.FormatFloat(t.Value, 'f', -1, 64)
			}
		}
		out = append(out, t)
	}
	return out
}

// percentTicks labels an axis of values from 0 to 1 as percentages.
type percentTicks struct{}

func (percentTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 0.1
	if hi-lo > 0.6 {
		step = 0.25
	}
	var ts []plot.Tick
	for v := math.Ceil(lo/step-1e-9) * step; v <= hi+1e-9; v += step {
		pc := math.Round(v * 100)
		if pc == 0 {
			pc = 0 // not -0
		}
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(pc, 'f', -1, 64) + "%"})
	}
	return ts
}

// durationTicks labels a log axis of seconds with durations: the values
// in at (the budgets of a curve) and round durations between them, 1 s,
// 10 s, 1 min, 1 h..., more of them on a narrow range.
type durationTicks struct{ at []float64 }

func (d durationTicks) Ticks(lo, hi float64) []plot.Tick {
	coarse := []float64{0.01, 0.1, 1, 10, 60, 600, 3600, 7200, 10 * 3600, 24 * 3600, 10 * 24 * 3600}
	fine := []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200,
		4 * 3600, 10 * 3600, 24 * 3600, 2 * 24 * 3600, 4 * 24 * 3600, 10 * 24 * 3600}
	marks := fine
	if hi/lo > 2000 {
		marks = coarse
	}
	var vs []float64
	for _, v := range d.at {
		if v >= lo && v <= hi {
			vs = append(vs, v)
		}
	}
	// A round duration close to a budget drawn (within a quarter of a
	// decade on a wide axis, a tenth on a narrow one) would crowd it.
	near := math.Log10(hi/lo) / 30
	for _, v := range marks {
		if v < lo || v > hi {
			continue
		}
		crowded := false
		for _, u := range vs {
			crowded = crowded || math.Abs(math.Log10(u/v)) < near
		}
		if !crowded {
			vs = append(vs, v)
		}
	}
	sort.Float64s(vs)
	ts := make([]plot.Tick, len(vs))
	for i, v := range vs {
		ts[i] = plot.Tick{Value: v, Label: durationLabel(v)}
	}
	return ts
}

// durationLabel writes seconds as a duration: 200 ms, 5 s, 2 min, 2 h,
// 1 day.
func durationLabel(s float64) string {
	g := func(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
	switch {
	case s < 1:
		return g(s*1000) + " ms"
	case s < 60:
		return g(s) + " s"
	case s < 3600:
		return g(s/60) + " min"
	case s < 24*3600:
		return g(s/3600) + " h"
	case s < 2*24*3600:
		return g(s/86400) + " day"
	}
	return g(s/86400) + " days"
}

// points draws a Points series' glyphs; their labels are laid out with
// the panel's others (see layoutLabels).
type points struct {
	s     Series
	color color.Color
}

func (p *points) Plot(c draw.Canvas, pl *plot.Plot) {
	tx, ty := pl.Transforms(&c)
	g := glyph(p.s.Shape, p.color)
	at, _, _ := pointGlyphs(p.s, tx, ty, g.Radius)
	for _, pt := range at {
		c.DrawGlyph(g, pt)
	}
}

// dodge moves apart, side by side, glyphs of radius r drawn at the same x
// that would overlap (two published results at one budget with close
// totals), in place, and returns for each point the x of the leftmost
// and rightmost glyphs of its cluster, beside which its label goes.
func dodge(at []vg.Point, r vg.Length) (left, right []vg.Length) {
	left, right = make([]vg.Length, len(at)), make([]vg.Length, len(at))
	order := make([]int, len(at))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := at[order[i]], at[order[j]]
		if math.Abs(float64(a.X-b.X)) > float64(px) {
			return a.X < b.X
		}
		return a.Y < b.Y
	})
	step := 2*r + 2*px
	for i := 0; i < len(order); {
		// A cluster: glyphs at one x, each overlapping the one below.
		j := i + 1
		for j < len(order) {
			a, b := at[order[j-1]], at[order[j]]
			if math.Abs(float64(a.X-b.X)) > float64(px) || b.Y-a.Y >= 2*r+px {
				break
			}
			j++
		}
		n := j - i
		for q := i; q < j; q++ {
			k := order[q]
			at[k].X += vg.Length(float64(q-i)-float64(n-1)/2) * step
		}
		for q := i; q < j; q++ {
			left[order[q]], right[order[q]] = at[order[i]].X, at[order[j-1]].X
		}
		i = j
	}
	return left, right
}

func (p *points) DataRange() (xmin, xmax, ymin, ymax float64) {
	return span(p.s.X), spanMax(p.s.X), math.NaN(), math.NaN()
}

// levels draws a Levels series: dashed lines across the panel; their
// labels are laid out with the panel's others (see layoutLabels).
type levels struct {
	s     Series
	color color.Color
}

func (l *levels) Plot(c draw.Canvas, pl *plot.Plot) {
	_, ty := pl.Transforms(&c)
	ls := draw.LineStyle{Color: l.color, Width: 1.3 * px, Dashes: []vg.Length{6 * px, 4 * px}}
	for _, y := range l.s.Y {
		c.StrokeLine2(ls, c.Min.X, ty(y), c.Max.X, ty(y))
	}
}

func (l *levels) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.NaN(), math.NaN(), math.NaN(), math.NaN()
}

func (l *levels) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(draw.LineStyle{Color: l.color, Width: 1.3 * px, Dashes: []vg.Length{5 * px, 3 * px}}, c.Min.X, y, c.Max.X, y)
}

func span(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

func spanMax(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}
