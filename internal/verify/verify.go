// Package verify replays ChainShot results lines on their boards: the
// one check behind "chainshot verify", "results merge" and a resumed
// run's --out. A line passes when its moves, played from the start, are
// legal and give exactly its score and beads left.
package verify

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/input"
	"chainshot/internal/words"
	"chainshot/results"
)

// MaxBoards is how many boards a Boards keeps at once: a file of
// 300,000 lines that each name another board is replayed in the memory
// of this many.
const MaxBoards = 256

// Boards finds the boards that results lines name and keeps the last
// MaxBoards of them, so that a file of many lines of few data sets
// loads each once, and a file of many data sets stays in little memory.
type Boards struct {
	src   input.Source
	cache map[key]found
	order []key // oldest first
}

type key struct{ name, dir string }

type found struct {
	b   board.Board
	err error
}

// NewBoards returns a cache that reads files with src.
func NewBoards(src input.Source) *Boards {
	return &Boards{src: src, cache: map[key]found{}}
}

// Find returns the board a line names: the name as given (a file, a
// built-in name, FILE#K), else the file beside the results file, in dir.
func (bs *Boards) Find(name, dir string) (board.Board, error) {
	k := key{name, dir}
	if f, ok := bs.cache[k]; ok {
		return f.b, f.err
	}
	var f found
	f.b, f.err = find(bs.src, name, dir)
	if len(bs.order) >= MaxBoards {
		delete(bs.cache, bs.order[0])
		bs.order = bs.order[1:]
	}
	bs.cache[k] = f
	bs.order = append(bs.order, k)
	return f.b, f.err
}

// Len is the number of boards kept.
func (bs *Boards) Len() int { return len(bs.cache) }

// Check replays r on its board, found from dir, the folder of its
// results file: "" when it checks out, else what is wrong.
func (bs *Boards) Check(r results.Record, dir string) string {
	b, err := bs.Find(r.File, dir)
	if err != nil {
		return words.WithoutPackage(err.Error())
	}
	return Replay(r, b)
}

func find(src input.Source, name, dir string) (board.Board, error) {
	sets, err := datasets.LoadFrom(src, name)
	if errors.Is(err, datasets.ErrNotFound) && !filepath.IsAbs(name) {
		sets, err = datasets.LoadFrom(src, filepath.Join(dir, name))
	}
	if err != nil {
		return board.Board{}, err
	}
	if len(sets) != 1 {
		return board.Board{}, fmt.Errorf("%s holds %s; a results line names one as %s#K", name, words.Plural(len(sets), "board"), name)
	}
	return sets[0].Board, nil
}

// Replay replays r on b and returns "" when it gives exactly r's score
// and beads left, else what is wrong.
func Replay(r results.Record, b board.Board) string {
	if msg := sizeMismatch(r, b); msg != "" {
		return msg
	}
	moves := make([]board.Move, len(r.Moves))
	for i, m := range r.Moves {
		if m[0] < 1 || m[1] < 1 || m[0] > b.Rows() || m[1] > b.Cols() {
			return fmt.Sprintf("move %d: %d %d is off the %dx%d board (row 1 is the bottom)", i+1, m[0], m[1], b.Rows(), b.Cols())
		}
		moves[i] = board.MoveAt(m[0], m[1])
	}
	end, score, err := board.Replay(b, moves)
	if err != nil {
		var re *board.ReplayError
		var me *board.MoveError
		if errors.As(err, &re) && errors.As(re.Err, &me) {
			return fmt.Sprintf("move %d (%s) is illegal: %v", re.Index+1, moves[re.Index], me.Reason)
		}
		return words.WithoutPackage(err.Error())
	}
	var diffs []string
	if score != r.Score {
		diffs = append(diffs, fmt.Sprintf("score is %d, the line says %d", score, r.Score))
	}
	if end.Beads() != r.BeadsLeft {
		diffs = append(diffs, fmt.Sprintf("beads left are %d, the line says %d", end.Beads(), r.BeadsLeft))
	}
	if len(diffs) > 0 {
		return "after " + words.AllOf(len(moves), "move") + " the " + strings.Join(diffs, "; ")
	}
	return ""
}

// sizeMismatch says how the size a results line gives differs from its
// board's, "" when it does not; a line may leave "rows" or "cols" out
// (0), and then only the other is compared.
func sizeMismatch(r results.Record, b board.Board) string {
	rowsOff := r.Rows != 0 && r.Rows != b.Rows()
	colsOff := r.Cols != 0 && r.Cols != b.Cols()
	switch {
	case (rowsOff || colsOff) && r.Rows != 0 && r.Cols != 0:
		return fmt.Sprintf("the line says %dx%d but the data set is %dx%d", r.Rows, r.Cols, b.Rows(), b.Cols())
	case rowsOff:
		return fmt.Sprintf("the line says %s but the data set is %dx%d", words.Plural(r.Rows, "row"), b.Rows(), b.Cols())
	case colsOff:
		return fmt.Sprintf("the line says %s but the data set is %dx%d", words.Plural(r.Cols, "column"), b.Rows(), b.Cols())
	}
	return ""
}

// Moves returns a record's moves as board moves.
func Moves(rec results.Record) []board.Move {
	moves := make([]board.Move, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = board.MoveAt(m[0], m[1])
	}
	return moves
}
