package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// zeros is /dev/zero: input without end and without a newline.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestEngineRefusesEndlessInput: react engine on input that is not the
// protocol, one line without end, answers what came before and ends as
// on bad input: one message naming its input, exit status 2 (it read
// /dev/zero forever).
func TestEngineRefusesEndlessInput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"chainshot", "react", "engine"}, io.MultiReader(strings.NewReader("name\n"), zeros{}), &stdout, &stderr)
	if code != 2 || stdout.String() != "= chainshot\n\n" ||
		stderr.String() != "chainshot react engine: standard input: a line over 1048576 bytes: not the engine protocol\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
