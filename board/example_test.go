package board_test

import (
	"errors"
	"fmt"

	"chainshot/board"
)

// A whole game: load a data-set file, look at the groups, play a move,
// read the score, and replay a line to check what someone reported.
func Example() {
	p, err := board.Parse([]byte("# a tiny data set\nRRB\nGGB\nRRB\n"), "tiny.txt", board.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := p.Board
	fmt.Printf("%dx%d, %d beads, %d colours\n", b.Rows(), b.Cols(), b.Beads(), b.Colors())

	// Moves are "row col" as a user types them: row 1 at the bottom.
	m := board.MoveAt(1, 3) // the blue column on the right
	n := b.Remove(m)
	fmt.Println("removed", n, "beads, scoring", board.Score(n))
	fmt.Print(b.Format())

	// Replay checks a reported line from the start: its final position
	// and total score, or the first move that cannot be played.
	end, total, err := board.Replay(p.Board, []board.Move{board.MoveAt(1, 3), board.MoveAt(1, 1)})
	fmt.Println("total", total, "beads left", end.Beads(), "over", end.IsOver(), err)
	// Output:
	// 3x3, 9 beads, 3 colours
	// removed 3 beads, scoring 1
	// RR.
	// GG.
	// RR.
	// total 1 beads left 4 over false <nil>
}

// Parse names the file, line and column of a defect.
func ExampleParse() {
	_, err := board.Parse([]byte("RGB\nRXB\n"), "bad.txt", board.Options{})
	fmt.Println(err)
	var pe *board.ParseError
	if errors.As(err, &pe) {
		fmt.Println("line", pe.Line, "column", pe.Col)
	}
	// Output:
	// board: bad.txt:2:2: unknown bead 'X': want one of R G B L O
	// line 2 column 2
}

// The groups a player can remove, each named by its lowest-leftmost bead,
// column by column from the left.
func ExampleBoard_AppendGroups() {
	p, _ := board.Parse([]byte("RRB\nGGB\nRBB\n"), "groups.txt", board.Options{})
	for _, g := range p.Board.AppendGroups(nil) {
		fmt.Printf("%v: %d %s\n", g.Move, g.Size, g.Color.Name())
	}
	// Output:
	// 2 1: 2 green
	// 3 1: 2 red
	// 1 2: 4 blue
}

// Replay reports the first move that cannot be played, by its index.
func ExampleReplay() {
	p, _ := board.Parse([]byte("RG\nGR\n"), "none.txt", board.Options{})
	_, _, err := board.Replay(p.Board, []board.Move{board.MoveAt(1, 1)})
	fmt.Println(err)
	// Output:
	// move 1: move 1 1: a single green bead cannot be removed (a group needs two or more)
}

// A game keeps the moves and their scores, and takes moves back.
func ExampleGame() {
	p, _ := board.Parse([]byte("RRR\nBBB\n"), "game.txt", board.Options{})
	g := board.NewGame(p.Board)
	s, err := g.Play(board.MoveAt(1, 1))
	fmt.Println("scored", s, err, "total", g.Total, "moves", g.Moves)
	g.Undo()
	fmt.Println("after undo: total", g.Total, "beads", g.Board.Beads())
	// Output:
	// scored 1 <nil> total 1 moves [1 1]
	// after undo: total 0 beads 6
}

// Games rank by fewest beads left, then by the higher score.
func ExampleBetter() {
	fmt.Println(board.Better(0, 500, 2, 900)) // a clear beats a higher score
	fmt.Println(board.Better(2, 900, 2, 500))
	// Output:
	// true
	// true
}
