package main

import (
	"image/gif"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/chainreact"
)

// TestChainFramesMatchEngine plays random games and checks, for every
// move, that the boards rebuilt wave by wave for the pictures end on the
// engine's own position, and that there is a frame for the position before,
// the orb landing and each wave.
func TestChainFramesMatchEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for game := 0; game < 40; game++ {
		players := 2 + game%3
		pos, err := chainreact.NewPosition(5+game%4, 4+game%3, players)
		if err != nil {
			t.Fatal(err)
		}
		var moves []chainreact.Move
		for !pos.Board.Over() {
			moves = pos.Board.AppendMoves(moves[:0])
			m := moves[r.IntN(len(moves))]
			frames := chainFrames(&pos, m)
			after := pos.Board
			tr := after.PlayTrace(m)
			if len(frames) != 2+len(tr.Waves) {
				t.Fatalf("%d frames for %d waves", len(frames), len(tr.Waves))
			}
			last := frames[len(frames)-1].Grid
			b := &pos.Board
			for row := 1; row <= b.Rows(); row++ {
				for col := 1; col <= b.Cols(); col++ {
					mv, _ := b.MoveAt(row, col)
					owner, count := after.Cell(int(mv))
					got := last[b.Rows()-row][col-1]
					if got.Count != count || (count > 0 && got.Owner != owner) {
						t.Fatalf("game %d, move %s: cell %d %d drawn as %+v, engine has %d orbs of player %d (stopped=%v)",
							game, b.FormatMove(m), row, col, got, count, owner, tr.Stopped)
					}
				}
			}
			checked++
			pos.Board = after
		}
	}
	if checked < 500 {
		t.Fatalf("only %d moves checked", checked)
	}
}

func TestWriteChainPicture(t *testing.T) {
	pos, err := chainreact.ParsePosition("pos.txt", strings.NewReader("players: R B\nnext: R\n1R 2R .  1B\n.  2B 1B .\n1R .  .  1B\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := pos.Board.MoveAt(3, 1)
	dir := t.TempDir()
	if err := writeChainPicture(filepath.Join(dir, "c.gif"), false, &pos, m); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "c.gif"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	// Before, the orb landing, wave 1 (3 1), wave 2 (3 2).
	if len(g.Image) != 4 {
		t.Errorf("%d frames, want 4", len(g.Image))
	}
	if err := writeChainPicture(filepath.Join(dir, "s.png"), true, &pos, m); err != nil {
		t.Fatal(err)
	}
	if code, _ := exitCode(writeChainPicture(filepath.Join(dir, "no", "s.png"), true, &pos, m)); code != exitBad {
		t.Errorf("bad path: status %d, want 2", code)
	}
}
