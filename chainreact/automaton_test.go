package chainreact

import (
	"regexp"
	"strings"
	"testing"
)

// TestAutomatonDOT: seed 000's automaton as Graphviz has every edge once
// (issue 26, item 12: "S10" -> "S11" [label="a"] was written twice and
// drawn as a doubled arrow), every state of each class and player, and
// edges only between states it declares.
func TestAutomatonDOT(t *testing.T) {
	var sb strings.Builder
	if err := WriteAutomatonDOT(&sb); err != nil {
		t.Fatal(err)
	}
	edgeLine := regexp.MustCompile(`^\s*"([^"]+)" -> "([^"]+)" \[label="([^"]*)"\];$`)
	nodes := map[string]bool{"Start": true}
	for class := 1; class <= 3; class++ {
		for p := 0; p < 2; p++ {
			for k := 0; k <= class; k++ {
				nodes[StateName(p, class, k)] = true
			}
		}
	}
	seen := map[string]int{}
	edges := 0
	for i, line := range strings.Split(sb.String(), "\n") {
		m := edgeLine.FindStringSubmatch(line)
		if m == nil {
			if strings.Contains(line, "->") {
				t.Errorf("line %d: %q is no edge of the expected form", i+1, line)
			}
			continue
		}
		edges++
		if seen[line]++; seen[line] == 2 {
			t.Errorf("line %d: edge %s -> %s [%s] twice", i+1, m[1], m[2], m[3])
		}
		for _, n := range m[1:3] {
			if !nodes[n] {
				t.Errorf("line %d: state %q is not one of seed 000's", i+1, n)
			}
		}
		if !strings.Contains(sb.String(), `"`+m[2]+`";`) && m[2] != "Start" {
			t.Errorf("line %d: state %q is in no cluster", i+1, m[2])
		}
	}
	// Per class c (critical mass c+1) and player: Start's edge, the
	// other player's orb on an emptied cell, three edges (a, own ε, enemy
	// ε) from each of the c non-critical states, two from the critical.
	want := 0
	for class := 1; class <= 3; class++ {
		want += 2 * (1 + 1 + 3*class + 2)
	}
	if edges != want {
		t.Errorf("%d edges, want %d", edges, want)
	}
}
