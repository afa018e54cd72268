package proofrun

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/shard"
	"chainshot/internal/status"
)

// testRun is a sitting of a proof of the empty rows×cols board into
// path, called without the binary; o's other fields are kept.
func testRun(t *testing.T, path string, rows, cols int, o Options) (string, error) {
	t.Helper()
	pos, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	claim, err := ios.Claim("test", "--proof", path, filekinds.ProofOut)
	if err != nil {
		t.Fatal(err)
	}
	o.Cmd, o.Pos, o.What, o.Path, o.Claim = "test", pos, "the test's board", path, claim
	if o.Shard.N == 0 {
		o.Shard = shard.Shard{K: 1, N: 1}
	}
	o.Jobs, o.MemoryMB = max(o.Jobs, 1), 16
	err = Run(context.Background(), ios, o)
	return out.String(), err
}

// TestRunProvesByLines proves the empty 3x3 board by lines, as the
// direct solve does; the file read back holds the same; a second sitting
// without Resume is refused, with it solves nothing.
func TestRunProvesByLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.jsonl")
	out, err := testRun(t, path, 3, 3, Options{Split: 3, SplitSet: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "R wins under perfect play; the last move is ply 13, 13 plies from here") {
		t.Errorf("the report:\n%s", out)
	}
	pf, err := ReadFile("test", path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := pf.Split.Combine(pf.Results)
	if err != nil || !res.Exact || res.Winner != 0 || res.Plies != 13 {
		t.Fatalf("the file proves %+v (%v)", res, err)
	}
	before, _ := os.ReadFile(path)
	if _, err := testRun(t, path, 3, 3, Options{}); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "already holds") {
		t.Errorf("a second sitting without Resume: %v", err)
	}
	out, err = testRun(t, path, 3, 3, Options{Resume: true})
	if err != nil || !strings.Contains(out, "(0 this sitting)") {
		t.Errorf("resumed: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("a sitting that solved nothing changed the file")
	}
}

// TestMergeShards: three shards, each into its own file, merged, prove
// the root.
func TestMergeShards(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for k := 1; k <= 3; k++ {
		p := filepath.Join(dir, "s"+string(rune('0'+k))+".jsonl")
		if _, err := testRun(t, p, 3, 3, Options{Split: 3, SplitSet: true, Shard: shard.Shard{K: k, N: 3}}); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	outPath := filepath.Join(dir, "all.jsonl")
	claim, err := ios.Claim("test", "--out", outPath, filekinds.MergedProof)
	if err != nil {
		t.Fatal(err)
	}
	if err := Merge(ios, MergeOptions{Cmd: "test", Paths: paths, Out: outPath, Claim: claim}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "proved: R wins on ply 13") {
		t.Errorf("merged:\n%s", out.String())
	}
}
