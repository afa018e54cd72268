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

// addSeries adds p's series to pl and sets its axes.
func (p Panel) addSeries(pl *plot.Plot) error {
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
	p.valueAxis(pl, l, lo, hi)
	p.categoryAxis(pl, l)
	if p.LogX {
		p.logXAxis(pl)
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

// logXAxis makes the x axis a log scale of durations over the series'
// positive x values, with room for labels right of the last points (a
// factor of 40 past them: about as wide as a long label).
func (p Panel) logXAxis(pl *plot.Plot) {
	xlo, xhi := math.Inf(1), math.Inf(-1)
	for _, s := range p.Series {
		for _, x := range s.X {
			if x > 0 {
				xlo, xhi = math.Min(xlo, x), math.Max(xhi, x)
			}
		}
	}
	if !math.IsInf(xlo, 1) {
		pl.X.Min, pl.X.Max = xlo/2, xhi*40
	}
	pl.X.Scale = plot.LogScale{}
	pl.X.Tick.Marker = durationTicks{}
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
		end := v
		if b.s.Low != nil && !nan(b.s.Low[k]) && !nan(b.s.High[k]) {
			lo, hi := b.s.Low[k], b.s.High[k]
			cap := half * 0.5
			ls := draw.LineStyle{Color: Ink, Width: 1.3 * px}
			c.StrokeLine2(ls, at(cat, lo).X, at(cat, lo).Y, at(cat, hi).X, at(cat, hi).Y)
			for _, w := range []float64{lo, hi} {
				a, z := at(cat-cap, w), at(cat+cap, w)
				c.StrokeLine2(ls, a.X, a.Y, z.X, z.Y)
			}
			end = math.Max(v, hi)
		}
		if b.s.ValueLabel != nil {
			sty := textStyle(regular(cellSize), Ink)
			pt := at(cat, end)
			if b.l.horiz {
				sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
				pt.X += 4 * px
			} else {
				sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
				pt.Y += 3 * px
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

// durationTicks labels a log axis of seconds with durations: 1 s, 10 s,
// 1 min, 10 min, 1 h, 2 h...
type durationTicks struct{}

func (durationTicks) Ticks(lo, hi float64) []plot.Tick {
	marks := []struct {
		v     float64
		label string
	}{
		{0.1, "0.1 s"}, {1, "1 s"}, {5, "5 s"}, {10, "10 s"}, {30, "30 s"}, {60, "1 min"}, {120, "2 min"},
		{300, "5 min"}, {600, "10 min"}, {1800, "30 min"}, {3600, "1 h"}, {7200, "2 h"}, {4 * 3600, "4 h"},
		{10 * 3600, "10 h"}, {24 * 3600, "1 day"},
	}
	var ts []plot.Tick
	for _, m := range marks {
		if m.v >= lo && m.v <= hi {
			ts = append(ts, plot.Tick{Value: m.v, Label: m.label})
		}
	}
	return ts
}

// points draws a Points series: a glyph at each point, its label beside.
type points struct {
	s     Series
	color color.Color
}

func (p *points) Plot(c draw.Canvas, pl *plot.Plot) {
	tx, ty := pl.Transforms(&c)
	g := glyph(p.s.Shape, p.color)
	sty := textStyle(regular(legendSize), Ink)
	sty.YAlign = draw.YCenter
	type label struct {
		at   vg.Point
		left bool
		text string
	}
	labels := make([]label, len(p.s.X))
	for k := range p.s.X {
		pt := vg.Point{X: tx(p.s.X[k]), Y: ty(p.s.Y[k])}
		c.DrawGlyph(g, pt)
		l := label{at: vg.Point{X: pt.X + g.Radius + 5*px, Y: pt.Y}, text: p.s.Labels[k]}
		// On the left where asked, or where the right would leave the panel.
		if (p.s.LabelLeft != nil && p.s.LabelLeft[k]) || l.at.X+sty.Width(l.text) > c.Max.X {
			l.left, l.at.X = true, pt.X-g.Radius-5*px
		}
		labels[k] = l
	}
	// Labels on the same side of the same x that would overlap are moved
	// apart, upwards from the lowest, a line's height each.
	order := make([]int, len(labels))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool { return labels[order[i]].at.Y < labels[order[j]].at.Y })
	gap := sty.Height("0") * 1.15
	for i, k := range order {
		for _, j := range order[:i] {
			a, b := labels[j], &labels[k]
			if a.left == b.left && math.Abs(float64(a.at.X-b.at.X)) < float64(gap) && b.at.Y-a.at.Y < gap {
				b.at.Y = a.at.Y + gap
			}
		}
	}
	for _, l := range labels {
		sty.XAlign = draw.XLeft
		if l.left {
			sty.XAlign = draw.XRight
		}
		c.FillText(sty, l.at, l.text)
	}
}

func (p *points) DataRange() (xmin, xmax, ymin, ymax float64) {
	return span(p.s.X), spanMax(p.s.X), math.NaN(), math.NaN()
}

// levels draws a Levels series: dashed lines across the panel.
type levels struct {
	s     Series
	color color.Color
}

func (l *levels) Plot(c draw.Canvas, pl *plot.Plot) {
	_, ty := pl.Transforms(&c)
	ls := draw.LineStyle{Color: l.color, Width: 1.3 * px, Dashes: []vg.Length{6 * px, 4 * px}}
	sty := textStyle(regular(legendSize), l.color)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
	for k, y := range l.s.Y {
		c.StrokeLine2(ls, c.Min.X, ty(y), c.Max.X, ty(y))
		c.FillText(sty, vg.Point{X: c.Min.X + 6*px, Y: ty(y) + 2*px}, l.s.Labels[k])
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
