package main

import (
	"chainshot/internal/outfile"
)

// claim admits path as cmd's output --flag of kind k through the run's
// gate (see iostreams.IO.Claim).
func (s *streams) claim(cmd, flag, path string, k outfile.Kind) (*outfile.Claim, error) {
	return s.Claim(cmd, "--"+flag, path, k)
}
