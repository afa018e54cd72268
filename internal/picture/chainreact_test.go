package picture

import (
	"bytes"
	"strings"
	"testing"
)

// parseOrbs reads a test board: cells separated by spaces, "." empty,
// else a count and a player letter from players.
func parseOrbs(t testing.TB, players string, rows ...string) [][]Orbs {
	t.Helper()
	var g [][]Orbs
	for _, r := range rows {
		var line []Orbs
		for _, f := range bytes.Fields([]byte(r)) {
			if string(f) == "." {
				line = append(line, Orbs{})
				continue
			}
			owner := bytes.IndexByte([]byte(players), f[len(f)-1])
			if owner < 0 {
				t.Fatalf("bad cell %q", f)
			}
			n := 0
			for _, d := range f[:len(f)-1] {
				n = n*10 + int(d-'0')
			}
			line = append(line, Orbs{Count: n, Owner: owner})
		}
		g = append(g, line)
	}
	return g
}

// chainFrames is a hand-worked chain reaction on a 3x4 board: R adds an
// orb to the top-left corner, which explodes, and so does its neighbour.
func chainFrames(t testing.TB) []ChainReactionFrame {
	return []ChainReactionFrame{
		{Grid: parseOrbs(t, "RB", "1R 2R . 1B", ". 2B 1B .", "1R . . 1B"), Explode: []Cell{}, Caption: "R to play 3 1"},
		{Grid: parseOrbs(t, "RB", "2R 2R . 1B", ". 2B 1B .", "1R . . 1B"), Move: Cell{3, 1}, Caption: "R plays 3 1"},
		{Grid: parseOrbs(t, "RB", ". 3R . 1B", "1R 2B 1B .", "1R . . 1B"), Caption: "wave 1"},
		{Grid: parseOrbs(t, "RB", "1R . 1R 1B", "1R 3R 1B .", "1R . . 1B"), Caption: "wave 2: stable"},
	}
}

func TestChainReactionGolden(t *testing.T) {
	eight := parseOrbs(t, "RBGOPSYK",
		"1R 2B 3G 4O",
		"5P 1S 2Y 3K",
		"12R . . 1K",
	)
	tests := []struct {
		name   string
		frames []ChainReactionFrame
		opts   Options
	}{
		{"react_strip", chainFrames(t), Options{Players: "RB", Title: "Chain reaction after R plays 3 1"}},
		{"react_strip_wrapped", chainFrames(t), Options{Players: "RB", PerRow: 2, Cell: 28}},
		{"react_eight_players", []ChainReactionFrame{{Grid: eight, Explode: []Cell{}, Caption: "eight players, counts 1 to 12"}}, Options{Players: "RBGOPSYK"}},
		{"react_default_names", []ChainReactionFrame{{Grid: eight, Caption: "players unnamed; critical squares marked"}}, Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ChainReactionStripPNG(&buf, tt.frames, tt.opts); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tt.name, buf.Bytes())
		})
	}
}

// TestLegendExplainsMarks checks that the legend names the players and
// explains the marks that some frame shows, and only those.
func TestLegendExplainsMarks(t *testing.T) {
	texts := func(frames []ChainReactionFrame, opts Options) string {
		l, err := newChainReactionLayout(frames, "", 0, opts)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, e := range l.legendEntries() {
			s = append(s, e.text)
		}
		return strings.Join(s, "|")
	}
	all := chainFrames(t)
	if got, want := texts(all, Options{Players: "RB"}), "R|B|about to explode|just played"; got != want {
		t.Errorf("legend %q, want %q", got, want)
	}
	if got, want := texts(all, Options{Players: "RB", ExplodeLabel: "explode in the next wave", MoveLabel: "the move"}),
		"R|B|explode in the next wave|the move"; got != want {
		t.Errorf("legend %q, want %q", got, want)
	}
	plain := []ChainReactionFrame{all[0]} // no move, Explode empty
	if got, want := texts(plain, Options{Players: "RB"}), "R|B"; got != want {
		t.Errorf("legend %q, want %q", got, want)
	}
}
