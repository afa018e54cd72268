package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"chainshot/board"
)

// randomBoard returns a rows x cols board with colours 1..colors drawn
// from seed.
func randomBoard(t testing.TB, rows, cols, colors int, seed uint64) board.Board {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	grid := make([][]board.Color, rows)
	for i := range grid {
		grid[i] = make([]board.Color, cols)
		for j := range grid[i] {
			grid[i][j] = board.Color(1 + r.IntN(colors))
		}
	}
	b, err := board.New(grid)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkReplay fails unless r replays on b to exactly its score and beads,
// and ends the game.
func checkReplay(t *testing.T, b board.Board, r Result) {
	t.Helper()
	end, score, err := board.Replay(b, r.Moves)
	if err != nil {
		t.Fatalf("%s: line does not replay: %v", r.Algorithm, err)
	}
	if score != r.Score || end.Beads() != r.BeadsLeft {
		t.Fatalf("%s: replay gives score %d, %d beads; result claims %d, %d",
			r.Algorithm, score, end.Beads(), r.Score, r.BeadsLeft)
	}
	if !end.IsOver() {
		t.Fatalf("%s: line stops before the game ends", r.Algorithm)
	}
}

func testBoards(t *testing.T) map[string]board.Board {
	return map[string]board.Board{
		"5x5c3":   randomBoard(t, 5, 5, 3, 1),
		"8x8c4":   randomBoard(t, 8, 8, 4, 2),
		"15x15c5": randomBoard(t, 15, 15, 5, 3),
		"10x20c3": randomBoard(t, 10, 20, 3, 4),
		"1x1":     randomBoard(t, 1, 1, 1, 5),
	}
}

// solveWithin is Solve, failing the test when the search has not returned
// within a minute of wall time: a search that never counts a node (a board
// with no move, a loop that forgets its budget) never looks at its budget
// and would otherwise hang until go test's own timeout.
func solveWithin(t *testing.T, b board.Board, algo string, opt Options) (Result, error) {
	t.Helper()
	type answer struct {
		r   Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := Solve(context.Background(), b, algo, opt)
		done <- answer{r, err}
	}()
	select {
	case a := <-done:
		return a.r, a.err
	case <-time.After(time.Minute):
		t.Fatalf("%s has not returned after a minute (budget: %d nodes): does it count a node, and so look at its budget, on every path, a board with no move included?", algo, opt.MaxNodes)
		return Result{}, nil
	}
}

func TestEveryAlgorithmReplays(t *testing.T) {
	for _, a := range Algorithms() {
		for name, b := range testBoards(t) {
			t.Run(a.Name+"/"+name, func(t *testing.T) {
				r, err := solveWithin(t, b, a.Name, Options{MaxNodes: 1000 / raceScale, Seed: 1, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				checkReplay(t, b, r)
			})
		}
	}
}

func TestDeterministic(t *testing.T) {
	b := randomBoard(t, 12, 12, 4, 9)
	for _, a := range Algorithms() {
		t.Run(a.Name, func(t *testing.T) {
			opt := Options{MaxNodes: 1500 / raceScale, Seed: 42, Workers: 2}
			r1, _ := Solve(context.Background(), b, a.Name, opt)
			r2, _ := Solve(context.Background(), b, a.Name, opt)
			if r1.Score != r2.Score || r1.BeadsLeft != r2.BeadsLeft || len(r1.Moves) != len(r2.Moves) {
				t.Fatalf("two runs differ: %d/%d/%d vs %d/%d/%d", r1.Score, r1.BeadsLeft, len(r1.Moves), r2.Score, r2.BeadsLeft, len(r2.Moves))
			}
			for i := range r1.Moves {
				if r1.Moves[i] != r2.Moves[i] {
					t.Fatalf("two runs differ at move %d", i+1)
				}
			}
		})
	}
}

func TestUnknownAlgorithm(t *testing.T) {
	if _, err := Solve(context.Background(), randomBoard(t, 5, 5, 3, 1), "nope", Options{}); err == nil {
		t.Fatal("no error for an unknown algorithm")
	}
}

func TestCancelledReturnsLine(t *testing.T) {
	b := randomBoard(t, 15, 15, 5, 11)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range Algorithms() {
		r, err := Solve(ctx, b, a.Name, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		checkReplay(t, b, r)
	}
}

// TestPosMatchesBoard plays random lines on both representations and
// compares them cell by cell.
func TestPosMatchesBoard(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		b := randomBoard(t, 3+int(seed%13), 3+int(seed*7%17), 2+int(seed%4), seed)
		p := fromBoard(&b)
		r := rand.New(rand.NewPCG(seed, 1))
		var g groups
		for {
			g.analyse(&p)
			want := b.AppendGroups(nil)
			if g.nmoves != len(want) {
				t.Fatalf("seed %d: %d moves, board says %d", seed, g.nmoves, len(want))
			}
			for k, gr := range want {
				id := k
				if g.move(id) != gr.Move || int(g.size[id]) != gr.Size || board.Color(g.color[id]) != gr.Color {
					t.Fatalf("seed %d: group %d differs", seed, k)
				}
			}
			if g.nmoves == 0 {
				break
			}
			id := r.IntN(g.nmoves)
			m := g.move(id)
			n := p.remove(&g, id)
			if bn := b.Remove(m); bn != n {
				t.Fatalf("seed %d: removed %d, board removed %d", seed, n, bn)
			}
			if p.width != uint8(b.Width()) || int(p.beads) != b.Beads() {
				t.Fatalf("seed %d: width/beads differ", seed)
			}
			for c := 0; c < board.MaxSize; c++ {
				for row := 0; row < board.MaxSize; row++ {
					if board.Color(p.at(c, row)) != b.At(row, c) {
						t.Fatalf("seed %d: cell %d,%d differs", seed, row, c)
					}
				}
			}
		}
	}
}

func TestNeverWorseThanGreedy(t *testing.T) {
	for i, b := range []board.Board{
		randomBoard(t, 10, 10, 4, 21),
		randomBoard(t, 15, 15, 5, 22),
		randomBoard(t, 12, 8, 3, 23),
	} {
		g, _ := Solve(context.Background(), b, "greedy", Options{})
		for _, a := range Algorithms() {
			r, _ := Solve(context.Background(), b, a.Name, Options{MaxNodes: 1500 / raceScale, Seed: 3, Workers: 2})
			checkReplay(t, b, r)
			if ranksAbove(g.BeadsLeft, g.Score, r.BeadsLeft, r.Score) {
				t.Errorf("board %d: %s (%d beads, %d points) worse than greedy (%d, %d)",
					i, a.Name, r.BeadsLeft, r.Score, g.BeadsLeft, g.Score)
			}
		}
	}
}

func TestAutoOneWorker(t *testing.T) {
	for _, b := range []board.Board{randomBoard(t, 5, 5, 3, 31), randomBoard(t, 9, 9, 4, 32), randomBoard(t, 15, 15, 5, 33)} {
		r, err := Solve(context.Background(), b, "auto", Options{MaxNodes: 2000 / raceScale, Seed: 5, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		checkReplay(t, b, r)
	}
}

func TestProgress(t *testing.T) {
	b := randomBoard(t, 10, 10, 4, 41)
	var p Progress
	if _, _, ok := p.Best(); ok {
		t.Fatal("a best line before any search")
	}
	r, _ := Solve(context.Background(), b, "nrpa", Options{MaxNodes: 500, Seed: 1, Workers: 2, Progress: &p})
	beads, score, ok := p.Best()
	if !ok || beads != r.BeadsLeft || score != r.Score {
		t.Fatalf("progress says %d beads %d points (%v), result %d %d", beads, score, ok, r.BeadsLeft, r.Score)
	}
	if p.Nodes() != r.Nodes || p.Nodes() == 0 {
		t.Fatalf("progress counts %d nodes, result %d", p.Nodes(), r.Nodes)
	}
}

func TestLargestBoard(t *testing.T) {
	b := randomBoard(t, board.MaxSize, board.MaxSize, 5, 51)
	for _, a := range []string{"auto", "beam", "dfs"} {
		r, err := Solve(context.Background(), b, a, Options{MaxNodes: 300 / raceScale, Seed: 1, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		checkReplay(t, b, r)
	}
}

func TestGameOverIsOptimal(t *testing.T) {
	b, err := board.New([][]board.Color{{board.Red, board.Green}, {board.Green, board.Red}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range Algorithms() {
		r, _ := Solve(context.Background(), b, a.Name, Options{MaxNodes: 10})
		checkReplay(t, b, r)
		if len(r.Moves) != 0 || r.BeadsLeft != 4 || r.Score != 0 || !r.Optimal {
			t.Fatalf("%s: %+v, want no moves, 4 beads left, optimal", a.Name, r)
		}
	}
}

func TestTinyNodeBudgets(t *testing.T) {
	for _, b := range []board.Board{randomBoard(t, 12, 12, 4, 61), randomBoard(t, 8, 8, 4, 62)} {
		for _, a := range Algorithms() {
			for _, n := range []int64{1, 2, 3} {
				r, err := Solve(context.Background(), b, a.Name, Options{MaxNodes: n, Seed: 1, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				checkReplay(t, b, r)
			}
		}
	}
}
