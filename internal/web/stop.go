package web

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sync"

	"chainshot/internal/words"
)

// stops holds the solves running now that a page may stop and keep: each
// solve's id (sent in its first line) and the function that stops its
// search. The games stay in the requests; only a running search is known
// here, from its start to its end.
type stops struct {
	mu sync.Mutex
	m  map[string]func()
}

// add registers stop under a new id; remove takes it out.
func (st *stops) add(stop func()) (id string, remove func()) {
	var b [16]byte
	rand.Read(b[:]) // crypto/rand: an id another page cannot guess
	id = hex.EncodeToString(b[:])
	st.mu.Lock()
	if st.m == nil {
		st.m = map[string]func(){}
	}
	st.m[id] = stop
	st.mu.Unlock()
	return id, func() {
		st.mu.Lock()
		delete(st.m, id)
		st.mu.Unlock()
	}
}

// stop stops the solve of that id, if it is still running.
func (st *stops) stop(id string) bool {
	st.mu.Lock()
	f, ok := st.m[id]
	st.mu.Unlock()
	if ok {
		f()
	}
	return ok
}

// stopRequest is POST /api/chainshot/stop: the id of a running solve.
type stopRequest struct {
	ID string `json:"id"`
}

// handleStop stops a running solve: its search ends at once and its answer
// ends with the best line found so far, marked "partial" (as Ctrl-C does
// on the command line). Closing the solve's request instead throws the
// line away.
func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	var req stopRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	if !s.stops.stop(req.ID) {
		writeError(w, &apiError{Status: http.StatusNotFound,
			Msg: fmt.Sprintf("no running solve %q: it has ended, or the id is not one a solve sent", words.Clip(req.ID, 40))})
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Stopping bool `json:"stopping"`
	}{true})
}

// limits are the server's limits a page needs before it asks.
type limits struct {
	MaxBudgetSeconds float64 `json:"max_budget_seconds"`
	MaxHintSeconds   float64 `json:"max_hint_seconds"`
	MaxBoard         int     `json:"max_board"`
}

func (s *Server) handleLimits(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, limits{MaxBudgetSeconds: s.cfg.MaxBudget.Seconds(), MaxHintSeconds: s.cfg.MaxHintBudget.Seconds(), MaxBoard: MaxBoard})
}
