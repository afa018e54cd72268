package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/words"
	"chainshot/results"
)

// findBoard loads the board a record names: the name as given (a file, a
// built-in name, FILE#K), else the file beside the results file in dir.
func findBoard(name, dir string) (board.Board, error) {
	sets, err := datasets.Load(name)
	if errors.Is(err, datasets.ErrNotFound) && !filepath.IsAbs(name) {
		sets, err = datasets.Load(filepath.Join(dir, name))
	}
	if err != nil {
		return board.Board{}, err
	}
	if len(sets) != 1 {
		return board.Board{}, fmt.Errorf("%s holds %s; a results line names one as %s#K", name, words.Plural(len(sets), "board"), name)
	}
	return sets[0].Board, nil
}

// boardCache holds the boards that results lines name, found by
// findBoard, so that a file of many lines of few data sets loads each
// once.
type boardCache map[[2]string]boardOrErr

type boardOrErr struct {
	b   board.Board
	err error
}

// verify replays r, whose board is found from the folder dir of its
// results file, and returns "" when it checks out, else what is wrong.
func (bc boardCache) verify(r results.Record, dir string) string {
	key := [2]string{r.File, dir}
	got, ok := bc[key]
	if !ok {
		got.b, got.err = findBoard(r.File, dir)
		bc[key] = got
	}
	if got.err != nil {
		return words.WithoutPackage(got.err.Error())
	}
	return replayRecord(r, got.b)
}

// replayRecord replays r on b and returns "" when it gives exactly r's
// score and beads left, else what is wrong.
func replayRecord(r results.Record, b board.Board) string {
	if msg := sizeMismatch(r, b); msg != "" {
		return msg
	}
	moves := make([]board.Move, len(r.Moves))
	for i, m := range r.Moves {
		if m[0] < 1 || m[1] < 1 || m[0] > b.Rows() || m[1] > b.Cols() {
			return fmt.Sprintf("move %d: %s", i+1, offBoard(m[0], m[1], b.Rows(), b.Cols()))
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
	case rowsOff && r.Cols != 0:
		return fmt.Sprintf("the line says %dx%d but the data set is %dx%d", r.Rows, r.Cols, b.Rows(), b.Cols())
	case colsOff && r.Rows != 0:
		return fmt.Sprintf("the line says %dx%d but the data set is %dx%d", r.Rows, r.Cols, b.Rows(), b.Cols())
	case rowsOff:
		return fmt.Sprintf("the line says %s but the data set is %dx%d", words.Plural(r.Rows, "row"), b.Rows(), b.Cols())
	case colsOff:
		return fmt.Sprintf("the line says %s but the data set is %dx%d", words.Plural(r.Cols, "column"), b.Rows(), b.Cols())
	}
	return ""
}

// recordMoves returns a record's moves as board moves.
func recordMoves(rec results.Record) []board.Move {
	moves := make([]board.Move, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = board.MoveAt(m[0], m[1])
	}
	return moves
}
