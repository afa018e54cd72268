package main

import (
	"chainshot/cpuclock"

	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/filekinds"
	"chainshot/internal/interrupt"
	"chainshot/internal/outfile"
	"chainshot/internal/shard"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

// A proof file (react solve --proof FILE) is JSON Lines: a header, then one
// line for each solved line of a split proof, appended and fsynced the
// moment the line is solved, in the order they finish. See
// chainreact.Split and chainreact.ProofSplit.Combine.

// proofFormat is the version of the proof file's format.
const proofFormat = 1

// proofHeader is the first line of a proof file: what is proved, and the
// split, so that a resumed run, a shard on another machine or a merge
// checks it solves the same lines.
type proofHeader struct {
	Proof    string `json:"proof"`
	Format   int    `json:"format"`
	Size     string `json:"size"`
	Position string `json:"position"`
	Split    int    `json:"split"`
	Lines    int    `json:"lines"`
	Digest   string `json:"digest"`
}

// proofHeaderTitle is the header's "proof" field.
const proofHeaderTitle = "chainshot react solve: a split proof of Chain Reaction"

// proofLineJSON is a solved line: its index, the moves from the root to
// its position, what its solve proved (the winner, the last ply counted
// from the empty board, a principal variation from the line's position;
// or the winner and bounds on the last ply), and what it cost.
type proofLineJSON struct {
	Line   int     `json:"line"`
	Moves  [][]int `json:"moves"`
	Winner string  `json:"winner"`
	// Plies is the last ply of a line solved exactly, with PV; a line
	// solved only until its winner was proved (--winner-only) has
	// PliesMin and PliesMax instead, and no PV.
	Plies    int     `json:"plies,omitempty"`
	PliesMin int     `json:"plies_min,omitempty"`
	PliesMax int     `json:"plies_max,omitempty"`
	PV       [][]int `json:"pv,omitempty"`
	Nodes    uint64  `json:"nodes"`
	CPU      float64 `json:"cpu_seconds"`
	Seconds  float64 `json:"seconds"`
	// TableMB and Jobs are the table the line was solved with and the
	// solvers sharing it (the positions searched depend on both).
	TableMB int    `json:"table_mb"`
	Jobs    int    `json:"jobs"`
	Commit  string `json:"commit,omitempty"`
}

// proofFile is a proof file as read: its header, its solved lines by
// index, and the offset of a partial last line (a run killed while
// writing it), or -1.
type proofFile struct {
	path    string
	header  proofHeader
	split   *exact.ProofSplit
	names   string
	lines   []*proofLineJSON // by index; nil where not solved
	results []*exact.LineResult
	solved  int
	// nodes, cpu and seconds sum every line of the file, a line solved
	// again included
	nodes        uint64
	cpu, seconds float64
	partial      int64
	// empty says the file holds nothing (missing or zero bytes).
	empty bool
}

// defaultSplit returns the split depth for root: the fewest plies that give
// at least 64 lines (enough to spread over a machine's cores and several
// machines), at most 6.
func defaultSplit(root *chainreact.Board) int {
	for plies := 0; ; plies++ {
		p, err := exact.Split(root, plies)
		if err != nil || len(p.Lines) >= 64 || plies == 6 {
			return plies
		}
		if len(p.Lines) == 0 {
			return max(plies-1, 0)
		}
	}
}

// newProofHeader is the header of a proof of pos split after plies.
func newProofHeader(pos *chainreact.Position, split *exact.ProofSplit) proofHeader {
	b := &pos.Board
	return proofHeader{Proof: proofHeaderTitle, Format: proofFormat, Size: fmt.Sprintf("%dx%d", b.Rows(), b.Cols()),
		Position: pos.String(), Split: split.Plies, Lines: len(split.Lines), Digest: split.Digest()}
}

// readProofFile reads a proof file. A missing or empty file reads as
// empty. Every line is checked: its index and moves are the split's, its
// principal variation replays from its position to its winner on its
// ply; a line solved twice must say the same both times. A partial last
// line is noted, not an error.
func readProofFile(cmd, path string) (*proofFile, error) {
	pf := &proofFile{path: path, partial: -1}
	data, err := readCapped(path, 256<<20)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(data) == 0) {
		pf.empty = true
		return pf, nil
	}
	if err != nil {
		return nil, status.BadInput("%s: %v", cmd, err)
	}
	lineNo, off := 0, int64(0)
	for len(data) > 0 {
		lineNo++
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			pf.partial = off
			break
		}
		text := bytes.TrimSpace(data[:nl])
		data, off = data[nl+1:], off+int64(nl+1)
		if len(text) == 0 {
			continue
		}
		if pf.split == nil {
			if err := pf.readHeader(cmd, lineNo, text); err != nil {
				return nil, err
			}
			continue
		}
		if err := pf.readLine(cmd, lineNo, text); err != nil {
			return nil, err
		}
	}
	if pf.split == nil {
		if pf.partial >= 0 {
			return nil, status.BadInput("%s: %s: the header line is cut short", cmd, path)
		}
		pf.empty = true
	}
	return pf, nil
}

// readCapped reads a file of at most limit bytes.
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: over %d MB: not a proof file", path, limit>>20)
	}
	return data, nil
}

// decodeStrict decodes one JSON object of text into v, refusing unknown
// fields and anything after the object.
func decodeStrict(text []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("text after the JSON object")
	}
	return nil
}

func (pf *proofFile) readHeader(cmd string, lineNo int, text []byte) error {
	h := &pf.header
	if err := decodeStrict(text, h); err != nil || h.Proof != proofHeaderTitle {
		return status.BadInput("%s: %s:%d: not a proof file's header (want {\"proof\": %q, ...})", cmd, pf.path, lineNo, proofHeaderTitle)
	}
	if h.Format != proofFormat {
		return status.BadInput("%s: %s:%d: proof format %d; this chainshot reads format %d", cmd, pf.path, lineNo, h.Format, proofFormat)
	}
	pos, err := chainreact.ParsePosition(pf.path, strings.NewReader(h.Position))
	if err != nil || pos.Board.Players() != 2 {
		return status.BadInput("%s: %s:%d: the header's position is not a two-player position", cmd, pf.path, lineNo)
	}
	if h.Split < 0 || h.Split > 12 {
		return status.BadInput("%s: %s:%d: split %d: want 0 to 12 plies", cmd, pf.path, lineNo, h.Split)
	}
	split, err := exact.Split(&pos.Board, h.Split)
	if err != nil {
		return status.BadInput("%s: %s:%d: %v", cmd, pf.path, lineNo, err)
	}
	if len(split.Lines) != h.Lines || split.Digest() != h.Digest {
		return status.BadInput("%s: %s:%d: the header says %d lines, digest %s; this chainshot splits that position after %d plies into %d lines, digest %s (made by another version?)",
			cmd, pf.path, lineNo, h.Lines, h.Digest, h.Split, len(split.Lines), split.Digest())
	}
	pf.split, pf.names = split, pos.Names
	pf.lines = make([]*proofLineJSON, len(split.Lines))
	pf.results = make([]*exact.LineResult, len(split.Lines))
	return nil
}

func (pf *proofFile) readLine(cmd string, lineNo int, text []byte) error {
	at := fmt.Sprintf("%s: %s:%d", cmd, pf.path, lineNo)
	var l proofLineJSON
	if err := decodeStrict(text, &l); err != nil {
		return status.BadInput("%s: not a proof line: %v", at, err)
	}
	if l.Line < 0 || l.Line >= len(pf.lines) {
		return status.BadInput("%s: line %d: the split has lines 0 to %d", at, l.Line, len(pf.lines)-1)
	}
	sl := &pf.split.Lines[l.Line]
	b := pf.split.Root
	if len(l.Moves) != len(sl.Moves) {
		return status.BadInput("%s: line %d: %d moves, the split's line has %d", at, l.Line, len(l.Moves), len(sl.Moves))
	}
	for i, mv := range l.Moves {
		if len(mv) != 2 {
			return status.BadInput("%s: line %d: move %d: want [row, col], got %s", at, l.Line, i+1, words.Plural(len(mv), "number"))
		}
		if m, ok := b.MoveAt(mv[0], mv[1]); !ok || m != sl.Moves[i] {
			return status.BadInput("%s: line %d: move %d (%d %d) is not the split's", at, l.Line, i+1, mv[0], mv[1])
		}
		b.Play(sl.Moves[i])
	}
	winner := -1
	if len(l.Winner) == 1 {
		winner = strings.IndexByte(pf.names, l.Winner[0])
	}
	if winner < 0 {
		return status.BadInput("%s: line %d: winner %q: want one of %s", at, l.Line, l.Winner, pf.names)
	}
	res := &exact.LineResult{Winner: winner}
	switch {
	case l.Plies > 0 && l.PliesMin == 0 && l.PliesMax == 0:
		// the principal variation must end the game there and then
		for i, mv := range l.PV {
			if len(mv) != 2 {
				return status.BadInput("%s: line %d: principal variation move %d: want [row, col], got %s", at, l.Line, i+1, words.Plural(len(mv), "number"))
			}
			m, ok := b.MoveAt(mv[0], mv[1])
			if !ok || b.Over() || !b.Legal(m) {
				return status.BadInput("%s: line %d: principal variation move %d (%d %d) is not legal", at, l.Line, i+1, mv[0], mv[1])
			}
			b.Play(m)
			res.PV = append(res.PV, m)
		}
		if !b.Over() || b.Winner() != winner || b.Ply() != l.Plies {
			return status.BadInput("%s: line %d: its principal variation does not end with %s winning on ply %d", at, l.Line, l.Winner, l.Plies)
		}
		res.Exact, res.Plies = true, l.Plies
	case l.Plies == 0 && len(l.PV) == 0 && l.PliesMin > b.Ply() && l.PliesMin <= l.PliesMax && l.PliesMax <= b.Capacity()+1:
		res.PliesMin, res.PliesMax = l.PliesMin, l.PliesMax
	default:
		return status.BadInput("%s: line %d: want \"plies\" and \"pv\" (solved exactly) or \"plies_min\" and \"plies_max\" (the winner only) from ply %d on", at, l.Line, b.Ply()+1)
	}
	pf.nodes += l.Nodes
	pf.cpu += l.CPU
	pf.seconds += l.Seconds
	if err := pf.keep(&l, res); err != nil {
		return status.BadInput("%s: %v", at, err)
	}
	return nil
}

// keep records a line's result. A line solved twice must say the same
// both times (the same winner, last plies that overlap); the tighter
// result is kept: an exact one over bounds, else the bounds' overlap.
func (pf *proofFile) keep(l *proofLineJSON, res *exact.LineResult) error {
	old := pf.results[l.Line]
	if old == nil {
		pf.lines[l.Line], pf.results[l.Line] = l, res
		pf.solved++
		return nil
	}
	olo, ohi := lineBounds(old)
	nlo, nhi := lineBounds(res)
	if old.Winner != res.Winner || max(olo, nlo) > min(ohi, nhi) {
		return fmt.Errorf("line %d is solved twice: %c on ply %s, then %c on ply %s",
			l.Line, pf.names[old.Winner], plyRange(olo, ohi), pf.names[res.Winner], plyRange(nlo, nhi))
	}
	switch {
	case res.Exact && !old.Exact:
		pf.lines[l.Line], pf.results[l.Line] = l, res
	case !res.Exact && !old.Exact:
		old.PliesMin, old.PliesMax = max(olo, nlo), min(ohi, nhi)
		pf.lines[l.Line].PliesMin, pf.lines[l.Line].PliesMax = old.PliesMin, old.PliesMax
	}
	return nil
}

// plyRange writes "19" or "19 to 23".
func plyRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// winnerOnly counts the lines solved only until their winner was proved.
func (pf *proofFile) winnerOnly() int {
	n := 0
	for _, r := range pf.results {
		if r != nil && !r.Exact {
			n++
		}
	}
	return n
}

// lineBounds returns the range of a line result's last ply.
func lineBounds(r *exact.LineResult) (int, int) {
	if r.Exact {
		return r.Plies, r.Plies
	}
	return r.PliesMin, r.PliesMax
}

// buildCommit may be set when building (go build -ldflags "-X
// main.buildCommit=$(git rev-parse --short HEAD)") where the build does
// not record its revision itself.
var buildCommit string

// commit is the version control revision the binary was built from, if
// the build recorded it, or buildCommit.
var commit = func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return buildCommit
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return buildCommit
	}
	if dirty {
		rev += "+"
	}
	return rev
}()

// doProof is react solve --proof: solve the lines of a split proof not yet
// in the proof file (those of --shard), each appended the moment it is
// solved, on --jobs goroutines sharing one table; then say what the lines
// in the file prove of the root.
func doProof(c *cli.Context, pos chainreact.Position, file string) error {
	const cmd = "chainshot react solve"
	s := ioFrom(c)
	path := c.String("proof")
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		// read before it is written: a FIFO would block the read
		return status.BadInput("%s: --proof %s: not a regular file (a proof file is read back to resume)", cmd, path)
	}
	pf, err := readProofFile(cmd, path)
	if err != nil {
		return err
	}
	if c.Int("check") > 0 {
		if pf.empty {
			return status.BadInput("%s: --check: %s holds no proof to check", cmd, path)
		}
		if want := pos.String(); pf.header.Position != want {
			return status.BadInput("%s: --proof %s is a proof of another position:\n%s", cmd, path, pf.header.Position)
		}
		return checkProof(c, pf)
	}
	if !pf.empty && !c.Bool("resume") {
		return status.BadInput("%s: --proof %s already holds a proof (%s of %d lines solved); add --resume to continue it, or give another file",
			cmd, path, words.Thousands(uint64(pf.solved)), pf.header.Lines)
	}
	if pf.empty {
		plies := c.Int("split")
		if !c.IsSet("split") {
			plies = defaultSplit(&pos.Board)
		}
		split, err := exact.Split(&pos.Board, plies)
		if err != nil {
			return status.BadInput("%s: --split %d: %v", cmd, plies, err)
		}
		pf.header, pf.split, pf.names = newProofHeader(&pos, split), split, pos.Names
		pf.lines = make([]*proofLineJSON, len(split.Lines))
		pf.results = make([]*exact.LineResult, len(split.Lines))
	} else {
		if want := pos.String(); pf.header.Position != want {
			what := "--size " + c.String("size")
			if file != "" {
				what = file
			}
			return status.BadInput("%s: --proof %s is a proof of another position than %s:\n%s", cmd, path, what, pf.header.Position)
		}
		if c.IsSet("split") && c.Int("split") != pf.header.Split {
			return status.BadInput("%s: --split %d, but %s is split after %d plies", cmd, c.Int("split"), path, pf.header.Split)
		}
	}
	sh, err := shard.Resolve(c.String("shard"), false, os.Getenv)
	if err != nil {
		return status.BadInput("%s: %v", cmd, err)
	}
	k, n := sh.K, sh.N

	// one writer: the run's gate claimed --proof before the command ran
	// (claimOutputs) and holds it until the process ends
	claim := s.output("proof")
	if !claim.Regular() {
		return status.BadInput("%s: --proof %s: not a regular file (a proof file is read back to resume)", cmd, path)
	}
	// read again under the lock: another run may have written meanwhile
	if again, err := readProofFile(cmd, path); err != nil {
		return err
	} else if again.solved != pf.solved || again.empty != pf.empty {
		return status.BadInput("%s: --proof %s changed while it was being opened; run again", cmd, path)
	}
	if pf.partial >= 0 {
		printf(s.Err, "warning: %s: the last line is cut short (a run stopped while writing it); it is dropped and its line solved again\n", path)
		if err := claim.Truncate(pf.partial); err != nil {
			return status.BadInput("%s: --proof: %v", cmd, err)
		}
	}
	out, err := claim.Append()
	if err != nil {
		return status.BadInput("%s: --proof: %v", cmd, err)
	}
	defer out.Close()
	if pf.empty {
		data, _ := json.Marshal(pf.header)
		if err := out.Line(data); err != nil {
			return status.Fail("%s: %v", cmd, err)
		}
	}

	from, to := sh.Span(len(pf.lines))
	winnerOnly := c.Bool("winner-only")
	var todo []int
	for i := from; i < to; i++ {
		if r := pf.results[i]; r == nil || (!r.Exact && !winnerOnly) {
			todo = append(todo, i)
		}
	}
	interrupt.Handle()
	ctx, cancel := context.WithCancelCause(c.Context)
	defer cancel(nil)
	run := &proofRun{pf: pf, out: out, s: s, todo: todo, jobs: gamesAtOnce(c), winnerOnly: winnerOnly, taken: map[int]bool{},
		maxNodes: c.Uint64("max-nodes")}
	if len(todo) > 0 {
		run.table = exact.NewSolveTable(c.Int("memory"), &pos.Board)
		if n > 1 {
			printf(s.Err, "shard %d/%d: lines %d to %d, %d of them to solve\n", k, n, from, to-1, len(todo))
		}
		clock := cpuclock.Process
		if c.Bool("wall") {
			t0 := time.Now()
			clock = func() time.Duration { return time.Since(t0) }
		}
		run.solve(ctx, cancel, c.Duration("budget"), clock)
	}
	if run.err != nil {
		return status.Fail("%s: %v", cmd, run.err)
	}
	return proofReport(c, pf, run, k, n, from, to, ctx)
}

// proofRun is one sitting of a proof: the lines to solve and the workers.
type proofRun struct {
	pf       *proofFile
	out      *outfile.Appender
	s        *streams
	todo     []int
	jobs     int
	workers  int // the solvers at work: jobs, or fewer lines
	table    *exact.SolveTable
	maxNodes uint64
	// winnerOnly solves each line only until its winner is proved
	winnerOnly bool

	mu     sync.Mutex
	needed []bool       // the lines that may change the root, nil when stale
	taken  map[int]bool // the lines handed out
	done   int          // lines solved this sitting
	nodes  atomic.Uint64
	err    error // the first failure to write a line
}

// solve runs the workers until every line is solved, ctx ends or a limit
// is reached; each line solved is appended to the file at once. A line
// cut short is dropped: a later sitting solves it again.
func (r *proofRun) solve(ctx context.Context, cancel context.CancelCauseFunc, budget time.Duration, clock func() time.Duration) {
	var wg sync.WaitGroup
	solvers := make([]*exact.Solver, min(r.jobs, len(r.todo)))
	r.workers = len(solvers)
	for w := range solvers {
		solvers[w] = exact.NewSolver(exact.SolveOptions{Table: r.table, WinnerOnly: r.winnerOnly})
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // so that the thread's CPU time is the line's
			defer runtime.UnlockOSThread()
			r.worker(ctx, cancel, solvers[w])
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	start, t0 := time.Now(), clock()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	shown, lastShown := false, time.Time{}
	for {
		select {
		case <-finished:
			if shown {
				r.s.Status("")
			}
			return
		case <-tick.C:
		}
		if budget > 0 && clock()-t0 >= budget {
			cancel(errBudget)
		}
		if r.maxNodes > 0 && r.nodes.Load() >= r.maxNodes {
			cancel(errMaxNodes)
		}
		if r.s.ErrTTY && time.Since(lastShown) >= time.Second {
			lastShown = time.Now()
			r.mu.Lock()
			done, all := r.done, len(r.todo)
			r.mu.Unlock()
			r.s.Status("lines %d of %d solved, %s, %.0fs", done, all, words.PluralThousands(r.nodes.Load(), "position"), time.Since(start).Seconds())
			shown = true
		}
	}
}

// take returns the next line of todo to solve, or -1: the first not taken
// yet that may still change what the proof settles (see
// chainreact.ProofSplit.Needed); lines not needed are skipped. r.mu is
// held.
func (r *proofRun) take() int {
	if r.needed == nil {
		r.needed = r.pf.split.Needed(r.pf.results, r.winnerOnly)
	}
	for _, i := range r.todo {
		if r.needed[i] && !r.taken[i] {
			r.taken[i] = true
			return i
		}
	}
	return -1
}

// settled reports whether the lines solved settle the root: its winner
// with --winner-only, else its exact value. r.mu is held.
func (r *proofRun) settled() bool {
	res, err := r.pf.split.Combine(r.pf.results)
	return err == nil && (res.Exact || (r.winnerOnly && res.Winner >= 0))
}

// errSettled is the cause of a proof whose root is settled while lines
// were still being solved: they were not needed.
var errSettled = fmt.Errorf("the root is settled")

// errMaxNodes is the cause of a proof stopped by --max-nodes.
var errMaxNodes = fmt.Errorf("max-nodes reached")

func (r *proofRun) worker(ctx context.Context, cancel context.CancelCauseFunc, sv *exact.Solver) {
	for {
		r.mu.Lock()
		i := r.take()
		if i < 0 || ctx.Err() != nil || r.err != nil {
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
		line := &r.pf.split.Lines[i]
		cpu0, threadOK := cpuclock.Thread()
		t0 := time.Now()
		watch, watched := make(chan struct{}), make(chan struct{})
		var seen uint64
		go func() { // --max-nodes counts the positions of every worker
			defer close(watched)
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-watch:
					return
				case <-t.C:
					n, _, _, _ := sv.Progress()
					r.nodes.Add(n - seen)
					seen = n
				}
			}
		}()
		res, err := sv.Solve(ctx, &line.Board)
		close(watch)
		<-watched
		took := time.Since(t0)
		cpu1, _ := cpuclock.Thread()
		if err != nil || res.Winner < 0 || (!res.Exact && (!r.winnerOnly || ctx.Err() != nil)) {
			return // stopped: the line is solved again another time
		}
		r.nodes.Add(res.Nodes - seen)
		l := proofLineJSON{Line: i, Moves: [][]int{}, Winner: string(r.pf.names[res.Winner]), Nodes: res.Nodes,
			Seconds: took.Seconds(), TableMB: r.table.MB(), Jobs: r.workers, Commit: commit}
		lr := &exact.LineResult{Winner: res.Winner, Exact: res.Exact, Plies: res.Plies, PliesMin: res.PliesMin, PliesMax: res.PliesMax, PV: res.PV}
		if res.Exact {
			l.Plies, l.PV = res.Plies, [][]int{}
		} else {
			l.PliesMin, l.PliesMax = res.PliesMin, res.PliesMax
		}
		if threadOK {
			l.CPU = (cpu1 - cpu0).Seconds()
		}
		b := r.pf.split.Root
		for _, m := range line.Moves {
			row, col := b.RowCol(m)
			l.Moves = append(l.Moves, []int{row, col})
		}
		for _, m := range res.PV {
			row, col := b.RowCol(m)
			l.PV = append(l.PV, []int{row, col})
		}
		data, _ := json.Marshal(l)
		r.mu.Lock()
		if werr := r.out.Line(data); werr != nil {
			if r.err == nil {
				r.err = werr
				cancel(werr)
			}
			r.mu.Unlock()
			return
		}
		if r.pf.results[i] == nil {
			r.pf.solved++
		}
		r.pf.lines[i], r.pf.results[i] = &l, lr
		r.pf.nodes += l.Nodes
		r.pf.cpu += l.CPU
		r.pf.seconds += l.Seconds
		r.needed = nil
		if r.settled() {
			cancel(errSettled) // the lines still being solved are not needed
		}
		r.done++
		r.mu.Unlock()
	}
}

// proofJSON is the --json output of a proof: the root's solve as react
// solve prints it, and the proof's figures.
type proofJSON struct {
	solveJSON
	Proof       string  `json:"proof"`
	Split       int     `json:"split"`
	Lines       int     `json:"lines"`
	LinesSolved int     `json:"lines_solved"`
	LinesNow    int     `json:"lines_this_run"`
	LinesCPU    float64 `json:"lines_cpu_seconds"`
	Shard       string  `json:"shard,omitempty"`
}

// proofReport says what the lines in the file prove of the root, and what
// this sitting did.
func proofReport(c *cli.Context, pf *proofFile, run *proofRun, k, n, from, to int, ctx context.Context) error {
	s := ioFrom(c)
	res, err := pf.split.Combine(pf.results)
	if err != nil {
		return status.Fail("chainshot react solve: %v", err)
	}
	nodes, cpu, wall := pf.nodes, pf.cpu, pf.seconds
	res.Nodes = nodes
	if res.Exact { // the principal variation must end the game as proved
		b := pf.split.Root
		for _, m := range res.PV {
			if b.Over() || !b.Legal(m) {
				return status.Fail("chainshot react solve: internal error: the combined principal variation is not legal")
			}
			b.Play(m)
		}
		if !b.Over() || b.Winner() != res.Winner || b.Ply() != res.Plies {
			return status.Fail("chainshot react solve: internal error: the combined principal variation does not end as proved")
		}
	}
	pos := chainreact.Position{Board: pf.split.Root, Names: pf.names}
	rep := solveReport{pos: &pos, res: res, cpu: time.Duration(cpu * float64(time.Second)), wall: time.Duration(wall * float64(time.Second))}
	switch {
	case res.Exact:
	case context.Cause(ctx) == errSettled:
		rep.stopped = "lines"
	case context.Cause(ctx) == errBudget:
		rep.stopped = "budget"
	case context.Cause(ctx) == errMaxNodes:
		rep.stopped = "max-nodes"
	case ctx.Err() != nil:
		rep.stopped = "interrupted"
	default:
		rep.stopped = "lines"
	}
	mine := 0
	for i := from; i < to; i++ {
		if pf.lines[i] != nil {
			mine++
		}
	}
	if c.Bool("json") {
		j := proofJSON{solveJSON: rep.json(), Proof: pf.path, Split: pf.header.Split, Lines: len(pf.lines),
			LinesSolved: pf.solved, LinesNow: run.done, LinesCPU: cpu}
		if n > 1 {
			j.Shard = fmt.Sprintf("%d/%d", k, n)
		}
		if err := json.NewEncoder(s.Out).Encode(j); err != nil {
			return status.Fail("chainshot react solve: %v", err)
		}
	} else {
		rep.proofText(s, pf, run, k, n, mine, to-from)
	}
	if rep.stopped == "interrupted" {
		return status.Quiet(status.Interrupted)
	}
	return nil
}

// proofText prints what a proof file proves, as react solve prints a
// solve, and the proof's progress.
func (r *solveReport) proofText(s *streams, pf *proofFile, run *proofRun, k, n, mine, shard int) {
	b := &r.pos.Board
	only := ""
	if n := pf.winnerOnly(); n > 0 {
		only = fmt.Sprintf(", %s of them only to the winner", words.Thousands(uint64(n)))
	}
	fmt.Fprintf(s.Out, "%s: %dx%d, split after %s into %s; %s solved (%s this sitting%s)\n", pf.path, b.Rows(), b.Cols(),
		reactPlural(pf.header.Split, "ply", "plies"), words.Plural(len(pf.lines), "line"), words.Thousands(uint64(pf.solved)), words.Thousands(uint64(run.done)), only)
	if n > 1 {
		fmt.Fprintf(s.Out, "shard %d/%d: %d of its %s solved\n", k, n, mine, words.Plural(shard, "line"))
	}
	res := r.res
	switch {
	case res.Exact:
		r.text(s)
		return
	case res.Winner >= 0:
		fmt.Fprintf(s.Out, "%c wins under perfect play (proved by the lines solved); the last move is ply %d to %d\n",
			r.pos.Names[res.Winner], res.PliesMin, res.PliesMax)
	default:
		fmt.Fprintf(s.Out, "unknown: the lines solved do not prove who wins yet\n")
	}
	left := 0
	for _, need := range pf.split.Needed(pf.results, run.winnerOnly) {
		if need {
			left++
		}
	}
	unsolved := len(pf.lines) - pf.solved
	switch {
	case left == 0 && run.winnerOnly:
		fmt.Fprintf(s.Out, "the winner is proved (%s not needed for it); a run without --winner-only solves the last ply\n", words.Plural(unsolved, "line"))
	case r.stopped == "lines" && n > 1:
		fmt.Fprintf(s.Out, "%s still needed, for the other shards: run them, then chainshot react merge their files\n", words.Plural(left, "line"))
	case r.stopped != "lines":
		fmt.Fprintf(s.Out, "%s still needed (stopped: %s); rerun with --resume to go on\n", words.Plural(left, "line"), r.stoppedBy())
	}
	fmt.Fprintf(s.Out, "%s, %.2f CPU s in the lines solved\n", words.PluralThousands(res.Nodes, "position"), r.cpu.Seconds())
}

// checkProof re-solves --check lines of the file, drawn at random with
// --seed, each by a solver of its own, and compares: the second way a
// proof's lines are checked (the first, on reading, replays each line's
// principal variation).
func checkProof(c *cli.Context, pf *proofFile) error {
	const cmd = "chainshot react solve"
	s := ioFrom(c)
	var solved []int
	for i, l := range pf.lines {
		if l != nil {
			solved = append(solved, i)
		}
	}
	rng := rand.New(rand.NewPCG(c.Uint64("seed"), 0x636865636b))
	rng.Shuffle(len(solved), func(i, j int) { solved[i], solved[j] = solved[j], solved[i] })
	solved = solved[:min(c.Int("check"), len(solved))]
	slices.Sort(solved)
	interrupt.Handle()
	ctx := c.Context
	bad := 0
	for _, i := range solved {
		// solved again as far as the file says it was: exactly, or to its winner
		r := pf.results[i]
		sv := exact.NewSolver(exact.SolveOptions{TableMB: c.Int("memory"), WinnerOnly: !r.Exact})
		res, err := sv.Solve(ctx, &pf.split.Lines[i].Board)
		if err != nil || res.Winner < 0 || (r.Exact && !res.Exact) || ctx.Err() != nil {
			return status.Interrupt("%s: --check stopped at line %d", cmd, i)
		}
		lo, hi := lineBounds(r)
		verdict := "agrees"
		if res.Winner != r.Winner || max(lo, res.PliesMin) > min(hi, res.PliesMax) {
			verdict = fmt.Sprintf("DISAGREES: %c on ply %s", pf.names[res.Winner], plyRange(res.PliesMin, res.PliesMax))
			bad++
		}
		fmt.Fprintf(s.Out, "line %d: %c wins on ply %s; solved again: %s (%s)\n", i, pf.names[r.Winner], plyRange(lo, hi), verdict, words.PluralThousands(res.Nodes, "position"))
	}
	fmt.Fprintf(s.Out, "%d of %s solved again: %d disagree\n", len(solved), words.Plural(pf.solved, "solved line"), bad)
	if bad > 0 {
		return status.Quiet(status.Failed)
	}
	return nil
}

// reactMergeCommand is "react merge": the lines of proof shards in one file.
func reactMergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join the proof files of react solve --proof shards into one",
		ArgsUsage: "PROOF.jsonl...",
		Description: "Reads proof files of one split proof (made with --shard on several machines, or in\n" +
			"several sittings), checks that they prove the same position with the same split and\n" +
			"that every line replays, and writes every solved line once to --out, a new file.\n" +
			"\"chainshot react solve --proof OUT --resume\" then goes on from it, or says what it proves.\n\n" +
			"Examples:\n" +
			"  chainshot react merge shard*.jsonl --out 4x4.jsonl\n" +
			"  chainshot react solve --size 4x4 --proof 4x4.jsonl --resume",
		Flags: []cli.Flag{
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the merged proof to `FILE` (it must not hold anything yet)"}, filekinds.MergedProof),
		},
		Action: doReactMerge,
	}
}

func doReactMerge(c *cli.Context) error {
	const cmd = "chainshot react merge"
	s := ioFrom(c)
	if c.NArg() == 0 {
		return status.BadInput("%s: want the proof files to join, such as shard*.jsonl", cmd)
	}
	outPath := c.String("out")
	if outPath == "" {
		return status.BadInput("%s: want --out FILE for the merged proof", cmd)
	}
	// one writer, from before the inputs are read until the file is
	// written: the run's gate claimed --out before the command ran
	lock := s.output("out")
	var all *proofFile
	for _, path := range c.Args().Slice() {
		if _, err := os.Stat(path); err != nil {
			return status.BadInput("%s: %v", cmd, err)
		}
		pf, err := readProofFile(cmd, path)
		if err != nil {
			return err
		}
		if pf.empty {
			return status.BadInput("%s: %s holds no proof", cmd, path)
		}
		if pf.partial >= 0 {
			printf(s.Err, "warning: %s: the last line is cut short (a run stopped while writing it): skipped\n", path)
		}
		if all == nil {
			all = pf
			continue
		}
		if pf.header != all.header {
			return status.BadInput("%s: %s and %s are not proofs of the same position and split", cmd, all.path, path)
		}
		for i, l := range pf.lines {
			if l != nil {
				if err := all.keep(l, pf.results[i]); err != nil {
					return status.BadInput("%s: %s and %s: %v", cmd, all.path, path, err)
				}
			}
		}
		all.nodes += pf.nodes
		all.cpu += pf.cpu
		all.seconds += pf.seconds
	}
	if st, err := os.Stat(outPath); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		return status.BadInput("%s: --out %s already holds something; give a new file", cmd, outPath)
	}
	err := lock.WriteFile(func(w io.Writer) error {
		data, _ := json.Marshal(all.header)
		if _, err := w.Write(append(data, '\n')); err != nil {
			return err
		}
		for _, l := range all.lines {
			if l == nil {
				continue
			}
			data, _ := json.Marshal(l)
			if _, err := w.Write(append(data, '\n')); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	res, err := all.split.Combine(all.results)
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	fmt.Fprintf(s.Out, "%s: %s of %s solved\n", outPath, words.Thousands(uint64(all.solved)), words.Plural(len(all.lines), "line"))
	switch {
	case res.Exact:
		fmt.Fprintf(s.Out, "proved: %c wins on ply %d\n", all.names[res.Winner], res.Plies)
	case res.Winner >= 0:
		fmt.Fprintf(s.Out, "proved so far: %c wins, the last move on ply %d to %d\n", all.names[res.Winner], res.PliesMin, res.PliesMax)
	default:
		fmt.Fprintf(s.Out, "who wins is not proved yet\n")
	}
	return nil
}
