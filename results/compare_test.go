package results

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		vals []int
		want string
	}{
		{[]int{5}, "5"},
		{[]int{3, 1, 2}, "2"},
		{[]int{4789, 5189}, "4,989"},
		{[]int{4790, 5189}, "4,989.5"},
		{[]int{1, 0}, "0.5"},
		{[]int{9, 1, 100, 2}, "5.5"},
		{[]int{-3, 0}, "-1.5"},
		{[]int{-1, 0}, "-0.5"},
	} {
		if got := Median(tc.vals).String(); got != tc.want {
			t.Errorf("Median(%v) = %s, want %s", tc.vals, got, tc.want)
		}
	}
}

// compareColumns are three results files over five data sets: "ours"
// with two seeds (one board missing a seed, one line interrupted), a
// peer with one seed that has no line of one board, leaves more beads
// than ours on two (on g5 with a higher score: ours is ahead there) and
// fewer on one, and a third with seeds 1 and 2.
func compareColumns() []Column {
	line := func(file string, seed uint64, score, beads int, cpu float64) Record {
		return Record{File: file, Seed: seed, Score: score, BeadsLeft: beads, CPU: cpu}
	}
	return []Column{{
		Label: "ours",
		Recs: []Record{
			line("b/g1.txt", 1, 4000, 0, 30),
			line("b/g1.txt", 2, 4200, 0, 29.5),
			line("b/g2.txt", 1, 3000, 0, 30),
			line("b/g2.txt", 2, 2800, 2, 30),
			line("b/g3.txt", 2, 5000, 0, 30),
			{File: "b/g3.txt", Seed: 1, Score: 9999, Partial: true},
			line("b/g4.txt", 1, 1500, 3, 30),
			line("b/g4.txt", 2, 1600, 1, 30),
			line("b/g5.txt", 1, 2900, 0, 30),
			line("b/g5.txt", 2, 3100, 0, 30),
		},
	}, {
		Label: "peer",
		Recs: []Record{
			line("b/g1.txt", 7, 4300, 0, 30.1),
			line("b/g2.txt", 7, 2500, 12, 30.1),
			line("b/g4.txt", 7, 2600, 0, 30.1),
			line("b/g5.txt", 7, 4500, 1, 30.2),
		},
	}, {
		Label: "beam",
		Recs: []Record{
			line("b/g1.txt", 1, 4100, 0, 21),
			line("b/g1.txt", 2, 4100, 0, 23),
			line("b/g3.txt", 1, 5000, 0, 25),
			line("b/g3.txt", 2, 5000, 0, 26),
		},
	}}
}

// TestCompareGolden prints the same comparison with each option set and
// checks it against hand-checked files: testdata/compare-NAME.golden.
func TestCompareGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  CompareOptions
	}{
		{"text", CompareOptions{}},
		{"cpu", CompareOptions{CPU: true}},
		{"markdown", CompareOptions{Markdown: true}},
		{"markdown-cpu", CompareOptions{Markdown: true, CPU: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sb strings.Builder
			if err := WriteComparison(&sb, Compare(compareColumns()), tc.opt); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "compare-"+tc.name+".golden")
			if *update {
				os.MkdirAll("testdata", 0o755)
				os.WriteFile(golden, []byte(sb.String()), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if sb.String() != string(want) {
				t.Errorf("got\n%s\nwant\n%s", sb.String(), want)
			}
		})
	}
}

// TestCompareFigures checks the figures the golden files show, by hand:
// the medians, the summary of each pair.
func TestCompareFigures(t *testing.T) {
	c := Compare(compareColumns())
	if len(c.Rows) != 5 {
		t.Fatalf("%d rows, want 5", len(c.Rows))
	}
	g2 := c.Rows[1].Entries[0]
	if g2.Literature != Half(4000+2800) || g2.BeadsLeft != 2 {
		t.Errorf("g2 ours: median %s, %s left; want 3,400 and 1", g2.Literature, g2.BeadsLeft)
	}
	if g3 := c.Rows[2].Entries[0]; len(g3.Lines) != 1 || g3.Literature != 2*6000 {
		t.Errorf("g3 ours: the interrupted line was counted: %+v", g3)
	}
	p := c.Summary(1)
	want := PairSummary{Sets: 4, Ahead: 2, Behind: 2,
		Literature: [2]Half{2*5100 + 2*3400 + 3100 + 2*4000, 2*5300 + 2*2500 + 2*3600 + 2*4500},
		BeadsLeft:  [2]Half{0 + 2 + 4 + 0, 0 + 24 + 0 + 2}, MoreBeads: 1, Worst: 3100.0 / 2 / 3600, WorstFile: "b/g4.txt"}
	if p != want {
		t.Errorf("ours against peer:\n got %+v\nwant %+v", p, want)
	}
	p = c.Summary(2)
	want = PairSummary{Sets: 2, Level: 2, Literature: [2]Half{2*5100 + 2*6000, 2*5100 + 2*6000},
		Worst: 1, WorstFile: "b/g1.txt"}
	if p.Sets != want.Sets || p.Ahead != want.Ahead || p.Level != want.Level || p.Literature != want.Literature || p.Worst != 1 || p.WorstFile != want.WorstFile {
		t.Errorf("ours against beam:\n got %+v\nwant %+v", p, want)
	}
}

// TestCompareSummaryProperties holds for random columns: every data set
// both hold is ahead, level or behind exactly once; swapping the two
// swaps ahead and behind and keeps the totals; the totals are the sums
// of the medians; the worst ratio is no more than any data set's.
func TestCompareSummaryProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		var cols [2]Column
		for i := range cols {
			cols[i].Label = []string{"a", "b"}[i]
			for set := range 6 {
				if rng.IntN(5) == 0 {
					continue
				}
				for seed := range uint64(1 + rng.IntN(3)) {
					beads := 0
					if rng.IntN(3) == 0 {
						beads = rng.IntN(4)
					}
					cols[i].Recs = append(cols[i].Recs, Record{File: string(rune('a' + set)), Seed: seed, Score: 1 + rng.IntN(50), BeadsLeft: beads})
				}
			}
		}
		ab := Compare(cols[:])
		ba := Compare([]Column{cols[1], cols[0]})
		p, q := ab.Summary(1), ba.Summary(1)
		if p.Ahead+p.Level+p.Behind != p.Sets {
			t.Fatalf("trial %d: %+v: the data sets do not add up", trial, p)
		}
		if p.Ahead != q.Behind || p.Behind != q.Ahead || p.Level != q.Level || p.Literature != [2]Half{q.Literature[1], q.Literature[0]} || p.Sets != q.Sets {
			t.Fatalf("trial %d: swapped: %+v and %+v", trial, p, q)
		}
		var sum [2]Half
		for _, row := range ab.Rows {
			a, b := row.Entries[0], row.Entries[1]
			if a == nil || b == nil {
				continue
			}
			sum[0] += a.Literature
			sum[1] += b.Literature
			if r, ok := ratio(a, b); ok && r < p.Worst {
				t.Fatalf("trial %d: %s has ratio %.3f under the worst %.3f", trial, row.File, r, p.Worst)
			}
		}
		if sum != p.Literature {
			t.Fatalf("trial %d: totals %v, the medians sum to %v", trial, p.Literature, sum)
		}
	}
}
