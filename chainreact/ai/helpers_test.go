package ai

import (
	"strings"
	"testing"

	"chainshot/chainreact"
)

// mustParse reads a position file's text, failing the test on an error.
func mustParse(t *testing.T, s string) chainreact.Position {
	t.Helper()
	p, err := chainreact.ParsePosition("test", strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// debug returns b as a position file, for a failing test's message.
func debug(b *chainreact.Board) string {
	p := chainreact.Position{Board: *b, Names: chainreact.DefaultNames[:b.Players()]}
	return p.String()
}
