package main

import (
	"errors"
	"path/filepath"
	"sync"

	"chainshot/internal/outfile"
)

// resultsLocks are the results files this run of the program holds (see
// outfile.Lock: one writer a file), by absolute path, each with the
// number of its takers: a bench of several budgets or seeds takes them
// once for all its runs, so that no other run slips in between two.
type resultsLocks struct {
	mu   sync.Mutex
	held map[string]*heldLock
}

type heldLock struct {
	lock *outfile.Lock
	n    int
}

// lockResults takes the one-writer lock of the results file path for
// cmd's --flag, or another hold on it if this run has it already. Held
// by another process, it is bad input (exit status 2) naming that
// process.
func (s *streams) lockResults(cmd, flag, path string) (*outfile.Lock, error) {
	key, err := filepath.Abs(path)
	if err != nil {
		key = path
	}
	s.locks.mu.Lock()
	defer s.locks.mu.Unlock()
	if h, ok := s.locks.held[key]; ok {
		h.n++
		return h.lock, nil
	}
	lock, err := outfile.LockFile(path)
	var held *outfile.HeldError
	switch {
	case errors.As(err, &held):
		return nil, badInput("%s: --%s %v; wait for it to end, or give another --%s", cmd, flag, err, flag)
	case err != nil:
		return nil, badInput("%s: --%s: %v", cmd, flag, err)
	}
	if lock.NotEnforced() {
		printf(s.err, "warning: %s: its file system takes no locks, so no other run is kept from writing it at the same time\n", path)
	}
	if s.locks.held == nil {
		s.locks.held = map[string]*heldLock{}
	}
	s.locks.held[key] = &heldLock{lock: lock, n: 1}
	return lock, nil
}

// unlockResults lets go of one hold on lock; the last lets the file go.
func (s *streams) unlockResults(lock *outfile.Lock) {
	if lock == nil {
		return
	}
	s.locks.mu.Lock()
	defer s.locks.mu.Unlock()
	for key, h := range s.locks.held {
		if h.lock != lock {
			continue
		}
		if h.n--; h.n == 0 {
			delete(s.locks.held, key)
			lock.Unlock()
		}
		return
	}
}
