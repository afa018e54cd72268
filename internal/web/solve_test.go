package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/results"
	"chainshot/solver"
)

func builtinText(t *testing.T, name string) string {
	t.Helper()
	sets, err := datasets.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sets[0].Board.Format()
}

// startSolve posts a solve request and returns the open response.
func startSolve(t *testing.T, ctx context.Context, ts *httptest.Server, req solveRequest) *http.Response {
	t.Helper()
	hr, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/chainshot/solve", strings.NewReader(mustJSON(t, req)))
	if err != nil {
		t.Fatal(err)
	}
	hr.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// solveToEnd runs a solve and returns its progress lines and result.
func solveToEnd(t *testing.T, ts *httptest.Server, req solveRequest) ([]progress, *solved) {
	t.Helper()
	resp := startSolve(t, context.Background(), ts, req)
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-ndjson") {
		data, _ := io.ReadAll(resp.Body)
		t.Fatalf("solve: %d %s", resp.StatusCode, data)
	}
	var ps []progress
	var res *solved
	readStream(t, resp.Body, func(l progressLine) bool {
		switch {
		case l.Error != "":
			t.Fatalf("solve error: %s", l.Error)
		case l.Progress != nil:
			ps = append(ps, *l.Progress)
		case l.Result != nil:
			res = l.Result
		}
		return true
	})
	if res == nil {
		t.Fatal("no result line")
	}
	return ps, res
}

// TestSolveResultsLine: the result's line is the results line "solve
// --json" prints, and it replays on the data set to its figures.
func TestSolveResultsLine(t *testing.T) {
	_, ts := testServer(t, Config{ProgressEvery: 20 * time.Millisecond})
	text := builtinText(t, "ladder05-10x10-4c")
	ps, res := solveToEnd(t, ts, solveRequest{gameRequest: gameRequest{Board: text}, Name: "ladder05-10x10-4c", BudgetSeconds: 0.5})
	if len(ps) == 0 {
		t.Errorf("no progress line in 0.5 s at 20 ms")
	}
	// Progress lines count up; their times are the machine's, not
	// checked here (a loaded machine may run late).
	for i, p := range ps {
		if p.Budget != 0.5 || p.Elapsed < 0 || p.Nodes < 0 || (i > 0 && (p.Elapsed < ps[i-1].Elapsed || p.Nodes < ps[i-1].Nodes)) {
			t.Errorf("progress line %d: %+v", i+1, p)
		}
	}
	var rec results.Record
	if !strings.HasSuffix(res.Line, "}\n") || strings.Count(res.Line, "\n") != 1 {
		t.Fatalf("line %q is not one line", res.Line)
	}
	if err := json.Unmarshal([]byte(res.Line), &rec); err != nil {
		t.Fatalf("line %q: %v", res.Line, err)
	}
	if rec.File != "ladder05-10x10-4c" || rec.Rows != 10 || rec.Cols != 10 || rec.Score != res.Score || rec.BeadsLeft != res.BeadsLeft || rec.Budget != 0.5 {
		t.Fatalf("record %+v, result %+v", rec, res)
	}
	if !strings.HasPrefix(rec.Algorithm, "auto") {
		t.Errorf("algorithm %q", rec.Algorithm)
	}
	start := mustParse(t, text)
	moves := make([]board.Move, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = board.MoveAt(m[0], m[1])
	}
	end, score, err := board.Replay(start, moves)
	if err != nil || score != rec.Score || end.Beads() != rec.BeadsLeft {
		t.Fatalf("the line replays to %d, %d beads (%v); it says %d, %d", score, end.Beads(), err, rec.Score, rec.BeadsLeft)
	}
	if got := string(results.MarshalLine(rec)); got != res.Line {
		t.Errorf("line %q is not MarshalLine's %q", res.Line, got)
	}
}

// TestSolveFromAPosition: a solve from the middle of a game returns the
// whole line from the start, the player's moves first, never "optimal".
func TestSolveFromAPosition(t *testing.T) {
	_, ts := testServer(t, Config{})
	text := builtinText(t, "sample1")
	prefix := [][]int{{2, 1}}
	_, res := solveToEnd(t, ts, solveRequest{gameRequest: gameRequest{Board: text, Moves: prefix}, Name: "sample1", BudgetSeconds: 0.3})
	if len(res.Moves) < 1 || res.Moves[0] != [2]int{2, 1} {
		t.Fatalf("line %v does not start with the move played", res.Moves)
	}
	if res.Optimal || strings.Contains(res.Line, "optimal") {
		t.Errorf("a line after the player's own move is marked optimal: %s", res.Line)
	}
	// From the start, sample1 is small enough to prove (in milliseconds:
	// the budget only leaves room for a loaded machine).
	_, res = solveToEnd(t, ts, solveRequest{gameRequest: gameRequest{Board: text}, Name: "sample1", BudgetSeconds: 20})
	if !res.Optimal || !strings.Contains(res.Line, `"optimal":true`) {
		t.Errorf("sample1 from the start: not proved: %+v", res)
	}
}

func TestSolveRefusals(t *testing.T) {
	_, ts := testServer(t, Config{MaxBudget: 60 * time.Second})
	text := builtinText(t, "sample1")
	for _, tc := range []struct {
		req    solveRequest
		status int
		has    string
	}{
		{solveRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: 0.05}, 400, "budget_seconds 0.05: want 0.1 to 60"},
		{solveRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: 61}, 400, "budget_seconds 61"},
		{solveRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: -1}, 400, "budget_seconds -1"},
		{solveRequest{gameRequest: gameRequest{Board: text}, Algo: "magic"}, 400, `algo "magic"`},
		{solveRequest{gameRequest: gameRequest{Board: text}, Rank: "points"}, 400, `rank "points": want beads or score`},
		{solveRequest{gameRequest: gameRequest{Board: text}, MaxNodes: -5}, 400, "max_nodes is -5: want 0 (no limit) to 1,000,000,000 nodes"},
		{solveRequest{gameRequest: gameRequest{Board: text}, MaxNodes: 2e9}, 400, "max_nodes is 2000000000"},
		{solveRequest{gameRequest: gameRequest{Board: text, Moves: [][]int{{5, 1}}}}, 422, "move 1 (5 1) is illegal"},
		{solveRequest{gameRequest: gameRequest{Board: "RRX\n"}}, 400, "board:"},
	} {
		st, data := call(t, ts, "/api/chainshot/solve", mustJSON(t, tc.req))
		refused(t, st, data, tc.status, tc.has)
	}
	st, data := call(t, ts, "/api/chainshot/solve", `{"board":"RG\nGR\n","budget_seconds":1e400}`)
	refused(t, st, data, 400, "bad JSON")
}

// TestSolveCancel: when the client goes away, the search stops at once,
// long before its budget, and frees its slot.
func TestSolveCancel(t *testing.T) {
	s, ts := testServer(t, Config{ProgressEvery: 20 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	resp := startSolve(t, ctx, ts, solveRequest{gameRequest: gameRequest{Board: builtinText(t, "ladder10-25x25-5c")}, BudgetSeconds: 60})
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	got := false
	readStream(t, resp.Body, func(l progressLine) bool { got = l.Progress != nil; return !got })
	if !got || s.Searches() != 1 {
		t.Fatalf("no progress line, or %d searches running", s.Searches())
	}
	t0 := time.Now()
	cancel()
	resp.Body.Close()
	if !waitFor(10*time.Second, func() bool { return s.Searches() == 0 }) {
		t.Fatalf("the search still holds its slot %v after the client left", time.Since(t0))
	}
	t.Logf("slot freed %v after the client left", time.Since(t0))
}

// TestSolveStopKeepsTheLine stops solves of a sweep of boards by their
// id, as the page's Cancel does: the search ends long before its budget,
// frees its slot, and the answer ends with the best line found so far,
// marked partial in the result and in its results line, which replays to
// its figures; the line is at least as good as every progress report's
// best so far. A second stop, or an unknown id, is refused with 404.
func TestSolveStopKeepsTheLine(t *testing.T) {
	for _, name := range []string{"ladder10-25x25-5c", "ladder07-15x15-4c", "sample1"} {
		s, ts := testServer(t, Config{ProgressEvery: 20 * time.Millisecond})
		text := builtinText(t, name)
		resp := startSolve(t, context.Background(), ts, solveRequest{gameRequest: gameRequest{Board: text}, Name: name, BudgetSeconds: 60})
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", name, resp.StatusCode)
		}
		var id string
		var ps []progress
		var res *solved
		var t0 time.Time
		readStream(t, resp.Body, func(l progressLine) bool {
			switch {
			case l.ID != "":
				id = l.ID
			case l.Progress != nil:
				ps = append(ps, *l.Progress)
				if len(ps) == 3 {
					t0 = time.Now()
					st, data := call(t, ts, "/api/chainshot/stop", mustJSON(t, stopRequest{ID: id}))
					if st != 200 {
						t.Fatalf("%s: stop %s: %d %s", name, id, st, data)
					}
				}
			case l.Result != nil:
				res = l.Result
			case l.Error != "":
				t.Fatalf("%s: %s", name, l.Error)
			}
			return true
		})
		resp.Body.Close()
		if res == nil {
			if name == "sample1" && len(ps) < 3 {
				continue // proved optimal before a third report: nothing to stop
			}
			t.Fatalf("%s: no result after the stop", name)
		}
		if id == "" || len(ps) < 3 {
			if name != "sample1" {
				t.Fatalf("%s: id %q, %d progress lines", name, id, len(ps))
			}
			continue
		}
		if took := time.Since(t0); took > 10*time.Second || res.Seconds > 30 {
			t.Errorf("%s: the result came %v after the stop, %.1f s into a 60 s budget", name, took, res.Seconds)
		}
		var rec results.Record
		if err := json.Unmarshal([]byte(res.Line), &rec); err != nil {
			t.Fatal(err)
		}
		if !res.Partial || !rec.Partial {
			t.Errorf("%s: a stopped solve's result is not marked partial: %v, line %s", name, res.Partial, res.Line)
		}
		moves := make([]board.Move, len(rec.Moves))
		for i, m := range rec.Moves {
			moves[i] = board.MoveAt(m[0], m[1])
		}
		end, score, err := board.Replay(mustParse(t, text), moves)
		if err != nil || score != res.Score || end.Beads() != res.BeadsLeft || len(moves) == 0 {
			t.Fatalf("%s: the kept line replays to %d, %d beads (%v); it says %d, %d", name, score, end.Beads(), err, res.Score, res.BeadsLeft)
		}
		for _, p := range ps {
			if p.Beads != nil && board.Better(*p.Beads, *p.Score, res.BeadsLeft, res.Score) {
				t.Errorf("%s: a progress report's best so far (%d beads, %d) beats the result (%d beads, %d)", name, *p.Beads, *p.Score, res.BeadsLeft, res.Score)
			}
		}
		if !waitFor(10*time.Second, func() bool { return s.Searches() == 0 }) {
			t.Errorf("%s: the stopped search still holds its slot", name)
		}
		st, data := call(t, ts, "/api/chainshot/stop", mustJSON(t, stopRequest{ID: id}))
		refused(t, st, data, 404, "no running solve")
	}
	_, ts := testServer(t, Config{})
	st, data := call(t, ts, "/api/chainshot/stop", `{"id":"nosuchid"}`)
	refused(t, st, data, 404, "no running solve")
}

// TestLimits: the page reads the server's limits before it asks.
func TestLimits(t *testing.T) {
	_, ts := testServer(t, Config{MaxBudget: 30 * time.Second})
	st, data := call(t, ts, "/api/limits", "")
	var l limits
	if st != 200 || json.Unmarshal(data, &l) != nil || l.MaxBudgetSeconds != 30 || l.MaxHintSeconds != 5 || l.MaxBoard != 25 {
		t.Fatalf("%d %s", st, data)
	}
}

// TestSolveOutlivesServerTimeouts: a solve's answer streams past the
// server's read and write timeouts.
func TestSolveOutlivesServerTimeouts(t *testing.T) {
	s := New(Config{ProgressEvery: 100 * time.Millisecond})
	ts := httptest.NewUnstartedServer(s)
	ts.Config = HTTPServer("", s)
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Config.WriteTimeout = 300 * time.Millisecond
	ts.Start()
	defer ts.Close()
	_, res := solveToEnd(t, ts, solveRequest{gameRequest: gameRequest{Board: builtinText(t, "ladder07-15x15-4c")}, BudgetSeconds: 1})
	if res.Seconds < 0.9 {
		t.Errorf("the solve ended after %.2f s of its 1 s budget", res.Seconds)
	}
}

// TestSearchSlots: with every slot taken, solves, hints and AI moves wait
// QueueWait and are refused with 429; a slot freed is taken again.
func TestSearchSlots(t *testing.T) {
	s, ts := testServer(t, Config{Slots: 2, QueueWait: 100 * time.Millisecond, ProgressEvery: 20 * time.Millisecond})
	text := builtinText(t, "ladder09-20x20-5c")
	var cancels []context.CancelFunc
	for range 2 {
		ctx, cancel := context.WithCancel(context.Background())
		cancels = append(cancels, cancel)
		resp := startSolve(t, ctx, ts, solveRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: 60})
		defer resp.Body.Close()
		readStream(t, resp.Body, func(l progressLine) bool { return false })
	}
	if s.Searches() != 2 {
		t.Fatalf("%d searches running, want 2", s.Searches())
	}
	for path, body := range map[string]string{
		"/api/chainshot/solve": mustJSON(t, solveRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: 1}),
		"/api/chainshot/hint":  mustJSON(t, hintRequest{gameRequest: gameRequest{Board: text}}),
		"/api/react/ai":        `{"rows":5,"cols":5,"players":2,"moves":[],"spec":"random"}`,
	} {
		resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		refused(t, resp.StatusCode, data, 429, "the server is busy")
		if resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s: 429 without Retry-After", path)
		}
	}
	cancels[0]()
	if !waitFor(10*time.Second, func() bool { return s.Searches() == 1 }) {
		t.Fatal("a cancelled solve kept its slot")
	}
	st, data := call(t, ts, "/api/react/ai", `{"rows":5,"cols":5,"players":2,"moves":[],"spec":"random"}`)
	if st != 200 {
		t.Fatalf("with a slot free: %d %s", st, data)
	}
	cancels[1]()
}

// TestManySolvesAtOnce: two hundred solves at once on two slots: each is
// answered (a result or 429) and never more than two search at a time.
func TestManySolvesAtOnce(t *testing.T) {
	s, ts := testServer(t, Config{Slots: 2, QueueWait: 50 * time.Millisecond})
	body := mustJSON(t, solveRequest{gameRequest: gameRequest{Board: builtinText(t, "ladder03-8x8-3c")}, BudgetSeconds: 0.1})
	var most atomic.Int64
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if n := int64(s.Searches()); n > most.Load() {
				most.Store(n)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	const n = 200
	var wg sync.WaitGroup
	var ok, busy, other atomic.Int64
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: n}, Timeout: 30 * time.Second}
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := client.Post(ts.URL+"/api/chainshot/solve", "application/json", strings.NewReader(body))
			if err != nil {
				other.Add(1)
				return
			}
			defer resp.Body.Close()
			data, _ := io.ReadAll(resp.Body)
			switch {
			case resp.StatusCode == 200 && strings.Contains(string(data), `"result"`):
				ok.Add(1)
			case resp.StatusCode == 429:
				var e apiError
				if json.Unmarshal(data, &e) == nil && e.Msg != "" {
					busy.Add(1)
				} else {
					other.Add(1)
				}
			default:
				other.Add(1)
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-watched
	t.Logf("%d solved, %d refused with 429, at most %d searching at once", ok.Load(), busy.Load(), most.Load())
	if other.Load() != 0 || ok.Load()+busy.Load() != n || ok.Load() < 2 || busy.Load() == 0 {
		t.Fatalf("%d solved, %d busy, %d other answers", ok.Load(), busy.Load(), other.Load())
	}
	if most.Load() > 2 {
		t.Fatalf("%d searches ran at once on 2 slots", most.Load())
	}
	if s.Searches() != 0 {
		t.Fatalf("%d searches still running", s.Searches())
	}
}

// TestPageOffersEveryAlgorithmAndRank: the page's solver menus list
// exactly the solver's algorithms and ranks (their registries, so one
// added later must be added to the page).
func TestPageOffersEveryAlgorithmAndRank(t *testing.T) {
	page, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	options := func(id string) []string {
		_, rest, ok := strings.Cut(string(page), `<select id="`+id+`">`)
		if !ok {
			t.Fatalf("the page has no select %q", id)
		}
		rest, _, _ = strings.Cut(rest, "</select>")
		var vals []string
		for _, part := range strings.Split(rest, `<option value="`)[1:] {
			v, _, _ := strings.Cut(part, `"`)
			vals = append(vals, v)
		}
		slices.Sort(vals)
		return vals
	}
	var algos, ranks []string
	for _, a := range solver.Algorithms() {
		algos = append(algos, a.Name)
	}
	for _, r := range solver.Ranks() {
		ranks = append(ranks, r.String())
	}
	slices.Sort(algos)
	slices.Sort(ranks)
	if got := options("solve-algo"); !slices.Equal(got, algos) {
		t.Errorf("the page's algorithms %v, the solver's %v", got, algos)
	}
	if got := options("solve-rank"); !slices.Equal(got, ranks) {
		t.Errorf("the page's ranks %v, the solver's %v", got, ranks)
	}
}

// TestSolveRecordsItsRank: a solve with each rank records it in its
// results line as solve --json does ("" for the handout's), and the
// line is the best by it of what the search offered (the solver's own
// tests check that); here the server must pass it through.
func TestSolveRecordsItsRank(t *testing.T) {
	_, ts := testServer(t, Config{ProgressEvery: 20 * time.Millisecond})
	text := builtinText(t, "ladder03-8x8-3c")
	for _, r := range solver.Ranks() {
		_, res := solveToEnd(t, ts, solveRequest{gameRequest: gameRequest{Board: text}, Rank: r.String(), MaxNodes: 2000, BudgetSeconds: 5})
		var rec results.Record
		if err := json.Unmarshal([]byte(res.Line), &rec); err != nil {
			t.Fatalf("line %q: %v", res.Line, err)
		}
		want := r.String()
		if r == solver.RankBeads {
			want = ""
		}
		if rec.Rank != want {
			t.Errorf("rank %v: the line records rank %q, want %q", r, rec.Rank, want)
		}
	}
}
