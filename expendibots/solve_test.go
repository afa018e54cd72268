package expendibots

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// shortestByIDDFS is the reference solver: iterative deepening over the
// checked public API, no hashing, no pruning. It returns the length of a
// shortest win up to maxDepth, or -1.
func shortestByIDDFS(b Board, maxDepth int) int {
	var dfs func(b Board, depth int) bool
	dfs = func(b Board, depth int) bool {
		if b.Won() {
			return true
		}
		if depth == 0 {
			return false
		}
		for _, a := range b.AppendActions(nil) {
			next, err := b.Apply(a)
			if err != nil {
				panic(err)
			}
			if dfs(next, depth-1) {
				return true
			}
		}
		return false
	}
	for d := 0; d <= maxDepth; d++ {
		if dfs(b, d) {
			return d
		}
	}
	return -1
}

// randomBoard places up to 2 white tokens and 1..4 black stacks in a
// 5x5 corner, so that short wins are common.
func randomBoard(r *rand.Rand) Board {
	var b Board
	place := func(v int8) {
		for {
			s := Sq(r.IntN(5), r.IntN(5))
			if b.sq[s] == 0 {
				b.sq[s] = v
				return
			}
		}
	}
	if r.IntN(2) == 0 {
		place(2)
	} else {
		place(1)
		if r.IntN(2) == 0 {
			place(1)
		}
	}
	for range 1 + r.IntN(4) {
		place(-int8(1 + r.IntN(2)))
	}
	return b
}

// TestBFSMatchesReference checks bfs and astar against the reference
// solver on small random boards: the same shortest length, and no win
// within 5 actions when bfs says there is none.
func TestBFSMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	const maxDepth = 5
	solved := 0
	for i := range 150 {
		b := randomBoard(r)
		res, err := Solve(b, Options{Algo: AlgoBFS, MaxStates: 1_000_000})
		if err != nil {
			t.Fatal(err)
		}
		as, err := Solve(b, Options{Algo: AlgoAStar, MaxStates: 1_000_000})
		if err != nil {
			t.Fatal(err)
		}
		if as.Status != res.Status || len(as.Actions) != len(res.Actions) {
			t.Errorf("board %d %v: astar %s in %d actions, bfs %s in %d", i, b.Stacks(), as.Status, len(as.Actions), res.Status, len(res.Actions))
		}
		if as.Status == Solved {
			checkSolution(t, "astar", b, as.Actions)
		}
		ref := shortestByIDDFS(b, min(maxDepth, len(res.Actions)))
		switch res.Status {
		case Solved:
			checkSolution(t, "bfs", b, res.Actions)
			if len(res.Actions) <= maxDepth {
				solved++
				if ref != len(res.Actions) {
					t.Errorf("board %d %v: bfs %d actions, reference %d", i, b.Stacks(), len(res.Actions), ref)
				}
			} else if ref != -1 {
				t.Errorf("board %d %v: bfs %d actions, reference found %d", i, b.Stacks(), len(res.Actions), ref)
			}
		case Unsolvable:
			if ref := shortestByIDDFS(b, maxDepth); ref != -1 {
				t.Errorf("board %d %v: bfs says unsolvable, reference wins in %d", i, b.Stacks(), ref)
			}
		default:
			t.Fatalf("board %d: %s", i, res.Status)
		}
	}
	if solved < 50 {
		t.Errorf("only %d boards solved within %d actions: the test checks too little", solved, maxDepth)
	}
}

func loadFixture(t testing.TB, name string) Board {
	t.Helper()
	return loadCase(t, filepath.Join("testdata", name)).Board
}

func TestSolveFixtures(t *testing.T) {
	tests := []struct {
		file   string
		status Status
	}{
		// A lone token walled in a corner pocket, black outside it.
		{"walled.json", Unsolvable},
		// One token, one boom: it cannot reach both far corners.
		{"unsolvable.json", Unsolvable},
		// A boom chains along a diagonal of black; the lone white on the
		// chain must step aside first to survive for (7, 7).
		{"chain.json", Solved},
		// A 2-stack in the same pocket as walled.json jumps the wall.
		{"pocket.json", Solved},
		// The first boom must spare the other white token.
		{"jump.json", Solved},
		// Four white tokens: outside part A, solved anyway.
		{"four-white.json", Solved},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			b := loadFixture(t, tc.file)
			var lengths []int
			for _, algo := range Algos() {
				res, err := Solve(b, Options{Algo: algo, MaxStates: 500_000})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != tc.status {
					t.Fatalf("%s: %s, want %s", algo, res.Status, tc.status)
				}
				if res.Status == Solved {
					checkSolution(t, algo, b, res.Actions)
					lengths = append(lengths, len(res.Actions))
				}
				if res.Optimal != (algo != AlgoSeed && res.Status == Solved) {
					t.Errorf("%s: Optimal = %v", algo, res.Optimal)
				}
			}
			// Algos: astar, bfs, seed. The first two prove their length.
			if len(lengths) == 3 && (lengths[1] != lengths[0] || lengths[2] < lengths[0]) {
				t.Errorf("astar, bfs, seed found %v actions", lengths)
			}
			if len(lengths) > 0 && lengths[0] <= 6 {
				if ref := shortestByIDDFS(b, lengths[0]); ref != lengths[0] {
					t.Errorf("astar %d actions, reference %d", lengths[0], ref)
				}
			}
		})
	}
}

func TestSolveBudget(t *testing.T) {
	b := loadFixture(t, "pocket.json")
	for _, algo := range Algos() {
		res, err := Solve(b, Options{Algo: algo, MaxStates: 10})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != OutOfBudget || res.Limit != "states" || len(res.Actions) != 0 {
			t.Errorf("%s: %s, limit %q, %d actions; want out of budget (states)", algo, res.Status, res.Limit, len(res.Actions))
		}
	}
	if _, err := Solve(b, Options{Algo: "dfs"}); err == nil || !strings.Contains(err.Error(), `unknown algorithm "dfs"`) {
		t.Errorf("unknown algorithm: err = %v", err)
	}
	won, err := Solve(Board{}, Options{})
	if err != nil || won.Status != Solved || len(won.Actions) != 0 {
		t.Errorf("empty board: %+v, %v; want solved in 0 actions", won, err)
	}
}

// TestSolveClock: the time budget is measured on Options.Clock when it is
// given (the command line's CPU time): a clock past the budget stops every
// search, whatever the wall clock says; a long search reads it as it goes,
// not only at the start; a clock that stands still never stops one.
func TestSolveClock(t *testing.T) {
	pocket := loadFixture(t, "pocket.json")
	long, err := Generate(11, NewGenParams(5, 15)) // thousands of expansions for bfs and astar
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range Algos() {
		res, err := Solve(pocket, Options{Algo: algo, Budget: time.Hour, Clock: func() time.Duration { return 2 * time.Hour }})
		if err != nil || res.Status != OutOfBudget || res.Limit != "time" {
			t.Errorf("%s, clock past the budget: %s, limit %q, %v; want out of budget (time)", algo, res.Status, res.Limit, err)
		}
		res, err = Solve(pocket, Options{Algo: algo, Budget: time.Nanosecond, Clock: func() time.Duration { return 0 }})
		if err != nil || res.Status != Solved {
			t.Errorf("%s, clock at 0: %s, limit %q, %v; want solved", algo, res.Status, res.Limit, err)
		}
	}
	for _, algo := range []string{AlgoBFS, AlgoAStar} {
		reads := 0
		res, err := Solve(long, Options{Algo: algo, Budget: time.Hour, Clock: func() time.Duration {
			reads++
			if reads > 1 {
				return 2 * time.Hour
			}
			return 0
		}})
		if err != nil || res.Status != OutOfBudget || res.Limit != "time" || reads != 2 {
			t.Errorf("%s: %s, limit %q, clock read %d times, %v; want out of budget (time) at the second reading", algo, res.Status, res.Limit, reads, err)
		}
	}
}

// TestOfficialOutputs replays the course's sample outputs.
func TestOfficialOutputs(t *testing.T) {
	dir, _ := sharedData(t)
	outs, err := filepath.Glob(filepath.Join(dir, "official", "*-out.txt"))
	if err != nil || len(outs) == 0 {
		t.Fatalf("no official outputs in %s: %v", dir, err)
	}
	for _, out := range outs {
		t.Run(filepath.Base(out), func(t *testing.T) {
			b := loadCase(t, strings.TrimSuffix(out, "-out.txt")+".json").Board
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			acts, _, err := ParseActions(data, filepath.Base(out))
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, filepath.Base(out), b, acts)
			if got := FormatActions(acts); !strings.Contains(string(data), got) {
				t.Errorf("formatting the parsed actions does not give the file's lines back:\n%s", got)
			}
		})
	}
}

// TestAStarMatchesBFS checks astar's lower bound on spread-out boards
// with three white tokens, where its clusters and distances matter: it
// must find the same length as the exhaustive bfs, or the same verdict.
func TestAStarMatchesBFS(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	compared := 0
	for i := range 30 {
		var b Board
		place := func(v int8) {
			for {
				s := Square(r.IntN(64))
				if b.sq[s] == 0 {
					b.sq[s] = v
					return
				}
			}
		}
		switch r.IntN(3) {
		case 0:
			place(1)
			place(1)
			place(1)
		case 1:
			place(2)
			place(1)
		default:
			place(3)
		}
		for range 2 + r.IntN(4) {
			place(-1)
		}
		bfs, _ := Solve(b, Options{Algo: AlgoBFS, MaxStates: 100_000})
		if bfs.Status == OutOfBudget {
			continue
		}
		as, _ := Solve(b, Options{Algo: AlgoAStar, MaxStates: 100_000})
		compared++
		if as.Status != bfs.Status || len(as.Actions) != len(bfs.Actions) {
			t.Errorf("board %d %v: astar %s in %d actions, bfs %s in %d", i, b.Stacks(), as.Status, len(as.Actions), bfs.Status, len(bfs.Actions))
		}
		if as.Status == Solved {
			checkSolution(t, "astar", b, as.Actions)
		}
	}
	if compared < 25 {
		t.Errorf("only %d boards compared", compared)
	}
}

func TestProgress(t *testing.T) {
	b := loadFixture(t, "four-white.json")
	var calls []int
	res, err := Solve(b, Options{Algo: AlgoBFS, MaxStates: 200_000, Progress: func(states int) { calls = append(calls, states) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) == 0 {
		t.Fatalf("no progress reported in a search of %d states", res.States)
	}
	for i, n := range calls {
		if n <= 0 || n > res.States || (i > 0 && n < calls[i-1]) {
			t.Errorf("progress %v for %d states", calls, res.States)
			break
		}
	}
}

// TestAStarMatchesBFSGenerated checks astar against bfs on the cases
// "boom gen" makes, beyond part A's spec: 3 to 5 white tokens against
// 10 to 20 black, kept only if astar wins them. Wherever bfs finishes
// within its budget, both must give the same length, and astar's answer
// must replay.
func TestAStarMatchesBFSGenerated(t *testing.T) {
	compared := 0
	for w := 3; w <= 5; w++ {
		for seed := uint64(1); seed <= 8; seed++ {
			draws, err := GenerateWinnable(seed, NewGenParams(w, 10+int(seed%11)), Options{}, 20)
			if err != nil {
				t.Fatal(err)
			}
			d := draws[len(draws)-1]
			checkSolution(t, "astar", d.Board, d.Result.Actions)
			bfs, err := Solve(d.Board, Options{Algo: AlgoBFS, MaxStates: 300_000})
			if err != nil {
				t.Fatal(err)
			}
			if bfs.Status == OutOfBudget {
				continue
			}
			compared++
			if bfs.Status != Solved || len(bfs.Actions) != len(d.Result.Actions) {
				t.Errorf("white %d seed %d %v: astar %d actions, bfs %s in %d", w, seed, d.Board.Stacks(), len(d.Result.Actions), bfs.Status, len(bfs.Actions))
			}
		}
	}
	if compared < 18 {
		t.Errorf("bfs finished on only %d of 24 cases", compared)
	}
}
