package main

import (
	"testing"

	"chainshot/internal/outfile"
)

// claimFor claims path as an output of kind k for a test, through a gate
// of its own that the test's end closes.
func claimFor(t *testing.T, path string, k outfile.Kind) *outfile.Claim {
	t.Helper()
	g := outfile.NewGate(nil)
	t.Cleanup(g.Close)
	c, err := g.Claim("--test", path, k)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
