package picture

import (
	"image"
	"image/color"
	"math"
)

// rgb returns the opaque colour 0xRRGGBB.
func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// blend returns a over b with coverage k/4 (k from 0 to 4).
func blend(a, b color.RGBA, k int) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*k + int(y)*(4-k) + 2) / 4) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// fillRect fills r, clipped to img, with c.
func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return
	}
	// Fill the first row by doubling, then copy it to the others.
	n := r.Dx() * 4
	i0 := img.PixOffset(r.Min.X, r.Min.Y)
	first := img.Pix[i0 : i0+n]
	first[0], first[1], first[2], first[3] = c.R, c.G, c.B, c.A
	for k := 4; k < n; k *= 2 {
		copy(first[k:], first[:k])
	}
	for y, i := r.Min.Y+1, i0+img.Stride; y < r.Max.Y; y, i = y+1, i+img.Stride {
		copy(img.Pix[i:i+n], first)
	}
}

// strokeRect draws the border of r, width pixels thick, inside r.
func strokeRect(img *image.RGBA, r image.Rectangle, width int, c color.RGBA) {
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+width), c)
	fillRect(img, image.Rect(r.Min.X, r.Max.Y-width, r.Max.X, r.Max.Y), c)
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+width, r.Max.Y), c)
	fillRect(img, image.Rect(r.Max.X-width, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// plot blends c over the pixel at (x, y) with coverage k/4.
func plot(img *image.RGBA, x, y, k int, c color.RGBA) {
	if k <= 0 || !(image.Point{x, y}.In(img.Rect)) {
		return
	}
	i := img.PixOffset(x, y)
	if k >= 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 0xff
		return
	}
	under := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 0xff}
	m := blend(c, under, k)
	img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = m.R, m.G, m.B, 0xff
}

// quarters turns a coverage in [0, 1] into quarters, so that edges blend
// to a few known colours that the shared GIF palette holds.
func quarters(cov float64) int {
	if cov <= 0 {
		return 0
	}
	if cov >= 1 {
		return 4
	}
	return int(cov*4 + 0.5)
}

// disc fills the circle of radius r centred on (cx, cy), with smoothed edges.
func disc(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	x0, x1 := int(math.Floor(cx-r-1)), int(math.Ceil(cx+r+1))
	y0, y1 := int(math.Floor(cy-r-1)), int(math.Ceil(cy+r+1))
	for y := y0; y <= y1; y++ {
		dy := float64(y) + 0.5 - cy
		for x := x0; x <= x1; x++ {
			dx := float64(x) + 0.5 - cx
			d := math.Sqrt(dx*dx + dy*dy)
			plot(img, x, y, quarters(r+0.5-d), c)
		}
	}
}

// stamp is a shape's coverage, in quarters, computed once and drawn many
// times at whole-pixel offsets.
type stamp struct {
	rect image.Rectangle // relative to the offset it is drawn at
	k    []uint8
}

// discStamp returns the stamp of disc(img, cx, cy, r, _) drawn at offset
// (0, 0).
func discStamp(cx, cy, r float64) stamp {
	x0, x1 := int(math.Floor(cx-r-1)), int(math.Ceil(cx+r+1))
	y0, y1 := int(math.Floor(cy-r-1)), int(math.Ceil(cy+r+1))
	s := stamp{rect: image.Rect(x0, y0, x1+1, y1+1)}
	for y := y0; y <= y1; y++ {
		dy := float64(y) + 0.5 - cy
		for x := x0; x <= x1; x++ {
			dx := float64(x) + 0.5 - cx
			s.k = append(s.k, uint8(quarters(r+0.5-math.Sqrt(dx*dx+dy*dy))))
		}
	}
	return s
}

// draw draws the stamp in colour c, moved by (ox, oy).
func (s *stamp) draw(img *image.RGBA, ox, oy int, c color.RGBA) {
	i := 0
	for y := s.rect.Min.Y; y < s.rect.Max.Y; y++ {
		for x := s.rect.Min.X; x < s.rect.Max.X; x++ {
			plot(img, x+ox, y+oy, int(s.k[i]), c)
			i++
		}
	}
}

// ring draws a circle of radius r centred on (cx, cy), width pixels wide
// (the ring's outer edge is at r).
func ring(img *image.RGBA, cx, cy, r, width float64, c color.RGBA) {
	x0, x1 := int(math.Floor(cx-r-1)), int(math.Ceil(cx+r+1))
	y0, y1 := int(math.Floor(cy-r-1)), int(math.Ceil(cy+r+1))
	for y := y0; y <= y1; y++ {
		dy := float64(y) + 0.5 - cy
		for x := x0; x <= x1; x++ {
			dx := float64(x) + 0.5 - cx
			d := math.Sqrt(dx*dx + dy*dy)
			cov := math.Min(r+0.5-d, d-(r-width)+0.5)
			plot(img, x, y, quarters(cov), c)
		}
	}
}

// line draws a segment from (x0, y0) to (x1, y1), width pixels wide, with
// round ends.
func line(img *image.RGBA, x0, y0, x1, y1, width float64, c color.RGBA) {
	h := width / 2
	minX, maxX := int(math.Floor(math.Min(x0, x1)-h-1)), int(math.Ceil(math.Max(x0, x1)+h+1))
	minY, maxY := int(math.Floor(math.Min(y0, y1)-h-1)), int(math.Ceil(math.Max(y0, y1)+h+1))
	vx, vy := x1-x0, y1-y0
	l2 := vx*vx + vy*vy
	for y := minY; y <= maxY; y++ {
		py := float64(y) + 0.5
		for x := minX; x <= maxX; x++ {
			px := float64(x) + 0.5
			t := 0.0
			if l2 > 0 {
				t = math.Max(0, math.Min(1, ((px-x0)*vx+(py-y0)*vy)/l2))
			}
			dx, dy := px-(x0+t*vx), py-(y0+t*vy)
			plot(img, x, y, quarters(h+0.5-math.Sqrt(dx*dx+dy*dy)), c)
		}
	}
}

// polygon fills the polygon pts (even-odd rule), sampling each pixel at
// four points so its edges are smoothed.
func polygon(img *image.RGBA, pts []point, c color.RGBA) {
	if len(pts) < 3 {
		return
	}
	minX, minY, maxX, maxY := pts[0].x, pts[0].y, pts[0].x, pts[0].y
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p.x), math.Max(maxX, p.x)
		minY, maxY = math.Min(minY, p.y), math.Max(maxY, p.y)
	}
	for y := int(math.Floor(minY)); y <= int(math.Ceil(maxY)); y++ {
		for x := int(math.Floor(minX)); x <= int(math.Ceil(maxX)); x++ {
			k := 0
			for _, s := range [4]point{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
				if inside(pts, float64(x)+s.x, float64(y)+s.y) {
					k++
				}
			}
			plot(img, x, y, k, c)
		}
	}
}

type point struct{ x, y float64 }

// inside reports whether (x, y) is inside the polygon pts (even-odd rule).
func inside(pts []point, x, y float64) bool {
	in := false
	j := len(pts) - 1
	for i := range pts {
		a, b := pts[i], pts[j]
		if (a.y > y) != (b.y > y) && x < (b.x-a.x)*(y-a.y)/(b.y-a.y)+a.x {
			in = !in
		}
		j = i
	}
	return in
}

// star returns the points of a star with n spikes centred on (cx, cy),
// spikes reaching rOut and notches rIn from the centre.
func star(cx, cy, rOut, rIn float64, n int) []point {
	pts := make([]point, 0, 2*n)
	for i := 0; i < 2*n; i++ {
		r := rOut
		if i%2 == 1 {
			r = rIn
		}
		a := math.Pi*float64(i)/float64(n) - math.Pi/2
		pts = append(pts, point{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return pts
}

// arrowHead fills a triangle pointing from (x0, y0) to its tip (x1, y1),
// size pixels long.
func arrowHead(img *image.RGBA, x0, y0, x1, y1, size float64, c color.RGBA) {
	vx, vy := x1-x0, y1-y0
	l := math.Hypot(vx, vy)
	if l == 0 {
		return
	}
	vx, vy = vx/l, vy/l
	bx, by := x1-vx*size, y1-vy*size
	w := size * 0.6
	polygon(img, []point{{x1, y1}, {bx - vy*w, by + vx*w}, {bx + vy*w, by - vx*w}}, c)
}
