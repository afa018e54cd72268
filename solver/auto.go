package solver

import (
	"sync/atomic"
	"time"
)

// runAuto picks by board: on a small board (Params.SmallBoard), dfs
// (which may prove its line optimal) runs beside NRPA and stops it when
// the proof is done; on a large board every worker runs its own NRPA
// search, and the last Params.EndShare of the budget goes to an
// exhaustive search of the end of the best line.
func runAuto(s *search) {
	nw := s.opt.Workers
	if int(s.root.beads) > s.prm.SmallBoard {
		main := 1 - s.prm.EndShare
		parallel(nw, func(w int) {
			bd := s.newBudget(nw)
			if bd.limit > 0 {
				bd.limit = max(int64(float64(bd.limit)*main+1e-9), 1)
			}
			bd.until = time.Duration(float64(s.opt.Budget) * main)
			nrpaWorker(s, w, bd)
		})
		bd := s.newBudget(1)
		bd.limit = int64(float64(s.opt.MaxNodes)*s.prm.EndShare + 1e-9)
		if bd.limit == 0 && s.opt.MaxNodes > 0 {
			bd.limit = 1
		}
		polish(s, bd)
		return
	}
	if nw < 2 {
		// One worker: dfs for half the budget, NRPA for the rest.
		bd := s.newBudget(2)
		bd.until = s.opt.Budget / 2
		if newDFS(s, bd, dfsBits).run() {
			s.finished = true
			return
		}
		nrpaWorker(s, 1, s.newBudget(2))
		return
	}
	var proved atomic.Bool
	parallel(2, func(w int) {
		if w == 0 {
			if newDFS(s, s.newBudget(2), dfsBits).run() {
				s.finished = true
				proved.Store(true)
			}
			return
		}
		bd := s.newBudget(2)
		bd.quit = &proved
		nrpaWorker(s, w, bd)
	})
}
