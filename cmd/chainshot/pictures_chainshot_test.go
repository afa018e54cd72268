package main

import (
	"image/gif"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chainshot/board"
	"chainshot/internal/filekinds"
	"chainshot/internal/status"
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
	frames, err := replayFrames(p.Board, moves)
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

	dir := t.TempDir()
	path := filepath.Join(dir, "r.gif")
	if err := writeReplayGIF(claimFor(t, path, filekinds.GIF), "t.txt", p.Board, moves); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(moves)+1 {
		t.Errorf("GIF has %d frames, want %d", len(g.Image), len(moves)+1)
	}

	bad := append([]board.Move{}, moves...)
	bad = append(bad, board.Move{Row: 2, Col: 2})
	err = writeReplayGIF(claimFor(t, filepath.Join(dir, "bad.gif"), filekinds.GIF), "t.txt", p.Board, bad)
	if code, msg := status.Code(err); code != status.Failed || !strings.Contains(msg, "move "+strconv.Itoa(len(bad))) {
		t.Errorf("illegal move: status %d %q, want 1 naming the move", code, msg)
	}
	if st, err := os.Stat(filepath.Join(dir, "bad.gif")); err == nil && st.Size() > 0 {
		t.Error("bad.gif written for an illegal replay")
	}
}
