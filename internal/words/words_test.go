package words

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClip checks the one shortening of long values: short values kept,
// long ones cut to n bytes at most, never inside a character.
func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"", 10, ""},
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"eleven long", 10, "eleven ..."},
		{strings.Repeat("x", 100), 24, strings.Repeat("x", 21) + "..."},
		{"ab\u00e9\u00e9\u00e9\u00e9", 6, "ab..."},         // é is two bytes: the cut at 3 falls inside the first
		{"abc\u00e9\u00e9\u00e9", 7, "abc..."},             // the cut at 4 falls inside é: back to 3
		{"\u65e5\u672c\u8a9e\u65e5\u672c", 8, "\u65e5..."}, // three-byte characters, the cut at 5 backs to 3
		{"toolong", 2, "..."},
	} {
		got := Clip(c.s, c.n)
		if got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
		if len(c.s) > c.n && len(got) > max(c.n, 3) {
			t.Errorf("Clip(%q, %d) = %q: %d bytes, more than %d", c.s, c.n, got, len(got), c.n)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Clip(%q, %d) = %q: not valid UTF-8", c.s, c.n, got)
		}
	}
}
