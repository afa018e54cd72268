package chart

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestLabelInkStaysInItsBox draws labels as the charts do, each on a
// blank PNG in the box the layout would give it, and checks that every
// pixel inked lies in the box (a pixel of antialiasing allowed): the
// layout keeps boxes clear of lines and of each other
// (TestAnytimeLabelsKeepClear), which keeps the text clear only if the
// text stays in its box.
func TestLabelInkStaysInItsBox(t *testing.T) {
	useGoFonts()
	for _, s := range []string{"84,414 (20/20 cleared)", "NMCS level 3 (time ≈): 77,934", "spurious ai (SBS, beam search): 84,414",
		"DBS (Billings) (2 h to 3 h): 72,816", "ÉÅ|gjpqy_[]{}", "HGSTS (GPU): 84,718"} {
		const W, H = 400, 60
		c := vgimg.NewWith(vgimg.UseWH(W*px, H*px), vgimg.UseDPI(96), vgimg.UseBackgroundColor(color.White))
		w, h := boxSize(s)
		min := vg.Point{X: 20 * px, Y: 20 * px}
		l := placed{label: label{text: s, color: Ink}, box: vg.Rectangle{Min: min, Max: min.Add(vg.Point{X: w, Y: h})}}
		l.draw(draw.New(c))
		var buf bytes.Buffer
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		// The box in pixels, rows counted from the top.
		x0, x1 := float64(l.box.Min.X/px)-1, float64(l.box.Max.X/px)+1
		y0, y1 := H-float64(l.box.Max.Y/px)-1, H-float64(l.box.Min.Y/px)+1
		inked, out := 0, 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if r, _, _, _ := img.At(x, y).RGBA(); r > 0xf000 {
					continue
				}
				inked++
				if float64(x) < x0 || float64(x+1) > x1 || float64(y) < y0 || float64(y+1) > y1 {
					out++
				}
			}
		}
		if inked == 0 || out > 0 {
			t.Errorf("%q: %d of %d pixels inked outside its box (%.0f..%.0f, %.0f..%.0f px)", s, out, inked, x0, x1, y0, y1)
		}
	}
}
