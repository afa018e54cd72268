package picture

import (
	"bytes"
	"strings"
	"testing"
)

// TestBadInput checks that nonsense gets an error, never a panic.
func TestBadInput(t *testing.T) {
	var buf bytes.Buffer
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"no frames", ChainShotGIF(&buf, nil, Options{}), "picture: no frames to draw"},
		{"empty board", ChainShotPNG(&buf, ChainShotFrame{}, Options{}), "picture: empty ChainShot board"},
		{"huge cell", ChainShotPNG(&buf, ChainShotFrame{Grid: smallGrid}, Options{Cell: 5000}), "too large or too small"},
		{"no waves", ChainReactionStripPNG(&buf, nil, Options{}), "picture: no frames to draw"},
		{"no react frames", ChainReactionGIF(&buf, nil, Options{}), "picture: no frames to draw"},
		{"bad owner", ChainReactionGIF(&buf, []ChainReactionFrame{{Grid: [][]Orbs{{{Count: 1, Owner: 8}}}}}, Options{}),
			"picture: frame 1, row 1, column 1: 1 orbs of player 8"},
		{"negative count", ChainReactionStripPNG(&buf, []ChainReactionFrame{{Grid: [][]Orbs{{{}, {Count: -1}}, {}}}}, Options{}),
			"picture: frame 1, row 2, column 2: -1 orbs"},
		{"empty react board", ChainReactionGIF(&buf, []ChainReactionFrame{{}}, Options{}), "picture: empty Chain Reaction board"},
		{"no boom frames", ExpendibotsGIF(&buf, nil, Options{}), "picture: no frames to draw"},
		{"stack off board", ExpendibotsPNG(&buf, ExpendibotsFrame{Stacks: []Stack{{X: 8, Y: 0, N: 1}}}, Options{}),
			"picture: frame 1: stack of 1 at (8, 0)"},
		{"empty stack", ExpendibotsPNG(&buf, ExpendibotsFrame{Stacks: []Stack{{X: 1, Y: 1}}}, Options{}),
			"picture: frame 1: stack of 0 at (1, 1)"},
		{"boom off board", ExpendibotsGIF(&buf, []ExpendibotsFrame{{}, {Boom: []Square{{-1, 3}}}}, Options{}),
			"picture: frame 2: boom at (-1, 3)"},
		{"move off board", ExpendibotsPNG(&buf, ExpendibotsFrame{From: &Square{0, 0}, To: &Square{0, 9}}, Options{}),
			"picture: frame 1: move square (0, 9)"},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, tt.err, tt.want)
		}
	}
}

// TestOddInputDraws checks inputs that are odd but drawable: ragged rows,
// picks and highlights off the board or on empty squares, a move to the
// square it starts from.
func TestOddInputDraws(t *testing.T) {
	var buf bytes.Buffer
	for _, f := range []ChainShotFrame{
		{Grid: []string{"R", "RG", "RGB"}, Pick: Cell{9, 9}, Highlight: []Cell{{0, 0}, {-1, 4}, {1, 1}}},
		{Grid: []string{"..", "R."}, Pick: Cell{2, 2}},
		{Grid: []string{"?!"}, Pick: Cell{1, 1}, Caption: strings.Repeat("a very long caption ", 40)},
	} {
		if err := ChainShotPNG(&buf, f, Options{}); err != nil {
			t.Errorf("%q: %v", f.Grid, err)
		}
	}
	if err := ChainReactionStripPNG(&buf, []ChainReactionFrame{{Grid: [][]Orbs{{{Count: 1}}, {}, {{}, {Count: 7, Owner: 7}}}, Explode: []Cell{{5, 5}, {1, 2}}, Move: Cell{0, 3}}}, Options{Players: "RRRRRRRRRRRR"}); err != nil {
		t.Error(err)
	}
	if err := ExpendibotsPNG(&buf, ExpendibotsFrame{From: &Square{3, 3}, To: &Square{3, 3}, Stacks: []Stack{{X: 3, Y: 3, N: 123}}}, Options{Cell: 16}); err != nil {
		t.Error(err)
	}
}
