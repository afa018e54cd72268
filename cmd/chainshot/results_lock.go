package main

import (
	"errors"

	"chainshot/internal/input"
	"chainshot/internal/journal"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
)

// claim admits path as cmd's output --flag of kind k through the run's
// gate (outfile.Gate: one writer a file, no two outputs of the run on
// one file, a whole file replaces only its own kind). A refusal is
// outputError's.
func (s *streams) claim(cmd, flag, path string, k outfile.Kind) (*outfile.Claim, error) {
	c, err := s.Gate.Claim("--"+flag, path, k)
	if err != nil {
		return nil, outputError(cmd, err)
	}
	if c.NotEnforced() {
		printf(s.Err, "warning: %s: its file system takes no locks, so no other run is kept from writing it at the same time\n", path)
	}
	return c, nil
}

// outputError is the one message of an output file refused before any
// work (by the gate or a journal): bad input, exit status 2, naming the
// flag and the file, and the process that holds it; an interrupted wait
// for a FIFO's reader is status 130. Other errors pass as they are.
func outputError(cmd string, err error) error {
	var ce *outfile.ClaimError
	var re *journal.RefusedError
	var se *status.Error
	switch {
	case err == nil || errors.As(err, &se):
		return err
	case errors.Is(err, outfile.ErrInterrupted) || errors.Is(err, input.ErrInterrupted):
		return status.Interrupt("%s: %v; nothing was run", cmd, err)
	case errors.As(err, &ce) && ce.Held != nil:
		return status.BadInput("%s: %s %v; wait for it to end, or give another %s", cmd, ce.Flag, ce.Held, ce.Flag)
	case errors.As(err, &ce), errors.As(err, &re):
		return status.BadInput("%s: %v", cmd, err)
	}
	return err
}
