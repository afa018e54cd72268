package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"chainshot/internal/rating"
)

// TestRateRefusesALongList: a rating list longer than rating.PlayersBound
// is refused before any game (its fit's work grows as the cube of the
// players), with one message and exit status 2; one at the bound is not
// refused for its length.
func TestRateRefusesALongList(t *testing.T) {
	players := func(n int) []string {
		specs := make([]string, n)
		for i := range specs {
			specs[i] = fmt.Sprintf("minimax:depth=1,width=%d", i+1)
		}
		return specs
	}
	most := int(rating.PlayersBound.Max)
	var stdout, stderr bytes.Buffer
	args := append([]string{"chainshot", "react", "rate", "--games", "2", "--size", "2x2"}, players(most+1)...)
	if code := run(args, nil, &stdout, &stderr); code != 2 || stdout.Len() > 0 ||
		!strings.HasPrefix(stderr.String(), fmt.Sprintf("chainshot react rate: %d players on the list: want 2 to %d players\n", most+1, most)) {
		t.Fatalf("%d players: exit %d, stdout %q, stderr %q", most+1, code, stdout.String(), stderr.String())
	}
	// at the bound the list is taken: refused for another reason (a SPEC
	// it does not know), not for its length
	stdout.Reset()
	stderr.Reset()
	args = append([]string{"chainshot", "react", "rate", "--games", "2", "--size", "2x2"}, append(players(most-1), "frob")...)
	if code := run(args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `"frob"`) {
		t.Fatalf("%d players, the last unknown: exit %d, stderr %q", most, code, stderr.String())
	}
}
