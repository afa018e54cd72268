package web

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
)

func reactCall(t *testing.T, ts *httptest.Server, path string, req any) crMoveResponse {
	t.Helper()
	st, data := call(t, ts, path, mustJSON(t, req))
	if st != 200 {
		t.Fatalf("%s: %d %s", path, st, data)
	}
	var r crMoveResponse
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// engineCells is b's cells top row first, read from the engine directly.
func engineCells(b *chainreact.Board) [][][2]int {
	out := make([][][2]int, b.Rows())
	for top := range out {
		out[top] = make([][2]int, b.Cols())
		for c := range out[top] {
			m, _ := b.MoveAt(b.Rows()-top, c+1)
			o, n := b.Cell(int(m))
			out[top][c] = [2]int{o, n}
		}
	}
	return out
}

// TestReactGameAgainstTheEngine plays whole games through the API, a seeded
// random player choosing, and checks every answer against the engine's own
// trace of the same move: the landed orb, each wave's exploding cells and
// board, the position after, who made each move (a player out is
// skipped), the winner.
func TestReactGameAgainstTheEngine(t *testing.T) {
	_, ts := testServer(t, Config{})
	for _, tc := range []struct{ rows, cols, players int }{{3, 3, 2}, {5, 4, 3}, {4, 6, 8}} {
		b, _ := chainreact.NewBoard(tc.rows, tc.cols, tc.players)
		rnd, _ := ai.NewPlayer("random", uint64(tc.players))
		var moves [][]int
		var history []chainreact.Move
		var movers []int
		waves := 0
		for !b.Over() {
			m := rnd.Choose(&b, history)
			r, c := b.RowCol(m)
			before := b
			tr := b.PlayTrace(m)
			history, movers = append(history, m), append(movers, tr.Player)
			got := reactCall(t, ts, "/api/react/move", reactMoveRequest{
				reactRequest: reactRequest{Rows: tc.rows, Cols: tc.cols, Players: tc.players, Moves: moves}, Move: []int{r, c}})
			moves = append(moves, []int{r, c})
			if got.Move != [2]int{r, c} || got.Trace.Player != tr.Player || got.Trace.Stopped != tr.Stopped {
				t.Fatalf("move %d: %+v, engine %v %d %v", len(moves), got.Move, m, tr.Player, tr.Stopped)
			}
			if fmt.Sprint(got.Trace.Landed) != fmt.Sprint(engineCells(&tr.Landed)) {
				t.Fatalf("move %d: landed %v, engine %v", len(moves), got.Trace.Landed, engineCells(&tr.Landed))
			}
			if len(got.Trace.Waves) != len(tr.Waves) {
				t.Fatalf("move %d: %d waves, engine %d", len(moves), len(got.Trace.Waves), len(tr.Waves))
			}
			for i, w := range tr.Waves {
				var ex [][2]int
				for _, e := range w.Exploded {
					er, ec := before.RowCol(e)
					ex = append(ex, [2]int{er, ec})
				}
				if fmt.Sprint(got.Trace.Waves[i].Exploded) != fmt.Sprint(ex) || fmt.Sprint(got.Trace.Waves[i].Cells) != fmt.Sprint(engineCells(&w.After)) {
					t.Fatalf("move %d wave %d differs from the engine's", len(moves), i+1)
				}
			}
			waves += len(tr.Waves)
			st := got.State
			if fmt.Sprint(st.Cells) != fmt.Sprint(engineCells(&b)) || st.ToMove != b.ToMove() || st.Winner != b.Winner() || st.Over != b.Over() || st.Ply != b.Ply() || len(st.Moves) != len(moves) {
				t.Fatalf("move %d: state %+v differs from the engine's", len(moves), st)
			}
			if fmt.Sprint(st.Movers) != fmt.Sprint(movers) {
				t.Fatalf("move %d: movers %v, the engine's %v", len(moves), st.Movers, movers)
			}
			if len(st.Legal) != len(b.AppendMoves(nil)) {
				t.Fatalf("move %d: %d legal moves, engine %d", len(moves), len(st.Legal), len(b.AppendMoves(nil)))
			}
		}
		if waves == 0 {
			t.Errorf("%dx%d: a whole game without an explosion", tc.rows, tc.cols)
		}
		// The finished game replays through /state to the same winner.
		st, data := call(t, ts, "/api/react/state", mustJSON(t, reactRequest{Rows: tc.rows, Cols: tc.cols, Players: tc.players, Moves: moves}))
		var s crState
		if st != 200 || json.Unmarshal(data, &s) != nil || s.Winner != b.Winner() || !s.Over || s.Names != chainreact.DefaultNames[:tc.players] ||
			fmt.Sprint(s.Movers) != fmt.Sprint(movers) {
			t.Fatalf("replayed game: %d %s", st, data)
		}
		// One move more is refused.
		st, data = call(t, ts, "/api/react/move", mustJSON(t, reactMoveRequest{reactRequest: reactRequest{Rows: tc.rows, Cols: tc.cols, Players: tc.players, Moves: moves}, Move: []int{1, 1}}))
		refused(t, st, data, 422, "the game is over")
	}
}

func TestReactRefusals(t *testing.T) {
	_, ts := testServer(t, Config{})
	for _, tc := range []struct {
		path, body string
		status     int
		has        string
	}{
		{"/api/react/state", `{"rows":17,"cols":5,"players":2}`, 400, "size is 17x5: want 2x2 to 16x16"},
		{"/api/react/state", `{"rows":1,"cols":5,"players":2}`, 400, "size is 1x5: want 2x2 to 16x16"},
		{"/api/react/state", `{"rows":5,"cols":5,"players":9}`, 400, "players is 9: want 2 to 8 players"},
		{"/api/react/state", `{"rows":5,"cols":5,"players":1}`, 400, "players is 1: want 2 to 8 players"},
		{"/api/react/state", `{"rows":5,"cols":5,"players":2,"moves":[[1,1],[1,1]]}`, 422, "move 2 (1 1) is illegal"},
		{"/api/react/state", `{"rows":5,"cols":5,"players":2,"moves":[[6,1]]}`, 400, "off the 5x5 board"},
		{"/api/react/state", `{"rows":5,"cols":5,"players":2,"moves":[[1,1,1]]}`, 400, "want [row, col], got 3 numbers"},
		{"/api/react/state", `{"rows":2,"cols":2,"players":2,"moves":[` + strings.Repeat("[1,1],", 5) + `[1,1]]}`, 400, "ends within 5"},
		{"/api/react/move", `{"rows":5,"cols":5,"players":2,"moves":[[1,1]],"move":[1,1]}`, 422, "G cannot play 1 1"},
		{"/api/react/move", `{"rows":5,"cols":5,"players":2,"moves":[],"move":[0,1]}`, 400, "off the 5x5 board"},
		{"/api/react/move", `{"rows":5,"cols":5,"players":2,"moves":[]}`, 400, "want \"move\""},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"moves":[]}`, 400, "want \"spec\""},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"nobody"}`, 400, "unknown name"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"engine:rm -rf /"}`, 400, "runs no other program"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"minimax:depth=4"}`, 400, "too slow"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"minimax:depth=3"}`, 400, "too slow"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"alphabeta:depth=4"}`, 400, "too slow"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"alphabeta:time=3s"}`, 400, "over 2s"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"mcts:playouts=5000"}`, 400, "too slow"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"best:nodes=1000000"}`, 400, "too many"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"best:nodes=0"}`, 400, "too many"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"best:time=1h"}`, 400, "over 2s"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"perfect:oracle=1000001"}`, 400, "oracle=1000001 is too many"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"best:oracle=5000000"}`, 400, "oracle=5000000 is too many"},
		{"/api/react/ai", `{"rows":5,"cols":5,"players":2,"spec":"perfect:nodes=400000"}`, 400, "too many"},
	} {
		st, data := call(t, ts, tc.path, tc.body)
		refused(t, st, data, tc.status, tc.has)
	}
}

// TestReactAI: every preset and a few specs within the limits answer with a
// legal move, the same one for the same seed.
func TestReactAI(t *testing.T) {
	_, ts := testServer(t, Config{})
	specs := []string{"minimax:depth=2", "minimax:depth=3,width=5", "alphabeta:depth=2", "best:nodes=5000,time=500ms", "best:time=100ms", "greedy:eval=chain", "mcts:playouts=200"}
	for _, p := range presets {
		specs = append(specs, p.Spec)
	}
	req := reactAIRequest{reactRequest: reactRequest{Rows: 5, Cols: 5, Players: 3, Moves: [][]int{{1, 1}, {3, 3}, {5, 5}, {2, 1}}}, Seed: 9}
	b, _ := chainreact.NewBoard(5, 5, 3)
	for _, m := range req.Moves {
		mv, _ := b.MoveAt(m[0], m[1])
		b.Play(mv)
	}
	for _, spec := range specs {
		req.Spec = spec
		r := reactCall(t, ts, "/api/react/ai", req)
		m, ok := b.MoveAt(r.Move[0], r.Move[1])
		if !ok || !b.Legal(m) {
			t.Fatalf("%s played %v, not legal for %c", spec, r.Move, chainreact.DefaultNames[b.ToMove()])
		}
		if r.Spec == "" || len(r.State.Moves) != 5 {
			t.Errorf("%s: spec %q, %d moves", spec, r.Spec, len(r.State.Moves))
		}
		if !strings.Contains(spec, "time") {
			again := reactCall(t, ts, "/api/react/ai", req)
			if again.Move != r.Move {
				t.Errorf("%s: %v then %v for the same seed", spec, r.Move, again.Move)
			}
		}
	}
	st, data := call(t, ts, "/api/react/players", "")
	if st != 200 || !strings.Contains(string(data), `"best"`) || !strings.Contains(string(data), "limits") {
		t.Fatalf("players: %d %s", st, data)
	}
}
