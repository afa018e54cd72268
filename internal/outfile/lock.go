package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Lock is the one-writer lock of a results file: an exclusive flock(2)
// on the file, held from LockFile until Unlock. The kernel drops it when
// the process ends, however it ends (kill -9 and the OOM killer
// included), so a lock never outlives its holder and there is no stale
// lock to clear by hand. It is advisory: it keeps out other chainshot
// runs, which all take it before they write a results file, not other
// programs.
//
// A rewrite through Lock.WriteFile moves the lock onto the new file
// before it takes the old one's name, so that there is no instant at
// which the name is unlocked.
type Lock struct {
	path string   // as the caller gave it
	real string   // where the file is: path after its links
	f    *os.File // the open file that holds the lock; nil: nothing to lock
	// created says LockFile made the file, which Unlock removes if it is
	// still empty.
	created bool
	// unenforced says the file system takes no locks (see NotEnforced).
	unenforced bool
}

// NotEnforced reports that the file's file system takes no locks (an NFS
// mount without a lock manager, Lustre without its flock option): the
// file is written all the same, but a second writer is not kept out.
func (l *Lock) NotEnforced() bool { return l != nil && l.unenforced }

// noLocks reports whether err says the file system takes no locks.
func noLocks(err error) bool {
	return errors.Is(err, syscall.ENOLCK) || errors.Is(err, syscall.ENOSYS) ||
		errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.EINVAL)
}

// HeldError says another process holds the lock of a results file.
type HeldError struct {
	Path string
	// PID, Command and Since describe the holder when the system says
	// (Linux's /proc): PID is 0 when it does not.
	PID     int
	Command string
	Since   time.Time
}

func (e *HeldError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("%s is being written by another process (which one, this system does not say)", e.Path)
	}
	s := fmt.Sprintf("%s is being written by pid %d", e.Path, e.PID)
	if e.Command != "" {
		s += " (" + e.Command + ")"
	}
	if !e.Since.IsZero() {
		s += ", running since " + sinceText(e.Since)
	}
	return s
}

// sinceText writes t as a clock time, with the date if it is not today.
func sinceText(t time.Time) string {
	if y, m, d := t.Date(); y == time.Now().Year() && m == time.Now().Month() && d == time.Now().Day() {
		return t.Format("15:04:05")
	}
	return t.Format("2006-01-02 15:04:05")
}

// LockFile takes the one-writer lock of the output file path, creating
// the file (empty, mode 0644) if it is missing, and clears the temporary
// files that an earlier writer of path killed in the middle of a rewrite
// left beside it (see Leftovers). It does not wait: if another process
// holds the lock, the error is a *HeldError naming it. A path that is not
// a regular file (a device, a FIFO) has nothing to lock: the Lock is
// empty.
func LockFile(path string) (*Lock, error) {
	t, err := resolve(path)
	if err != nil {
		return nil, err
	}
	l := &Lock{path: path, real: t.path}
	if !t.regular {
		return l, nil
	}
	// The file may be replaced (a rewrite renames a new file onto the
	// name) between opening and locking it: then the lock is on a file
	// that no longer has the name, and is taken again.
	unnamed := 0
	for range 100 {
		f, created, err := openToLock(t.path)
		if err != nil {
			return nil, fail(path, err)
		}
		err = flock(f)
		if noLocks(err) {
			l.f, l.created, l.unenforced = f, created, true
			return l, nil
		}
		if err != nil {
			held := errors.Is(err, syscall.EWOULDBLOCK)
			var herr error = fail(path, err)
			if held {
				h := holderOf(path, f)
				if h.PID == 0 && unnamed < retryUnnamed {
					// No process holds it by the system's list: its holder
					// has just ended. Try again rather than name nobody.
					unnamed++
					f.Close()
					time.Sleep(retryPause)
					continue
				}
				herr = h
			}
			f.Close()
			// A file this call made is removed again, unless another
			// process holds its lock: that one opened it between the
			// making and the locking, holds it as its results file, and
			// may already have written to it.
			if created && !held {
				os.Remove(t.path)
			}
			return nil, herr
		}
		if sameFile(t.path, f) {
			l.f, l.created = f, created
			clearLeftovers(t.path)
			return l, nil
		}
		f.Close()
	}
	return nil, &Error{Path: path, Err: errors.New("the file keeps being replaced by another program")}
}

// retryUnnamed and retryPause are how often and how long LockFile waits
// for a lock whose holder the system does not list any more (it ended
// between the refusal and the look): some 100 ms in all.
const (
	retryUnnamed = 10
	retryPause   = 10 * time.Millisecond
)

// openToLock opens the file at path for writing, creating it if it is
// missing; created says it did.
func openToLock(path string) (f *os.File, created bool, err error) {
	f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		return f, true, nil
	}
	if !errors.Is(err, os.ErrExist) {
		return nil, false, err
	}
	f, err = os.OpenFile(path, os.O_WRONLY, 0)
	return f, false, err
}

// flock is takeFlock; a variable so that tests can play a file system
// that takes no locks.
var flock = takeFlock

// takeFlock takes an exclusive flock on f without waiting.
func takeFlock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// sameFile reports whether path names the open file f.
func sameFile(path string, f *os.File) bool {
	a, err1 := os.Stat(path)
	b, err2 := f.Stat()
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// SameFile reports whether a write to path lands in the open file f (as
// --out /dev/stdout does when standard output is f): the same file, after
// links.
func SameFile(path string, f *os.File) bool {
	if f == nil {
		return false
	}
	return sameFile(path, f)
}

// Path returns the path the lock was taken on, as given.
func (l *Lock) Path() string { return l.path }

// WriteFile rewrites the locked file whole or not at all, as WriteFile
// does, and keeps the lock: the new file is locked before it is renamed
// onto the name. On an empty Lock it is WriteFile.
func (l *Lock) WriteFile(write func(io.Writer) error) error {
	if l.f == nil {
		return WriteFile(l.path, write)
	}
	t, err := resolve(l.path)
	if err != nil {
		return err
	}
	if t.through {
		return writeThrough(l.path, t.path, t.regular, write) // in place: the lock stays
	}
	f, err := fillTemp(l.path, t, write)
	if err != nil {
		return err
	}
	if err := flock(f); err != nil && !(l.unenforced && noLocks(err)) {
		f.Close()
		os.Remove(f.Name())
		return fail(l.path, err)
	}
	if err := commit(l.path, t, f.Name()); err != nil {
		if !sameFile(t.path, f) { // not renamed: the old file keeps the name and the lock
			f.Close()
			return err
		}
		l.swap(f, t.path) // renamed, but the folder's fsync failed
		return err
	}
	l.swap(f, t.path)
	return nil
}

// swap makes f, locked and now named real, the file the lock holds; the
// old file kept its lock until the new one had the name.
func (l *Lock) swap(f *os.File, real string) {
	old := l.f
	l.f, l.real, l.created = f, real, false
	old.Close()
}

// Unlock lets the file go. A file that LockFile made and that is still
// empty is removed: a run that wrote nothing leaves nothing behind.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	if l.created {
		if st, err := l.f.Stat(); err == nil && st.Size() == 0 && sameFile(l.real, l.f) {
			os.Remove(l.real)
		}
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// holderOf returns the *HeldError for the lock of f, held by another
// process: its pid, command line and start from /proc/locks and
// /proc/PID, where there are such files.
func holderOf(path string, f *os.File) *HeldError {
	e := &HeldError{Path: path}
	st, err := f.Stat()
	if err != nil {
		return e
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return e
	}
	e.PID = lockHolder(sys.Ino)
	if e.PID == 0 {
		return e
	}
	proc := "/proc/" + strconv.Itoa(e.PID)
	if cmd, err := readSmall(proc+"/cmdline", 4096); err == nil {
		e.Command = strings.TrimSpace(string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))
	}
	e.Since = processStart(proc)
	return e
}

// lockHolder returns the pid of the process holding a flock on the inode
// ino, from /proc/locks ("1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234 0
// EOF"), or 0. The device is not compared: on an overlay file system the
// lock is on the file below, whose device stat does not give.
func lockHolder(ino uint64) int {
	data, err := readSmall("/proc/locks", 1<<20)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || f[1] != "FLOCK" {
			continue // a POSIX lock, or "->": a process waiting for a lock
		}
		parts := strings.Split(f[5], ":")
		if n, err := strconv.ParseUint(parts[len(parts)-1], 10, 64); err != nil || n != ino {
			continue
		}
		if pid, err := strconv.Atoi(f[4]); err == nil && pid > 0 {
			return pid
		}
	}
	return 0
}

// processStart returns when the process whose /proc folder is proc
// started, or the zero time: its start in clock ticks after boot
// (/proc/PID/stat, field 22) and the boot time (/proc/stat, btime).
func processStart(proc string) time.Time {
	stat, err := readSmall(proc+"/stat", 4096)
	if err != nil {
		return time.Time{}
	}
	// The command name, in parentheses, may hold spaces: count fields
	// after its closing parenthesis, where field 3 is.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return time.Time{}
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 20 {
		return time.Time{}
	}
	ticks, err := strconv.ParseUint(f[19], 10, 64)
	if err != nil {
		return time.Time{}
	}
	sys, err := readSmall("/proc/stat", 1<<20)
	if err != nil {
		return time.Time{}
	}
	for _, line := range strings.Split(string(sys), "\n") {
		if rest, ok := strings.CutPrefix(line, "btime "); ok {
			boot, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				return time.Time{}
			}
			// USER_HZ is 100 on every Linux the kernel's ABI knows.
			const hz = 100
			return time.Unix(boot, 0).Add(time.Duration(ticks) * time.Second / hz)
		}
	}
	return time.Time{}
}

// readSmall reads a small system file, at most max bytes.
func readSmall(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}

// Leftovers returns the temporary files that a rewrite of path (WriteFile,
// Lock.WriteFile) leaves beside it when the process is killed between
// making and renaming them: ".NAME.DIGITS.tmp" in path's folder, and
// nothing else.
func Leftovers(path string) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	prefix := "." + base + "."
	var out []string
	for _, e := range ents {
		mid, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		mid, ok = strings.CutSuffix(mid, ".tmp")
		if !ok || mid == "" || strings.Trim(mid, "0123456789") != "" {
			continue
		}
		out = append(out, filepath.Join(dir, e.Name()))
	}
	return out
}

// clearLeftovers removes path's leftovers (see Leftovers). It is called
// with path's lock held: every chainshot writer of path takes that lock
// first, so none of them is in the middle of a rewrite.
func clearLeftovers(path string) {
	for _, p := range Leftovers(path) {
		os.Remove(p)
	}
}
