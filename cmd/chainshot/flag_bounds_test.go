package main

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/internal/bounds"
)

// TestEveryNumberFlagIsBounded: every number flag of every command (the
// command tree is walked, so a new one is covered) is made by a bounded
// constructor, and every value outside its bound, below, above or past
// its type, is refused before any work: exit status 2, one line naming
// the flag and the bound, nothing on stdout. (Unbounded counts crashed
// the runtime: react match --games 99999999999.)
func TestEveryNumberFlagIsBounded(t *testing.T) {
	n := 0
	for path, cmd := range leaves("", commands()) {
		for _, f := range cmd.Flags {
			switch f := f.(type) {
			case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag, *cli.Float64Flag, *cli.DurationFlag:
			case *cli.StringFlag:
				if !strings.Contains(f.Usage, "`LIST`") {
					continue
				}
			default:
				continue
			}
			name := f.Names()[0]
			b, ok := flagBounds.Load(f)
			if !ok {
				t.Errorf("chainshot %s --%s is a number flag with no bound (make it with bounded, boundedDuration, boundedFloat or anySeed)", path, name)
				continue
			}
			for _, v := range outside(b) {
				n++
				if lb, ok := b.(listBound); ok && lb.parse(v) == nil {
					t.Errorf("chainshot %s --%s=%.40s: the list's parser takes it", path, name, v)
					continue // the run would take it too, and run
				}
				argv := append(strings.Fields("chainshot "+path), "--"+name+"="+v)
				var stdout, stderr bytes.Buffer
				code := run(argv, strings.NewReader(""), &stdout, &stderr)
				msg := stderr.String()
				if code != 2 || stdout.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "--"+name) || !strings.Contains(msg, "want") {
					t.Errorf("chainshot %s --%s=%s: exit %d, stdout %q, stderr %q; want 2 and one line naming the flag and its bound", path, name, v, code, stdout.String(), msg)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d values tried: the walk missed the flags", n)
	}
}

// outside returns values just outside bound b, and one past its type.
func outside(b any) []string {
	huge := "99999999999999999999999"
	switch b := b.(type) {
	case bounds.Int:
		vs := []string{strconv.FormatInt(b.Max+1, 10), huge, "-" + huge}
		if lo := b.Min - 1; b.Min > math.MinInt64 && !(lo == 0 && b.Zero != "") {
			vs = append(vs, strconv.FormatInt(lo, 10))
		}
		if b.Min > 0 && b.Zero == "" {
			vs = append(vs, "0")
		}
		if b.Min >= 0 {
			vs = append(vs, "-1")
		}
		return vs
	case bounds.Duration:
		vs := []string{(b.Max + time.Second).String(), "9999999h"}
		if b.Min >= 0 {
			vs = append(vs, "-1s")
		}
		if b.Min > 0 && b.Zero == "" {
			vs = append(vs, "0s")
		}
		return vs
	case bounds.Float:
		return []string{fmt.Sprint(b.Max + 1), fmt.Sprint(b.Min - 1), "NaN", "1e999"}
	case listBound:
		return b.outside
	case seedBound:
		return []string{"-1", huge}
	}
	panic(fmt.Sprintf("a bound of type %T", b))
}
