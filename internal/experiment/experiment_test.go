package experiment

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"chainshot/internal/chart"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
)

var figuresDir = flag.String("figures", "", "write the seed 002 test figures into this folder, to look at them")

// testExperiment is a made-up run of the experiment whose every rate
// differs, so that a transposed or shuffled chart cannot pass for it.
func testExperiment() experiment {
	e := experiment{games: 40, seed: 7, size: "9x6", depth2: 2}
	for k, row := range seed002Table1 {
		wins := 40 - 3*k
		lo, hi := wilsonFor(wins, 40)
		e.t1 = append(e.t1, table1Row{Agent: agentName(row.eval), Spec: fmt.Sprintf("alphabeta:depth=%d,eval=%s", row.depth, row.eval), Depth: row.depth,
			Games: 40, Wins: wins, WinRate: float64(wins) / 40, CILow: lo, CIHigh: hi, SeedGuess: float64(row.guess) / 100})
	}
	for k, pr := range seed002Table2 {
		winsA := 3 + 4*k // 3, 7, ..., 39: every pairing different, none at 50%
		r := table2Row{Games: 40, WinsA: winsA, WinsB: 40 - winsA, a: pr.a, b: pr.b, rateA: float64(winsA) / 40, SeedRate: float64(pr.rate) / 100}
		r.seedRateA = r.SeedRate
		if pr.winner != pr.a {
			r.seedRateA = 1 - r.SeedRate
		}
		e.t2 = append(e.t2, r)
	}
	return e
}

func wilsonFor(wins, n int) (float64, float64) {
	p := float64(wins) / float64(n)
	return math.Max(0, p-0.1), math.Min(1, p+0.1)
}

// svgText is a <text> element of an SVG written by the chart package.
type svgText struct {
	x, y  float64 // y grows downwards on the page
	style string
	text  string
}

var textRE = regexp.MustCompile(`<text x="([^"]+)" y="([^"]+)" transform="scale\(1, -1\)"\s*style="([^"]*)">([^<]*)</text>`)

func svgTexts(t *testing.T, svg []byte) []svgText {
	t.Helper()
	var out []svgText
	for _, m := range textRE.FindAllSubmatch(svg, -1) {
		x, err1 := strconv.ParseFloat(string(m[1]), 64)
		y, err2 := strconv.ParseFloat(string(m[2]), 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad text position %q %q", m[1], m[2])
		}
		out = append(out, svgText{x: x, y: y, style: string(m[3]), text: html.UnescapeString(string(m[4]))})
	}
	if len(out) == 0 {
		t.Fatal("no text in the SVG")
	}
	return out
}

func renderFigure(t *testing.T, f chart.Figure, name string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Write(&buf, "svg"); err != nil {
		t.Fatal(err)
	}
	if *figuresDir != "" {
		for _, format := range []string{"png", "svg"} {
			var b bytes.Buffer
			if err := f.Write(&b, format); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(*figuresDir, name+"."+format), b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return buf.Bytes()
}

// TestHeatmapFigureShowsTheRates reads the heatmap's cells back from its
// SVG: the figures written in the two panels, row by row from the top,
// are the measured and the guessed rates of the row against the column.
func TestHeatmapFigureShowsTheRates(t *testing.T) {
	e := testExperiment()
	svg := renderFigure(t, heatmapFigure(e), "seed002-heatmap")
	var cells []svgText
	var all strings.Builder
	for _, tx := range svgTexts(t, svg) {
		all.WriteString(tx.text + "\n")
		if strings.Contains(tx.style, "font-weight:bold") && strings.HasSuffix(tx.text, "%") {
			cells = append(cells, tx)
		}
	}
	n := len(seed002Heuristics)
	if len(cells) != 2*n*(n-1) {
		t.Fatalf("%d cell figures, want %d", len(cells), 2*n*(n-1))
	}
	// The left panel's cells are left of the right panel's.
	sort.Slice(cells, func(i, j int) bool { return cells[i].x < cells[j].x })
	// The expected matrices, from the rows and the seed's table directly.
	measured, guessed := make([][]float64, n), make([][]float64, n)
	for i := range measured {
		measured[i], guessed[i] = make([]float64, n), make([]float64, n)
	}
	for k, pr := range seed002Table2 {
		r := e.t2[k]
		measured[pr.a][pr.b], measured[pr.b][pr.a] = float64(r.WinsA)/float64(r.Games), float64(r.WinsB)/float64(r.Games)
		w, l := pr.a, pr.b
		if pr.winner != pr.a {
			w, l = pr.b, pr.a
		}
		guessed[w][l], guessed[l][w] = float64(pr.rate)/100, 1-float64(pr.rate)/100
	}
	for p, want := range [][][]float64{measured, guessed} {
		panel := append([]svgText(nil), cells[p*n*(n-1):(p+1)*n*(n-1)]...)
		sort.SliceStable(panel, func(i, j int) bool {
			if math.Abs(panel[i].y-panel[j].y) > 1 {
				return panel[i].y < panel[j].y
			}
			return panel[i].x < panel[j].x
		})
		k := 0
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i == j {
					continue
				}
				if got, w := panel[k].text, chart.Percent(want[i][j]); got != w {
					t.Errorf("panel %d, row %d, column %d: %s, want %s", p+1, i+1, j+1, got, w)
				}
				k++
			}
		}
	}
	for _, s := range []string{"Orb", "Critical", "Explosion", "Positional", "Board", "depth 2", "40 games per pairing", "9x6 board",
		"Seed 002's guesses", "Measured", "row's win rate against the column", "0%", "50%", "100%"} {
		if !strings.Contains(all.String(), s) {
			t.Errorf("heatmap SVG lacks %q", s)
		}
	}
}

// TestComparisonFigureShowsTheRates reads Figure 2 back from its SVG: one
// bar, one figure and one guess marker per agent, with the measured rates.
func TestComparisonFigureShowsTheRates(t *testing.T) {
	e := testExperiment()
	svg := renderFigure(t, comparisonFigure(e), "seed002-comparison")
	var labels, guesses []svgText
	var all strings.Builder
	for _, tx := range svgTexts(t, svg) {
		all.WriteString(tx.text + "\n")
		if strings.Contains(tx.style, "font-size:11px") && strings.HasSuffix(tx.text, "%") {
			if strings.Contains(tx.style, "fill:#D55E00") {
				guesses = append(guesses, tx)
			} else {
				labels = append(labels, tx)
			}
		}
	}
	sort.Slice(labels, func(i, j int) bool { return labels[i].y < labels[j].y })
	sort.Slice(guesses, func(i, j int) bool { return guesses[i].y < guesses[j].y })
	if len(labels) != len(e.t1) || len(guesses) != len(e.t1) {
		t.Fatalf("%d value labels and %d guess labels, want one of each per agent (%d)", len(labels), len(guesses), len(e.t1))
	}
	for k, r := range e.t1 {
		if got, want := labels[k].text, chart.Percent(r.WinRate); got != want {
			t.Errorf("agent %d (%s): label %s, want %s", k+1, r.Agent, got, want)
		}
		if got, want := guesses[k].text, chart.Percent(r.SeedGuess); got != want {
			t.Errorf("agent %d (%s): guess %s, want %s", k+1, r.Agent, got, want)
		}
		if labels[k].y > guesses[k].y || (k+1 < len(e.t1) && guesses[k].y > labels[k+1].y) {
			t.Errorf("agent %d: its guess is not beside its bar", k+1)
		}
	}
	// Bars and guess markers, each plus one in the legend.
	paths := func(fill string) int { return len(regexp.MustCompile(`<path [^>]*fill:`+fill).FindAll(svg, -1)) }
	if got := paths("#0072B2"); got != len(e.t1)+1 {
		t.Errorf("%d blue shapes, want %d bars and a legend key", got, len(e.t1))
	}
	if got := paths("#D55E00"); got != len(e.t1)+1 {
		t.Errorf("%d vermillion shapes, want %d guess markers and a legend key", got, len(e.t1))
	}
	for _, s := range []string{"full evaluation, depth 3", "Explosion Chain (H4), depth 3", "seed 002's guess", "95%", "40 games each", "9x6 board"} {
		if !strings.Contains(all.String(), s) {
			t.Errorf("comparison SVG lacks %q", s)
		}
	}
}

// TestExperimentFilesAgree writes the experiment's files and checks that
// the JSON and the figures come from the same rows.
func TestExperimentFilesAgree(t *testing.T) {
	dir := t.TempDir()
	e := testExperiment()
	if err := writeFiles("test", testClaims(t, dir), e); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"seed002-table1.csv", "seed002-table2.csv", "seed002.json",
		"seed002-heatmap.png", "seed002-heatmap.svg", "seed002-comparison.png", "seed002-comparison.svg"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "seed002.json"))
	if err != nil {
		t.Fatal(err)
	}
	var js struct {
		Table1 []table1Row `json:"table1"`
	}
	if err := json.Unmarshal(data, &js); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "seed002-comparison.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range js.Table1 {
		if !bytes.Contains(svg, []byte(">"+chart.Percent(r.WinRate)+"</text>")) {
			t.Errorf("%s: %s in the JSON, not in the figure", r.Agent, chart.Percent(r.WinRate))
		}
	}
}

// TestTable1HasOneNameAnAgent checks that each agent of Table 1 has the
// same name in the console table, the CSV, the JSON and Figure 2 (the
// table said "Minimax (Full)" where the figure said "Full evaluation"),
// and that names differ between evaluations.
func TestTable1HasOneNameAnAgent(t *testing.T) {
	e := testExperiment()
	var out bytes.Buffer
	printExperiment(&out, "seed 002 is the seed.", e.t1, e.t2, e.games, e.depth2)
	fig := comparisonFigure(e).Panels[0].Categories
	dir := t.TempDir()
	if err := writeFiles("test", testClaims(t, dir), e); err != nil {
		t.Fatal(err)
	}
	csvText, _ := os.ReadFile(filepath.Join(dir, "seed002-table1.csv"))
	var js struct {
		Table1 []struct{ Agent string } `json:"table1"`
	}
	data, _ := os.ReadFile(filepath.Join(dir, "seed002.json"))
	if err := json.Unmarshal(data, &js); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	for len(lines) > 0 && !strings.HasPrefix(lines[0], "Table 1:") {
		lines = lines[1:] // the note on seed 002 comes first
	}
	if len(lines) < 2+len(seed002Table1) {
		t.Fatalf("no Table 1 in the console output:\n%s", out.String())
	}
	seen := map[string]string{} // name: evaluation
	for k, row := range seed002Table1 {
		name := agentName(row.eval)
		if ev, ok := seen[name]; ok && ev != row.eval {
			t.Errorf("evaluations %s and %s are both named %q", ev, row.eval, name)
		}
		seen[name] = row.eval
		if !strings.HasPrefix(lines[2+k], fmt.Sprintf("%-28s %5d ", name, row.depth)) {
			t.Errorf("console row %d: %q, want it to start with %q", k+1, lines[2+k], name)
		}
		if want := fmt.Sprintf("%s, depth %d", name, row.depth); fig[k] != want {
			t.Errorf("Figure 2, bar %d: %q, want %q", k+1, fig[k], want)
		}
		if js.Table1[k].Agent != name {
			t.Errorf("JSON row %d: agent %q, want %q", k+1, js.Table1[k].Agent, name)
		}
		if !strings.Contains(string(csvText), "\n"+name+",") {
			t.Errorf("the CSV has no row of %q", name)
		}
	}
	if len(seen) != len(seed002Heuristics)+1 {
		t.Errorf("%d names for %d evaluations", len(seen), len(seed002Heuristics)+1)
	}
}

// TestRunWritesTheFiles runs a tiny experiment without the binary: every
// matchup played, the tables printed, every file written.
func TestRunWritesTheFiles(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	o := Options{Cmd: "test", Note: "seed 002 is the seed.", Games: 2, Seed: 1, Jobs: 2, Rows: 3, Cols: 3, Depth1: 1, Depth2: 1, Dir: dir, Flag: "--out-dir"}
	if err := Run(context.Background(), ios, o); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Table 1: alpha-beta agents against the random agent, win rates, 2 games each", "Table 2: heuristics head to head at depth 1"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("the output lacks %q", s)
		}
	}
	for _, name := range []string{"seed002-table1.csv", "seed002-table2.csv", "seed002.json",
		"seed002-heatmap.png", "seed002-heatmap.svg", "seed002-comparison.png", "seed002-comparison.svg"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// testClaims claims the run's files in dir, as Run does before any game.
func testClaims(t *testing.T, dir string) map[string]*outfile.Claim {
	t.Helper()
	ios := iostreams.New(nil, io.Discard, io.Discard)
	t.Cleanup(ios.Close)
	claims, err := claimFiles(ios, "test", "--out-dir", dir)
	if err != nil {
		t.Fatal(err)
	}
	return claims
}

// TestRunRefusesAForeignFile: a file in the folder that is not one of
// the run's own kind is refused before any game, and left as it is.
func TestRunRefusesAForeignFile(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "seed002.json")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs bytes.Buffer
	ios := iostreams.New(nil, io.Discard, &errs)
	defer ios.Close()
	o := Options{Cmd: "test", Games: 1, Seed: 1, Jobs: 1, Rows: 3, Cols: 3, Depth1: 1, Depth2: 1, Dir: dir, Flag: "--out-dir"}
	err := Run(context.Background(), ios, o)
	if data, _ := os.ReadFile(notes); err == nil || !strings.Contains(err.Error(), "seed002.json") || string(data) != "my notes\n" || errs.Len() > 0 {
		t.Errorf("a foreign seed002.json: %v; the file now %q; stderr %q", err, data, errs.String())
	}
}
