package chart

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Heat is a heatmap: one coloured cell per row and column, its value
// written in it, on a diverging colour scale centred on Mid.
type Heat struct {
	Rows, Cols     []string
	XLabel, YLabel string
	// Values[i][j] is row i's value against column j; NaN leaves the
	// cell grey and empty.
	Values [][]float64
	// Format writes a value in its cell; nil writes a percentage.
	Format func(float64) string
	// Min, Mid and Max are the colour scale: Low's colour at Min, white at
	// Mid, High's colour at Max; values outside are clamped.
	Min, Mid, Max float64
	// Low and High are the colours of the scale's ends; nil picks
	// vermillion and blue.
	Low, High color.Color
	// ColorBar titles the colour bar drawn right of the cells; "" draws
	// none.
	ColorBar string
}

// Neutral is the colour of a heatmap cell at the scale's middle.
var Neutral = rgb(0xf7f7f7)

// empty is the colour of a cell with no value.
var empty = rgb(0xd9d9d9)

func (h *Heat) format(v float64) string {
	if h.Format != nil {
		return h.Format(v)
	}
	return Percent(v)
}

// Percent writes a rate from 0 to 1 as a whole percentage: "57%".
func Percent(v float64) string {
	return strconv.FormatFloat(math.Round(v*100), 'f', -1, 64) + "%"
}

// scale returns the heatmap's colour scale.
func (h *Heat) scale() *Diverging {
	d := &Diverging{min: h.Min, mid: h.Mid, max: h.Max, low: Vermillion, high: Blue, alpha: 1}
	if h.Low != nil {
		d.low = color.RGBAModel.Convert(h.Low).(color.RGBA)
	}
	if h.High != nil {
		d.high = color.RGBAModel.Convert(h.High).(color.RGBA)
	}
	return d
}

func (h *Heat) draw(c draw.Canvas, title string) error {
	if len(h.Values) != len(h.Rows) {
		return fmt.Errorf("heatmap: %d rows of values for %d row names", len(h.Values), len(h.Rows))
	}
	for i, r := range h.Values {
		if len(r) != len(h.Cols) {
			return fmt.Errorf("heatmap: row %d has %d values for %d columns", i+1, len(r), len(h.Cols))
		}
	}
	if !(h.Min < h.Mid && h.Mid < h.Max) {
		return fmt.Errorf("heatmap: colour scale %g, %g, %g; want min < mid < max", h.Min, h.Mid, h.Max)
	}
	cells := c
	const barW, barGap = 16 * px, 14 * px
	var barLabelW vg.Length
	if h.ColorBar != "" {
		ticks := textStyle(regular(tickSize), Ink)
		barLabelW = ticks.Width("100%") + ticks.Height(h.ColorBar) + 16*px
		cells.Max.X -= barGap + barW + barLabelW
	}
	p := newPlot(title)
	p.X.Label.Text, p.Y.Label.Text = h.XLabel, h.YLabel
	n := len(h.Rows)
	names := make([]string, n)
	for i, r := range h.Rows {
		names[n-1-i] = r
	}
	p.Add(&heatCells{h: h, d: h.scale()})
	p.NominalX(h.Cols...)
	p.NominalY(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(h.Cols))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Tick.Length, p.Y.Tick.Length = 0, 0
	p.Draw(cells)
	if h.ColorBar != "" {
		data := p.DataCanvas(cells)
		x0 := cells.Max.X + barGap
		h.drawBar(c, vg.Rectangle{Min: vg.Point{X: x0, Y: data.Min.Y}, Max: vg.Point{X: x0 + barW, Y: data.Max.Y}})
	}
	return nil
}

// barSlices is how many bands of colour the colour bar has: an odd
// number, so that one band is the scale's middle.
const barSlices = 101

// drawBar draws the colour bar in r, Min at the bottom and Max at the
// top, with tick labels on its right and its title beyond them.
func (h *Heat) drawBar(c draw.Canvas, r vg.Rectangle) {
	d := h.scale()
	step := (r.Max.Y - r.Min.Y) / barSlices
	for i := 0; i < barSlices; i++ {
		v := h.Min + (h.Max-h.Min)*float64(i)/float64(barSlices-1)
		c.SetColor(d.clamped(v))
		y := r.Min.Y + vg.Length(i)*step
		c.Fill(vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: y}, Max: vg.Point{X: r.Max.X, Y: y + step + px}}.Path())
	}
	c.SetColor(Grey)
	c.SetLineWidth(0.75 * px)
	c.Stroke(r.Path())
	at := func(v float64) vg.Length {
		return r.Min.Y + step/2 + (r.Max.Y-r.Min.Y-step)*vg.Length((v-h.Min)/(h.Max-h.Min))
	}
	ticks := []plot.Tick{}
	if h.Format == nil {
		ticks = percentTicks{}.Ticks(h.Min, h.Max)
	} else {
		for _, v := range []float64{h.Min, h.Mid, h.Max} {
			ticks = append(ticks, plot.Tick{Value: v, Label: h.Format(v)})
		}
	}
	sty := textStyle(regular(tickSize), Ink)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	labelX := r.Max.X + 7*px
	widest := vg.Length(0)
	for _, t := range ticks {
		y := at(t.Value)
		c.StrokeLine2(draw.LineStyle{Color: Grey, Width: 0.75 * px}, r.Max.X, y, r.Max.X+4*px, y)
		c.FillText(sty, vg.Point{X: labelX, Y: y}, t.Label)
		widest = max(widest, sty.Width(t.Label))
	}
	title := textStyle(regular(labelSize), Ink)
	title.Rotation = math.Pi / 2
	title.XAlign, title.YAlign = draw.XCenter, draw.YTop
	c.FillText(title, vg.Point{X: labelX + widest + 6*px, Y: (r.Min.Y + r.Max.Y) / 2}, h.ColorBar)
}

// heatCells draws the cells of a heatmap and their values.
type heatCells struct {
	h *Heat
	d *Diverging
}

func (hc *heatCells) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	n := len(hc.h.Rows)
	for i, row := range hc.h.Values {
		y := float64(n - 1 - i)
		for j, v := range row {
			x := float64(j)
			r := vg.Rectangle{
				Min: vg.Point{X: tx(x-0.5) + px, Y: ty(y-0.5) + px},
				Max: vg.Point{X: tx(x+0.5) - px, Y: ty(y+0.5) - px},
			}
			fill := empty
			if !nan(v) {
				fill = hc.d.clamped(v)
			}
			c.SetColor(fill)
			c.Fill(r.Path())
			if nan(v) {
				continue
			}
			sty := textStyle(boldFont(cellSize+1), Ink)
			if luminance(fill) < 0.45 {
				sty.Color = color.White
			}
			sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
			c.FillText(sty, vg.Point{X: tx(x), Y: ty(y)}, hc.h.format(v))
		}
	}
}

func (hc *heatCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(len(hc.h.Cols)) - 0.5, -0.5, float64(len(hc.h.Rows)) - 0.5
}

// luminance is c's relative luminance, 0 (black) to 1 (white).
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Diverging is a colour scale from a low colour through Neutral at its
// middle to a high colour. It is a palette.ColorMap.
type Diverging struct {
	min, mid, max float64
	low, high     color.RGBA
	alpha         float64
}

// NewDiverging returns the scale with low at min, Neutral at mid and high
// at max.
func NewDiverging(min, mid, max float64, low, high color.RGBA) *Diverging {
	return &Diverging{min: min, mid: mid, max: max, low: low, high: high, alpha: 1}
}

// clamped returns the colour of v, clamped to the scale.
func (d *Diverging) clamped(v float64) color.RGBA {
	v = math.Max(d.min, math.Min(d.max, v))
	mix := func(a, b color.RGBA, t float64) color.RGBA {
		m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
		return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
	}
	if v < d.mid {
		return mix(Neutral, d.low, (d.mid-v)/(d.mid-d.min))
	}
	return mix(Neutral, d.high, (v-d.mid)/(d.max-d.mid))
}

// At returns the colour of v, or an error outside the scale.
func (d *Diverging) At(v float64) (color.Color, error) {
	if v < d.min || v > d.max || nan(v) {
		return nil, palette.ErrOverflow
	}
	c := d.clamped(v)
	c.A = uint8(math.Round(d.alpha * 255))
	return c, nil
}

// Min returns the scale's low end.
func (d *Diverging) Min() float64 { return d.min }

// Max returns the scale's high end.
func (d *Diverging) Max() float64 { return d.max }

// Mid returns the value drawn in Neutral.
func (d *Diverging) Mid() float64 { return d.mid }

// SetMin sets the scale's low end.
func (d *Diverging) SetMin(v float64) { d.min = v }

// SetMax sets the scale's high end.
func (d *Diverging) SetMax(v float64) { d.max = v }

// Alpha returns the scale's opacity.
func (d *Diverging) Alpha() float64 { return d.alpha }

// SetAlpha sets the scale's opacity, from 0 to 1.
func (d *Diverging) SetAlpha(a float64) { d.alpha = a }

// Palette returns n colours evenly spaced along the scale.
func (d *Diverging) Palette(n int) palette.Palette {
	cs := make(colors, n)
	for i := range cs {
		t := 0.0
		if n > 1 {
			t = float64(i) / float64(n-1)
		}
		cs[i], _ = d.At(d.min + t*(d.max-d.min))
	}
	return cs
}

type colors []color.Color

func (c colors) Colors() []color.Color { return c }
