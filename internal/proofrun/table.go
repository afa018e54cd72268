package proofrun

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
)

// DefaultTableEvery is how often a sitting saves its table (--table):
// the most solver time a crash loses.
const DefaultTableEvery = 10 * time.Minute

// tableFile is a sitting's table file (--table): the table it started
// from, saved whole every so often and at the end, so that a line cut
// short by the end of the sitting (a line is kept only once solved)
// keeps the positions proved under it.
type tableFile struct {
	claim *outfile.Claim
	path  string
	// cpu0 is the CPU time the table held when the sitting read it;
	// start is the process's CPU clock then.
	cpu0  float64
	start time.Duration

	mu    sync.Mutex // one save at a time
	saves int
}

// claimTable admits --table through the run's gate (the command's flag
// claimed it before any work: this shares that claim) and says whether it
// holds a table to start from, which needs --resume.
func (o Options) claimTable(io *iostreams.IO) (*tableFile, bool, error) {
	if o.Table == "" {
		return nil, false, nil
	}
	c, err := io.Claim(o.Cmd, "--table", o.Table, filekinds.SolverTable)
	if err != nil {
		return nil, false, err
	}
	if c.Size() > 0 && !o.Resume {
		c.Release()
		return nil, false, status.BadInput("%s: --table %s holds a solver table: add --resume to start from it, or give another file", o.Cmd, o.Table)
	}
	return &tableFile{claim: c, path: o.Table, start: cpuclock.Process()}, c.Size() > 0, nil
}

// load reads the table the file holds, of the size --memory gives.
func (tf *tableFile) load(io *iostreams.IO, o Options) (*exact.SolveTable, error) {
	t, h, err := ReadTable(io, o.Cmd, tf.path, &o.Pos.Board, o.MemoryMB)
	if err != nil {
		return nil, err
	}
	tf.cpu0 = h.CPUSeconds
	tf.start = cpuclock.Process()
	fmt.Fprintf(io.Err, "started from the table in %s (%d MB, %.0f CPU s of earlier sittings)\n", tf.path, t.MB(), h.CPUSeconds)
	return t, nil
}

// ReadTable reads the solver table file path (a --table that react
// solve saved) for boards of b's size into a table of mb MB, through the
// run's inputs, saying so on standard error. A defect is bad input that
// names --table and the file; a table of another size says the --memory
// that reads it.
func ReadTable(io *iostreams.IO, cmd, path string, b *chainreact.Board, mb int) (*exact.SolveTable, exact.TableHeader, error) {
	f, err := io.Inputs.Open(path)
	if err != nil {
		return nil, exact.TableHeader{}, status.BadInput("%s: --table %v", cmd, err)
	}
	defer f.Close()
	if st, err := os.Stat(path); err == nil {
		fmt.Fprintf(io.Err, "reading the table in %s (a file of %d MB)\n", path, st.Size()>>20)
	}
	t, h, err := exact.ReadSolveTable(f, b, mb)
	var te *exact.TableError
	switch {
	case errors.As(err, &te) && te.MB > 0:
		return nil, h, status.BadInput("%s: --table %s: %v: give --memory %d to start from it", cmd, path, err, te.MB)
	case err != nil:
		return nil, h, status.BadInput("%s: --table %s: %v", cmd, path, err)
	}
	return t, h, nil
}

// save writes t whole to the file, its CPU time that of the earlier
// sittings and this one's so far.
func (tf *tableFile) save(t *exact.SolveTable, o Options) (float64, error) {
	tf.mu.Lock()
	defer tf.mu.Unlock()
	cpu := tf.cpu0 + (cpuclock.Process() - tf.start).Seconds()
	err := tf.claim.WriteFile(func(w io.Writer) error { return t.WriteTable(w, &o.Pos.Board, cpu) })
	if err == nil {
		tf.saves++
	}
	return cpu, err
}

// keepSaving saves t every o.TableEvery until stop is closed; a save
// that fails is a warning (the lines are kept all the same), and the
// next one tries again.
func (tf *tableFile) keepSaving(io *iostreams.IO, t *exact.SolveTable, o Options, stop <-chan struct{}) {
	every := o.TableEvery
	if every <= 0 {
		every = DefaultTableEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			if _, err := tf.save(t, o); err != nil {
				io.Warnf("%s: --table %s: not saved: %v", o.Cmd, tf.path, err)
			}
		}
	}
}
