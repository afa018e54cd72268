package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"chainshot/board"
	"chainshot/internal/bounds"
	"chainshot/internal/words"
	"chainshot/results"
	"chainshot/solver"
)

// solveRequest is POST /api/chainshot/solve: search from the position the
// moves reach, within BudgetSeconds of wall-clock time.
type solveRequest struct {
	gameRequest
	// Name is the data set's name as /load gave it; it goes in the
	// results line's "file".
	Name string `json:"name"`
	// BudgetSeconds is the search's wall-clock time; 0 means 10 s.
	BudgetSeconds float64 `json:"budget_seconds"`
	// Algo is one of the solver's algorithms; "" means auto.
	Algo string `json:"algo"`
	// Rank is how lines rank, as solve --rank says: "beads" (the
	// handout's, also for "") or "score" (the literature's).
	Rank string `json:"rank"`
	// Seed seeds the search; 0 means 1, as on the command line.
	Seed uint64 `json:"seed"`
	// MaxNodes, if above 0, also stops the search after about this many
	// nodes (a budget that does not depend on the machine).
	MaxNodes int64 `json:"max_nodes"`
}

// maxNodes bounds a request's node budget.
var maxNodes = bounds.Int{Min: 0, Max: 1_000_000_000, Unit: "nodes", Zero: "no limit"}

// Check bounds the request's numbers (for the strict decoder): its node
// budget. Its time budget's bound is the server's (Config.MaxBudget).
func (r *solveRequest) Check() error {
	return bounds.Field("max_nodes", maxNodes.Check(r.MaxNodes))
}

// solveJob is a validated solve request.
type solveJob struct {
	name   string
	start  board.Board
	prefix *board.Game
	algo   string
	opt    solver.Options
}

// progressLine is one line of a solve's answer while it runs. The first
// holds only ID, the solve's id for POST /api/chainshot/stop.
type progressLine struct {
	ID       string    `json:"id,omitempty"`
	Progress *progress `json:"progress,omitempty"`
	Result   *solved   `json:"result,omitempty"`
	Error    string    `json:"error,omitempty"`
}

type progress struct {
	Elapsed float64 `json:"elapsed"`
	Budget  float64 `json:"budget"`
	Nodes   int64   `json:"nodes"`
	// Beads and Score are those of the best line the search has found so
	// far, once there is one (the result may be better still: the search
	// improves its line to its last moment).
	Beads *int `json:"beads,omitempty"`
	Score *int `json:"score,omitempty"`
}

// solved is a solve's result: the whole line from the starting board (the
// moves already played, then the solver's), its figures, and Line, the
// results line "chainshot solve --json" prints for it, which "chainshot
// verify" replays.
type solved struct {
	Moves     [][2]int `json:"moves"`
	Score     int      `json:"score"`
	BeadsLeft int      `json:"beads_left"`
	Optimal   bool     `json:"optimal"`
	Algorithm string   `json:"algorithm"`
	Nodes     int64    `json:"nodes"`
	Seconds   float64  `json:"seconds"`
	// Partial marks the best line found before the solve was stopped
	// (POST /api/chainshot/stop), as "partial" does in the results line.
	Partial bool   `json:"partial,omitempty"`
	Line    string `json:"line"`
}

// parseSolve validates a solve request.
func (s *Server) parseSolve(req solveRequest) (solveJob, *apiError) {
	budget, e := s.budget(req.BudgetSeconds, 10*time.Second, s.cfg.MaxBudget)
	if e != nil {
		return solveJob{}, e
	}
	algo := req.Algo
	if algo == "" {
		algo = "auto"
	}
	known := false
	var names []string
	for _, a := range solver.Algorithms() {
		known = known || a.Name == algo
		names = append(names, a.Name)
	}
	if !known {
		return solveJob{}, badRequest("algo %q: want %s", words.Clip(algo, 40), orList(names))
	}
	rank := solver.RankBeads
	if req.Rank != "" {
		r, err := solver.ParseRank(req.Rank)
		if err != nil {
			return solveJob{}, badRequest("rank %q: want %s", words.Clip(req.Rank, 40), orList(solver.RankNames()))
		}
		rank = r
	}
	seed := req.Seed
	if seed == 0 {
		seed = 1
	}
	start, moves, e := parseGame(req.gameRequest)
	if e != nil {
		return solveJob{}, e
	}
	g, _, e := playGame(start, moves)
	if e != nil {
		return solveJob{}, e
	}
	name := req.Name
	if name == "" {
		name = "board.txt"
	}
	return solveJob{name: words.Clip(name, 200), start: start, prefix: g, algo: algo,
		opt: solver.Options{Budget: budget, Wall: true, MaxNodes: req.MaxNodes, Seed: seed,
			Workers: 1, MemoryMB: searchMemoryMB, Rank: rank}}, nil
}

func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	var req solveRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	job, e := s.parseSolve(req)
	if e != nil {
		writeError(w, e)
		return
	}
	release, e := s.acquire(r.Context())
	if e != nil {
		writeError(w, e)
		return
	}
	defer release()
	// The answer streams for as long as the budget: lift the server's
	// read and write deadlines for this request (a read deadline that
	// passes would cancel the request's context).
	rc := http.NewResponseController(w)
	until := time.Now().Add(job.opt.Budget + 30*time.Second)
	rc.SetReadDeadline(until)
	rc.SetWriteDeadline(until)
	h := w.Header()
	h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	s.runSolve(r.Context(), job, func(l progressLine) error {
		data, err := json.Marshal(l)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(data, '\n')); err != nil {
			return err
		}
		return rc.Flush()
	})
}

// runSolve runs a solve, sending its id, a progress line every
// ProgressEvery and then the result. It returns once the search has
// returned: when ctx ends or a line cannot be sent, the search is
// cancelled and waited for; when the solve is stopped by its id, the
// search ends and the result is the best line so far, marked partial.
func (s *Server) runSolve(ctx context.Context, job solveJob, send func(progressLine) error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	search, stopSearch := context.WithCancel(ctx)
	defer stopSearch()
	var stopped atomic.Bool
	id, remove := s.stops.add(func() { stopped.Store(true); stopSearch() })
	defer remove()
	if send(progressLine{ID: id}) != nil {
		return
	}
	opt := job.opt
	opt.Progress = new(solver.Progress)
	type answer struct {
		res solver.Result
		err error
	}
	done := make(chan answer, 1)
	t0 := time.Now()
	go func() {
		res, err := solver.Solve(search, job.prefix.Board, job.algo, opt)
		done <- answer{res, err}
	}()
	tick := time.NewTicker(s.cfg.ProgressEvery)
	defer tick.Stop()
	for {
		select {
		case a := <-done:
			if ctx.Err() != nil {
				return // cancelled: nobody is listening
			}
			if a.err != nil {
				send(progressLine{Error: a.err.Error()})
				return
			}
			res, err := job.record(a.res, time.Since(t0), stopped.Load())
			if err != nil {
				send(progressLine{Error: err.Error()})
				return
			}
			send(progressLine{Result: res})
			return
		case <-tick.C:
			p := &progress{Elapsed: time.Since(t0).Seconds(), Budget: opt.Budget.Seconds(), Nodes: opt.Progress.Nodes()}
			if beads, score, ok := opt.Progress.Best(); ok {
				score += job.prefix.Total
				p.Beads, p.Score = &beads, &score
			}
			if send(progressLine{Progress: p}) != nil {
				cancel()
				<-done
				return
			}
		case <-ctx.Done():
			<-done
			return
		}
	}
}

// record turns a search's result into the whole line from the starting
// board and its results line, and checks that it replays to its figures;
// partial marks a search stopped before its budget.
func (job solveJob) record(res solver.Result, took time.Duration, partial bool) (*solved, error) {
	all := slices.Concat(job.prefix.Moves, res.Moves)
	end, score, err := board.Replay(job.start, all)
	if err != nil || score != job.prefix.Total+res.Score || end.Beads() != res.BeadsLeft {
		return nil, fmt.Errorf("internal error: the solver's line does not replay to its figures (%v)", err)
	}
	b := &job.start
	rec := results.Record{
		File: job.name, Rows: b.Rows(), Cols: b.Cols(), Colors: b.Colors(),
		Algorithm: res.Algorithm, Budget: job.opt.Budget.Seconds(), CPU: took.Seconds(),
		Moves: make([][2]int, len(all)), Score: score, BeadsLeft: end.Beads(),
		// A line that starts with the player's own moves is optimal
		// only from where they left the board.
		Optimal: res.Optimal && len(job.prefix.Moves) == 0,
		Seed:    job.opt.Seed, Nodes: res.Nodes,
		// The server's budgets are wall-clock time (see the slots).
		Wall: true, Requested: job.algo, MaxNodes: job.opt.MaxNodes, Partial: partial,
		Rank: results.RankField(job.opt.Rank.String()),
	}
	out := &solved{Moves: make([][2]int, len(all)), Score: score, BeadsLeft: end.Beads(), Optimal: rec.Optimal,
		Algorithm: res.Algorithm, Nodes: res.Nodes, Seconds: took.Seconds(), Partial: partial}
	for i, m := range all {
		rec.Moves[i] = userMove(m)
		out.Moves[i] = userMove(m)
	}
	out.Line = string(results.MarshalLine(rec))
	return out, nil
}
