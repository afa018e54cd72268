package play

import (
	"strings"
	"testing"
)

// FuzzParseMove: whatever a player types, a move on the board or an
// error, never a panic.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"3 4", "1 1", "0 5", "99999999999999999999 1", "a b", "1", "1 2 3", "-1 -1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := parseMove(strings.Fields(line), 10, 12)
		if err == nil && (int(m.Row) >= 10 || int(m.Col) >= 12) {
			t.Fatalf("parseMove(%q) = %v, off a 10x12 board", line, m)
		}
	})
}
