package proofcheck

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/input"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/proofrun"
	"chainshot/internal/status"
	"chainshot/internal/strictjson"
	"chainshot/internal/words"
)

// A checks file (react check --out FILE) is JSON Lines: a header naming
// the proof (its size and its split's digest) and the check's mode, then
// one line for each line of the proof checked, appended and fsynced the
// moment its check agrees, so that a check of many hours stopped or
// killed keeps every line checked and resumes (--resume) with the next.

// ChecksTitle is the checks file header's first field.
const ChecksTitle = "chainshot react check: a proof checked line by line"

// ChecksFormat is the version of the checks file's format.
const ChecksFormat = 1

// ChecksHeader is the first line of a checks file.
type ChecksHeader struct {
	Checks     string `json:"checks" strict:"required"`
	Format     int    `json:"format" strict:"required"`
	Size       string `json:"size" strict:"required"`
	Digest     string `json:"digest" strict:"required"`
	WinnerOnly bool   `json:"winner_only"`
}

// Check says whether the header is a checks file's (for the strict
// decoder): its title and format.
func (h *ChecksHeader) Check() error {
	if h.Checks != ChecksTitle {
		return &strictjson.FieldError{Field: "checks", Msg: fmt.Sprintf("is %q: want %q (not a checks file's header)", words.Clip(h.Checks, 60), ChecksTitle)}
	}
	if h.Format != ChecksFormat {
		return &strictjson.FieldError{Field: "format", Msg: fmt.Sprintf("is %d: this chainshot reads format %d", h.Format, ChecksFormat)}
	}
	return nil
}

// CheckedLine is a line of the proof whose check agreed: what the
// strategies proved of its position, and what they cost.
type CheckedLine struct {
	Line     int    `json:"line" strict:"required"`
	Winner   string `json:"winner" strict:"required"`
	PliesMin int    `json:"plies_min" strict:"required"`
	PliesMax int    `json:"plies_max" strict:"required"`
	// Moves counts the winner's strategy's moves; Solver* what writing
	// the strategies cost, Checked* what checking them did.
	Moves           uint64  `json:"strategy_moves"`
	SolverPositions uint64  `json:"solver_positions"`
	SolverCPU       float64 `json:"solver_cpu_seconds"`
	Checked         uint64  `json:"checked_positions"`
	CheckCPU        float64 `json:"check_cpu_seconds"`
	// Jobs, when above 1, is the lines checked at once (--jobs): the CPU
	// times are then the line's thread's, the collector's not counted.
	Jobs int `json:"jobs,omitempty"`
}

// Check says whether the line's numbers are in range (for the strict
// decoder); that they fit the proof is checked after.
func (l *CheckedLine) Check() error {
	err := bounds.First(
		bounds.Field("line", proofrun.IndexBound.Check(int64(l.Line))),
		bounds.Field("plies_min", proofrun.PliesBound.Check(int64(l.PliesMin))),
		bounds.Field("plies_max", proofrun.PliesBound.Check(int64(l.PliesMax))),
		bounds.Field("jobs", bounds.Int{Min: 0, Max: 1 << 16}.Check(int64(l.Jobs))),
	)
	switch {
	case err != nil:
		return err
	case len(l.Winner) != 1:
		return &strictjson.FieldError{Field: "winner", Msg: fmt.Sprintf("is %q: want a player's letter", words.Clip(l.Winner, 60))}
	case l.PliesMin > l.PliesMax:
		return &strictjson.FieldError{Field: "plies_max", Msg: fmt.Sprintf("is %d: want plies_min (%d) or more", l.PliesMax, l.PliesMin)}
	case !(l.SolverCPU >= 0 && l.SolverCPU < 1e12):
		return &strictjson.FieldError{Field: "solver_cpu_seconds", Msg: fmt.Sprintf("is %g: want a time of 0 or more", l.SolverCPU)}
	case !(l.CheckCPU >= 0 && l.CheckCPU < 1e12):
		return &strictjson.FieldError{Field: "check_cpu_seconds", Msg: fmt.Sprintf("is %g: want a time of 0 or more", l.CheckCPU)}
	}
	return nil
}

// checks is a checks file as read against its proof: the lines checked,
// by index (nil where not).
type checks struct {
	pf         *proofrun.File
	path, cmd  string
	winnerOnly bool
	anyMode    bool // take the header's mode (ReadChecks), not refuse another
	header     bool
	lines      []*CheckedLine
}

// read reads one line of a checks file, the header first (for
// journal.Open): the header must name pf's proof and the run's mode, a
// line one of pf's solved lines, with its winner.
func (c *checks) read(jl journal.Line) error {
	at := fmt.Sprintf("%s: %s:%d", c.cmd, c.path, jl.No)
	if !c.header {
		var h ChecksHeader
		if err := strictjson.Decode(jl.Text, &h, strictjson.Options{What: "a checks file's header"}); err != nil {
			return err
		}
		ph := c.pf.Header
		switch {
		case h.Size != ph.Size || h.Digest != ph.Digest:
			return journal.Stop(status.BadInput("%s: checks of another proof (%s, digest %s), not of %s (%s, digest %s): give another --out",
				at, h.Size, h.Digest, c.pf.Path, ph.Size, ph.Digest))
		case !c.anyMode && h.WinnerOnly != c.winnerOnly:
			return journal.Stop(status.BadInput("%s: checks %s, this run %s: give the same --winner-only as the run that began them, or another --out",
				at, modeWords(h.WinnerOnly), modeWords(c.winnerOnly)))
		}
		c.header, c.winnerOnly = true, h.WinnerOnly
		return nil
	}
	var l CheckedLine
	if err := strictjson.Decode(jl.Text, &l, strictjson.Options{What: filekinds.ProofChecks.Line}); err != nil {
		return err
	}
	if l.Line >= len(c.pf.Results) || c.pf.Results[l.Line] == nil {
		return journal.Stop(status.BadInput("%s: line %d is no solved line of %s", at, l.Line, c.pf.Path))
	}
	if want := c.pf.Names[c.pf.Results[l.Line].Winner]; l.Winner != string(want) {
		return journal.Stop(status.BadInput("%s: line %d checked as %s's, but %s says %c wins it: give another --out", at, l.Line, l.Winner, c.pf.Path, want))
	}
	if b := &c.pf.Split.Lines[l.Line].Board; l.PliesMin <= b.Ply() || l.PliesMax > b.Capacity()+1 {
		return journal.Stop(status.BadInput("%s: line %d: last ply %d to %d: its position is at ply %d of at most %d", at, l.Line, l.PliesMin, l.PliesMax, b.Ply(), b.Capacity()+1))
	}
	c.lines[l.Line] = &l
	return nil
}

// modeWords says what a check of the mode checks.
func modeWords(winnerOnly bool) string {
	if winnerOnly {
		return "the winners only (--winner-only)"
	}
	return "the exact last plies (no --winner-only)"
}

// runLines is Run with o.Out: the proof's lines that its root's claim
// rests on (its winner's, exact.ProofSplit.Support, with WinnerOnly;
// else every solved line) checked one at a time, each as --line checks
// it, each appended to o.Out the moment it agrees; then the lines
// checked, combined over the split's plies, against the file's claim.
// With o.Jobs above 1, that many lines are checked at once, sharing one
// solver table. A line refused stops the run (exit 1); a run stopped
// keeps every line checked, and --resume goes on with the next.
func runLines(ctx context.Context, io *iostreams.IO, o Options, pf *proofrun.File, claim Claim, said string) error {
	cmd := o.Cmd
	todo := linesToCheck(pf, o.WinnerOnly)
	c := &checks{pf: pf, path: o.Out, cmd: cmd, winnerOnly: o.WinnerOnly, lines: make([]*CheckedLine, len(pf.Lines))}
	j, err := journal.Open(io.Gate, journal.Options{Flag: "--out", Path: o.Out, Kind: filekinds.ProofChecks, Resume: o.Resume,
		Read: c.read, Warn: func(msg string) { io.Warnf("%s; its line is checked again", msg) }})
	if err != nil {
		return iostreams.OutputError(cmd, err)
	}
	defer j.Close()
	fmt.Fprintf(io.Out, "%s: %s, %s\n", o.Path, pf.Header.Size, said)
	if !c.header {
		data, _ := json.Marshal(ChecksHeader{Checks: ChecksTitle, Format: ChecksFormat, Size: pf.Header.Size, Digest: pf.Header.Digest, WinnerOnly: o.WinnerOnly})
		if err := j.Append(data); err != nil {
			return status.Fail("%s: --out: %v", cmd, err)
		}
	}
	left := todo[:0:0]
	for _, i := range todo {
		if c.lines[i] == nil {
			left = append(left, i)
		}
	}
	fmt.Fprintf(io.Err, "%s: %s to check, %d checked before (in %s)\n", o.Path, words.Plural(len(todo), "line"), len(todo)-len(left), o.Out)
	var table solverTable
	if len(left) > 0 {
		if table, err = o.solverTable(io, pf); err != nil {
			return err
		}
		if table.t == nil { // one table for the sitting: each line finds the last's positions
			table.t = exact.NewSolveTable(o.MemoryMB, &pf.Split.Root)
		}
	}
	ctx, stop := o.watch(ctx)
	defer stop()
	jobs := min(max(o.Jobs, 1), max(len(left), 1))
	lines, cancel := startChecks(ctx, io, o, pf, left, table, jobs)
	defer cancel(nil)
	done, failed := 0, lineChecked{line: -1}
	for r := range lines { // every line that agrees is kept, those after another's failure too
		io.Status("")
		if r.err != nil {
			printParts(io, r.v)
			failed = r
			continue
		}
		v := r.v
		l := &CheckedLine{Line: r.line, Winner: string(pf.Names[v.Winner]), PliesMin: v.PliesMin, PliesMax: v.PliesMax}
		if jobs > 1 {
			l.Jobs = jobs
		}
		for _, p := range v.Parts {
			if !p.Delay {
				l.Moves = uint64(p.Moves)
			}
			l.SolverPositions += p.SolverNodes
			l.SolverCPU += p.SolverCPU.Seconds()
			l.Checked += p.Positions
			l.CheckCPU += p.CheckCPU.Seconds()
		}
		data, _ := json.Marshal(l)
		if err := j.Append(data); err != nil {
			cancel(err)
			for range lines { // the workers stop; wait for them
			}
			return status.Fail("%s: --out: %v (the lines checked before are kept)", cmd, err)
		}
		c.lines[r.line] = l
		done++
		fmt.Fprintf(io.Out, "%s line %d: agrees: %s\n", o.Path, r.line, describe(pf.Names, v.Winner, v.PliesMin, v.PliesMax, "checked"))
		printParts(io, v)
	}
	if failed.line >= 0 {
		return o.failure(ctx, fmt.Sprintf("%s line %d", o.Path, failed.line), failed.err,
			fmt.Sprintf("%d of %s checked in %s", len(todo)-len(left)+done, words.Plural(len(todo), "line"), o.Out))
	}
	return c.conclude(io, claim, len(todo))
}

// lineChecked is a line's check as a worker of startChecks finished it:
// its verdict, or why it stopped.
type lineChecked struct {
	line int
	v    Verdict
	err  error
}

// startChecks checks the lines of pf in left on jobs workers sharing
// table, each line as --line checks it, and sends each as it finishes,
// in the order they finish; the channel closes once every worker has
// stopped, and cancel stops them. The first line refused or stopped is
// sent with its error, and no line is taken after it: the lines under
// way on the other workers stop, and are not sent (a later sitting
// checks them), but one that agrees first is sent. A line's CPU time is
// the process's on one worker, its worker thread's on more (the
// collector's threads not counted).
func startChecks(ctx context.Context, io *iostreams.IO, o Options, pf *proofrun.File, left []int, table solverTable, jobs int) (<-chan lineChecked, context.CancelCauseFunc) {
	out := make(chan lineChecked, len(left)) // a worker never waits to send
	ctx, cancel := context.WithCancelCause(ctx)
	clock := cpuclock.Process
	if jobs > 1 {
		clock = cpuclock.ThreadOrProcess
	}
	shown := make([]*progress, jobs)
	for w := range shown {
		shown[w] = new(progress)
	}
	hide := func() {}
	if io.ErrTTY && len(left) > 0 {
		hide = showProgress(io, shown...)
	}
	var (
		mu     sync.Mutex
		next   int
		failed bool
		wg     sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next == len(left) || failed || ctx.Err() != nil {
			return 0, false
		}
		next++
		return left[next-1], true
	}
	for w := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // so that the thread's CPU time is the line's
			defer runtime.UnlockOSThread()
			for {
				i, ok := take()
				if !ok {
					return
				}
				b := pf.Split.Lines[i].Board
				lc := lineClaim(pf.Results[i])
				if o.WinnerOnly {
					lc = lc.winnerOnly(&b)
				}
				v, err := verify(ctx, &b, lc, both, nil, table, o.MaxPositions, shown[w], clock)
				if err != nil {
					mu.Lock()
					first := !failed
					failed = true
					mu.Unlock()
					if first {
						out <- lineChecked{line: i, v: v, err: err}
						cancel(errOtherLine)
					}
					return
				}
				out <- lineChecked{line: i, v: v}
			}
		}()
	}
	go func() {
		wg.Wait()
		hide()
		cancel(nil)
		close(out)
	}()
	return out, cancel
}

// errOtherLine stops the lines under way when another line's check
// fails.
var errOtherLine = errors.New("another line's check stopped")

// linesToCheck returns the lines of pf that its root's claim rests on,
// in order: with winnerOnly its winner's (exact.ProofSplit.Support), else
// every solved line.
func linesToCheck(pf *proofrun.File, winnerOnly bool) []int {
	var todo []int
	if winnerOnly {
		for i, in := range pf.Split.Support(pf.Results) {
			if in {
				todo = append(todo, i)
			}
		}
		return todo
	}
	for i, r := range pf.Results {
		if r != nil {
			todo = append(todo, i)
		}
	}
	return todo
}

// combined combines the lines checked over the split's plies: what they
// prove of the root.
func (c *checks) combined() (exact.SolveResult, error) {
	checked := make([]*exact.LineResult, len(c.lines))
	for i, l := range c.lines {
		if l != nil {
			checked[i] = &exact.LineResult{Winner: strings.IndexByte(c.pf.Names, l.Winner[0]), PliesMin: l.PliesMin, PliesMax: l.PliesMax}
		}
	}
	return c.pf.Split.Combine(checked)
}

// conclude combines the lines checked over the split's plies and says
// whether they prove the file's claim of its root.
func (c *checks) conclude(io *iostreams.IO, claim Claim, n int) error {
	res, err := c.combined()
	if err != nil {
		return status.Fail("%s: %s: %v", c.cmd, c.path, err)
	}
	if res.Winner != claim.Winner || res.PliesMax < claim.PliesMin || res.PliesMin > claim.PliesMax {
		return status.Fail("%s: %s: DISAGREES: the %s checked prove %s; %s", c.cmd, c.pf.Path, words.Plural(n, "line"),
			proved(c.pf.Names, res), describe(c.pf.Names, claim.Winner, claim.PliesMin, claim.PliesMax, "the file says"))
	}
	lo, hi := max(res.PliesMin, claim.PliesMin), min(res.PliesMax, claim.PliesMax)
	how := fmt.Sprintf("%s checked", words.Plural(n, "line"))
	if p := c.pf.Split.Plies; p > 0 {
		how += fmt.Sprintf(", combined over the split's first %d plies", p)
		if p == 1 {
			how = strings.TrimSuffix(how, "1 plies") + "ply"
		}
	}
	fmt.Fprintf(io.Out, "agrees: line by line: %s (%s)\n", describe(c.pf.Names, res.Winner, lo, hi, "checked"), how)
	return nil
}

// proved says what a combined result proves.
func proved(names string, r exact.SolveResult) string {
	if r.Winner < 0 {
		return "no winner"
	}
	return describe(names, r.Winner, r.PliesMin, r.PliesMax, "that")
}

// Kept is a checks file read against its proof (ReadChecks): the
// check's mode, the lines the proof's claim rests on in that mode, and
// the lines the file holds.
type Kept struct {
	WinnerOnly bool
	// Todo lists the lines to check, in order; Lines holds the checked
	// ones by the proof's line index, nil where the file has none.
	Todo  []int
	Lines []*CheckedLine
}

// Held returns the lines to check that the file holds, in order.
func (k *Kept) Held() []int {
	var held []int
	for _, i := range k.Todo {
		if k.Lines[i] != nil {
			held = append(held, i)
		}
	}
	return held
}

// ReadChecks reads the checks file path ("react check --out") of the
// proof pf, as "react check --resume" reads it, in either mode (its
// header's): a file of another proof, a line the proof does not solve
// or solves for the other player, or a cut last line is refused, naming
// the file and line. When the file holds every line to check, proved
// is what they prove of the root, combined over the split's plies, and
// complete is true.
func ReadChecks(src input.Source, cmd, path string, pf *proofrun.File) (k *Kept, proved exact.SolveResult, complete bool, err error) {
	c := &checks{pf: pf, path: path, cmd: cmd, anyMode: true, lines: make([]*CheckedLine, len(pf.Lines))}
	cut, err := journal.ScanFile(src, path, filekinds.ProofChecks, c.read)
	var se *status.Error
	switch {
	case errors.As(err, &se):
		return nil, proved, false, err
	case err != nil:
		return nil, proved, false, status.BadInput("%s: %v", cmd, err)
	case cut != nil:
		return nil, proved, false, status.BadInput("%s: %s", cmd, strings.TrimSuffix(cut.Warning(), "; skipped"))
	case !c.header:
		return nil, proved, false, status.BadInput("%s: %s: no header: not a checks file", cmd, path)
	}
	k = &Kept{WinnerOnly: c.winnerOnly, Todo: linesToCheck(pf, c.winnerOnly), Lines: c.lines}
	if len(k.Held()) < len(k.Todo) {
		return k, proved, false, nil
	}
	proved, err = c.combined()
	if err != nil {
		return nil, proved, false, status.Fail("%s: %s: %v", cmd, path, err)
	}
	return k, proved, true, nil
}
