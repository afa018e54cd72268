package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"chainshot/expendibots"
	"chainshot/internal/render"
	"chainshot/internal/shareddata"
	"chainshot/internal/words"
)

// TestDrawBoardColour checks that colour only adds ANSI codes around the
// labels: stripped of them, the drawing is the plain one.
func TestDrawBoardColour(t *testing.T) {
	p, err := expendibots.ParseJSON([]byte(`{"white": [[3,0,0],[1,7,7]], "black": [[2,1,0],[12,4,4]]}`), "c.json")
	if err != nil {
		t.Fatal(err)
	}
	plain, colour := render.Expendibots(p.Board, false), render.Expendibots(p.Board, true)
	if strings.Contains(plain, "\x1b") {
		t.Errorf("plain drawing has escape codes:\n%s", plain)
	}
	for _, code := range []string{render.ANSIWhite + "w3" + render.ANSIReset, render.ANSIBlack + "b12" + render.ANSIReset, render.ANSIWhite + "w1" + render.ANSIReset} {
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

// TestBoomSharedCasesReplay runs "boom solve" with the default flags on
// every case of ../shared/data/expendibots (skipped without it), then
// "boom verify" on what it printed: every case is solved, proven
// shortest, in the length the data's EXPECTED_LENGTHS.tsv gives (the LIMIT
// case, whose length the data leaves open, in any length), and every
// printed line replays.
func TestBoomSharedCasesReplay(t *testing.T) {
	dir := shareddata.Dir(t, "expendibots")
	tsv, err := os.ReadFile(filepath.Join(dir, "EXPECTED_LENGTHS.tsv"))
	if err != nil {
		t.Skipf("no shared data: %v", err)
	}
	tmp := t.TempDir()
	n := 0
	for i, line := range strings.Split(strings.TrimSpace(string(tsv)), "\n")[1:] {
		fields := strings.Split(line, "\t")
		if len(fields) != 2 {
			t.Fatalf("EXPECTED_LENGTHS.tsv:%d: %q", i+2, line)
		}
		file, want := filepath.Join(dir, fields[0]), fields[1]
		var out, errs bytes.Buffer
		if code := run([]string{"chainshot", "boom", "solve", file}, strings.NewReader(""), &out, &errs); code != 0 {
			t.Errorf("%s: boom solve exit %d: %s", fields[0], code, errs.String())
			continue
		}
		lines := strings.Count(out.String(), "\n")
		if !strings.Contains(errs.String(), fmt.Sprintf(": %s, shortest (astar, ", words.Plural(lines, "action"))) {
			t.Errorf("%s: %d lines printed, stderr %q", fields[0], lines, errs.String())
		}
		if want != "LIMIT" && strconv.Itoa(lines) != want {
			t.Errorf("%s: %d actions, want %s", fields[0], lines, want)
		}
		acts := filepath.Join(tmp, fmt.Sprintf("%d.txt", i))
		if err := os.WriteFile(acts, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		errs.Reset()
		if code := run([]string{"chainshot", "boom", "verify", file, acts}, strings.NewReader(""), &out, &errs); code != 0 ||
			out.String() != fmt.Sprintf("ok: %s every black token\n", words.Plural(lines, "action")+map[bool]string{true: " removes", false: " remove"}[lines == 1]) {
			t.Errorf("%s: boom verify exit %d: %q %q", fields[0], code, out.String(), errs.String())
		}
		n++
	}
	if n < 40 {
		t.Errorf("only %d cases replayed", n)
	}
}
