package resultsfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/internal/iostreams"
	"chainshot/results"
)

// TestMergeListsFewBrokenLines: a file of many lines that do not replay
// is refused with the first ten named and the rest counted, not a line
// of message each (200,000 bad lines printed 200,001 lines of stderr).
func TestMergeListsFewBrokenLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	var b bytes.Buffer
	for i := range 50 {
		b.Write(results.MarshalLine(results.Record{File: "sample1", Moves: results.Moves{}, Score: i + 1, BeadsLeft: 17}))
	}
	os.WriteFile(path, b.Bytes(), 0o644)
	path2 := filepath.Join(t.TempDir(), "bad2.jsonl")
	os.WriteFile(path2, b.Bytes(), 0o644)
	var stdout, stderr bytes.Buffer
	io := iostreams.New(nil, &stdout, &stderr)
	defer io.Close()
	for _, tt := range []struct {
		run       func() error
		more, bad string
	}{
		{func() error { _, err := Merge(io, "merge", []string{path}, false); return err }, "(and 40 more)", "50 lines do not replay"},
		{func() error { _, err := Compare(io, "compare", []string{path, path2}, []string{"a", "b"}); return err }, "(and 90 more)", "100 lines do not replay"},
	} {
		err := tt.run()
		if err == nil {
			t.Fatal("lines that do not replay were taken")
		}
		msg := err.Error()
		if n := strings.Count(msg, "does not replay"); n != maxBroken || !strings.Contains(msg, tt.more) || !strings.Contains(msg, tt.bad) {
			t.Errorf("%d lines named, message %q", n, msg[max(0, len(msg)-200):])
		}
	}
}
