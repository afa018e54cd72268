package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// text returns a write function that writes s.
func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// countSyncs counts the fsyncs of each file while the test runs.
func countSyncs(t *testing.T) map[string]int {
	t.Helper()
	n := map[string]int{}
	old := fsync
	fsync = func(f *os.File) error {
		n[f.Name()]++
		return old(f)
	}
	t.Cleanup(func() { fsync = old })
	return n
}

// only checks that dir holds exactly the named entries (no temporary
// file left behind).
func only(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	slices.Sort(names)
	if !slices.Equal(got, names) {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fullDevice returns a character device like /dev/full in a temporary
// folder, made with mknod so that a broken writer can never replace the
// machine's own /dev/full (tests never write onto the machine's devices);
// it skips the test where mknod is not allowed.
func fullDevice(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "full")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Skipf("cannot make a full device (%v): needs root", err)
	}
	return path
}

// nullDevice returns a device like /dev/null in a temporary folder, for
// the same reason; it skips the test where mknod is not allowed.
func nullDevice(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a null device (%v): needs root", err)
	}
	return path
}

// isCharDevice checks that path is still a character device.
func isCharDevice(t *testing.T, path string) {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("%s is no longer a device: %v %v", path, st.Mode(), err)
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	syncs := countSyncs(t)
	if err := WriteFile(path, text("first\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "first\n" {
		t.Errorf("wrote %q", got)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	only(t, dir, "out.csv")
	// The temporary file and the folder were fsynced: a rename of an
	// unsynced file can leave an empty file after a power cut.
	if syncs[dir] != 1 || len(syncs) != 2 {
		t.Errorf("fsyncs %v, want the temporary file and the folder once each", syncs)
	}

	// A replaced file keeps its mode.
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, text("second\n")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 || readFile(t, path) != "second\n" {
		t.Errorf("replaced: mode %v, %q", st.Mode().Perm(), readFile(t, path))
	}

	// A failing write function leaves the old file, no temporary file,
	// and its own error.
	boom := errors.New("no frames")
	err := WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if err != boom {
		t.Errorf("err = %v, want the write function's own", err)
	}
	if got := readFile(t, path); got != "second\n" {
		t.Errorf("the old file now holds %q", got)
	}
	only(t, dir, "out.csv")
}

func TestWriteFileBadPaths(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	tests := []struct {
		path, want string
	}{
		{filepath.Join(dir, "no", "x.png"), "cannot write " + filepath.Join(dir, "no", "x.png") + ": no folder " + filepath.Join(dir, "no")},
		{filepath.Join(file, "x.png"), "cannot write " + filepath.Join(file, "x.png") + ": " + file + " is not a folder"},
		{dir, "cannot write " + dir + ": is a folder"},
	}
	for _, tt := range tests {
		for name, err := range map[string]error{
			"WriteFile": WriteFile(tt.path, text("x")),
			"Check":     Check(tt.path),
			"Append":    appendErr(tt.path),
		} {
			var oe *Error
			if err == nil || err.Error() != tt.want || !errors.As(err, &oe) || oe.Path != tt.path {
				t.Errorf("%s(%q) = %v, want %q", name, tt.path, err, tt.want)
			}
		}
	}
	only(t, dir, "file")
}

func appendErr(path string) error {
	a, err := Append(path)
	if err == nil {
		a.Close()
	}
	return err
}

// TestWriteFileThroughLinks: a symbolic link stays a link; its target is
// written, whole, even when it does not exist yet.
func TestWriteFileThroughLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.csv")
	os.WriteFile(target, []byte("old\n"), 0o644)
	link := filepath.Join(dir, "link.csv")
	os.Symlink("real.csv", link)
	dangling := filepath.Join(dir, "dangling.csv")
	os.Symlink("new.csv", dangling)
	for _, path := range []string{link, dangling} {
		if err := WriteFile(path, text("new\n")); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Lstat(path); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", path)
		}
		if got := readFile(t, path); got != "new\n" {
			t.Errorf("%s reads %q", path, got)
		}
	}
	only(t, dir, "real.csv", "link.csv", "dangling.csv", "new.csv")
}

// TestWriteFileOntoDevice: a device is written through, never replaced;
// a full one is an *Error saying so.
func TestWriteFileOntoDevice(t *testing.T) {
	full := fullDevice(t)
	err := WriteFile(full, text(strings.Repeat("x", 10000)))
	if !errors.Is(err, syscall.ENOSPC) || !strings.HasPrefix(err.Error(), "cannot write "+full+": no space left") {
		t.Errorf("err = %v, want no space left", err)
	}
	isCharDevice(t, full)
	only(t, filepath.Dir(full), "full")

	// A device that takes the bytes.
	null := nullDevice(t)
	if err := WriteFile(null, text("x")); err != nil {
		t.Errorf("%s: %v", null, err)
	}
	isCharDevice(t, null)
}

// TestWriteFileOntoFIFO: a FIFO is written through to its reader.
func TestWriteFileOntoFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	if err := Check(fifo); err != nil {
		t.Errorf("Check of a FIFO with no reader: %v", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := WriteFile(fifo, text("through\n")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through\n" {
		t.Errorf("the reader got %q", s)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is now %v", st.Mode())
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "new.csv")); err != nil {
		t.Errorf("new file: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "old.csv"), []byte("x"), 0o644)
	if err := Check(filepath.Join(dir, "old.csv")); err != nil {
		t.Errorf("old file: %v", err)
	}
	only(t, dir, "old.csv")
	null := nullDevice(t)
	if err := Check(null); err != nil {
		t.Errorf("%s: %v", null, err)
	}
	isCharDevice(t, null)
}

// TestAppend: every line is in the file, fsynced, the moment Line
// returns; a newline is added where missing, and a file that does not
// end in one gets one first.
func TestAppend(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	os.WriteFile(path, []byte(`{"file":"a"}`), 0o644) // no newline
	syncs := countSyncs(t)
	a, err := Append(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\"file\":\"a\"}\n"
	for i, line := range []string{"{\"file\":\"b\"}\n", `{"file":"c"}`} {
		before := syncs[path]
		if err := a.Line([]byte(line)); err != nil {
			t.Fatal(err)
		}
		want += strings.TrimSuffix(line, "\n") + "\n"
		if got := readFile(t, path); got != want {
			t.Fatalf("after line %d the file holds %q, want %q", i+1, got, want)
		}
		if syncs[path] != before+1 {
			t.Errorf("line %d: %d fsyncs, want 1", i+1, syncs[path]-before)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	// A new file is created; appending again adds after what is there.
	path2 := filepath.Join(dir, "new.jsonl")
	for _, line := range []string{"1", "2"} {
		a, err := Append(path2)
		if err != nil {
			t.Fatal(err)
		}
		a.Line([]byte(line))
		a.Close()
	}
	if got := readFile(t, path2); got != "1\n2\n" {
		t.Errorf("two runs wrote %q", got)
	}
	// Through a link, which stays a link.
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink("new.jsonl", link)
	a, err = Append(link)
	if err != nil {
		t.Fatal(err)
	}
	a.Line([]byte("3"))
	a.Close()
	if got := readFile(t, path2); got != "1\n2\n3\n" {
		t.Errorf("through the link: %q", got)
	}
	if st, _ := os.Lstat(link); st.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
}

// TestAppendFull: a write that fails is an *Error naming the file; the
// Appender writes nothing after it and Close reports it again; the
// device stays a device.
func TestAppendFull(t *testing.T) {
	full := fullDevice(t)
	a, err := Append(full)
	if err != nil {
		t.Fatal(err)
	}
	err = a.Line([]byte("x"))
	var oe *Error
	if !errors.As(err, &oe) || oe.Path != full || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Line on a full device: %v", err)
	}
	if err2 := a.Line([]byte("y")); err2 != err {
		t.Errorf("second Line: %v, want the first failure again", err2)
	}
	if err2 := a.Close(); err2 != err {
		t.Errorf("Close: %v, want the first failure", err2)
	}
	isCharDevice(t, full)
}

// TestAppendCutsBackHalfLine: when the file may grow by only part of a
// line (here a file-size limit; a full disk does the same), the part
// written is cut off again, so the file never ends in half a line.
func TestAppendCutsBackHalfLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	a, err := Append(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Line([]byte("first")); err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skipf("cannot read the file size limit here: %v", err)
	}
	lim := old
	lim.Cur = 10
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skipf("cannot lower the file size limit here: %v", err)
	}
	err = a.Line([]byte("a line too long for the limit"))
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if !errors.Is(err, syscall.EFBIG) {
		t.Fatalf("Line past the limit: %v, want EFBIG", err)
	}
	if got := readFile(t, path); got != "first\n" {
		t.Errorf("the file holds %q, want the first line only", got)
	}
}

func TestTruncate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	os.WriteFile(path, []byte("whole\nhal"), 0o644)
	syncs := countSyncs(t)
	if err := Truncate(path, 6); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "whole\n" || syncs[path] != 1 {
		t.Errorf("truncated to %q with %d fsyncs", got, syncs[path])
	}
	if err := Truncate(filepath.Join(path, "x"), 0); err == nil {
		t.Error("Truncate of a bad path succeeded")
	}
}

func TestIsRegular(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o644)
	os.Symlink(os.DevNull, filepath.Join(dir, "null"))
	tests := map[string]bool{
		filepath.Join(dir, "f"):       true,
		filepath.Join(dir, "missing"): true,
		filepath.Join(dir, "null"):    false,
		os.DevNull:                    false,
		dir:                           false,
		filepath.Join(dir, "no", "x"): false,
	}
	for path, want := range tests {
		if got := IsRegular(path); got != want {
			t.Errorf("IsRegular(%s) = %v, want %v", path, got, want)
		}
	}
}

// TestWriteThroughFD: /dev/stdout and its kind (/proc/self/fd/N) name
// whatever the descriptor is: a pipe, or a file that is then written in
// place (truncated), since such a link has no name to rename onto.
func TestWriteThroughFD(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skipf("no /proc/self/fd here (not Linux?): %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		got <- string(b)
	}()
	if err := WriteFile(fdPath(w), text("piped\n")); err != nil {
		t.Fatal(err)
	}
	if IsRegular(fdPath(w)) {
		t.Error("IsRegular of a pipe")
	}
	w.Close()
	if s := <-got; s != "piped\n" {
		t.Errorf("the pipe got %q", s)
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "log")
	os.WriteFile(file, []byte("a longer old content\n"), 0o644)
	f, err := os.OpenFile(file, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := WriteFile(fdPath(f), text("new\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, file); got != "new\n" {
		t.Errorf("the file holds %q", got)
	}
	only(t, dir, "log")
	if !IsRegular(fdPath(f)) {
		t.Error("IsRegular of a file reached through /proc/self/fd")
	}
}

func fdPath(f *os.File) string { return "/proc/self/fd/" + strconv.Itoa(int(f.Fd())) }
