package proofrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/filekinds"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/shard"
	"chainshot/internal/status"
)

// Options are a proof's settings.
type Options struct {
	Cmd string // "chainshot react solve", for messages
	Pos chainreact.Position
	// What names the position in messages: its file, or "--size 3x4".
	What string
	// Path is the proof file (--proof).
	Path string
	// Split is the plies before the lines; SplitSet says it was given
	// (else a new proof takes DefaultSplit, a resumed one the file's).
	Split    int
	SplitSet bool
	Resume   bool
	Shard    shard.Shard
	Jobs     int // lines solved at once
	MemoryMB int // the table the workers share
	// MaxNodes (0: none) and Budget (0: none; wall-clock time with Wall)
	// stop the sitting early; the lines solved are kept.
	MaxNodes   uint64
	Budget     time.Duration
	Wall       bool
	WinnerOnly bool
	JSON       bool
	// Check, when above 0, solves that many lines of the file again,
	// drawn at random with Seed, instead of solving new ones.
	Check int
	Seed  uint64
	// Table, when set, is the table file (--table): the sitting starts
	// from the table it holds (with Resume) and saves its table there
	// every TableEvery (0: DefaultTableEvery) and at its end.
	Table      string
	TableEvery time.Duration
}

// Run is a sitting of a proof: it solves the lines of the proof in
// o.Path that the file does not hold yet (those of o.Shard), each
// appended the moment it is solved, on o.Jobs workers sharing one table;
// then says what the lines in the file prove of the root. The file is a
// journal (package journal): a file that holds a proof needs o.Resume, a
// file that is not a proof of this position is refused and left as it
// is, a cut last line is dropped with a warning and its line solved
// again. Ctrl-C stops the sitting, keeping every line solved (status
// 130).
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	cmd, path := o.Cmd, o.Path
	if o.Check > 0 && o.Table != "" {
		return status.BadInput("%s: --check solves lines afresh, with a table of its own: drop --table", cmd)
	}
	if o.Check > 0 {
		pf, err := ReadFile(io.Inputs, cmd, path)
		if err != nil {
			return err
		}
		if pf.Empty {
			return status.BadInput("%s: --check: %s holds no proof to check", cmd, path)
		}
		if want := o.Pos.String(); pf.Header.Position != want {
			return status.BadInput("%s: --proof %s is a proof of another position:\n%s", cmd, path, pf.Header.Position)
		}
		return check(ctx, io, o, pf)
	}
	tf, warm, err := o.claimTable(io)
	if err != nil {
		return err
	}
	if tf != nil {
		defer tf.claim.Release()
	}
	pf, out, err := o.open(io)
	if err != nil {
		return err
	}
	defer out.Close()
	from, to := o.Shard.Span(len(pf.Lines))
	var todo []int
	for i := from; i < to; i++ {
		if r := pf.Results[i]; r == nil || (!r.Exact && !o.WinnerOnly) {
			todo = append(todo, i)
		}
	}
	interrupt.Handle()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	run := &proofRun{pf: pf, out: out, io: io, todo: todo, jobs: o.Jobs, winnerOnly: o.WinnerOnly, taken: map[int]bool{}, wrote: map[int]bool{},
		maxNodes: o.MaxNodes}
	if len(todo) > 0 {
		if warm {
			if run.table, err = tf.load(io, o); err != nil {
				return err
			}
		} else {
			run.table = exact.NewSolveTable(o.MemoryMB, &o.Pos.Board)
		}
		if k, n := o.Shard.K, o.Shard.N; n > 1 {
			fmt.Fprintf(io.Err, "shard %d/%d: lines %d to %d, %d of them to solve\n", k, n, from, to-1, len(todo))
		}
		stop, saving := make(chan struct{}), make(chan struct{})
		if tf != nil {
			go func() { defer close(saving); tf.keepSaving(io, run.table, o, stop) }()
		} else {
			close(saving)
		}
		run.solve(ctx, cancel, o.Budget, cpuclock.Budget(o.Wall))
		close(stop)
		<-saving
		if tf != nil {
			cpu, err := tf.save(run.table, o)
			if err != nil {
				return status.Fail("%s: --table %s: not saved: %v (the lines solved are kept in %s)", cmd, tf.path, err, path)
			}
			fmt.Fprintf(io.Err, "saved the table to %s (%d MB, %.0f CPU s of solving in it)\n", tf.path, run.table.MB(), cpu)
		}
	}
	if run.err != nil {
		return status.Fail("%s: %v", cmd, run.err)
	}
	return report(ctx, io, o, pf, run, from, to)
}

// open opens the proof file as a journal, under the run's gate (one
// writer, held until the run ends), reading the proof already there when
// resumed; a new proof splits the position and gets its header.
func (o Options) open(io *iostreams.IO) (*File, *journal.Journal, error) {
	pf := &File{Path: o.Path, cmd: o.Cmd, want: o.wantHeader}
	j, err := journal.Open(io.Gate, journal.Options{Flag: "--proof", Path: o.Path, Kind: filekinds.Proof, Resume: o.Resume,
		Read: pf.read, Warn: func(msg string) { io.Warnf("%s; its line is solved again", msg) }})
	if err != nil {
		return nil, nil, iostreams.OutputError(o.Cmd, err)
	}
	if pf.Split != nil {
		return pf, j, nil
	}
	if err := o.split(pf); err != nil {
		j.Close()
		return nil, nil, err
	}
	data, _ := json.Marshal(pf.Header)
	if err := j.Append(data); err != nil {
		j.Close()
		return nil, nil, status.Fail("%s: --proof: %v", o.Cmd, err)
	}
	return pf, j, nil
}

// wantHeader checks the header of a proof file against the run: the
// same position, and the same split when --split is given.
func (o Options) wantHeader(h *Header, no int) error {
	if want := o.Pos.String(); h.Position != want {
		return status.BadInput("%s: --proof %s is a proof of another position than %s:\n%s", o.Cmd, o.Path, o.What, h.Position)
	}
	if o.SplitSet && o.Split != h.Split {
		return status.BadInput("%s: --split %d, but %s is split after %d plies", o.Cmd, o.Split, o.Path, h.Split)
	}
	return nil
}

// split splits the position of a new proof: after --split plies, or
// DefaultSplit's.
func (o Options) split(pf *File) error {
	plies := o.Split
	if !o.SplitSet {
		plies = DefaultSplit(&o.Pos.Board)
	}
	split, err := exact.Split(&o.Pos.Board, plies)
	if err != nil {
		return status.BadInput("%s: --split %d: %v", o.Cmd, plies, err)
	}
	pf.Header, pf.Split, pf.Names = NewHeader(&o.Pos, split), split, o.Pos.Names
	pf.Lines = make([]*Line, len(split.Lines))
	pf.Results = make([]*exact.LineResult, len(split.Lines))
	return nil
}

// errSettled is the cause of a proof whose root is settled while lines
// were still being solved: they were not needed.
var errSettled = errors.New("the root is settled")

// errMaxNodes is the cause of a proof stopped by --max-nodes.
var errMaxNodes = errors.New("max-nodes reached")
