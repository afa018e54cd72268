package outfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"chainshot/internal/termsafe"
)

// heldBy checks that LockFile(path) fails as held by this process:
// flock locks belong to an open file, so a second open of the same file
// in one process conflicts as another process's would. (script
// results_lock runs two real processes.)
func heldBy(t *testing.T, path string) {
	t.Helper()
	l, err := LockFile(path)
	var held *HeldError
	if !errors.As(err, &held) {
		l.Unlock()
		t.Fatalf("LockFile(%s) a second time: %v, want a HeldError", path, err)
	}
	if _, statErr := os.Stat("/proc/locks"); statErr == nil && held.PID != os.Getpid() {
		t.Errorf("held by pid %d, want this process, %d (%v)", held.PID, os.Getpid(), err)
	}
	if held.PID != 0 && (!strings.Contains(err.Error(), "pid "+strconv.Itoa(os.Getpid())) || !strings.Contains(err.Error(), "running since")) {
		t.Errorf("message %q does not say who holds the file and since when", err)
	}
}

// TestLockHasOneWriter: a results file has one writer at a time, and
// the lock goes with Unlock.
func TestLockHasOneWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	os.WriteFile(path, []byte("a line\n"), 0o644)
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	heldBy(t, path)
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	l2, err := LockFile(path)
	if err != nil {
		t.Fatalf("after Unlock: %v", err)
	}
	l2.Unlock()
	if got := readFile(t, path); got != "a line\n" {
		t.Errorf("locking changed the file: %q", got)
	}
}

// TestLockSurvivesRewrite: Lock.WriteFile renames a new file onto the
// name, and the lock is on that new file before it has the name: at no
// instant can another writer take it.
func TestLockSurvivesRewrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	for i := range 3 {
		if err := l.WriteFile(text("rewrite " + strconv.Itoa(i) + "\n")); err != nil {
			t.Fatal(err)
		}
		heldBy(t, path)
	}
	if got := readFile(t, path); got != "rewrite 2\n" {
		t.Errorf("the file holds %q", got)
	}
	only(t, dir, "r.jsonl")
}

// TestLockRacesRewrite: while one holder rewrites its file again and
// again, others trying to take the lock never get it, though some open
// the old file just before it loses its name.
func TestLockRacesRewrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	done := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var taken []string
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				if l2, err := LockFile(path); err == nil {
					mu.Lock()
					taken = append(taken, "taken")
					mu.Unlock()
					l2.Unlock()
				}
			}
		}()
	}
	for i := range 200 {
		if err := l.WriteFile(text(strconv.Itoa(i))); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	if len(taken) > 0 {
		t.Errorf("the lock was taken %d times while held", len(taken))
	}
}

// TestLockMakesAndClearsTheFile: a missing file is made to be locked,
// and removed by Unlock when nothing was written to it; one that was
// written stays.
func TestLockMakesAndClearsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.jsonl")
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("LockFile did not make the file: %v", err)
	}
	l.Unlock()
	only(t, dir)
	l, _ = LockFile(path)
	writeThenUnlock(t, path, l)
}

// TestLockNothingOnDevices: a device or FIFO has no file to protect;
// its Lock is empty and writes go through.
func TestLockNothingOnDevices(t *testing.T) {
	for _, path := range []string{nullDevice(t), os.DevNull} {
		l, err := LockFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if err := l.WriteFile(text("x")); err != nil {
			t.Errorf("%s: %v", path, err)
		}
		l.Unlock()
	}
}

// TestLockClearsItsLeftovers: a kill between writing a rewrite's
// temporary file and renaming it leaves ".NAME.DIGITS.tmp" behind;
// taking the file's lock clears those, and only those: never another
// output's, nor a file whose name only looks alike.
func TestLockClearsItsLeftovers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.csv")
	ours := []string{".r.csv.1234.tmp", ".r.csv.0.tmp"}
	others := []string{".r.csv.12a.tmp", ".r.csv..tmp", ".r.csv.12.tmp.bak", "r.csv.12.tmp", ".x.r.csv.1.tmp", ".r.csv.jsonl.1.tmp", ".rr.csv.5.tmp", "keep"}
	for _, n := range append(append([]string{"r.csv"}, ours...), others...) {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	os.Mkdir(filepath.Join(dir, ".r.csv.77.tmp"), 0o755) // a folder is never a leftover
	if got := len(Leftovers(path)); got != len(ours) {
		t.Errorf("Leftovers finds %d files, want %d", got, len(ours))
	}
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	only(t, dir, append([]string{"r.csv", ".r.csv.77.tmp"}, others...)...)
}

// TestLockThroughLink: the lock is on the file a link names, so two
// paths to one file share it.
func TestLockThroughLink(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "target.jsonl")
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink("target.jsonl", link)
	l, err := LockFile(link)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	heldBy(t, path)
	if err := l.WriteFile(text("through\n")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link")
	}
	heldBy(t, link)
}

// TestAppendToSharesTheOffset: lines appended through a file the caller
// writes too (standard output redirected to a file) land in order,
// neither overwriting the other, as through two descriptors they would.
func TestAppendToSharesTheOffset(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	f, err := os.Create(path) // as "> out.txt" opens it: no O_APPEND
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := AppendTo(f, "/dev/stdout")
	if err != nil {
		t.Fatal(err)
	}
	a.Line([]byte(`{"line":1}`))
	f.WriteString("table row\n")
	a.Line([]byte(`{"line":2}`))
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("after Close\n"); err != nil {
		t.Fatalf("Close closed the caller's file: %v", err)
	}
	if got, want := readFile(t, path), "{\"line\":1}\ntable row\n{\"line\":2}\nafter Close\n"; got != want {
		t.Errorf("the file holds %q, want %q", got, want)
	}
	if !SameFile(path, f) || SameFile(path+"x", f) || SameFile(path, nil) {
		t.Error("SameFile")
	}
}

// lockedWriter is a buffer the waiting goroutine writes and the test
// reads.
type lockedWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// waitNote catches the notes and returns a function that waits until
// one says that path waits for a reader.
func waitNote(t *testing.T) func(path string) {
	t.Helper()
	var w lockedWriter
	old := notes
	notes = &w
	t.Cleanup(func() { notes = old })
	return func(path string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if strings.Contains(w.String(), "\x1b") {
				t.Fatalf("a raw escape in the note: %q", w.String())
			}
			if strings.Contains(w.String(), "waiting for a program to read the FIFO "+termsafe.String(path)) {
				return
			}
		}
		t.Fatalf("no note of the wait: %q", w.String())
	}
}

// TestFIFOWaitEndsOnSignal: an output FIFO with no reader is waited for
// with a note saying so, and SIGTERM (as Ctrl-C) ends the wait at once
// with ErrInterrupted, for each way of writing: Append, WriteFile. The
// note names the FIFO escaped (its name sets a terminal's title).
func TestFIFOWaitEndsOnSignal(t *testing.T) {
	for _, how := range []string{"Append", "WriteFile"} {
		t.Run(how, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "fifo\x1b]0;T\a")
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Skipf("no FIFO here (mkfifo: %v)", err)
			}
			noted := waitNote(t)
			errc := make(chan error, 1)
			go func() {
				if how == "Append" {
					a, err := Append(path)
					if err == nil {
						a.Close()
					}
					errc <- err
				} else {
					errc <- WriteFile(path, text("x"))
				}
			}()
			noted(path)
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
			select {
			case err := <-errc:
				if !errors.Is(err, ErrInterrupted) || !strings.HasPrefix(err.Error(), "cannot write "+path+": interrupted while waiting") {
					t.Errorf("%v, want ErrInterrupted", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("SIGTERM did not end the wait")
			}
			interrupted.Store(false)
		})
	}
}

// TestFIFOWaitEndsWithAReader: once a program opens the FIFO for
// reading, the wait ends and the lines go through.
func TestFIFOWaitEndsWithAReader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFO here (mkfifo: %v)", err)
	}
	noted := waitNote(t)
	errc := make(chan error, 1)
	go func() {
		a, err := Append(path)
		if err == nil {
			for i := range 1000 { // more than a pipe holds: writes wait for the reader
				if err = a.Line([]byte(strings.Repeat("x", 100) + strconv.Itoa(i))); err != nil {
					break
				}
			}
			if cerr := a.Close(); err == nil {
				err = cerr
			}
		}
		errc <- err
	}()
	noted(path)
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got bytes.Buffer
	if _, err := got.ReadFrom(r); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(got.String(), "\n"); n != 1000 {
		t.Errorf("the reader got %d lines, want 1000", n)
	}
}

// TestLockWhereNoLocks: on a file system that takes no locks (flock
// fails with ENOLCK, as on NFS without a lock manager), the file is
// locked in name only: NotEnforced says so, and writes and rewrites go
// on.
func TestLockWhereNoLocks(t *testing.T) {
	old := flock
	flock = func(*os.File) error { return syscall.ENOLCK }
	defer func() { flock = old }()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	l, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if !l.NotEnforced() {
		t.Error("NotEnforced is false")
	}
	if err := l.WriteFile(text("x\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "x\n" {
		t.Errorf("the file holds %q", got)
	}
	flock = func(*os.File) error { return syscall.EIO } // any other failure is one
	dir := t.TempDir()
	if _, err := LockFile(filepath.Join(dir, "s.jsonl")); err == nil {
		t.Error("LockFile ignored EIO")
	}
	only(t, dir) // and the file it made for the lock is gone
}

// TestLockLoserKeepsTheWinnersFile: two runs start together on a missing
// file; one makes it, the other opens it and takes the lock first. The
// one that made it loses and must leave the file alone: it is the
// winner's, which writes to it. (A fresh-clone CI run lost a whole
// tournament's lines this way when the loser removed the file it had
// made.)
func TestLockLoserKeepsTheWinnersFile(t *testing.T) {
	old := flock
	defer func() { flock = old }()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	var winner *Lock
	flock = func(f *os.File) error {
		flock = old // the winner comes in between the loser's open and its flock
		var err error
		if winner, err = LockFile(path); err != nil {
			t.Fatalf("the winner: %v", err)
		}
		return old(f)
	}
	_, err := LockFile(path)
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("the loser: %v, want a HeldError", err)
	}
	if winner == nil {
		t.Fatal("the winner never ran")
	}
	defer winner.Unlock()
	if !sameFile(path, winner.f) {
		t.Fatal("the loser removed the file the winner holds")
	}
	writeThenUnlock(t, path, winner)
}

// writeThenUnlock appends the line "kept" to path, which l holds, lets l
// go, and checks that the file holds that line: a file that was written
// stays.
func writeThenUnlock(t *testing.T, path string, l *Lock) {
	t.Helper()
	a, err := Append(path)
	if err != nil {
		t.Fatal(err)
	}
	a.Line([]byte("kept"))
	a.Close()
	l.Unlock()
	if got := readFile(t, path); got != "kept\n" {
		t.Errorf("the file holds %q", got)
	}
}
