package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

var results = Kind{Name: "a results file", Grows: true}
var table = Kind{Name: "a results table (CSV)", Own: Prefix("file,")}

// TestGateRefuses is the gate's table: each case claims a first output,
// then a second, and says whether the second is refused and why.
func TestGateRefuses(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	os.WriteFile(at("mine.csv"), []byte("file,rows\nx,1\n"), 0o644)
	os.WriteFile(at("notes.txt"), []byte("my notes\n"), 0o644)
	os.WriteFile(at("empty.csv"), nil, 0o644)
	os.WriteFile(at("r.jsonl"), []byte("{}\n"), 0o644)
	os.Symlink(at("r.jsonl"), at("link.jsonl"))
	os.Symlink(at("new.jsonl"), at("dangling.jsonl"))
	fifo := at("fifo")
	syscall.Mkfifo(fifo, 0o644)
	tests := []struct {
		name          string
		first, second string
		kind1, kind2  Kind
		flag1, flag2  string
		want          string // "" for admitted
	}{
		{"two flags, one file", at("a.out"), at("a.out"), results, Profile, "--out", "--cpuprofile", "is the file --out names too"},
		{"through a link", at("r.jsonl"), at("link.jsonl"), results, table, "--out", "--csv", "is the file --out names too"},
		{"a new file through a dangling link", at("new.jsonl"), at("dangling.jsonl"), results, table, "--out", "--csv", "is the file --out names too"},
		{"a profile over results", "", at("r.jsonl"), Kind{}, Profile, "", "--cpuprofile", `holds something that is not a pprof profile (it starts "{}")`},
		{"a table over notes", "", at("notes.txt"), Kind{}, table, "", "--csv", "holds something that is not a results table (CSV)"},
		{"a table over its own kind", "", at("mine.csv"), Kind{}, table, "", "--csv", ""},
		{"a table over an empty file", "", at("empty.csv"), Kind{}, table, "", "--csv", ""},
		{"the same flag again shares", at("b.jsonl"), at("b.jsonl"), results, results, "--out", "--out", ""},
		{"/dev/null twice", "/dev/null", "/dev/null", results, table, "--out", "--csv", ""},
		{"a FIFO", "", fifo, Kind{}, table, "", "--csv", ""},
		{"a folder", "", dir, Kind{}, table, "", "--csv", "is a folder"},
		{"no folder", "", at("none/x.csv"), Kind{}, table, "", "--csv", "no folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(nil)
			defer g.Close()
			if tt.first != "" {
				if _, err := g.Claim(tt.flag1, tt.first, tt.kind1); err != nil {
					t.Fatalf("first claim: %v", err)
				}
			}
			_, err := g.Claim(tt.flag2, tt.second, tt.kind2)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("got %v, want %q", err, tt.want)
			}
			var ce *ClaimError
			if err != nil && (!errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tt.flag2+": cannot write "+tt.second+": ")) {
				t.Errorf("the error %q does not name the flag and path", err)
			}
		})
	}
}

// TestGateHeldByAnotherRun: a file another run holds is refused, whole
// file or journal alike (flock locks belong to an open file, so a second
// gate in this process stands for another process).
func TestGateHeldByAnotherRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r2.jsonl")
	other := NewGate(nil)
	defer other.Close()
	if _, err := other.Claim("--out", path, results); err != nil {
		t.Fatal(err)
	}
	for _, k := range []Kind{results, Profile, table} {
		g := NewGate(nil)
		_, err := g.Claim("--x", path, k)
		var ce *ClaimError
		if !errors.As(err, &ce) || ce.Held == nil {
			t.Errorf("%s over a held file: %v, want a held refusal", k.Name, err)
		}
		g.Close()
	}
}

// TestGateWritesAndReleases: a claimed whole file is written whole; the
// lock goes with Close; a new file the run never wrote is removed.
func TestGateWritesAndReleases(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	unused := filepath.Join(dir, "unused.csv")
	g := NewGate(nil)
	c, err := g.Claim("--csv", path, table)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Claim("--other", unused, table); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteFile(func(w io.Writer) error { _, err := io.WriteString(w, "file,rows\n"); return err }); err != nil {
		t.Fatal(err)
	}
	heldBy(t, path)
	g.Close()
	if _, err := os.Stat(unused); !os.IsNotExist(err) {
		t.Errorf("the unused claim left %s behind", unused)
	}
	g2 := NewGate(nil)
	defer g2.Close()
	if _, err := g2.Claim("--csv", path, table); err != nil {
		t.Errorf("after Close: %v", err)
	}
}

// TestLockRetriesAHolderThatEnded: a refusal whose holder the system no
// longer lists (it ended between the two) is tried again, not reported as
// held by "another process" that no longer exists.
func TestLockRetriesAHolderThatEnded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	refusals := 3
	flock = func(f *os.File) error {
		if refusals > 0 {
			refusals--
			return syscall.EWOULDBLOCK // and no /proc/locks line names a holder
		}
		return takeFlock(f)
	}
	defer func() { flock = takeFlock }()
	l, err := LockFile(path)
	if err != nil {
		t.Fatalf("LockFile after the holder ended: %v", err)
	}
	l.Unlock()
}

// A claim's size is the file's once the lock is held: a run that wrote
// the file and ended between this run's first look and its lock has its
// lines counted, so a resume reads them instead of writing them again
// (two resumes started together, results_lock.txtar).
func TestGateSizeIsTakenUnderTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(`{"cut":`), 0o644); err != nil {
		t.Fatal(err)
	}
	written := []byte("{\"file\":\"sample1\"}\n{\"file\":\"sample2\"}\n")
	beforeLock = func() { // the other run: the cut line dropped, its lines written
		if err := os.WriteFile(path, written, 0o644); err != nil {
			t.Error(err)
		}
	}
	defer func() { beforeLock = func() {} }()
	g := NewGate(nil)
	defer g.Close()
	c, err := g.Claim("--out", path, results)
	if err != nil {
		t.Fatal(err)
	}
	if c.Size() != int64(len(written)) {
		t.Fatalf("Size %d, the file holds %d bytes once locked", c.Size(), len(written))
	}
}
