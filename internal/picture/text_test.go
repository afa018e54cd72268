package picture

import (
	"image"
	"strings"
	"testing"
)

// TestFontCoversWhatPicturesDraw checks that the Go font draws printable
// ASCII and the symbols the pictures' callers use.
func TestFontCoversWhatPicturesDraw(t *testing.T) {
	for r := rune(' '); r <= '~'; r++ {
		if !HasRune(r) {
			t.Errorf("no glyph for %q", r)
		}
	}
	for _, r := range "→×·–—…°±←↑↓%" {
		if !HasRune(r) {
			t.Errorf("no glyph for %q", r)
		}
	}
}

func TestUnknownRuneDrawsABox(t *testing.T) {
	if HasRune('☃') {
		t.Skip("the font has a snowman")
	}
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	drawText(img, 1, 1, "☃", captionStyle, ink) // must not panic
	inked := 0
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0 {
			inked++
		}
	}
	if inked == 0 {
		t.Error("a missing rune drew nothing, want a box")
	}
	for _, s := range []string{"\x00", "\xff", "日本"} {
		drawText(img, 1, 1, s, captionStyle, ink) // must not panic
	}
}

func TestDrawTextClips(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 10, 10))
	drawText(img, -7, -5, "Wide text past every edge", textStyle{size: 40}, ink) // must not panic
	drawTextCentered(img, 8, 8, "→", textStyle{size: 60, bold: true}, ink)
}

func TestWrap(t *testing.T) {
	st := captionStyle
	w := func(s string) int { return textWidth(s, st) }
	tests := []struct {
		s     string
		width int
		want  []string
	}{
		{"", 100, nil},
		{"move 3:  4 7", w("move 3:  4 7"), []string{"move 3:  4 7"}}, // fits: spacing kept
		{"move 3: 4 7 +16 total 120", w("move 3: 4 7 +16") + 1, []string{"move 3: 4 7 +16", "total 120"}},
		{"two\nlines", 500, []string{"two", "lines"}},
		{"a b c", w("a") + 1, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		got := wrap(tt.s, tt.width, st).lines
		for _, l := range got {
			if w(l) > tt.width {
				t.Errorf("wrap(%q, %d): line %q is %d pixels wide", tt.s, tt.width, l, w(l))
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("wrap(%q, %d) = %q, want %q", tt.s, tt.width, got, tt.want)
		}
	}
}

// TestTitlesKeepWholeWords lays out pictures of small boards under long
// titles and captions: the picture widens for the longest word, so every
// wrapped line is made of whole words.
func TestTitlesKeepWholeWords(t *testing.T) {
	for _, title := range []string{
		"a very long title about a very small board that must wrap at spaces",
		"/home/someone/with/a/long/path/to/data-sets/hard-board-number-17.txt",
		"Expendibots: test-level-4",
	} {
		for _, boardW := range []int{40, 120, 300} {
			width, _ := header(title, []string{"move 12/40: 3 4  +16  total 1234"}, boardW, minWidth)
			words := map[string]bool{}
			for _, wd := range strings.Fields(title) {
				words[wd] = true
			}
			for _, l := range wrap(title, width-2*textPad, titleStyle).lines {
				for _, wd := range strings.Fields(l) {
					if !words[wd] {
						t.Errorf("title %q in %d pixels: line %q cuts a word", title, width, l)
					}
				}
			}
		}
	}
}

// inkWidth draws s as the pictures draw a caption and returns the width
// in pixels of what it inked.
func inkWidth(s string, st textStyle) int {
	img := image.NewRGBA(image.Rect(0, 0, 600, 100))
	drawText(img, 10, 10, s, st, ink)
	lo, hi := 1<<30, -1
	for y := 0; y < 100; y++ {
		for x := 0; x < 600; x++ {
			if img.Pix[img.PixOffset(x, y)+3] > 0x80 {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	return hi - lo + 1
}

// TestHyphenIsNotAMinus measures the hyphen the pictures draw, in both
// weights: at 40 pixels at most 60% of a minus sign's width (the Go fonts
// draw "-" as a minus sign; see package fonts), and at the sizes of
// titles and captions, where pixels round, at least 2 pixels narrower;
// so that a title such as "ladder10-25x25-5c" does not read
// "ladder10−25x25−5c".
func TestHyphenIsNotAMinus(t *testing.T) {
	for _, st := range []textStyle{{size: 40}, {size: 40, bold: true}} {
		hyphen, minus := inkWidth("-", st), inkWidth("−", st)
		if hyphen*10 > minus*6 || hyphen*10 < minus*3 {
			t.Errorf("%v: a hyphen is %d px wide, a minus sign %d: want 30%% to 60%% of a minus", st, hyphen, minus)
		}
	}
	for _, st := range []textStyle{titleStyle, captionStyle, legendStyle} {
		if hyphen, minus := inkWidth("-", st), inkWidth("−", st); hyphen > minus-2 {
			t.Errorf("%v: a hyphen is %d px wide, a minus sign %d", st, hyphen, minus)
		}
	}
}
