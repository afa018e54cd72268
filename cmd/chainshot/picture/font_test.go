package picture

import (
	"image"
	"testing"
	"unicode/utf8"
)

// TestFontCoversASCII checks that every printable ASCII character, and
// every character the package itself draws, has a glyph of its own.
func TestFontCoversASCII(t *testing.T) {
	for r := rune(' '); r <= '~'; r++ {
		if !HasRune(r) {
			t.Errorf("no glyph for %q", r)
		}
	}
	for _, r := range "0123456789RGBLO→×·–—…°±←↑↓" {
		if !HasRune(r) {
			t.Errorf("no glyph for %q", r)
		}
	}
}

// TestGlyphsDiffer catches a glyph pasted twice: no two printable ASCII
// glyphs may be the same, except the space's emptiness.
func TestGlyphsDiffer(t *testing.T) {
	seen := map[glyph]rune{}
	for r := rune(' '); r <= '~'; r++ {
		g, _ := glyphFor(r)
		if other, ok := seen[g]; ok {
			t.Errorf("%q and %q have the same glyph", other, r)
		}
		seen[g] = r
	}
}

// TestGlyphsFitTheirBox checks that only the descenders use the row below
// the baseline.
func TestGlyphsFitTheirBox(t *testing.T) {
	descend := map[rune]bool{'g': true, 'j': true, 'p': true, 'q': true, 'y': true, ',': true}
	for _, g := range glyphSrc {
		gl, _ := glyphFor(g.r)
		if (gl[glyphH-1] != 0) != descend[g.r] {
			t.Errorf("%q: descender row %05b", g.r, gl[glyphH-1])
		}
	}
}

func TestUnknownRuneDrawsABox(t *testing.T) {
	for _, s := range []string{"☃", "\x00", string(utf8.RuneError), "\xff", "日本"} {
		img := image.NewRGBA(image.Rect(0, 0, 40, 20))
		drawText(img, 1, 1, s, 1, ink) // must not panic
		// The box's top-left corner is inked; its middle is not.
		if img.RGBAAt(1, 1) != ink || img.RGBAAt(3, 4) == ink {
			t.Errorf("%q: want an empty box", s)
		}
	}
	if HasRune('☃') {
		t.Error("HasRune('☃') = true, want false")
	}
}

func TestDrawTextClips(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 10, 10))
	drawText(img, -7, -5, "Wide text past every edge", 3, ink) // must not panic
	drawText(img, 8, 8, "→", 4, ink)
}

func TestWrap(t *testing.T) {
	tests := []struct {
		s     string
		chars int // line width in characters
		want  []string
	}{
		{"", 10, nil},
		{"move 3:  4 7", 20, []string{"move 3:  4 7"}},
		{"move 3: 4 7 +16 total 120", 12, []string{"move 3: 4 7", "+16 total", "120"}},
		{"two\nlines", 20, []string{"two", "lines"}},
		{"abcdefghijkl", 5, []string{"abcde", "fghij", "kl"}},
	}
	for _, tt := range tests {
		got := wrap(tt.s, tt.chars*advance*2-2, 2).lines
		if len(got) != len(tt.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", tt.s, tt.chars, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("wrap(%q, %d) = %q, want %q", tt.s, tt.chars, got, tt.want)
				break
			}
		}
	}
}
