package fonts

import (
	"bytes"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// metrics returns r's advance and the width of its outline's box, in
// units of a 1000-unit em.
func metrics(t *testing.T, f *sfnt.Font, r rune) (adv, width int) {
	t.Helper()
	var buf sfnt.Buffer
	gi, err := f.GlyphIndex(&buf, r)
	if err != nil || gi == 0 {
		t.Fatalf("no glyph for %U: %v", r, err)
	}
	ppem := fixed.I(1000)
	a, err := f.GlyphAdvance(&buf, gi, ppem, font.HintingNone)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := f.GlyphBounds(&buf, gi, ppem, font.HintingNone)
	if err != nil {
		t.Fatal(err)
	}
	return a.Round(), (b.Max.X - b.Min.X).Round()
}

// TestHyphenIsAHyphen checks each font this package offers against the Go
// font it comes from: U+002D is half as wide as before (and as the minus
// sign U+2212, which the Go fonts draw the same), its advance shorter by
// as much, and every other glyph's outline and advance unchanged.
func TestHyphenIsAHyphen(t *testing.T) {
	for _, tc := range []struct {
		name       string
		got, plain []byte
	}{{"Go Regular", Regular(), goregular.TTF}, {"Go Bold", Bold(), gobold.TTF}} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sfnt.Parse(tc.got)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := sfnt.Parse(tc.plain)
			if err != nil {
				t.Fatal(err)
			}
			advMinus, wMinus := metrics(t, got, '−')
			advPlain, wPlain := metrics(t, plain, '-')
			adv, w := metrics(t, got, '-')
			if wPlain != wMinus {
				t.Logf("the Go font's hyphen-minus is %d wide, its minus %d", wPlain, wMinus)
			}
			if want := float64(wPlain) * HyphenScale; float64(w) < want-2 || float64(w) > want+2 {
				t.Errorf("the hyphen is %d wide (of 1000), want about %.0f, half of the Go font's %d", w, want, wPlain)
			}
			if d := advPlain - adv; d < wPlain-w-2 || d > wPlain-w+2 {
				t.Errorf("the hyphen's advance is %d, the Go font's %d: %d shorter for a bar %d narrower", adv, advPlain, d, wPlain-w)
			}
			if am, wm := metrics(t, plain, '−'); am != advMinus || wm != wMinus {
				t.Errorf("the minus sign changed: %d wide, advance %d; was %d, %d", wMinus, advMinus, wm, am)
			}
			// Every other glyph is the Go font's own.
			var b1, b2 sfnt.Buffer
			hyphen, _ := got.GlyphIndex(&b1, '-')
			if got.NumGlyphs() != plain.NumGlyphs() {
				t.Fatalf("%d glyphs, the Go font has %d", got.NumGlyphs(), plain.NumGlyphs())
			}
			ppem := fixed.I(1000)
			for i := range got.NumGlyphs() {
				gi := sfnt.GlyphIndex(i)
				if gi == hyphen {
					continue
				}
				s1, err1 := got.LoadGlyph(&b1, gi, ppem, nil)
				s2, err2 := plain.LoadGlyph(&b2, gi, ppem, nil)
				a1, _ := got.GlyphAdvance(&b1, gi, ppem, font.HintingNone)
				a2, _ := plain.GlyphAdvance(&b2, gi, ppem, font.HintingNone)
				if (err1 == nil) != (err2 == nil) || len(s1) != len(s2) || a1 != a2 {
					t.Fatalf("glyph %d changed: %d segments (%v), advance %v; was %d (%v), %v", gi, len(s1), err1, a1, len(s2), err2, a2)
				}
				for k := range s1 {
					if s1[k] != s2[k] {
						t.Fatalf("glyph %d: segment %d is %v, was %v", gi, k, s1[k], s2[k])
					}
				}
			}
			if bytes.Equal(tc.got, tc.plain) {
				t.Error("the font is the Go font's bytes unchanged")
			}
		})
	}
}

// TestWithHyphenRefusesWhatItCannotEdit checks the errors of a font the
// edit does not fit.
func TestWithHyphenRefusesWhatItCannotEdit(t *testing.T) {
	for _, bad := range [][]byte{nil, []byte("not a font at all, but long enough"), goregular.TTF[:2000]} {
		if _, err := withHyphen(bad, 0.5); err == nil {
			t.Errorf("%d bytes of junk: no error", len(bad))
		}
	}
}
