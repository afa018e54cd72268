package chainreact_test

import (
	"fmt"
	"strings"

	"chainshot/chainreact"
)

// A position file lists rows top first; moves are "row col" with row 1
// at the bottom.
func ExampleParsePosition() {
	file := `players: R G
next: R
.  1G .
.  2R .
1R .  .
`
	p, err := chainreact.ParsePosition("pos.txt", strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	b := &p.Board
	fmt.Printf("%dx%d, %c to move, %d orbs played\n", b.Rows(), b.Cols(), p.Names[b.ToMove()], b.Ply())
	m, _ := b.MoveAt(2, 2)
	owner, count := b.Cell(int(m))
	fmt.Printf("cell 2 2: %d orbs of %c, critical mass %d\n", count, p.Names[owner], b.CriticalMass(int(m)))
	// Output:
	// 3x3, R to move, 4 orbs played
	// cell 2 2: 2 orbs of R, critical mass 4
}

// Play a move, checked, and read the board after it.
func ExampleBoard_PlayChecked() {
	p, _ := chainreact.NewPosition(3, 3, 2)
	for _, mv := range []string{"1 1", "3 3", "1 1"} {
		m, err := p.Board.ParseMove(mv)
		if err == nil {
			err = p.Board.PlayChecked(m)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Print(p.String())
	m, _ := p.Board.MoveAt(1, 2)
	fmt.Println(p.Board.PlayChecked(m))
	// Output:
	// players: R G
	// next: G
	//  .  . 1G
	// 1R  .  .
	//  . 1R  .
	// chainreact: cell 1 2 belongs to another player
}

// The trace of a move says what exploded in each wave and the board
// after it.
func ExampleBoard_PlayTrace() {
	p, _ := chainreact.ParsePosition("chain", strings.NewReader("next: R\n1G . 1G\n2R . .\n1R . .\n"))
	m, _ := p.Board.MoveAt(1, 1)
	tr := p.Board.PlayTrace(m)
	for k, w := range tr.Waves {
		var cells []string
		for _, x := range w.Exploded {
			cells = append(cells, tr.Before.FormatMove(x))
		}
		fmt.Printf("wave %d: %s explode; R holds %d orbs\n", k+1, strings.Join(cells, ", "), w.After.Orbs(0))
	}
	// Output:
	// wave 1: 1 1 explode; R holds 4 orbs
	// wave 2: 2 1 explode; R holds 5 orbs
	// wave 3: 3 1 explode; R holds 5 orbs
}
