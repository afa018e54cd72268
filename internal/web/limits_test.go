package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact/ai"
	"chainshot/cpuclock"
	"chainshot/solver"
)

// The server's promise about searches, tested over every search it can
// start: every kind of Chain Reaction player chainreact makes (at the
// heaviest spec the server accepts of it), every ChainShot algorithm (at
// the longest budget on the largest board) and the hint. Each stops within
// its time limit, and within a fraction of a second of its client leaving:
// the process's CPU falls idle and the search slot is free again, so a hint
// then gets an answer.

// limitServer starts a server for these tests. When a test fails, a search
// may be left running: the server is then not closed (Close would wait for
// it), and the test ends at once.
func limitServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		if !t.Failed() {
			ts.Close()
		}
	})
	return s, ts
}

// aiCase is one AI move the tests ask for.
type aiCase struct {
	kind, spec string
}

// heaviestAISpecs returns, for every kind of player chainreact makes, the
// specs of that kind the tests run: the heaviest the server accepts
// (aiKinds), or the kind's default spec when aiKinds lists none of its
// own and the server accepts it. A kind the server refuses (engine:) is
// left out.
func heaviestAISpecs(t *testing.T) []aiCase {
	t.Helper()
	var out []aiCase
	for _, kind := range ai.PlayerKindNames() {
		spec := kind
		if kind == "engine" {
			spec = "engine:true"
		}
		_, refused := newAIPlayer(spec, 1)
		own := 0
		for _, ak := range aiKinds {
			for _, h := range ak.heaviest {
				if name, _, _ := strings.Cut(h, ":"); name == kind {
					if _, e := newAIPlayer(h, 1); e != nil {
						t.Fatalf("%s: the heaviest spec %q is refused: %s", kind, h, e.Msg)
					}
					out = append(out, aiCase{kind, h})
					own++
				}
			}
		}
		switch {
		case own == 0 && refused != nil:
			t.Logf("%s: refused (%s)", kind, refused.Msg)
		case own == 0:
			out = append(out, aiCase{kind, spec})
		}
	}
	return out
}

// TestEveryPlayerKindIsCovered: every kind chainreact makes is refused or
// has specs the tests below run, and every kind the server lists is one
// chainreact makes.
func TestEveryPlayerKindIsCovered(t *testing.T) {
	cases := heaviestAISpecs(t)
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.kind] = true
	}
	if !seen["perfect"] || !seen["best"] || !seen["mcts"] {
		t.Fatalf("cases %v: perfect, best or mcts missing", cases)
	}
	made := map[string]bool{}
	for _, kind := range ai.PlayerKindNames() {
		made[kind] = true
	}
	for name, ak := range aiKinds {
		if !made[name] {
			t.Errorf("aiKinds lists %s, which chainreact does not make", name)
		}
		for _, h := range ak.heaviest {
			p, err := ai.NewPlayer(h, 1)
			if err != nil {
				t.Fatalf("heaviest spec %q: %v", h, err)
			}
			if base, _, _ := strings.Cut(p.Spec(), ":"); base != name {
				t.Errorf("heaviest spec %q is a %s, listed under %s", h, base, name)
			}
		}
	}
}

// bigGame is a 16x16 game of n players after four moves.
func bigGame(n int) reactRequest {
	return reactRequest{Rows: 16, Cols: 16, Players: n, Moves: [][]int{{8, 8}, {9, 9}, {1, 1}, {16, 16}}}
}

// aiRequest starts POST /api/react/ai with ctx and returns the answer's
// status and body (status 0 when the client gave up).
func aiRequest(ctx context.Context, ts *httptest.Server, body string) (int, string) {
	hr, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/react/ai", strings.NewReader(body))
	if err != nil {
		return 0, err.Error()
	}
	hr.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestAIMovesStopAtMaxMoveTime: every heaviest spec, on 16x16 with two and
// with eight players, answers with a legal move within MaxMoveTime (set
// short here) and a margin, and leaves no search running.
func TestAIMovesStopAtMaxMoveTime(t *testing.T) {
	const limit = 300 * time.Millisecond
	s, ts := limitServer(t, Config{Slots: 1, MaxMoveTime: limit})
	for _, c := range heaviestAISpecs(t) {
		for _, players := range []int{2, 8} {
			req := reactAIRequest{reactRequest: bigGame(players), Spec: c.spec, Seed: 1}
			t0 := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
			st, body := aiRequest(ctx, ts, mustJSON(t, req))
			cancel()
			took := time.Since(t0)
			if st != 200 {
				t.Fatalf("%s, %d players: %d %s", c.spec, players, st, body)
			}
			t.Logf("%s, %d players: answered in %v", c.spec, players, took.Round(time.Millisecond))
			if took > limit+700*time.Millisecond {
				t.Errorf("%s, %d players: answered after %v, the limit is %v", c.spec, players, took, limit)
			}
			if n := s.Searches(); n != 0 {
				t.Errorf("%s: %d searches still running after the answer", c.spec, n)
			}
		}
	}
}

// stoppedAfterLeaving checks what must hold once a client has left: the
// slot is freed within a fraction of a second, the process's CPU then
// falls idle, and a hint gets an answer (not 429).
func stoppedAfterLeaving(t *testing.T, s *Server, ts *httptest.Server, what string, left time.Time, cpuLeft time.Duration) {
	t.Helper()
	if !waitFor(5*time.Second, func() bool { return s.Searches() == 0 }) {
		t.Fatalf("%s: the search still holds its slot %v after the client left", what, time.Since(left))
	}
	freed, cpuFreed := time.Since(left), cpuclock.Process()-cpuLeft
	// A search left running would spend at least a quarter of a core even
	// on this loaded machine; an idle server spends next to nothing.
	const window = 400 * time.Millisecond
	cpu0 := cpuclock.Process()
	time.Sleep(window)
	cpu := cpuclock.Process() - cpu0
	t.Logf("%s: slot freed %v (%v CPU) after the client left; then %v CPU in %v", what,
		freed.Round(time.Millisecond), cpuFreed.Round(time.Millisecond), cpu.Round(time.Millisecond), window)
	// The CPU spent, which the machine's load does not stretch, is what
	// says how soon a search notices; the wall-clock time is bounded
	// loosely, for a machine shared with other work.
	if cpuFreed > 250*time.Millisecond || freed > 3*time.Second {
		t.Errorf("%s: the slot was freed %v (%v CPU) after the client left", what, freed, cpuFreed)
	}
	if cpu > window/10 {
		t.Errorf("%s: the server spent %v CPU in the %v after the search stopped: something still runs", what, cpu, window)
	}
	st, data := call(t, ts, "/api/chainshot/hint", mustJSON(t, hintRequest{gameRequest: gameRequest{Board: builtinText(t, "ladder02-6x6-3c")}, BudgetSeconds: 0.1}))
	if st != 200 {
		t.Fatalf("%s: a hint after the client left: %d %s", what, st, data)
	}
}

// leaveAfter runs start with a context cancelled once its search has run
// for wait. It returns when it was cancelled (the time and the process's
// CPU time) and how many searches ran then, or, if start had already returned, its status (0 otherwise).
func leaveAfter(s *Server, wait time.Duration, start func(ctx context.Context) int) (left time.Time, cpuLeft time.Duration, running, finished int) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- start(ctx) }()
	t0 := time.Now()
	for s.Searches() == 0 && len(done) == 0 && time.Since(t0) < 5*time.Second {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(wait)
	running = s.Searches()
	left, cpuLeft = time.Now(), cpuclock.Process()
	select {
	case finished = <-done:
	default:
		cancel()
		// An answer can be on its way when the search count is read: the
		// search has ended, the status not yet come back. A status (not 0)
		// after the cancel means the answer arrived first.
		if st := <-done; st != 0 {
			finished = st
		}
	}
	return left, cpuLeft, running, finished
}

// post sends body to path with ctx, reads the answer to its end and
// returns the status (0 when the client gave up, before the answer began
// or while it streamed).
func post(ctx context.Context, ts *httptest.Server, path, body string) int {
	hr, err := http.NewRequestWithContext(ctx, "POST", ts.URL+path, strings.NewReader(body))
	if err != nil {
		return 0
	}
	hr.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0
	}
	return resp.StatusCode
}

// TestAIMovesStopWhenTheClientLeaves: every heaviest spec on 16x16 (two
// players, so that the perfect player's oracle runs), its client leaving
// after a moment: the search stops, the CPU falls idle, the slot is free.
func TestAIMovesStopWhenTheClientLeaves(t *testing.T) {
	s, ts := limitServer(t, Config{Slots: 1, QueueWait: 100 * time.Millisecond})
	exercised := 0
	for _, c := range heaviestAISpecs(t) {
		req := mustJSON(t, reactAIRequest{reactRequest: bigGame(2), Spec: c.spec, Seed: 1})
		left, cpuLeft, running, finished := leaveAfter(s, 150*time.Millisecond, func(ctx context.Context) int { st, _ := aiRequest(ctx, ts, req); return st })
		if ranWhenLeft(t, c.spec, running, finished) {
			exercised++
		}
		stoppedAfterLeaving(t, s, ts, c.spec, left, cpuLeft)
	}
	if exercised == 0 {
		t.Fatal("no search was still running when its client left: nothing here was tested")
	}
}

// ranWhenLeft reports whether a search was running when its client left
// (leaveAfter's running and finished). A search that had ended, its answer
// either read (finished) or still on its way when the client gave up
// (running 0), did not test the stop and is only logged; more than one
// search on the server's one slot fails the test.
func ranWhenLeft(t *testing.T, what string, running, finished int) bool {
	t.Helper()
	switch {
	case finished != 0:
		t.Logf("%s: answered %d before the client left", what, finished)
		return false
	case running == 0:
		t.Logf("%s: the search had ended before the client left (its answer on the way)", what)
		return false
	case running != 1:
		t.Fatalf("%s: %d searches running when the client left, want 1", what, running)
	}
	return true
}

// TestSolvesStopWhenTheClientLeaves: every ChainShot algorithm, at the
// longest budget on a 25x25 board, its client leaving after a moment; and
// the hint at its longest budget.
func TestSolvesStopWhenTheClientLeaves(t *testing.T) {
	s, ts := limitServer(t, Config{Slots: 1, QueueWait: 100 * time.Millisecond})
	text := builtinText(t, "ladder10-25x25-5c")
	for _, a := range solver.Algorithms() {
		req := mustJSON(t, solveRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: s.cfg.MaxBudget.Seconds(), Algo: a.Name})
		what := "solve --algo " + a.Name
		left, cpuLeft, running, finished := leaveAfter(s, 300*time.Millisecond, func(ctx context.Context) int { return post(ctx, ts, "/api/chainshot/solve", req) })
		if finished != 0 {
			t.Logf("%s: answered %d before the client left", what, finished)
		} else if running != 1 {
			t.Fatalf("%s: %d searches running when the client left, want 1", what, running)
		}
		stoppedAfterLeaving(t, s, ts, what, left, cpuLeft)
	}
	hint := mustJSON(t, hintRequest{gameRequest: gameRequest{Board: text}, BudgetSeconds: s.cfg.MaxHintBudget.Seconds()})
	what := fmt.Sprintf("hint (%v)", s.cfg.MaxHintBudget)
	left, cpuLeft, running, _ := leaveAfter(s, 300*time.Millisecond, func(ctx context.Context) int { return post(ctx, ts, "/api/chainshot/hint", hint) })
	if running != 1 {
		t.Fatalf("%s: %d searches running when the client left, want 1", what, running)
	}
	stoppedAfterLeaving(t, s, ts, what, left, cpuLeft)
}

// TestAIWaitsForASlotBeforeMakingAPlayer: an AI move takes a search slot
// before it makes its player (whose tables are the memory a request
// costs): with the one slot busy, a request for any player, even one
// the server refuses, waits its QueueWait and gets 429, so a crowd of
// waiting clients holds no player's memory (100 clients asking best on
// 16x16 took 642 MB when players were made first).
func TestAIWaitsForASlotBeforeMakingAPlayer(t *testing.T) {
	s, ts := limitServer(t, Config{Slots: 1, QueueWait: 100 * time.Millisecond})
	release, e := s.acquire(context.Background())
	if e != nil {
		t.Fatal(e)
	}
	defer release()
	for _, spec := range []string{"best:nodes=200000", "no-such-player"} {
		req := mustJSON(t, reactAIRequest{reactRequest: bigGame(2), Spec: spec, Seed: 1})
		if st, body := aiRequest(context.Background(), ts, req); st != http.StatusTooManyRequests {
			t.Errorf("spec %q with the slot busy: status %d (%s), want 429 before the player is made", spec, st, body)
		}
	}
}
