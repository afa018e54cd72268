package picture

import (
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
)

// transparent is the palette's last entry, used by GIF frames for the
// pixels that did not change since the previous frame.
var transparent = color.RGBA{}

// blendSet asks a palette for every ink blended over every paper.
type blendSet struct{ inks, papers []color.RGBA }

// makePalette returns a palette holding the solid colours, the colours of
// the sets, each set's inks blended over its papers in quarters (the
// smoothed edges of discs and lines), and, last, a transparent entry. It
// holds at most 256 colours; blends past that are dropped (the quantizer
// then picks the nearest).
func makePalette(solid []color.RGBA, sets ...blendSet) color.Palette {
	seen := map[color.RGBA]bool{transparent: true}
	pal := make(color.Palette, 0, 256)
	add := func(c color.RGBA) {
		if !seen[c] && len(pal) < 255 {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	for _, c := range solid {
		add(c)
	}
	for _, set := range sets {
		for _, c := range set.inks {
			add(c)
		}
		for _, c := range set.papers {
			add(c)
		}
	}
	for k := 2; k >= 1; k-- { // halves first: they matter most
		for _, set := range sets {
			for _, i := range set.inks {
				for _, p := range set.papers {
					if k == 2 {
						add(blend(i, p, 2))
					} else {
						add(blend(i, p, 1))
						add(blend(i, p, 3))
					}
				}
			}
		}
	}
	return append(pal, transparent)
}

// quantizer maps RGBA pixels to a palette, remembering every colour seen.
type quantizer struct {
	pal   color.Palette
	rgba  []color.RGBA
	cache map[uint32]uint8
}

func newQuantizer(pal color.Palette) *quantizer {
	q := &quantizer{pal: pal, cache: make(map[uint32]uint8, len(pal))}
	for i, c := range pal {
		rc := c.(color.RGBA)
		q.rgba = append(q.rgba, rc)
		if rc.A == 0xff {
			q.cache[key(rc.R, rc.G, rc.B)] = uint8(i)
		}
	}
	return q
}

func key(r, g, b uint8) uint32 { return uint32(r)<<16 | uint32(g)<<8 | uint32(b) }

// index returns the palette index of the opaque colour nearest (r, g, b).
func (q *quantizer) index(r, g, b uint8) uint8 {
	k := key(r, g, b)
	if i, ok := q.cache[k]; ok {
		return i
	}
	best, bestD := 0, int(^uint(0)>>1)
	for i, c := range q.rgba {
		if c.A != 0xff {
			continue
		}
		dr, dg, db := int(c.R)-int(r), int(c.G)-int(g), int(c.B)-int(b)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	q.cache[k] = uint8(best)
	return uint8(best)
}

// convert writes src into dst (same bounds) as palette indices.
func (q *quantizer) convert(dst *image.Paletted, src *image.RGBA) {
	b := src.Rect
	var last uint32 = 1 << 31
	var lastI uint8
	for y := b.Min.Y; y < b.Max.Y; y++ {
		si := src.PixOffset(b.Min.X, y)
		di := dst.PixOffset(b.Min.X, y)
		for x := b.Min.X; x < b.Max.X; x++ {
			k := key(src.Pix[si], src.Pix[si+1], src.Pix[si+2])
			if k != last {
				last, lastI = k, q.index(src.Pix[si], src.Pix[si+1], src.Pix[si+2])
			}
			dst.Pix[di] = lastI
			si += 4
			di++
		}
	}
}

// encodePNG writes img as a paletted PNG.
func encodePNG(w io.Writer, img *image.RGBA, pal color.Palette) error {
	pm := image.NewPaletted(img.Rect, pal[:len(pal)-1]) // no transparent entry
	newQuantizer(pm.Palette).convert(pm, img)
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, pm)
}

// gifWriter builds an animated GIF frame by frame on a shared palette.
// After the first frame, each frame holds only the rectangle that changed,
// with the unchanged pixels in it transparent.
type gifWriter struct {
	q    *quantizer
	prev *image.Paletted // the whole picture as last shown
	cur  *image.Paletted
	g    gif.GIF
}

func newGIFWriter(bounds image.Rectangle, pal color.Palette) *gifWriter {
	return &gifWriter{
		q:    newQuantizer(pal),
		prev: image.NewPaletted(bounds, pal),
		cur:  image.NewPaletted(bounds, pal),
		g: gif.GIF{Config: image.Config{
			ColorModel: pal, Width: bounds.Dx(), Height: bounds.Dy(),
		}},
	}
}

// add appends img (with the writer's bounds) shown for delay hundredths of
// a second.
func (gw *gifWriter) add(img *image.RGBA, delay int) {
	gw.q.convert(gw.cur, img)
	var frame *image.Paletted
	if len(gw.g.Image) == 0 {
		frame = image.NewPaletted(gw.cur.Rect, gw.cur.Palette)
		copy(frame.Pix, gw.cur.Pix)
	} else {
		frame = gw.delta()
	}
	gw.g.Image = append(gw.g.Image, frame)
	gw.g.Delay = append(gw.g.Delay, delay)
	gw.g.Disposal = append(gw.g.Disposal, gif.DisposalNone)
	gw.prev, gw.cur = gw.cur, gw.prev
}

// delta returns the smallest frame that turns prev into cur.
func (gw *gifWriter) delta() *image.Paletted {
	b := gw.cur.Rect
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := gw.cur.PixOffset(b.Min.X, y)
		for x := b.Min.X; x < b.Max.X; x++ {
			if gw.cur.Pix[i] != gw.prev.Pix[i] {
				minX, maxX = min(minX, x), max(maxX, x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
			i++
		}
	}
	tr := uint8(len(gw.cur.Palette) - 1)
	if maxX < minX { // nothing changed: one transparent pixel
		f := image.NewPaletted(image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1), gw.cur.Palette)
		f.Pix[0] = tr
		return f
	}
	f := image.NewPaletted(image.Rect(minX, minY, maxX+1, maxY+1), gw.cur.Palette)
	for y := minY; y <= maxY; y++ {
		si := gw.cur.PixOffset(minX, y)
		di := f.PixOffset(minX, y)
		for x := minX; x <= maxX; x++ {
			if gw.cur.Pix[si] != gw.prev.Pix[si] {
				f.Pix[di] = gw.cur.Pix[si]
			} else {
				f.Pix[di] = tr
			}
			si++
			di++
		}
	}
	return f
}

func (gw *gifWriter) encode(w io.Writer) error {
	return gif.EncodeAll(w, &gw.g)
}
