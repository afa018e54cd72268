package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"chainshot/internal/bounds"
)

// TestFlagsThatGoWithAnother: every flag declared with needs, on every
// command (the tree is walked, so a new one is covered), given alone with
// a value its bound takes, is refused before any work: exit status 2, one
// line naming it and the flag it goes with, nothing on stdout. Every
// --resume continues a file some other flag names, so each must be
// declared so.
func TestFlagsThatGoWithAnother(t *testing.T) {
	n := 0
	for path, cmd := range leaves("", commands()) {
		for _, f := range cmd.Flags {
			name := f.Names()[0]
			v, ok := flagNeeds.Load(f)
			if !ok {
				if name == "resume" {
					t.Errorf("chainshot %s --resume goes with no flag: declare the file it continues with needs", path)
				}
				continue
			}
			other := v.(string)
			arg := "--" + name
			switch f := f.(type) {
			case *cli.BoolFlag:
			case *cli.StringFlag, *outputFlag:
				arg += "=1/2" // a shard; any text for the others (an output is claimed after)
			default:
				b, ok := flagBounds.Load(f)
				ib, isInt := b.(bounds.Int)
				if !ok || !isInt {
					t.Errorf("chainshot %s --%s: a value to try is not known", path, name)
					continue
				}
				arg += "=" + strconv.FormatInt(ib.Max, 10)
			}
			n++
			var stdout, stderr bytes.Buffer
			code := run(append(strings.Fields("chainshot "+path), arg), strings.NewReader(""), &stdout, &stderr)
			want := "chainshot " + path + ": --" + name + " goes with --" + other + ": give --" + other
			if msg := stderr.String(); code != 2 || stdout.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, want) {
				t.Errorf("chainshot %s %s: exit %d, stdout %q, stderr %q; want 2 and %q", path, arg, code, stdout.String(), msg, want)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d flags tried: the walk missed them", n)
	}
}
