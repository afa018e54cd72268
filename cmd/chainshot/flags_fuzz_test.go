package main

import (
	"strings"
	"testing"
)

// The parsers of list and JSON flags: whatever the text, an error or a
// value that holds what the flag promises, never a panic.

func FuzzParseSeeds(f *testing.F) {
	for _, s := range []string{"1-3", "1,4,7", "1-3,10", "3-1", "0-999", "18446744073709551615", "1-", ",", "1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seeds, err := parseSeeds(s)
		if err != nil {
			return
		}
		seen := map[uint64]bool{}
		for _, sd := range seeds {
			if seen[sd] {
				t.Fatalf("parseSeeds(%q) gave seed %d twice", s, sd)
			}
			seen[sd] = true
		}
		if len(seeds) == 0 || int64(len(seeds)) > seedsCount.Max {
			t.Fatalf("parseSeeds(%q) gave %d seeds", s, len(seeds))
		}
	})
}

func FuzzParseBudgets(f *testing.F) {
	for _, s := range []string{"1s,5s", "500ms", "1s,1000ms", "0s", "-1s", "x", "1h,2562047h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bs, err := parseBudgets(s)
		if err != nil {
			return
		}
		if int64(len(bs)) > budgetsCount.Max {
			t.Fatalf("parseBudgets(%q) gave %d budgets", s, len(bs))
		}
		for i, b := range bs {
			if budgetItem.Check(b) != nil || i > 0 && bs[i-1] >= b {
				t.Fatalf("parseBudgets(%q) = %v: not increasing durations above 0", s, bs)
			}
		}
	})
}

func FuzzParseParams(f *testing.F) {
	for _, s := range []string{`{"TabuTrials":0}`, `{"Level":-1}`, `{"Level":1000}`, `{"Penalties":[1,2,3]}`, `{"Level":3,"Level":2}`, `[]`, `{"Alpha":1e999}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prm, canon, err := parseParams(s)
		if err != nil {
			for _, goWord := range []string{"Go struct", "int64", "float64", "unmarshal"} {
				if strings.Contains(err.Error(), goWord) {
					t.Fatalf("parseParams(%q): %v speaks Go", s, err)
				}
			}
			return
		}
		if err := prm.Check(); err != nil {
			t.Fatalf("parseParams(%q) took values out of bounds: %v", s, err)
		}
		_, again, err := parseParams(canon)
		if err != nil || again != canon {
			t.Fatalf("parseParams(%q): its canonical form %s reads back as %s, %v", s, canon, again, err)
		}
	})
}

func FuzzParseRxC(f *testing.F) {
	for _, s := range []string{"15x15", "9X6", " 3x3 ", "0x5", "33x1", "x", "1x", "99999999999999999999x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, c, ok := parseRxC(s, 2, 16, 16)
		if ok && (r < 2 || c < 2 || r > 16 || c > 16) {
			t.Fatalf("parseRxC(%q) = %dx%d outside 2..16", s, r, c)
		}
	})
}
