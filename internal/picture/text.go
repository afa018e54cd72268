package picture

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"chainshot/internal/fonts"
)

// textStyle is a font and its size in pixels: Go Regular, or Go Bold.
type textStyle struct {
	size float64
	bold bool
}

// The text styles the pictures use. Sizes are pixels: a picture in a
// README, shown at 100%, reads like the text around it.
var (
	titleStyle   = textStyle{size: 17, bold: true}
	captionStyle = textStyle{size: 15}
	legendStyle  = textStyle{size: 14}
)

// coordStyle returns the style of the margin coordinates for squares of
// cell pixels.
func coordStyle(cell int) textStyle {
	return textStyle{size: math.Max(11, math.Min(14, float64(cell)*0.42))}
}

// glyph is one rune drawn once: its coverage in quarters (0 to 4) over
// rect, relative to the dot on the baseline, and its advance.
type glyph struct {
	rect image.Rectangle
	k    []uint8
	adv  int
	ok   bool // false when the font has no glyph for the rune
}

// face is a font at one size with the glyphs drawn so far. It is safe
// for concurrent use.
type face struct {
	mu                sync.Mutex
	f                 font.Face
	src               *opentype.Font
	buf               sfnt.Buffer
	ascent, descent   int
	lineH, capH       int
	glyphs            map[rune]*glyph
	kern              map[[2]rune]int
	boxW, boxH, boxDy int // the box drawn for a missing rune
}

var (
	fontsOnce        sync.Once
	regular, bold    *opentype.Font
	facesMu          sync.Mutex
	faces            = map[textStyle]*face{}
	errFontsAreBuilt error
)

// faceFor returns the face of st, parsing the Go fonts on first use.
func faceFor(st textStyle) *face {
	fontsOnce.Do(func() {
		var err error
		if regular, err = opentype.Parse(fonts.Regular()); err != nil {
			errFontsAreBuilt = err
		}
		if bold, err = opentype.Parse(fonts.Bold()); err != nil {
			errFontsAreBuilt = err
		}
	})
	if errFontsAreBuilt != nil {
		panic("picture: the built-in Go fonts do not parse: " + errFontsAreBuilt.Error())
	}
	st.size = math.Round(st.size*2) / 2 // half pixels are enough
	if st.size < 6 {
		st.size = 6
	}
	facesMu.Lock()
	defer facesMu.Unlock()
	if fc, ok := faces[st]; ok {
		return fc
	}
	src := regular
	if st.bold {
		src = bold
	}
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: st.size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("picture: Go font face: " + err.Error())
	}
	m := f.Metrics()
	fc := &face{f: f, src: src, ascent: m.Ascent.Ceil(), descent: m.Descent.Ceil(), lineH: m.Height.Ceil(),
		glyphs: map[rune]*glyph{}, kern: map[[2]rune]int{}}
	fc.capH = m.CapHeight.Round()
	if fc.capH <= 0 {
		fc.capH = fc.ascent * 7 / 10
	}
	fc.boxW, fc.boxH = max(3, int(st.size*0.5)), max(4, fc.capH)
	fc.boxDy = -fc.boxH
	faces[st] = fc
	return fc
}

// glyph returns r's glyph; the caller holds fc.mu.
func (fc *face) glyph(r rune) *glyph {
	if g, ok := fc.glyphs[r]; ok {
		return g
	}
	g := &glyph{}
	dr, mask, mp, adv, ok := fc.f.Glyph(fixed.Point26_6{}, r)
	if idx, err := fc.src.GlyphIndex(&fc.buf, r); err != nil || idx == 0 {
		ok = false // the font's "missing" glyph: draw our own box
	}
	if !ok {
		g.adv = fc.boxW + 2
		fc.glyphs[r] = g
		return g
	}
	g.ok = true
	g.adv = adv.Round()
	g.rect = dr
	g.k = make([]uint8, dr.Dx()*dr.Dy())
	i := 0
	for y := dr.Min.Y; y < dr.Max.Y; y++ {
		for x := dr.Min.X; x < dr.Max.X; x++ {
			_, _, _, a := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA()
			g.k[i] = uint8(quarters(float64(a) / 0xffff))
			i++
		}
	}
	fc.glyphs[r] = g
	return g
}

// kerning returns the kerning between a and b in whole pixels; the caller
// holds fc.mu.
func (fc *face) kerning(a, b rune) int {
	key := [2]rune{a, b}
	if k, ok := fc.kern[key]; ok {
		return k
	}
	k := fc.f.Kern(a, b).Round()
	fc.kern[key] = k
	return k
}

// textWidth returns the width of s in pixels, one line.
func textWidth(s string, st textStyle) int {
	fc := faceFor(st)
	fc.mu.Lock()
	defer fc.mu.Unlock()
	w, prev := 0, rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += fc.kerning(prev, r)
		}
		w += fc.glyph(r).adv
		prev = r
	}
	return w
}

// textHeight returns the height of a line of st's text: ascent plus
// descent.
func textHeight(st textStyle) int {
	fc := faceFor(st)
	return fc.ascent + fc.descent
}

// lineHeight returns the distance between the baselines of two lines.
func lineHeight(st textStyle) int { return faceFor(st).lineH }

// drawText draws s with its top-left corner at (x, y) in colour c; the
// baseline is at y plus the font's ascent. Text past img's edges is
// clipped. A rune the Go fonts lack is drawn as an empty box.
func drawText(img *image.RGBA, x, y int, s string, st textStyle, c color.RGBA) {
	fc := faceFor(st)
	drawBaseline(img, fc, x, y+fc.ascent, s, c)
}

// drawTextCentered draws s centred on (cx, cy): horizontally by its
// width, vertically by the height of a capital letter.
func drawTextCentered(img *image.RGBA, cx, cy int, s string, st textStyle, c color.RGBA) {
	fc := faceFor(st)
	w := textWidth(s, st)
	drawBaseline(img, fc, cx-w/2, cy+(fc.capH+1)/2, s, c)
}

// drawTextMiddle draws s from x, centred vertically on cy by the height
// of a capital letter.
func drawTextMiddle(img *image.RGBA, x, cy int, s string, st textStyle, c color.RGBA) {
	fc := faceFor(st)
	drawBaseline(img, fc, x, cy+(fc.capH+1)/2, s, c)
}

func drawBaseline(img *image.RGBA, fc *face, x, base int, s string, c color.RGBA) {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			x += fc.kerning(prev, r)
		}
		g := fc.glyph(r)
		if g.ok {
			i := 0
			for gy := g.rect.Min.Y; gy < g.rect.Max.Y; gy++ {
				for gx := g.rect.Min.X; gx < g.rect.Max.X; gx++ {
					if k := g.k[i]; k > 0 {
						plot(img, x+gx, base+gy, int(k), c)
					}
					i++
				}
			}
		} else {
			strokeRect(img, image.Rect(x+1, base+fc.boxDy, x+1+fc.boxW, base), 1, c)
		}
		x += g.adv
		prev = r
	}
}

// textBlock is wrapped text: its lines and style.
type textBlock struct {
	lines []string
	st    textStyle
}

// height returns the block's height: its lines, the last without leading.
func (t textBlock) height() int {
	if len(t.lines) == 0 {
		return 0
	}
	return (len(t.lines)-1)*lineHeight(t.st) + textHeight(t.st)
}

// naturalWidth returns the width of the longest line of s, unwrapped.
func naturalWidth(s string, st textStyle) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, textWidth(l, st))
	}
	return w
}

// longestWord returns the width of the widest word of s, which a wrapped
// line cannot be narrower than without cutting the word.
func longestWord(s string, st textStyle) int {
	w := 0
	for _, word := range strings.Fields(s) {
		w = max(w, textWidth(word, st))
	}
	return w
}

// wrap breaks s into lines no wider than width pixels, at spaces; "\n"
// always breaks. A line that fits keeps its spacing. A word is never cut
// unless it is wider than width on its own, which callers avoid by making
// the picture at least as wide as its longest word (see header).
func wrap(s string, width int, st textStyle) textBlock {
	t := textBlock{st: st}
	if s == "" {
		return t
	}
	space := textWidth(" ", st)
	for _, para := range strings.Split(s, "\n") {
		if textWidth(para, st) <= width { // fits: keep its spacing
			t.lines = append(t.lines, para)
			continue
		}
		line, lineW := "", 0
		for _, word := range strings.Fields(para) {
			w := textWidth(word, st)
			switch {
			case line == "":
				line, lineW = word, w
			case lineW+space+w <= width:
				line, lineW = line+" "+word, lineW+space+w
			default:
				t.lines = append(t.lines, line)
				line, lineW = word, w
			}
			for lineW > width && len([]rune(line)) > 1 { // a word wider than the picture
				head := fitPrefix(line, width, st)
				t.lines = append(t.lines, head)
				line = line[len(head):]
				lineW = textWidth(line, st)
			}
		}
		t.lines = append(t.lines, line)
	}
	return t
}

// fitPrefix returns the longest prefix of s, one rune at least, no wider
// than width.
func fitPrefix(s string, width int, st textStyle) string {
	end := 0
	for i, r := range s {
		next := i + len(string(r))
		if end > 0 && textWidth(s[:next], st) > width {
			break
		}
		end = next
	}
	return s[:end]
}

// draw draws the block's lines centred on cx, the first line's top at y.
func (t textBlock) draw(img *image.RGBA, cx, y int, c color.RGBA) {
	for _, l := range t.lines {
		drawText(img, cx-textWidth(l, t.st)/2, y, l, t.st, c)
		y += lineHeight(t.st)
	}
}

// HasRune reports whether the pictures' font draws r (otherwise r shows
// as an empty box).
func HasRune(r rune) bool {
	fc := faceFor(captionStyle)
	fc.mu.Lock()
	defer fc.mu.Unlock()
	return fc.glyph(r).ok
}
