package chainreact

import (
	"fmt"
	"io"
	"strings"
)

// Seed 000 models a cell as an ε-NFA over the inputs "a" (player A adds an
// orb), "b" (player B adds one) and ε (an explosion next door): the states
// are Start, then S<class><orbs> for player A and S'<class><orbs> for
// player B, where class 1, 2, 3 means critical mass 2, 3, 4 and orbs runs
// from 0 to critical mass − 1. An "S…0" state is a cell emptied by its own
// explosion; a cell that never held an orb is in Start.

// Census counts the cells of a position by automaton state:
// Cells[p][class-1][orbs] for player p's cells, Empty[class-1] for empty
// cells (Start, or S…0 after an explosion: a position cannot tell them
// apart), and Orbs[p][class-1] the orbs player p holds in that class.
type Census struct {
	Players int
	Cells   [MaxPlayers][3][4]int
	Empty   [3]int
	Orbs    [MaxPlayers][3]int
}

// TakeCensus counts b's cells by automaton state.
func TakeCensus(b *Board) Census {
	c := Census{Players: b.Players()}
	for i := 0; i < b.Cells(); i++ {
		class := b.CriticalMass(i) - 1
		o, k := b.Cell(i)
		if o < 0 {
			c.Empty[class-1]++
			continue
		}
		c.Cells[o][class-1][min(k, 3)]++
		c.Orbs[o][class-1] += k
	}
	return c
}

// StateName returns the seed's name of the state of a cell of the given
// class (1..3) holding orbs of player p: S21 for A, S'21 for B; players
// beyond two are written S”21, S”'21 and so on.
func StateName(p, class, orbs int) string {
	return fmt.Sprintf("S%s%d%d", strings.Repeat("'", p), class, orbs)
}

// WriteAutomatonDOT writes seed 000's two-player automaton as a Graphviz
// digraph: inputs a and b, ε for an explosion next door (by A or by B),
// and "a!"/"ε!" where the cell reaches its critical mass and explodes.
func WriteAutomatonDOT(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString("digraph chainreaction {\n")
	sb.WriteString("  // seed 000, \"Automata for Chain Reaction Game\" (NITK Surathkal, 2016): one cell's states,\n")
	sb.WriteString("  // Start, then S<class><orbs> for player A and S'<class><orbs> for B;\n")
	sb.WriteString("  // class 1, 2, 3 = a corner, an edge, an inner cell (critical mass 2, 3, 4)\n")
	sb.WriteString("  labelloc=t;\n  label=\"One cell of Chain Reaction as an automaton (seed 000, \\\"Automata for Chain Reaction Game\\\"):\\n" +
		"S<class><orbs> for player A, S'<class><orbs> for B; class 1, 2, 3 = critical mass 2, 3, 4\";\n")
	sb.WriteString("  rankdir=LR;\n  node [shape=circle];\n  Start [shape=doublecircle];\n")
	q := func(s string) string { return `"` + s + `"` }
	edge := func(from, to, label string) {
		fmt.Fprintf(&sb, "  %s -> %s [label=%s];\n", q(from), q(to), q(label))
	}
	for class := 1; class <= 3; class++ {
		cm := class + 1
		for p := 0; p < 2; p++ {
			in := "a"
			if p == 1 {
				in = "b"
			}
			fmt.Fprintf(&sb, "  subgraph cluster_%d_%d { label=%s;", class, p, q(fmt.Sprintf("player %c, critical mass %d", 'A'+p, cm)))
			for k := 0; k < cm; k++ {
				fmt.Fprintf(&sb, " %s;", q(StateName(p, class, k)))
			}
			sb.WriteString(" }\n")
			edge("Start", StateName(p, class, 1), in)
			// An emptied cell takes an orb of either player; its own
			// player's ("in") is the loop's first edge below.
			edge(StateName(p, class, 0), StateName(1-p, class, 1), map[int]string{0: "b", 1: "a"}[p])
			for k := 0; k < cm; k++ {
				from := StateName(p, class, k)
				if k+1 < cm {
					edge(from, StateName(p, class, k+1), in)
					edge(from, StateName(p, class, k+1), "ε (own)")
					edge(from, StateName(1-p, class, k+1), "ε (enemy)")
				} else {
					edge(from, StateName(p, class, 0), in+"!")
					edge(from, StateName(p, class, 0), "ε!")
				}
			}
		}
	}
	sb.WriteString("}\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
