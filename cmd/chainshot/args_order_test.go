package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"chainshot/internal/iostreams"
)

// TestJoinedShortFlags: every one-letter flag of the command tree that
// takes a value takes it joined too, as getopt reads it ("-b1s" is "-b
// 1s", "-j4" is "-j 4"; issue 26, item 13: -b1s was refused as an unknown
// flag). A table over the tree: each such flag, joined to a value, reads
// as the flag and the value apart, before and after a positional
// argument.
func TestJoinedShortFlags(t *testing.T) {
	app := newApp(&streams{IO: iostreams.New(nil, io.Discard, io.Discard)})
	tried := 0
	for path, cmd := range leaves("", app.Commands) {
		for _, f := range cmd.Flags {
			if _, isBool := f.(*cli.BoolFlag); isBool {
				continue
			}
			for _, n := range f.Names() {
				if len(n) != 1 {
					continue
				}
				tried++
				head := append([]string{"chainshot"}, strings.Fields(path)...)
				for _, tail := range [][2][]string{
					{{"-" + n + "7"}, {"-" + n, "7"}},
					{{"file.txt", "-" + n + "1s"}, {"file.txt", "-" + n, "1s"}},
				} {
					joined := permuteArgs(app, append(slices.Clone(head), tail[0]...))
					apart := permuteArgs(app, append(slices.Clone(head), tail[1]...))
					if !slices.Equal(joined, apart) {
						t.Errorf("chainshot %s: %q reads as %q, want %q", path, tail[0], joined, apart)
					}
				}
			}
		}
	}
	if tried < 10 {
		t.Errorf("found %d one-letter flags that take a value: too few", tried)
	}
	// A word that is a flag's whole name stays that flag; a bool's letter
	// takes no value.
	for _, tc := range []struct{ in, want []string }{
		{[]string{"chainshot", "play", "-h"}, []string{"chainshot", "play", "--help"}},
		{[]string{"chainshot", "solve", "-b", "5s", "x"}, []string{"chainshot", "solve", "-b", "5s", "--", "x"}},
		{[]string{"chainshot", "solve", "--budget=5s", "x"}, []string{"chainshot", "solve", "--budget=5s", "--", "x"}},
	} {
		if got := permuteArgs(app, tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("%q reads as %q, want %q", tc.in, got, tc.want)
		}
	}
}
