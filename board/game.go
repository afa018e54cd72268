package board

import "fmt"

// MoveError says why a move cannot be played.
type MoveError struct {
	Move   Move
	Reason string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %s: %s", e.Move, e.Reason) }

// Check returns nil when m can be played on b, or a MoveError saying why
// not: off the board, an empty cell, or a single bead.
func (b *Board) Check(m Move) error {
	if int(m.Row) >= int(b.rows) || int(m.Col) >= int(b.cols) {
		return &MoveError{m, fmt.Sprintf("off the board (rows 1-%d, columns 1-%d)", b.rows, b.cols)}
	}
	switch b.GroupSize(m) {
	case 0:
		return &MoveError{m, "that cell is empty"}
	case 1:
		return &MoveError{m, fmt.Sprintf("a single %s bead cannot be removed (a group needs two or more)", b.At(int(m.Row), int(m.Col)).Name())}
	}
	return nil
}

// Better reports whether a game that ends with beadsA beads left and
// scoreA points ranks above one that ends with beadsB and scoreB: fewer
// beads left first, then the higher score. It is the one ranking rule of
// the game; the solver, results files and tournaments all use it.
func Better(beadsA, scoreA, beadsB, scoreB int) bool {
	if beadsA != beadsB {
		return beadsA < beadsB
	}
	return scoreA > scoreB
}

// Game is a board in play: where it started, the moves so far, their
// scores and the position now.
type Game struct {
	Start  Board
	Board  Board
	Moves  []Move
	Scores []int
	Total  int
	past   []Board
}

// NewGame starts a game on b.
func NewGame(b Board) *Game { return &Game{Start: b, Board: b} }

// Play plays m and returns its score, or a MoveError and no change.
func (g *Game) Play(m Move) (int, error) {
	if err := g.Board.Check(m); err != nil {
		return 0, err
	}
	g.past = append(g.past, g.Board)
	n := g.Board.Remove(m)
	s := Score(n)
	g.Moves = append(g.Moves, m)
	g.Scores = append(g.Scores, s)
	g.Total += s
	return s, nil
}

// Undo takes back the last move; it reports false when there is none.
func (g *Game) Undo() bool {
	if len(g.past) == 0 {
		return false
	}
	k := len(g.past) - 1
	g.Board = g.past[k]
	g.past = g.past[:k]
	g.Total -= g.Scores[k]
	g.Moves = g.Moves[:k]
	g.Scores = g.Scores[:k]
	return true
}

// ReplayError is a move in a sequence that could not be played.
type ReplayError struct {
	Index int // 0-based index of the move in the sequence
	Err   error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("move %d: %v", e.Index+1, e.Err) }

// Replay plays moves on a copy of start and returns the final position
// and total score, or a ReplayError naming the first illegal move.
func Replay(start Board, moves []Move) (Board, int, error) {
	b := start
	total := 0
	for i, m := range moves {
		if err := b.Check(m); err != nil {
			return b, total, &ReplayError{Index: i, Err: err}
		}
		total += Score(b.Remove(m))
	}
	return b, total, nil
}
