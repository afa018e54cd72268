package results

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"chainshot/internal/shareddata"
)

var updateBenchmarks = flag.Bool("update-benchmarks", false, "rewrite BENCHMARKS.md's table of published results from results/published")

// TestPublishedColumnsAddUp checks the transcription of every published
// method: 20 positive scores that add up to the total its paper prints,
// a source that is cited, and a budget in seconds only where one is
// stated.
func TestPublishedColumnsAddUp(t *testing.T) {
	p, err := StandardPublished()
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Methods) < 10 {
		t.Fatalf("%d methods, want the 13 transcribed", len(p.Methods))
	}
	keys := map[string]bool{}
	for _, m := range p.Methods {
		if keys[m.Key] {
			t.Errorf("%s: key used twice", m.Key)
		}
		keys[m.Key] = true
		if len(m.Scores) != 20 {
			t.Errorf("%s: %d scores, want 20", m.Key, len(m.Scores))
			continue
		}
		sum := 0
		for k, s := range m.Scores {
			if s <= 0 || s > 7000 {
				t.Errorf("%s: board %d scores %d", m.Key, k+1, s)
			}
			sum += s
		}
		if sum != m.Total {
			t.Errorf("%s: the scores add up to %d, the paper prints %d", m.Key, sum, m.Total)
		}
		if m.Table == "" || m.Page == "" || p.Sources[m.Source] == "" {
			t.Errorf("%s: source %q, table %q, page %q", m.Key, m.Source, m.Table, m.Page)
		}
		if _, ok := m.BudgetMid(); ok == strings.HasPrefix(m.Budget, "not stated") {
			t.Errorf("%s: budget %q but %v seconds", m.Key, m.Budget, m.BudgetSeconds)
		}
	}
	// Papers that print the same method's column agree (checked when
	// transcribing): the totals the research notes quote.
	for key, total := range map[string]int{"dbs": 72816, "sp-mcts": 73998, "mc-rws": 76764, "nmcs-3": 77934, "sp-mcts-cem": 78012, "nrpa-selective": 80030, "js-games": 87858} {
		if m, ok := p.Method(key); !ok || m.Total != total {
			t.Errorf("%s: total %d, want %d", key, m.Total, total)
		}
	}
	if s, _ := mustMethod(t, p, "sp-mcts").Score(1); s != 2557 {
		t.Errorf("SP-MCTS on board 1: %d, want 2,557", s)
	}
	if s, _ := mustMethod(t, p, "js-games").Score(16); s != 5517 {
		t.Errorf("record on board 16: %d, want 5,517", s)
	}
}

func mustMethod(t *testing.T, p Published, key string) Method {
	t.Helper()
	m, ok := p.Method(key)
	if !ok {
		t.Fatalf("no method %q", key)
	}
	return m
}

func TestParsePublishedRefusesUnknownSource(t *testing.T) {
	_, err := parsePublished([]byte(`{"set": "x", "sources": {"a": "A"}, "methods": [{"key": "m", "source": "b", "scores": [1]}]}`))
	if err == nil || !strings.Contains(err.Error(), `cites "b"`) {
		t.Errorf("err = %v", err)
	}
	if _, err := parsePublished([]byte(`{"set": "x", "typo": 1}`)); err == nil {
		t.Error("an unknown field was accepted")
	}
}

// benchmarksKeys are the methods of BENCHMARKS.md's per-board table.
var benchmarksKeys = []string{"dbs", "sp-mcts", "sp-mcts-move", "mc-rws", "nmcs-3", "sp-mcts-cem", "nrpa-selective", "js-games"}

const (
	beginMark = "<!-- published:begin (go test ./results -run PublishedTable -update-benchmarks) -->\n"
	endMark   = "<!-- published:end -->\n"
)

// TestPublishedTableInBenchmarks checks that BENCHMARKS.md's table of
// published results is the one the data file gives; -update-benchmarks
// rewrites it.
func TestPublishedTableInBenchmarks(t *testing.T) {
	const path = "../BENCHMARKS.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no %s: %v", path, err)
	}
	p, err := StandardPublished()
	if err != nil {
		t.Fatal(err)
	}
	want := p.Markdown(benchmarksKeys)
	i, j := bytes.Index(data, []byte(beginMark)), bytes.Index(data, []byte(endMark))
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q block", path, strings.TrimSpace(beginMark), strings.TrimSpace(endMark))
	}
	got := string(data[i+len(beginMark) : j])
	if got == want {
		return
	}
	if !*updateBenchmarks {
		t.Fatalf("%s's published table differs from results/published; run go test ./results -run PublishedTable -update-benchmarks", path)
	}
	out := append(append(append([]byte{}, data[:i+len(beginMark)]...), want...), data[j:]...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFingerprintsFindTheStandardBoards checks each board file of the
// shared standard set against its fingerprint, and that the fingerprint
// ignores the letters.
func TestFingerprintsFindTheStandardBoards(t *testing.T) {
	p, err := StandardPublished()
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Fingerprints) != 20 {
		t.Fatalf("%d fingerprints, want 20", len(p.Fingerprints))
	}
	if Fingerprint([]string{"RGB", "BRG"}) != Fingerprint([]string{"OLR", "ROL"}) || Fingerprint([]string{"RG"}) == Fingerprint([]string{"RR"}) {
		t.Error("the fingerprint depends on the letters, or not on the layout")
	}
	dir := shareddata.Dir(t, "samegame-standard")
	for k := 1; k <= 20; k++ {
		data, err := os.ReadFile(fmt.Sprintf("%s/sg%02d.txt", dir, k))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := p.Board(Fingerprint(strings.Fields(string(data))))
		if !ok || got != k {
			t.Errorf("sg%02d.txt: board %d, %v", k, got, ok)
		}
	}
}
