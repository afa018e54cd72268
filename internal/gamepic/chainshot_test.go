package gamepic

import (
	"bytes"
	"errors"
	"image/gif"
	"strconv"
	"strings"
	"testing"

	"chainshot/board"
)

func TestWriteReplayGIF(t *testing.T) {
	p, err := board.Parse([]byte("RRG\nGBB\nGRR\n"), "t.txt", board.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Play the first legal move until the game ends.
	b := p.Board
	var moves []board.Move
	for {
		ms := b.AppendMoves(nil)
		if len(ms) == 0 {
			break
		}
		moves = append(moves, ms[0])
		b.Remove(ms[0])
	}
	if len(moves) == 0 {
		t.Fatal("test board has no moves")
	}
	frames, err := ReplayFrames(p.Board, moves)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(moves)+1 {
		t.Fatalf("%d frames for %d moves", len(frames), len(moves))
	}
	if want := "move 1/" + strconv.Itoa(len(moves)) + ": " + moves[0].String(); !strings.HasPrefix(frames[0].Caption, want) {
		t.Errorf("first caption %q, want it to start %q", frames[0].Caption, want)
	}
	if got, want := strings.Join(frames[len(frames)-1].Grid, "\n")+"\n", b.Format(); got != want {
		t.Errorf("last frame\n%s\nwant the final board\n%s", got, want)
	}

	draw, err := ReplayGIF("t.txt", p.Board, moves)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(moves)+1 {
		t.Errorf("GIF has %d frames, want %d", len(g.Image), len(moves)+1)
	}

	bad := append([]board.Move{}, moves...)
	bad = append(bad, board.Move{Row: 2, Col: 2})
	_, err = ReplayGIF("t.txt", p.Board, bad)
	var fe *FramesError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "move "+strconv.Itoa(len(bad))) {
		t.Errorf("illegal move: %v, want a FramesError naming the move", err)
	}
}
