package figures

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/internal/chart"
	"chainshot/internal/shareddata"
	"chainshot/results"
)

// TestTournamentFigureMarksStandardBoards builds the chart of records on
// three boards of the standard set, named as a user might name them, and
// one other: the standard boards are found by content, carry the
// published scores beside, and are scored as the literature does.
func TestTournamentFigureMarksStandardBoards(t *testing.T) {
	dir := shareddata.Dir(t, "samegame-standard")
	var recs []results.Record
	var grids [][]string
	for _, k := range []int{3, 1, 20} {
		data, err := os.ReadFile(fmt.Sprintf("%s/sg%02d.txt", dir, k))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, results.Record{File: fmt.Sprintf("mine/b%d.txt", k), Score: 2000 + k, BeadsLeft: k % 2})
		grids = append(grids, strings.Fields(string(data)))
	}
	recs = append(recs, results.Record{File: "ladder08-15x15-5c", Score: 999, BeadsLeft: 4})
	grids = append(grids, []string{"RGB", "BGR"})
	f, err := tournamentFigure("test", recs, grids)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := results.StandardPublished()
	score := f.Panels[0].Series
	for i, want := range []int{2003, 2001, 3020, 999} { // +1000 where cleared
		if got := score[0].Values[i]; got != float64(want) {
			t.Errorf("set %d: score %v, want %d", i+1, got, want)
		}
	}
	if len(score) != 1+len(markedMethods) {
		t.Fatalf("%d series, want this run's and %d published", len(score), len(markedMethods))
	}
	for j, key := range markedMethods {
		m, _ := pub.Method(key)
		for i, k := range []int{3, 1, 20} {
			s, _ := m.Score(k)
			if got := score[1+j].Values[i]; got != float64(s) {
				t.Errorf("%s on %s: %v, want %d", key, recs[i].File, got, s)
			}
		}
		if got := score[1+j].Values[3]; !math.IsNaN(got) {
			t.Errorf("%s on a ladder board: %v, want none", key, got)
		}
	}
	if !strings.Contains(f.Panels[0].Categories[0], "standard board 3") || !strings.Contains(f.Panels[0].XLabel, "+1000") {
		t.Errorf("categories %q, axis %q", f.Panels[0].Categories, f.Panels[0].XLabel)
	}
	path := filepath.Join(t.TempDir(), "t.svg")
	if err := writeTo(path, f); err != nil {
		t.Fatal(err)
	}
	if err := writeTo(filepath.Join(t.TempDir(), "t.gif"), f); err == nil {
		t.Error("a .gif chart was written")
	}
}

// commas writes n with commas, as the README and the charts do: 80,030.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestReadmeCitesWhatTheCurveDraws checks the guide that shows the
// anytime curve on the standard set, docs/chainshot.md, against it, method
// by method of the published results (results/published): the guide
// cites a published total (its figure, 80,030) exactly when the chart
// draws it, at its budget or as a level. (docs/anytime.png once left out
// two higher totals the README cited.)
func TestReadmeCitesWhatTheCurveDraws(t *testing.T) {
	readme, err := os.ReadFile("../../docs/chainshot.md")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Anytime("test", "auto", []chart.BudgetPoint{{Seconds: 5, Total: 1, Cleared: 20, Boards: 20}}, true)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range f.Panels[0].Series[1:] { // the curve's own points first
		labels = append(labels, s.Labels...)
	}
	drawn := strings.Join(labels, "\n")
	pub, err := results.StandardPublished()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pub.Methods {
		total := commas(m.Total)
		cited, onChart := strings.Contains(string(readme), total), strings.Contains(drawn, ": "+total)
		switch {
		case cited && !onChart:
			t.Errorf("docs/chainshot.md cites %s's %s, which the anytime curve does not draw (curveMethods)", m.Name, total)
		case onChart && !cited:
			t.Errorf("the anytime curve draws %s's %s, which docs/chainshot.md does not cite", m.Name, total)
		}
	}
}

func TestAnytimeFigure(t *testing.T) {
	f, err := Anytime("test", "auto", []chart.BudgetPoint{{Seconds: 5, Total: 71172, Cleared: 20, Boards: 20}}, true)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range f.Panels[0].Series {
		names = append(names, s.Labels...)
	}
	all := strings.Join(names, "|")
	for _, s := range []string{"SP-MCTS: 73,998", "DBS (Billings) (2 h to 3 h): 72,816", "NMCS level 3 (time ≈): 77,934", "Selective NRPA level 4: 80,030"} {
		if !strings.Contains(all, s) {
			t.Errorf("no %q among %s", s, all)
		}
	}
	if err := writeTo(filepath.Join(t.TempDir(), "a.png"), f); err != nil {
		t.Fatal(err)
	}
}

// writeTo writes f to the file path, in the format its extension names.
func writeTo(path string, f chart.Figure) error {
	write, err := Writer(path, f)
	if err != nil {
		return err
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	return write(out)
}
