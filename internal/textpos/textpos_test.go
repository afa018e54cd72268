package textpos

import "testing"

func TestColCountsCharacters(t *testing.T) {
	for _, tc := range []struct {
		line string
		off  int
		want int
	}{
		{"", 0, 1},
		{"abc", 0, 1},
		{"abc", 2, 3},
		{"abc", 3, 4},
		{"abc", 99, 4}, // clamped
		{"abc", -1, 1}, // clamped
		{"éa", 2, 2},   // é is two bytes, one character
		{"日本x", 6, 3},
		{"\xffx", 1, 2}, // a byte that is not UTF-8 counts as one
		{"\xc3x", 1, 2}, // a cut sequence too
	} {
		if got := ColString(tc.line, tc.off); got != tc.want {
			t.Errorf("ColString(%q, %d) = %d, want %d", tc.line, tc.off, got, tc.want)
		}
		if got := Col([]byte(tc.line), tc.off); got != tc.want {
			t.Errorf("Col(%q, %d) = %d, want %d", tc.line, tc.off, got, tc.want)
		}
	}
}

func TestLineCol(t *testing.T) {
	text := []byte("ab\n\néé x\n")
	for _, tc := range []struct {
		off, line, col int
	}{
		{0, 1, 1},
		{2, 1, 3},
		{3, 2, 1},
		{4, 3, 1},
		{8, 3, 3}, // the space after two é of two bytes each
		{9, 3, 4},
		{10, 3, 5},
		{11, 4, 1},
		{99, 4, 1},
	} {
		l, c := LineCol(text, tc.off)
		if l != tc.line || c != tc.col {
			t.Errorf("LineCol(%q, %d) = %d:%d, want %d:%d", text, tc.off, l, c, tc.line, tc.col)
		}
	}
}
