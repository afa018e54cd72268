package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// TestTypedLinesAreCapped: every command that reads what a player types
// on standard input (play, play --auto asking for a board, react play
// with a human seat) reads it through input.Typed: a line over 4 KiB,
// at a prompt for a board or for a move, ends the run with exit status
// 2 and one message naming stdin's line and the cap, the moves so far
// listed.
func TestTypedLinesAreCapped(t *testing.T) {
	long := strings.Repeat("x", 70000) + "\n"
	for _, c := range []struct {
		argv  []string
		stdin string
		line  int
	}{
		{[]string{"play", "--plain"}, long + "sample1\n", 1},
		{[]string{"play", "--plain", "sample1"}, "1 1\n" + long, 2},
		{[]string{"play", "--plain"}, "sample1\n1 1\n" + long, 3},
		{[]string{"play", "--auto", "--max-nodes", "10"}, long + "sample1\n", 1},
		{[]string{"react", "play", "--size", "3x3", "--vs", "random"}, "1 1\n" + long, 2},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"chainshot"}, c.argv...), strings.NewReader(c.stdin), &stdout, &stderr)
		msg := stderr.String()
		last := msg[strings.LastIndex(strings.TrimSuffix(msg, "\n"), "\n")+1:]
		if code != 2 || !strings.Contains(last, "stdin:"+strconv.Itoa(c.line)+": the line is over 4 KiB") || !strings.HasPrefix(last, "chainshot "+c.argv[0]) {
			t.Errorf("%v: exit status %d, the last line of stderr %q; want 2 and stdin:%d over 4 KiB", c.argv, code, last, c.line)
		}
	}
}
