package main

import (
	"errors"

	"chainshot/internal/outfile"
	"chainshot/internal/status"
)

// claim admits path as cmd's output --flag of kind k through the run's
// gate (outfile.Gate: one writer a file, no two outputs of the run on
// one file, a whole file replaces only its own kind). A refusal is bad
// input (exit status 2); a file held by another process names it.
func (s *streams) claim(cmd, flag, path string, k outfile.Kind) (*outfile.Claim, error) {
	c, err := s.Gate.Claim("--"+flag, path, k)
	var ce *outfile.ClaimError
	switch {
	case errors.As(err, &ce) && ce.Held != nil:
		return nil, status.BadInput("%s: --%s %v; wait for it to end, or give another --%s", cmd, flag, ce.Held, flag)
	case err != nil:
		return nil, status.BadInput("%s: %v", cmd, err)
	}
	if c.NotEnforced() {
		printf(s.Err, "warning: %s: its file system takes no locks, so no other run is kept from writing it at the same time\n", path)
	}
	return c, nil
}
