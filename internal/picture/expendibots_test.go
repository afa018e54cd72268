package picture

import (
	"bytes"
	"testing"
)

// boomFrames is a two-action Expendibots solution: white moves its stack
// of 2 up two squares, then booms, taking the black tokens beside it.
func boomFrames() []ExpendibotsFrame {
	return []ExpendibotsFrame{
		{Stacks: []Stack{{X: 1, Y: 2, N: 2}, {X: 2, Y: 5, N: 1, Black: true}, {X: 3, Y: 5, N: 1, Black: true}, {X: 7, Y: 7, N: 10, Black: true}},
			Caption: "start"},
		{Stacks: []Stack{{X: 1, Y: 4, N: 2}, {X: 2, Y: 5, N: 1, Black: true}, {X: 3, Y: 5, N: 1, Black: true}, {X: 7, Y: 7, N: 10, Black: true}},
			From: &Square{1, 2}, To: &Square{1, 4}, Caption: "1/2: MOVE 2 from (1, 2) to (1, 4)."},
		{Stacks: []Stack{{X: 7, Y: 7, N: 10, Black: true}},
			Boom: []Square{{1, 4}, {2, 5}, {3, 5}}, Caption: "2/2: BOOM at (1, 4)."},
	}
}

func TestExpendibotsGolden(t *testing.T) {
	for i, f := range boomFrames() {
		name := []string{"boom_start", "boom_move", "boom_boom"}[i]
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ExpendibotsPNG(&buf, f, Options{}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name, buf.Bytes())
		})
	}
}
