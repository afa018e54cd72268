package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// Kind is a kind of output file.
type Kind struct {
	// Name names the kind with its article: "a results file", "a CPU
	// profile", "a PNG picture".
	Name string
	// Grows says the file is a journal of records that grows a line at a
	// time and resumes (package journal reads what is there); a whole
	// file (a picture, a table, a profile) is replaced whole instead.
	Grows bool
	// Own tells the kind's own content from the first bytes of an
	// existing file. A whole file replaces only an empty file or one Own
	// knows as its kind: never a file that is not the command's own.
	// Nil: any non-empty file is refused.
	Own func(head []byte) bool
	// ReadBack, when set, says why a later run reads the file back (a
	// proof file, to resume): a device, FIFO or socket, from which
	// nothing could be read back, is then refused.
	ReadBack string
}

// Prefix returns an Own that knows a file by the bytes it starts with.
func Prefix(prefixes ...string) func([]byte) bool {
	return func(head []byte) bool {
		for _, p := range prefixes {
			if bytes.HasPrefix(head, []byte(p)) {
				return true
			}
		}
		return false
	}
}

// Kinds of output files whose format the package knows by its first
// bytes.
var (
	PNG     = Kind{Name: "a PNG picture", Own: Prefix("\x89PNG\r\n\x1a\n")}
	GIF     = Kind{Name: "a GIF picture", Own: Prefix("GIF87a", "GIF89a")}
	SVG     = Kind{Name: "an SVG picture", Own: Prefix("<?xml", "<svg")}
	Profile = Kind{Name: "a pprof profile", Own: Prefix("\x1f\x8b")}
)

// Gate admits every output file of one run of the program. Claim checks,
// before any work, that a path may be written for a flag: no two outputs
// of the run are one file (by device and inode, links followed), no other
// run holds it, and a whole file replaces only its own kind; it then
// holds the file's one-writer lock until Close. Every command opens its
// outputs through the run's Gate, so a new command gets these promises
// by using it.
type Gate struct {
	mu     sync.Mutex
	stdout *os.File
	claims []*Claim
}

// NewGate returns the gate of a run whose standard output is stdout (nil
// when it is not a file: a test's buffer).
func NewGate(stdout *os.File) *Gate { return &Gate{stdout: stdout} }

// Claim is an output file admitted by a Gate.
type Claim struct {
	Flag string // the flag that names it, as typed: "--out"
	Path string // as given
	kind Kind
	id   fileID
	// stdout says the path is the file standard output already is: it is
	// written through standard output's own descriptor.
	stdout bool
	// regular says the path is (or will be) a regular file; a device,
	// FIFO or socket is written through, in place.
	regular bool
	// size is the file's size when claimed, the lock held (0 if new).
	size int64
	lock *Lock
	g    *Gate
	n    int // holds: a run that claims the same output again shares it
}

// fileID says which file a path names: its device and inode, or, for a
// file not there yet, its absolute path after links.
type fileID struct {
	dev, ino uint64
	path     string
}

// ClaimError is an output path refused by a Gate, before any work.
type ClaimError struct {
	Flag, Path string
	Err        error
	// Held is set when another process holds the file.
	Held *HeldError
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("%s: cannot write %s: %v", e.Flag, e.Path, e.Err)
}

func (e *ClaimError) Unwrap() error { return e.Err }

// Claim admits path as the output of flag, of kind k. It refuses a path
// that another flag of this run claims, that another process holds, that
// is not a regular file when k is read back, or (for a whole file) an
// existing non-empty file that is not of kind k.
// The same flag claiming the same path again shares the claim (a bench
// of several budgets keeps one results file); each Claim is Released,
// or let go by Close.
func (g *Gate) Claim(flag, path string, k Kind) (*Claim, error) {
	refuse := func(err error) (*Claim, error) { return nil, &ClaimError{Flag: flag, Path: path, Err: err} }
	t, err := resolve(path)
	if err != nil {
		return refuse(reasonOf(err))
	}
	if k.ReadBack != "" && (t.through || !t.regular) {
		return refuse(fmt.Errorf("not a regular file (%s)", k.ReadBack))
	}
	c := &Claim{Flag: flag, Path: path, kind: k, regular: t.regular && !t.through, g: g}
	c.id = idOf(path, t)
	c.stdout = SameFile(path, g.stdout)
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, o := range g.claims {
		if o.id != c.id || t.through && !c.stdout && t.mode&os.ModeCharDevice != 0 {
			continue // /dev/null takes any number of outputs
		}
		if o.Flag == flag && o.kind.Name == k.Name {
			o.n++
			return o, nil
		}
		return refuse(fmt.Errorf("it is the file %s names too: give each its own file", o.Flag))
	}
	if c.regular && !c.stdout {
		beforeLock()
		lock, err := LockFile(path)
		var held *HeldError
		switch {
		case errors.As(err, &held):
			return nil, &ClaimError{Flag: flag, Path: path, Err: held, Held: held}
		case err != nil:
			return refuse(reasonOf(err))
		}
		c.lock = lock
		c.id = idOf(path, t) // the file is there now
	}
	// The size once the lock is held, not before: another run may have
	// written the file and ended in between, and a resume must read what
	// that run wrote.
	if t.regular {
		if st, err := os.Stat(path); err == nil {
			c.size = st.Size()
		}
	}
	if !k.Grows && c.size > 0 && !c.stdout {
		if err := ownContent(t.path, k); err != nil {
			c.lock.Unlock()
			return refuse(err)
		}
	}
	c.n = 1
	g.claims = append(g.claims, c)
	return c, nil
}

// ownContent refuses the existing file at real unless it starts as kind k
// does.
func ownContent(real string, k Kind) error {
	f, err := os.Open(real)
	if err != nil {
		return nil // unreadable: the write will say why it fails, if it does
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if k.Own == nil {
		return fmt.Errorf("it already holds something (it starts %s); chainshot writes %s only to a new or empty file: move it away, or give another file", startText(head), k.Name)
	}
	if k.Own(head) {
		return nil
	}
	return fmt.Errorf("it holds something that is not %s (it starts %s); chainshot replaces only its own files: move it away, or give another file", k.Name, startText(head))
}

// startText quotes the first bytes of a file for a message.
func startText(head []byte) string {
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	if len(head) > 24 {
		head = head[:24]
	}
	return strconv.QuoteToASCII(string(head))
}

// idOf says which file path names.
func idOf(path string, t target) fileID {
	if st, err := os.Stat(path); err == nil {
		if sys, ok := st.Sys().(*syscall.Stat_t); ok {
			return fileID{dev: uint64(sys.Dev), ino: sys.Ino}
		}
	}
	abs, err := filepath.Abs(t.path)
	if err != nil {
		abs = t.path
	}
	return fileID{path: abs}
}

// reasonOf keeps the reason of an *Error: the ClaimError names the path.
func reasonOf(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return e.Err
	}
	return err
}

// beforeLock is called just before a claim takes its file's lock: a
// test's way into the moment another run may write the file.
var beforeLock = func() {}

// Size is the file's size when it was claimed: a journal that finds
// records there resumes them or refuses the file.
func (c *Claim) Size() int64 { return c.size }

// Regular reports whether the claim is a regular file, which can hold a
// run to resume; a device, FIFO or standard output cannot.
func (c *Claim) Regular() bool { return c.regular && !c.stdout }

// Stdout reports whether the claim is the file standard output is.
func (c *Claim) Stdout() bool { return c.stdout }

// NotEnforced reports that the file's file system takes no locks.
func (c *Claim) NotEnforced() bool { return c.lock.NotEnforced() }

// WriteFile writes the claimed file whole or not at all (see WriteFile),
// keeping its lock; onto standard output, through standard output.
func (c *Claim) WriteFile(write func(io.Writer) error) error {
	if c.stdout {
		return write(c.g.stdout)
	}
	if c.lock != nil {
		return c.lock.WriteFile(write)
	}
	return WriteFile(c.Path, write)
}

// Append opens the claimed file for appending a line at a time (see
// Append); standard output through its own descriptor (see AppendTo).
func (c *Claim) Append() (*Appender, error) {
	if c.stdout {
		return AppendTo(c.g.stdout, c.Path)
	}
	return Append(c.Path)
}

// Truncate cuts the claimed file to size bytes (a cut last line dropped).
func (c *Claim) Truncate(size int64) error { return Truncate(c.Path, size) }

// Release lets go of one hold on the claim; the last lets the file go
// (a file the claim made and that is still empty is removed).
func (c *Claim) Release() {
	if c == nil {
		return
	}
	g := c.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if c.n--; c.n > 0 {
		return
	}
	for i, o := range g.claims {
		if o == c {
			g.claims = append(g.claims[:i], g.claims[i+1:]...)
			break
		}
	}
	c.lock.Unlock()
}

// Close lets go of every claim still held: the end of the run.
func (g *Gate) Close() {
	g.mu.Lock()
	claims := g.claims
	g.claims = nil
	g.mu.Unlock()
	for _, c := range claims {
		c.lock.Unlock()
	}
}
