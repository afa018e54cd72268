package main

import (
	"regexp"
	"strings"
	"testing"

	"chainshot/expendibots"
)

// TestDrawBoardColour checks that colour only adds ANSI codes around the
// labels: stripped of them, the drawing is the plain one.
func TestDrawBoardColour(t *testing.T) {
	p, err := expendibots.ParseJSON([]byte(`{"white": [[3,0,0],[1,7,7]], "black": [[2,1,0],[12,4,4]]}`), "c.json")
	if err != nil {
		t.Fatal(err)
	}
	plain, colour := drawBoard(p.Board, false), drawBoard(p.Board, true)
	if strings.Contains(plain, "\x1b") {
		t.Errorf("plain drawing has escape codes:\n%s", plain)
	}
	for _, code := range []string{ansiWhite + "w3" + ansiReset, ansiBlack + "b12" + ansiReset, ansiWhite + "w1" + ansiReset} {
		if !strings.Contains(colour, code) {
			t.Errorf("colour drawing lacks %q", code)
		}
	}
	stripped := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(colour, "")
	if stripped != plain {
		t.Errorf("colour drawing without codes:\n%s\nplain:\n%s", stripped, plain)
	}
	lines := strings.Split(plain, "\n")
	if lines[1] != "7 | .   .   .   .   .   .   .   w1" || lines[4] != "4 | .   .   .   .   b12 .   .   ." || lines[8] != "0 | w3  b2  .   .   .   .   .   ." {
		t.Errorf("drawing:\n%s", plain)
	}
}
