package gamepic

import (
	"bytes"
	"fmt"
	"image/gif"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/internal/picture"
)

// TestChainFramesFollowTrace plays random games and checks every move's
// frames against the engine's trace, read independently of ChainReactionFrames:
// frame 0 is the position before, frame 1 the orb landed with the played
// cell marked, frame k+1 the board wave k left; each frame marks exactly
// the cells of the next wave and its caption counts them ("n to
// explode"), names the wave whose board it shows, and ends "stable" or
// "X has won" when no wave follows. The last frame is the engine's own
// position after the move.
func TestChainFramesFollowTrace(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checked, marked := 0, 0
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
			frames := ChainReactionFrames(&pos, m)
			after := pos.Board
			tr := after.PlayTrace(m)
			if len(frames) != 2+len(tr.Waves) {
				t.Fatalf("%d frames for %d waves", len(frames), len(tr.Waves))
			}
			b := &pos.Board
			name := pos.Names[b.ToMove()]
			row, col := b.RowCol(m)
			for i, f := range frames {
				where := fmt.Sprintf("game %d, move %s, frame %d %q", game, b.FormatMove(m), i, f.Caption)
				var shown *chainreact.Board
				var prefix string
				switch i {
				case 0:
					shown, prefix = b, fmt.Sprintf("%c to play %d %d", name, row, col)
				case 1:
					shown, prefix = &tr.Landed, fmt.Sprintf("%c plays %d %d: ", name, row, col)
				default:
					shown, prefix = &tr.Waves[i-2].After, fmt.Sprintf("after wave %d: ", i-1)
				}
				if !strings.HasPrefix(f.Caption, prefix) {
					t.Fatalf("%s: want the caption to start %q", where, prefix)
				}
				checkGrid(t, where, f.Grid, shown)
				// the played cell is marked on the landing frame only
				if want := (picture.Cell{Row: row, Col: col}); (i == 1) != (f.Move == want) || (i != 1 && f.Move != picture.Cell{}) {
					t.Fatalf("%s: played-cell marker at %v", where, f.Move)
				}
				if f.Explode == nil {
					t.Fatalf("%s: nil Explode would let the picture guess the marks", where)
				}
				if i == 0 {
					if len(f.Explode) != 0 {
						t.Fatalf("%s: marks %v before the move", where, f.Explode)
					}
					continue
				}
				// the marks are the next wave's cells, as many as the caption says
				rest := strings.TrimPrefix(f.Caption, prefix)
				var next []picture.Cell
				if i-1 < len(tr.Waves) {
					for _, x := range tr.Waves[i-1].Exploded {
						r, c := b.RowCol(x)
						next = append(next, picture.Cell{Row: r, Col: c})
					}
					if rest != fmt.Sprintf("%d to explode", len(next)) {
						t.Fatalf("%s: want \"%d to explode\"", where, len(next))
					}
				} else {
					want := "stable"
					switch {
					case after.Over():
						want = fmt.Sprintf("%c has won", name)
					case i == 1:
						want = "no explosion"
					}
					if rest != want {
						t.Fatalf("%s: want %q", where, want)
					}
				}
				if !sameCells(f.Explode, next) {
					t.Fatalf("%s: marks %v, the trace's next wave is %v", where, f.Explode, next)
				}
				marked += len(f.Explode)
			}
			checkGrid(t, fmt.Sprintf("game %d, move %s, last frame", game, b.FormatMove(m)), frames[len(frames)-1].Grid, &after)
			checked++
			pos.Board = after
		}
	}
	if checked < 500 || marked < 500 {
		t.Fatalf("only %d moves and %d marks checked", checked, marked)
	}
}

// checkGrid fails unless grid (top row first) holds b's cells.
func checkGrid(t *testing.T, where string, grid [][]picture.Orbs, b *chainreact.Board) {
	t.Helper()
	for row := 1; row <= b.Rows(); row++ {
		for col := 1; col <= b.Cols(); col++ {
			mv, _ := b.MoveAt(row, col)
			owner, count := b.Cell(int(mv))
			got := grid[b.Rows()-row][col-1]
			if got.Count != count || (count > 0 && got.Owner != owner) {
				t.Fatalf("%s: cell %d %d drawn as %+v, the trace has %d orbs of player %d", where, row, col, got, count, owner)
			}
		}
	}
}

func sameCells(a, b []picture.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func TestWriteChainPicture(t *testing.T) {
	pos, err := chainreact.ParsePosition("pos.txt", strings.NewReader("players: R B\nnext: R\n1R 2R .  1B\n.  2B 1B .\n1R .  .  1B\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := pos.Board.MoveAt(3, 1)
	var buf bytes.Buffer
	if err := ChainReactionPicture(false, &pos, m)(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// Before, the orb landing, after wave 1 (3 1), after wave 2 (3 2).
	if len(g.Image) != 4 {
		t.Errorf("%d frames, want 4", len(g.Image))
	}
	buf.Reset()
	if err := ChainReactionPicture(true, &pos, m)(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("\x89PNG")) {
		t.Error("the strip is not a PNG")
	}
}
