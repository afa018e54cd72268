package results

import (
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"
	"text/tabwriter"
)

// ClearBonus is the literature's bonus for a cleared board: the standard
// SameGame benchmark scores (n-2)^2 per move plus 1000 when no bead is
// left. ChainShot itself has no bonus.
const ClearBonus = 1000

// LiteratureScore returns r's score as the SameGame literature counts it.
func (r Record) LiteratureScore() int {
	if r.BeadsLeft == 0 {
		return r.Score + ClearBonus
	}
	return r.Score
}

// Totals sums a set of records.
type Totals struct {
	Sets, Cleared, Optimal, Partial int
	BeadsLeft, Score, Literature    int
	CPU                             float64
}

// Sum returns the totals of recs.
func Sum(recs []Record) Totals {
	var t Totals
	for _, r := range recs {
		t.Sets++
		t.BeadsLeft += r.BeadsLeft
		t.Score += r.Score
		t.Literature += r.LiteratureScore()
		t.CPU += r.CPU
		if r.BeadsLeft == 0 {
			t.Cleared++
		}
		if r.Optimal {
			t.Optimal++
		}
		if r.Partial {
			t.Partial++
		}
	}
	return t
}

// WriteTable prints recs as an aligned table with a totals line. When
// the records were made with more than one seed (a seed sweep), each data
// set is named with its seed.
func WriteTable(w io.Writer, recs []Record) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "data set\tsize\tcolours\tbeads left\tscore\tCPU s\talgorithm\t\n")
	seeds := map[uint64]bool{}
	for _, r := range recs {
		seeds[r.Seed] = true
	}
	for _, r := range recs {
		name := r.File
		if len(seeds) > 1 {
			name = fmt.Sprintf("%s seed %d", r.File, r.Seed)
		}
		alg := r.Algorithm
		if r.Optimal {
			alg += " (optimal)"
		}
		if r.Partial {
			alg += " (interrupted)"
		}
		fmt.Fprintf(tw, "%s\t%dx%d\t%d\t%d\t%d\t%.2f\t%s\t\n", name, r.Rows, r.Cols, r.Colors, r.BeadsLeft, r.Score, r.CPU, alg)
	}
	t := Sum(recs)
	fmt.Fprintf(tw, "total (%d)\t\t\t%d\t%d\t%.2f\t\t\n", t.Sets, t.BeadsLeft, t.Score, t.CPU)
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d of %d cleared, %d proved optimal; literature scoring (+%d per cleared board): %d\n",
		t.Cleared, t.Sets, t.Optimal, ClearBonus, t.Literature)
	return err
}

// WriteCSV writes recs as CSV with a header row; moves are "r c;r c;...";
// the last column is the seed.
func WriteCSV(w io.Writer, recs []Record) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"file", "rows", "cols", "colors", "algorithm", "budget_cpu_seconds", "cpu_seconds", "beads_left", "score", "literature_score", "optimal", "partial", "moves", "seed"})
	for _, r := range recs {
		moves := ""
		for i, m := range r.Moves {
			if i > 0 {
				moves += ";"
			}
			moves += fmt.Sprintf("%d %d", m[0], m[1])
		}
		cw.Write([]string{r.File, strconv.Itoa(r.Rows), strconv.Itoa(r.Cols), strconv.Itoa(r.Colors), r.Algorithm,
			strconv.FormatFloat(r.Budget, 'f', -1, 64), strconv.FormatFloat(r.CPU, 'f', 3, 64),
			strconv.Itoa(r.BeadsLeft), strconv.Itoa(r.Score), strconv.Itoa(r.LiteratureScore()),
			strconv.FormatBool(r.Optimal), strconv.FormatBool(r.Partial), moves, strconv.FormatUint(r.Seed, 10)})
	}
	cw.Flush()
	return cw.Error()
}

// Merge joins the records of several result files (a tournament run as
// shards): one record per data set, the better one where a data set
// appears twice (a finished line beats an interrupted one), sorted by data
// set name.
func Merge(sets ...[]Record) []Record {
	best := map[string]Record{}
	for _, recs := range sets {
		for _, r := range recs {
			old, ok := best[r.File]
			switch {
			case !ok:
				best[r.File] = r
			case old.Partial && !r.Partial:
				best[r.File] = r
			case old.Partial == r.Partial && r.Better(old):
				best[r.File] = r
			}
		}
	}
	out := make([]Record, 0, len(best))
	for _, r := range best {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

// StandardSuite reports whether recs look like the standard SameGame
// benchmark: 20 boards of 15x15 in 5 colours.
func StandardSuite(recs []Record) bool {
	if len(recs) != 20 {
		return false
	}
	for _, r := range recs {
		if r.Rows != 15 || r.Cols != 15 || r.Colors != 5 {
			return false
		}
	}
	return true
}
