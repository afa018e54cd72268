package results

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// publishedStandard is the published per-board scores on the standard
// SameGame set, each method with the paper, table and page it was read
// from. The charts and BENCHMARKS.md's table of published results both
// come from this file.
//
//go:embed published/samegame-standard.json
var publishedStandard []byte

// Published is a set of published results: per-board scores of several
// methods, with their sources.
type Published struct {
	Set   string `json:"set"`
	About string `json:"about"`
	// Fingerprints[k] identifies board k+1 by its content (see
	// Fingerprint), whatever its name and letters.
	Fingerprint  string   `json:"fingerprint"`
	Fingerprints []string `json:"fingerprints"`
	// Sources cite each paper by the key the methods use.
	Sources map[string]string `json:"sources"`
	Methods []Method          `json:"methods"`
}

// Method is one published method's scores on every board of a set.
type Method struct {
	Key  string `json:"key"`
	Name string `json:"name"`
	// Source is a key of Published.Sources; Table and Page say where in
	// it the scores are; Also lists other tables that print them too.
	Source string   `json:"source"`
	Table  string   `json:"table"`
	Page   string   `json:"page"`
	Also   []string `json:"also,omitempty"`
	// Budget is the time per board as the source states it; BudgetSeconds
	// holds it in seconds (one value, or a range low, high), empty when
	// the source states none; BudgetApproximate marks a budget the source
	// gives only roughly.
	Budget            string    `json:"budget"`
	BudgetSeconds     []float64 `json:"budget_seconds,omitempty"`
	BudgetApproximate bool      `json:"budget_approximate,omitempty"`
	Note              string    `json:"note,omitempty"`
	// Total is the total the source prints; Scores[k] is board k+1's.
	Total  int   `json:"total"`
	Scores []int `json:"scores"`
}

// BudgetMid returns the method's time per board in seconds, the middle of a
// stated range; ok is false when the source states none.
func (m Method) BudgetMid() (seconds float64, ok bool) {
	switch len(m.BudgetSeconds) {
	case 1:
		return m.BudgetSeconds[0], true
	case 2:
		return (m.BudgetSeconds[0] + m.BudgetSeconds[1]) / 2, true
	}
	return 0, false
}

// Score returns the method's score on board k (1-based), if published.
func (m Method) Score(k int) (int, bool) {
	if k < 1 || k > len(m.Scores) {
		return 0, false
	}
	return m.Scores[k-1], true
}

// Method returns the method of the given key.
func (p Published) Method(key string) (Method, bool) {
	for _, m := range p.Methods {
		if m.Key == key {
			return m, true
		}
	}
	return Method{}, false
}

var (
	standardOnce sync.Once
	standard     Published
	standardErr  error
)

// StandardPublished returns the published results on the standard
// SameGame set (20 boards, 15x15, 5 colours) in the literature's scoring:
// (n-2)^2 a move plus 1000 for a cleared board.
func StandardPublished() (Published, error) {
	standardOnce.Do(func() {
		standard, standardErr = parsePublished(publishedStandard)
	})
	return standard, standardErr
}

func parsePublished(data []byte) (Published, error) {
	var p Published
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("results: published scores: %v", err)
	}
	for _, m := range p.Methods {
		if _, ok := p.Sources[m.Source]; !ok {
			return p, fmt.Errorf("results: published scores: %s cites %q, which is not among the sources", m.Key, m.Source)
		}
	}
	return p, nil
}

// Fingerprint identifies a board by its colours' layout, whatever its
// letters: rows top first, each colour replaced by the order of its first
// appearance, rows ended by '/', hashed with SHA-256; the first 16 hex
// digits.
func Fingerprint(rows []string) string {
	ids := map[rune]byte{}
	var b strings.Builder
	for _, r := range rows {
		for _, c := range r {
			id, ok := ids[c]
			if !ok {
				id = byte('0' + len(ids))
				ids[c] = id
			}
			b.WriteByte(id)
		}
		b.WriteByte('/')
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:8])
}

// Board returns the number (1-based) of the set's board whose
// Fingerprint is fp.
func (p Published) Board(fp string) (k int, ok bool) {
	for i, f := range p.Fingerprints {
		if f == fp {
			return i + 1, true
		}
	}
	return 0, false
}

// Markdown returns the published results as Markdown: the totals
// with each method's budget and source, then the scores board by board
// for the methods named by keys. BENCHMARKS.md holds this text between
// its "published:begin" and "published:end" marks; a test keeps the two
// the same.
func (p Published) Markdown(keys []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Read from the papers by `results/published/%s.json`; each column adds up to the total the paper prints.\n\n", p.Set)
	b.WriteString("| method | total | time per board | source |\n| --- | --- | --- | --- |\n")
	for _, m := range p.Methods {
		fmt.Fprintf(&b, "| %s | %s | %s | %s, %s, %s |\n", m.Name, thousands(m.Total), m.Budget, m.Source, m.Table, m.Page)
	}
	b.WriteString("\n| board |")
	var ms []Method
	for _, k := range keys {
		if m, ok := p.Method(k); ok {
			ms = append(ms, m)
			fmt.Fprintf(&b, " %s |", m.Name)
		}
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(ms)) + "\n")
	for k := 1; k <= 20; k++ {
		fmt.Fprintf(&b, "| %d |", k)
		for _, m := range ms {
			s, _ := m.Score(k)
			fmt.Fprintf(&b, " %s |", thousands(s))
		}
		b.WriteString("\n")
	}
	b.WriteString("| **total** |")
	for _, m := range ms {
		fmt.Fprintf(&b, " **%s** |", thousands(m.Total))
	}
	b.WriteString("\n\nSources:\n\n")
	for _, k := range sortedKeys(p.Sources) {
		fmt.Fprintf(&b, "- %s: %s.\n", k, p.Sources[k])
	}
	return b.String()
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// thousands writes n with commas: 73,998.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
