// Package fonts holds the Go fonts (golang.org/x/image/font/gofont) as
// chainshot's pictures and charts set text in them: Go Regular and Go
// Bold, each with its hyphen redrawn.
//
// The Go fonts were drawn for code, where "-" is a minus: their U+002D
// is the same bar as U+2212 MINUS SIGN, half an em wide, and they have no
// hyphen of their own (U+2010). In prose and names ("ladder01-5x5-3c",
// "--algo") that bar reads as a minus sign. Regular and Bold return the
// fonts with U+002D narrowed to half its width about its left end, its
// advance shortened by as much: a hyphen. Every other glyph is the Go
// fonts' own.
package fonts

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// HyphenScale is the hyphen's width as a share of the Go fonts' bar
// (which is a minus sign's width).
const HyphenScale = 0.5

var (
	once          sync.Once
	regular, bold []byte
)

func build() {
	var err error
	if regular, err = withHyphen(goregular.TTF, HyphenScale); err != nil {
		panic("fonts: Go Regular: " + err.Error())
	}
	if bold, err = withHyphen(gobold.TTF, HyphenScale); err != nil {
		panic("fonts: Go Bold: " + err.Error())
	}
}

// Regular returns Go Regular (TrueType) with a hyphen. The caller must
// not change the bytes.
func Regular() []byte {
	once.Do(build)
	return regular
}

// Bold returns Go Bold (TrueType) with a hyphen. The caller must not
// change the bytes.
func Bold() []byte {
	once.Do(build)
	return bold
}

// withHyphen returns a copy of the TrueType font ttf whose glyph for
// U+002D is narrowed to scale of its width, about its left edge, with the
// advance shortened by the width it lost. The glyph must be a simple
// glyph with its own horizontal metrics; the copy's checksums are
// recomputed.
func withHyphen(ttf []byte, scale float64) ([]byte, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	gi, err := f.GlyphIndex(&buf, '-')
	if err != nil || gi == 0 {
		return nil, fmt.Errorf("no glyph for U+002D (%v)", err)
	}
	out := append([]byte(nil), ttf...)
	tabs, err := tables(out)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "loca", "glyf"} {
		if _, ok := tabs[tag]; !ok {
			return nil, fmt.Errorf("no %s table", tag)
		}
	}
	head, glyf := tabs["head"].data(out), tabs["glyf"].data(out)
	start, end, err := glyphSpan(tabs["loca"].data(out), binary.BigEndian.Uint16(head[50:]), int(gi))
	if err != nil {
		return nil, err
	}
	if end > len(glyf) || start >= end {
		return nil, fmt.Errorf("glyph %d: bad location %d..%d", gi, start, end)
	}
	lost, err := narrow(glyf[start:end], scale)
	if err != nil {
		return nil, fmt.Errorf("glyph %d: %v", gi, err)
	}
	hhea, hmtx := tabs["hhea"].data(out), tabs["hmtx"].data(out)
	if int(gi) >= int(binary.BigEndian.Uint16(hhea[34:])) || 4*int(gi)+2 > len(hmtx) {
		return nil, fmt.Errorf("glyph %d shares its advance with other glyphs", gi)
	}
	adv := binary.BigEndian.Uint16(hmtx[4*gi:])
	binary.BigEndian.PutUint16(hmtx[4*gi:], adv-uint16(lost))
	checksums(out, tabs)
	return out, nil
}

// table is where a table lies in a font file and where its directory
// entry is.
type table struct {
	entry, off, len int
}

func (t table) data(b []byte) []byte { return b[t.off : t.off+t.len] }

// tables reads the font's table directory.
func tables(b []byte) (map[string]table, error) {
	if len(b) < 12 {
		return nil, fmt.Errorf("%d bytes: not a font", len(b))
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	out := map[string]table{}
	for i := range n {
		e := 12 + 16*i
		if e+16 > len(b) {
			return nil, fmt.Errorf("table directory cut short")
		}
		off, l := int(binary.BigEndian.Uint32(b[e+8:])), int(binary.BigEndian.Uint32(b[e+12:]))
		if off < 0 || l < 0 || off+l > len(b) {
			return nil, fmt.Errorf("table %q lies outside the file", b[e:e+4])
		}
		out[string(b[e:e+4])] = table{entry: e, off: off, len: l}
	}
	return out, nil
}

// glyphSpan returns where glyph gi lies in the glyf table, from loca in
// its short (0) or long (1) format.
func glyphSpan(loca []byte, format uint16, gi int) (start, end int, err error) {
	switch format {
	case 0:
		if 2*gi+4 > len(loca) {
			break
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*gi:])), 2 * int(binary.BigEndian.Uint16(loca[2*gi+2:])), nil
	case 1:
		if 4*gi+8 > len(loca) {
			break
		}
		return int(binary.BigEndian.Uint32(loca[4*gi:])), int(binary.BigEndian.Uint32(loca[4*gi+4:])), nil
	}
	return 0, 0, fmt.Errorf("glyph %d is not in loca (format %d, %d bytes)", gi, format, len(loca))
}

// Flags of a simple glyph's points (the TrueType glyf table).
const (
	xShort     = 0x02
	yShort     = 0x04
	repeat     = 0x08
	xSameOrPos = 0x10
	ySameOrPos = 0x20
)

// narrow scales the x coordinates of the simple glyph g about its xMin,
// in place, keeping every coordinate's encoding (a scaled delta never
// needs more room, nor changes sign), and returns how much narrower its
// bounding box became, in font units.
func narrow(g []byte, scale float64) (lost int, err error) {
	if len(g) < 10 {
		return 0, fmt.Errorf("%d bytes: not a glyph", len(g))
	}
	contours := int(int16(binary.BigEndian.Uint16(g)))
	if contours <= 0 {
		return 0, fmt.Errorf("not a simple glyph (%d contours)", contours)
	}
	xMin, xMax := int(int16(binary.BigEndian.Uint16(g[2:]))), int(int16(binary.BigEndian.Uint16(g[6:])))
	p := 10 + 2*contours
	if p+2 > len(g) {
		return 0, fmt.Errorf("glyph cut short")
	}
	points := int(binary.BigEndian.Uint16(g[p-2:])) + 1
	p += 2 + int(binary.BigEndian.Uint16(g[p:]))
	flags := make([]byte, 0, points)
	for len(flags) < points {
		if p >= len(g) {
			return 0, fmt.Errorf("flags cut short")
		}
		f := g[p]
		p++
		flags = append(flags, f)
		if f&repeat != 0 {
			if p >= len(g) {
				return 0, fmt.Errorf("flags cut short")
			}
			for range g[p] {
				flags = append(flags, f)
			}
			p++
		}
	}
	if len(flags) > points {
		return 0, fmt.Errorf("flags run past the last point")
	}
	to := func(x int) int { return xMin + int(math.Round(float64(x-xMin)*scale)) }
	x, nx := 0, 0 // the point's x before and after
	for _, f := range flags {
		var d int
		switch {
		case f&xShort != 0:
			if p >= len(g) {
				return 0, fmt.Errorf("x coordinates cut short")
			}
			d = int(g[p])
			if f&xSameOrPos == 0 {
				d = -d
			}
		case f&xSameOrPos != 0:
			d = 0
		default:
			if p+2 > len(g) {
				return 0, fmt.Errorf("x coordinates cut short")
			}
			d = int(int16(binary.BigEndian.Uint16(g[p:])))
		}
		x += d
		nd := to(x) - nx
		nx = to(x)
		switch {
		case f&xShort != 0:
			if nd < 0 {
				nd = -nd
			}
			g[p] = byte(nd)
			p++
		case f&xSameOrPos != 0:
			if nd != 0 {
				return 0, fmt.Errorf("a repeated x moved")
			}
		default:
			binary.BigEndian.PutUint16(g[p:], uint16(int16(nd)))
			p += 2
		}
	}
	binary.BigEndian.PutUint16(g[6:], uint16(int16(to(xMax))))
	return xMax - to(xMax), nil
}

// checksums recomputes the checksums of every table and the head
// table's checkSumAdjustment after a change.
func checksums(b []byte, tabs map[string]table) {
	head := tabs["head"]
	binary.BigEndian.PutUint32(b[head.off+8:], 0)
	for _, t := range tabs {
		binary.BigEndian.PutUint32(b[t.entry+4:], sum(t.data(b)))
	}
	binary.BigEndian.PutUint32(b[head.off+8:], 0xB1B0AFBA-sum(b))
}

// sum is the TrueType checksum: the sum of big-endian uint32s, the last
// padded with zeros.
func sum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}
