package solver

import (
	"sync/atomic"
	"time"
)

// smallBoard is the most beads for which auto tries to prove a line
// optimal with dfs.
const smallBoard = 100

// autoPolish is the percentage of the budget that auto gives, on a large
// board, to the exhaustive search of the end of the best line (a variable
// so that the benchmark harness can tune it).
var autoPolish int64 = 3

// runAuto picks by board: on a small board, dfs (which may prove its line
// optimal) runs beside NRPA and stops it when the proof is done; on a
// large board every worker runs its own NRPA search for 97% of the budget,
// and the rest goes to an exhaustive search of the end of the best line.
func runAuto(s *search) {
	nw := s.opt.Workers
	if int(s.root.beads) > smallBoard {
		// NRPA on every worker, then the last 3% of the budget to search
		// the end of the best line exhaustively.
		main := 100 - autoPolish - nrpaSuffix
		parallel(nw, func(w int) {
			bd := s.newBudget(nw)
			if bd.limit > 0 {
				bd.limit = max(bd.limit*main/100, 1)
			}
			bd.until = s.opt.Budget * time.Duration(main) / 100
			nrpaWorker(s, w, bd)
		})
		if nrpaSuffix > 0 {
			parallel(nw, func(w int) {
				bd := s.newBudget(nw)
				if bd.limit > 0 {
					bd.limit = max(bd.limit*nrpaSuffix/100, 1)
				}
				bd.until = s.opt.Budget * time.Duration(100-autoPolish) / 100
				suffixWorker(s, w, bd)
				bd.flush()
			})
		}
		bd := s.newBudget(1)
		bd.limit = s.opt.MaxNodes * autoPolish / 100
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
		if newDFS(s, bd, 26).run() {
			s.finished = true
			return
		}
		nrpaWorker(s, 1, s.newBudget(2))
		return
	}
	var proved atomic.Bool
	parallel(2, func(w int) {
		if w == 0 {
			if newDFS(s, s.newBudget(2), 26).run() {
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
