// Package chart draws the project's charts with gonum.org/v1/plot, in
// the Go fonts (with a hyphen that is not a minus sign: package fonts), as
// PNG (for the README) or SVG (which scales without blur): a Figure is a title over panels side by side, each panel bars,
// markers, lines and labelled points on axes, or a heatmap with its
// colour bar. Every chart of chainshot goes through Figure.Write, so that
// each reads on its own: a title, axes with their units, and a legend or
// a colour bar.
//
// The package knows nothing of games or files: callers build a Figure
// from their data. Tournament and Anytime build the solver's charts;
// seed 002's figures are built by the react experiment command.
package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"
	"sync"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"chainshot/internal/fonts"
)

// Figure is a chart: a title over one or more panels, side by side, and
// an optional note (the data's source) below them.
type Figure struct {
	Title  string
	Panels []Panel
	// Note is small print under the panels, e.g. where the data come from.
	Note string
	// Width and Height are the PNG's size in pixels (the SVG has the same
	// size at 96 pixels an inch); 0 picks 960 by 600.
	Width, Height int
}

// Panel is one plot of a figure: an XY plot (Series on a category or
// numeric x axis) or, when Heat is set, a heatmap.
type Panel struct {
	Title          string
	XLabel, YLabel string
	// Categories name the groups along the category axis (x, or y when
	// Horizontal): Bars and Markers give one value per category.
	Categories []string
	// Horizontal puts the categories down the y axis and the values
	// along x, which leaves room for long names.
	Horizontal bool
	// LogX makes the x axis logarithmic (Line and Points series).
	LogX bool
	// Min and Max fix the value axis; Min == Max picks them from the data.
	Min, Max float64
	// MinSpan is the least the value axis spans when it is picked from
	// the data, so that a small count is not drawn as a full bar (beads
	// left: one bead is not the whole panel); 0 sets no least span.
	MinSpan float64
	// Percent labels the value axis 0% to 100% for values 0 to 1.
	Percent bool
	// Integer keeps the value axis' ticks on whole numbers (counts).
	Integer bool
	Series  []Series
	// LegendBottom puts the legend below the plot's data, at its left,
	// instead of the top-left corner.
	LegendBottom bool
	// Heat, when set, makes the panel a heatmap; the fields above but
	// Title are then unused.
	Heat *Heat
	// Weight is the panel's share of the figure's width; 0 counts as 1.
	Weight float64
}

// Kind is how a series is drawn.
type Kind int

const (
	// Bars are drawn from zero to each category's value, with the
	// interval Low..High as a whisker when given.
	Bars Kind = iota
	// Markers are one glyph per category, beside the bars.
	Markers
	// Line joins the points (X[i], Y[i]) and marks each.
	Line
	// Points marks each (X[i], Y[i]) and writes Labels[i] beside it,
	// first tried on its right, or on its left where LabelLeft[i] is
	// true, clear of the panel's lines and other labels (see
	// layoutLabels).
	Points
	// Levels draws a dashed line across the panel at each Y[i], Labels[i]
	// written above or below it, at its left end where that is clear: a
	// result with no x of its own.
	Levels
)

// Series is one set of data in a panel.
type Series struct {
	Kind Kind
	// Name is the series' legend entry; "" leaves it out of the legend.
	Name string
	// Values holds one value per category (Bars, Markers); NaN draws none.
	Values []float64
	// Low and High bound each value's interval (Bars), e.g. a 95%
	// confidence interval; nil draws no whiskers.
	Low, High []float64
	// X and Y are the points of a Line or of Points.
	X, Y []float64
	// Labels name each point of Points or line of Levels.
	Labels []string
	// LabelLeft tries a point's label on its left first (Points).
	LabelLeft []bool
	// ValueLabel, when set, writes each bar's value at its end.
	ValueLabel func(float64) string
	// Color is the series' colour; nil picks the next of the palette.
	Color color.Color
	// Shape is the glyph of Markers, Line and Points.
	Shape Shape
}

// Shape is a marker's glyph.
type Shape int

// The shapes, all readable without colour.
const (
	Circle Shape = iota
	Triangle
	Diamond
	Square
	Cross
	Plus
	Ring
)

// Colours from Okabe and Ito's palette, which people with the common
// kinds of colour blindness can tell apart; Ink is for text and axes.
var (
	Blue       = rgb(0x0072b2)
	Vermillion = rgb(0xd55e00)
	Green      = rgb(0x009e73)
	Orange     = rgb(0xe69f00)
	Purple     = rgb(0xcc79a7)
	Sky        = rgb(0x56b4e9)
	Yellow     = rgb(0xf0e442)
	Ink        = rgb(0x1f1f1f)
	Grey       = rgb(0x8c8c8c)
	order      = []color.RGBA{Blue, Vermillion, Green, Orange, Purple, Sky, Grey}
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// Text sizes in points (a point is 4/3 of a pixel at 96 pixels an inch).
const (
	titleSize  = 15
	panelSize  = 12.5
	labelSize  = 11.5
	tickSize   = 10.5
	legendSize = 10.5
	noteSize   = 9
	cellSize   = 11
)

var fontsOnce sync.Once

// goFont is the Go font family registered in plot's font cache.
var goFont = font.Font{Typeface: "Go"}

// useGoFonts adds Go Regular and Go Bold (with a hyphen that is not a
// minus sign: see package fonts) to plot's font cache and makes them
// plot's defaults.
func useGoFonts() {
	fontsOnce.Do(func() {
		reg, err := opentype.Parse(fonts.Regular())
		if err != nil {
			panic("chart: Go Regular does not parse: " + err.Error())
		}
		bold, err := opentype.Parse(fonts.Bold())
		if err != nil {
			panic("chart: Go Bold does not parse: " + err.Error())
		}
		font.DefaultCache.Add(font.Collection{
			{Font: goFont, Face: reg},
			{Font: font.Font{Typeface: "Go", Weight: xfont.WeightBold}, Face: bold},
		})
		plot.DefaultFont = goFont
		plotter.DefaultFont = goFont
	})
}

func regular(size float64) font.Font { return font.From(goFont, vg.Length(size)) }

func boldFont(size float64) font.Font {
	f := font.From(goFont, vg.Length(size))
	f.Weight = xfont.WeightBold
	return f
}

// px is one pixel at 96 pixels an inch.
const px = vg.Inch / 96

// Write draws the figure as "png" or "svg" on w.
func (f Figure) Write(w io.Writer, format string) error {
	useGoFonts()
	width, height := orDefault(f.Width, 960), orDefault(f.Height, 600)
	W, H := vg.Length(width)*px, vg.Length(height)*px
	var c vg.CanvasWriterTo
	switch format {
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(W, H), vgimg.UseDPI(96), vgimg.UseBackgroundColor(color.White))}
	case "svg":
		c = vgsvg.New(W, H)
	default:
		return fmt.Errorf("chart: unknown format %q, want png or svg", format)
	}
	if err := f.draw(draw.New(c)); err != nil {
		return err
	}
	if format == "png" {
		_, err := c.WriteTo(w)
		return err
	}
	// The SVG names the font family Go; readers without the Go fonts get
	// their sans-serif instead of their default serif.
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	out := strings.ReplaceAll(buf.String(), "font-family:Go;", "font-family:Go,sans-serif;")
	_, err := io.WriteString(w, out)
	return err
}

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// draw draws the figure on dc: the background, the title, the panels
// side by side by weight, the note.
func (f Figure) draw(dc draw.Canvas) error {
	if len(f.Panels) == 0 {
		return fmt.Errorf("chart: %q has no panels", f.Title)
	}
	for i, sub := range f.frame(dc) {
		if err := f.Panels[i].draw(sub); err != nil {
			return fmt.Errorf("chart: %q, panel %d: %v", f.Title, i+1, err)
		}
	}
	return nil
}

// frame draws the figure's background, title, note and legend on dc and
// returns the canvas of each panel, side by side by weight.
func (f Figure) frame(dc draw.Canvas) []draw.Canvas {
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	margin := 10 * px
	area := dc.Rectangle
	area.Min.X += margin
	area.Max.X -= margin
	area.Max.Y -= margin
	area.Min.Y += margin
	if f.Title != "" {
		sty := textStyle(boldFont(titleSize), Ink)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		lines := sty.Handler.Lines(f.Title)
		dc.FillText(sty, vg.Point{X: (area.Min.X + area.Max.X) / 2, Y: area.Max.Y}, f.Title)
		area.Max.Y -= sty.Height(f.Title) + vg.Length(len(lines))*2*px + 8*px
	}
	if f.Note != "" {
		sty := textStyle(regular(noteSize), Grey)
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		dc.FillText(sty, vg.Point{X: area.Min.X, Y: area.Min.Y}, f.Note)
		area.Min.Y += sty.Height(f.Note) + 6*px
	}
	var entries []legendEntry
	seen := map[string]bool{}
	for _, p := range f.Panels {
		for _, e := range p.legend() {
			if !seen[e.name] {
				seen[e.name] = true
				entries = append(entries, e)
			}
		}
	}
	if len(entries) > 0 {
		area.Max.Y -= drawLegend(dc, area, entries) + 6*px
	}
	total := 0.0
	for _, p := range f.Panels {
		total += weight(p)
	}
	subs := make([]draw.Canvas, len(f.Panels))
	x := area.Min.X
	for i, p := range f.Panels {
		w := (area.Max.X - area.Min.X) * vg.Length(weight(p)/total)
		subs[i] = draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x, Y: area.Min.Y}, Max: vg.Point{X: x + w, Y: area.Max.Y}}}
		if i > 0 {
			subs[i].Min.X += 8 * px
		}
		x += w
	}
	return subs
}

// legendEntry is one entry of a figure's legend.
type legendEntry struct {
	name  string
	thumb plot.Thumbnailer
}

// drawLegend draws the entries in rows across the top of area, centred,
// and returns the height they took.
func drawLegend(dc draw.Canvas, area vg.Rectangle, entries []legendEntry) vg.Length {
	sty := textStyle(regular(legendSize), Ink)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	thumbW, gap, rowH := 18*px, 18*px, sty.Height("Mg")+6*px
	width := func(e legendEntry) vg.Length { return thumbW + 5*px + sty.Width(e.name) }
	var rows [][]legendEntry
	var row []legendEntry
	var w vg.Length
	for _, e := range entries {
		if len(row) > 0 && w+gap+width(e) > area.Max.X-area.Min.X {
			rows = append(rows, row)
			row, w = nil, 0
		}
		if len(row) > 0 {
			w += gap
		}
		row, w = append(row, e), w+width(e)
	}
	rows = append(rows, row)
	y := area.Max.Y - rowH/2
	for _, row := range rows {
		var w vg.Length
		for i, e := range row {
			if i > 0 {
				w += gap
			}
			w += width(e)
		}
		x := (area.Min.X+area.Max.X)/2 - w/2
		for _, e := range row {
			h := sty.Height("M")
			th := draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
				Min: vg.Point{X: x, Y: y - h/2 - px}, Max: vg.Point{X: x + thumbW, Y: y + h/2 + px}}}
			e.thumb.Thumbnail(&th)
			dc.FillText(sty, vg.Point{X: x + thumbW + 5*px, Y: y}, e.name)
			x += width(e) + gap
		}
		y -= rowH
	}
	return vg.Length(len(rows)) * rowH
}

func weight(p Panel) float64 {
	if p.Weight <= 0 {
		return 1
	}
	return p.Weight
}

func textStyle(fnt font.Font, c color.Color) draw.TextStyle {
	return draw.TextStyle{Color: c, Font: fnt, Handler: plot.DefaultTextHandler}
}

// newPlot returns a plot in the figure's style: Go fonts, a panel title.
func newPlot(title string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = boldFont(panelSize)
	p.Title.TextStyle.Color = Ink
	p.Title.Padding = 6 * px
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = regular(labelSize)
		a.Label.TextStyle.Color = Ink
		a.Tick.Label.Font = regular(tickSize)
		a.Tick.Label.Color = Ink
		a.Color = Grey
		a.Tick.Color = Grey
		a.Padding = 2 * px
	}
	p.Legend.TextStyle.Font = regular(legendSize)
	p.Legend.TextStyle.Color = Ink
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.Padding = 3 * px
	p.Legend.ThumbnailWidth = 18 * px
	return p
}

// draw draws the panel into c.
func (p Panel) draw(c draw.Canvas) error {
	if p.Heat != nil {
		return p.Heat.draw(c, p.Title)
	}
	pl, err := p.plot(c)
	if err != nil {
		return err
	}
	pl.Draw(c)
	return nil
}

// plot returns the panel's plot (not a heatmap's), its axes fitted to be
// drawn on c.
func (p Panel) plot(c draw.Canvas) (*plot.Plot, error) {
	pl := newPlot(p.Title)
	pl.X.Label.Text, pl.Y.Label.Text = p.XLabel, p.YLabel
	if err := p.addSeries(pl, c); err != nil {
		return nil, err
	}
	return pl, nil
}

// nan reports whether v is no value.
func nan(v float64) bool { return math.IsNaN(v) }
