package proofrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/shard"
	"chainshot/internal/solverun"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// Options are a proof's settings.
type Options struct {
	Cmd string // "chainshot react solve", for messages
	Pos chainreact.Position
	// What names the position in messages: its file, or "--size 3x4".
	What string
	// Path is the proof file (--proof), Claim its claim through the
	// run's gate.
	Path  string
	Claim *outfile.Claim
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
}

// Run is a sitting of a proof: it solves the lines of the proof in
// o.Path that the file does not hold yet (those of o.Shard), each
// appended the moment it is solved, on o.Jobs workers sharing one table;
// then says what the lines in the file prove of the root. Ctrl-C stops
// it, keeping every line solved (status 130).
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	cmd, path := o.Cmd, o.Path
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		// read before it is written: a FIFO would block the read
		return status.BadInput("%s: --proof %s: not a regular file (a proof file is read back to resume)", cmd, path)
	}
	pf, err := ReadFile(cmd, path)
	if err != nil {
		return err
	}
	if o.Check > 0 {
		if pf.Empty {
			return status.BadInput("%s: --check: %s holds no proof to check", cmd, path)
		}
		if want := o.Pos.String(); pf.Header.Position != want {
			return status.BadInput("%s: --proof %s is a proof of another position:\n%s", cmd, path, pf.Header.Position)
		}
		return check(ctx, io, o, pf)
	}
	if err := o.start(pf); err != nil {
		return err
	}
	out, err := o.open(io, pf)
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
	run := &proofRun{pf: pf, out: out, io: io, todo: todo, jobs: o.Jobs, winnerOnly: o.WinnerOnly, taken: map[int]bool{},
		maxNodes: o.MaxNodes}
	if len(todo) > 0 {
		run.table = exact.NewSolveTable(o.MemoryMB, &o.Pos.Board)
		if k, n := o.Shard.K, o.Shard.N; n > 1 {
			fmt.Fprintf(io.Err, "shard %d/%d: lines %d to %d, %d of them to solve\n", k, n, from, to-1, len(todo))
		}
		run.solve(ctx, cancel, o.Budget, solverun.Clock(o.Wall))
	}
	if run.err != nil {
		return status.Fail("%s: %v", cmd, run.err)
	}
	return report(ctx, io, o, pf, run, from, to)
}

// start checks the proof file against the run's settings, or, for a new
// proof, splits the position.
func (o Options) start(pf *File) error {
	cmd, path := o.Cmd, o.Path
	if !pf.Empty && !o.Resume {
		return status.BadInput("%s: --proof %s already holds a proof (%s of %d lines solved); add --resume to continue it, or give another file",
			cmd, path, words.Thousands(uint64(pf.Solved)), pf.Header.Lines)
	}
	if !pf.Empty {
		if want := o.Pos.String(); pf.Header.Position != want {
			return status.BadInput("%s: --proof %s is a proof of another position than %s:\n%s", cmd, path, o.What, pf.Header.Position)
		}
		if o.SplitSet && o.Split != pf.Header.Split {
			return status.BadInput("%s: --split %d, but %s is split after %d plies", cmd, o.Split, path, pf.Header.Split)
		}
		return nil
	}
	plies := o.Split
	if !o.SplitSet {
		plies = DefaultSplit(&o.Pos.Board)
	}
	split, err := exact.Split(&o.Pos.Board, plies)
	if err != nil {
		return status.BadInput("%s: --split %d: %v", cmd, plies, err)
	}
	pf.Header, pf.Split, pf.Names = NewHeader(&o.Pos, split), split, o.Pos.Names
	pf.Lines = make([]*Line, len(split.Lines))
	pf.Results = make([]*exact.LineResult, len(split.Lines))
	return nil
}

// open opens the proof file for appending, under the run's claim (one
// writer, held until the process ends): a cut last line is dropped, a
// new file gets the header.
func (o Options) open(io *iostreams.IO, pf *File) (*outfile.Appender, error) {
	cmd, path, claim := o.Cmd, o.Path, o.Claim
	if !claim.Regular() {
		return nil, status.BadInput("%s: --proof %s: not a regular file (a proof file is read back to resume)", cmd, path)
	}
	// read again under the lock: another run may have written meanwhile
	if again, err := ReadFile(cmd, path); err != nil {
		return nil, err
	} else if again.Solved != pf.Solved || again.Empty != pf.Empty {
		return nil, status.BadInput("%s: --proof %s changed while it was being opened; run again", cmd, path)
	}
	if pf.Partial >= 0 {
		fmt.Fprintf(io.Err, "warning: %s: the last line is cut short (a run stopped while writing it); it is dropped and its line solved again\n", path)
		if err := claim.Truncate(pf.Partial); err != nil {
			return nil, status.BadInput("%s: --proof: %v", cmd, err)
		}
	}
	out, err := claim.Append()
	if err != nil {
		return nil, status.BadInput("%s: --proof: %v", cmd, err)
	}
	if pf.Empty {
		data, _ := json.Marshal(pf.Header)
		if err := out.Line(data); err != nil {
			out.Close()
			return nil, status.Fail("%s: %v", cmd, err)
		}
	}
	return out, nil
}

// errSettled is the cause of a proof whose root is settled while lines
// were still being solved: they were not needed.
var errSettled = errors.New("the root is settled")

// errMaxNodes is the cause of a proof stopped by --max-nodes.
var errMaxNodes = errors.New("max-nodes reached")
