package chart

import (
	"fmt"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// LabelLayout is where the labels of a figure's panel went (for the tests
// of package chart_test, which build figures with package figures).
type LabelLayout struct {
	// Area is the panel's data area; X and Y take data to its canvas.
	Area vg.Rectangle
	X, Y func(float64) vg.Length
	// Marks are the squares round the glyphs drawn.
	Marks  []vg.Rectangle
	Labels []LaidOutLabel
}

// LaidOutLabel is one label laid out.
type LaidOutLabel struct {
	Text   string
	Box    vg.Rectangle
	Leader bool
	Halo   bool
}

// LayOutLabels lays out f as Write does on a PNG and returns the layout of
// the labels of its panel k.
func LayOutLabels(f Figure, k int) (LabelLayout, error) {
	useGoFonts()
	W, H := vg.Length(orDefault(f.Width, 960))*px, vg.Length(orDefault(f.Height, 600))*px
	subs := f.frame(draw.New(vgimg.NewWith(vgimg.UseWH(W, H), vgimg.UseDPI(96))))
	if k >= len(subs) || f.Panels[k].Heat != nil {
		return LabelLayout{}, fmt.Errorf("figure %q has no panel %d of points", f.Title, k)
	}
	p := f.Panels[k]
	pl, err := p.plot(subs[k])
	if err != nil {
		return LabelLayout{}, err
	}
	c := pl.DataCanvas(subs[k])
	tx, ty := pl.Transforms(&c)
	sc, _ := p.labelScene(c, pl)
	out := LabelLayout{Area: c.Rectangle, X: tx, Y: ty, Marks: sc.marks}
	for _, l := range layoutLabels(c, pl, p) {
		out.Labels = append(out.Labels, LaidOutLabel{Text: l.text, Box: l.box, Leader: l.hasLeader, Halo: l.halo})
	}
	return out, nil
}
