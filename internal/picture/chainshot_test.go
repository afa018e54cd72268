package picture

import (
	"bytes"
	"testing"
)

var smallGrid = []string{
	"RGBLO",
	"RRBLO",
	"GRBBO",
	"GGLLR",
	"BOORR",
}

func TestChainShotGolden(t *testing.T) {
	tests := []struct {
		name  string
		frame ChainShotFrame
		opts  Options
	}{
		{"chainshot_5x5", ChainShotFrame{Grid: smallGrid, Caption: "start: 25 beads"}, Options{}},
		{"chainshot_5x5_pick", ChainShotFrame{Grid: smallGrid, Pick: Cell{Row: 4, Col: 2}, Caption: "move 1/9: 4 2  +4  total 4"}, Options{Title: "small.txt"}},
		{"chainshot_gaps", ChainShotFrame{Grid: []string{
			".....",
			"..b..",
			"r.bl.",
			"rgbl.",
			"xgoo.",
		}, Pick: Cell{Row: 3, Col: 3}, Caption: "lower case, an unknown letter x, empty squares"}, Options{Cell: 32}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ChainShotPNG(&buf, tt.frame, tt.opts); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tt.name, buf.Bytes())
		})
	}
}
