// Package proofcheck is react check: a proof file's claim (who wins its
// position and on which ply) checked a second way. The exact solver
// writes the strategies, package chainreact/check verifies them knowing
// only the rules; a strategy the solver got wrong is refused there, so
// the claim rests on the checker, not on the solver.
package proofcheck

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/check"
	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/proofrun"
	"chainshot/internal/solverun"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// Options are a check's settings.
type Options struct {
	Cmd      string // "chainshot react check", for messages
	Path     string // the proof file
	MemoryMB int    // the solver's table
	// Out, when set, checks the proof line by line into this checks
	// file (see runLines); Resume goes on with the checks it holds.
	Out    string
	Resume bool
	// MaxPositions stops the check once a strategy reaches more
	// positions, or the solver writing it searches as many, inside one
	// of its calls too (0: no limit); Budget once this much CPU time is
	// spent.
	MaxPositions uint64
	Budget       time.Duration
	Wall         bool // Budget is wall-clock time
	// Jobs is how many lines an Out check checks at once, on one solver
	// table of MemoryMB (0 or 1: one at a time; without Out, one line).
	Jobs int
	// WinnerOnly checks the winner only, even of a file that gives the
	// last ply: the winner's strategy from a solver that proves winners
	// only (often a fraction of the work), which bounds the last ply.
	WinnerOnly bool
	// LoserOnly checks the loser's strategy only, of a file that gives
	// the last ply exactly: that the winner cannot win before it (the
	// lower bound), the winner's strategy left to another check.
	LoserOnly bool
	// Line, from 0, when LineSet, checks that line of the proof alone
	// (its position and what the file says of it), not the root.
	Line    int
	LineSet bool
	// Table, when set, is a solver table file (react solve --table) of
	// MemoryMB that the solver writing the strategies starts from: it
	// finds the moves sooner, and the checker, which never sees the
	// table, still verifies each against every reply.
	Table string
}

// Claim is what a proof file says of its root: the winner and the range
// of the winner's last ply (one ply when exact).
type Claim struct {
	Winner   int
	PliesMin int
	PliesMax int
}

// lineClaim is what a proof file says of a line.
func lineClaim(r *exact.LineResult) Claim {
	c := Claim{Winner: r.Winner, PliesMin: r.PliesMin, PliesMax: r.PliesMax}
	if r.Exact {
		c.PliesMin, c.PliesMax = r.Plies, r.Plies
	}
	return c
}

// winnerOnly is the claim of root checked by --winner-only: an exact
// claim's winner alone, its last ply bounded by root's capacity.
func (c Claim) winnerOnly(root *chainreact.Board) Claim {
	if c.PliesMin == c.PliesMax {
		c.PliesMin, c.PliesMax = root.Ply()+1, root.Capacity()+1
	}
	return c
}

// Verdict is what the strategies proved: the winner and the range
// [PliesMin, PliesMax] of its last ply, with their sizes and costs.
type Verdict struct {
	Winner             int
	PliesMin, PliesMax int
	Parts              []Part
}

// Part is one strategy: whose, its positions, what writing it cost the
// solver and checking it the checker.
type Part struct {
	Delay       bool // the loser's strategy (else the winner's)
	Moves       int  // positions the strategy has a move for
	Positions   uint64
	SolverNodes uint64
	SolverCPU   time.Duration
	CheckCPU    time.Duration
	Ply         int // the latest last ply (winner's), the earliest (loser's)
}

// Run checks the proof file o.Path a second way and says whether it
// agrees: exit 0 when the strategies prove the file's claim, 1 when a
// strategy or the claim is refused, 130 when stopped.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	switch { // the flags first, before any work
	case o.WinnerOnly && o.LoserOnly:
		return status.BadInput("%s: give --winner-only or --loser-only, not both", o.Cmd)
	case o.Out != "" && o.LineSet:
		return status.BadInput("%s: give --line (one line, checked now) or --out (the proof's lines one by one, kept in a file), not both", o.Cmd)
	case o.Out != "" && o.LoserOnly:
		return status.BadInput("%s: --loser-only checks one line's lower bound: give it with --line, not --out", o.Cmd)
	}
	pf, err := proofrun.ReadFile(io.Inputs, o.Cmd, o.Path)
	if err != nil {
		return err
	}
	if pf.Empty {
		return status.BadInput("%s: %s holds no proof to check", o.Cmd, o.Path)
	}
	res, err := pf.Split.Combine(pf.Results)
	if err != nil {
		return status.Fail("%s: %s: %v", o.Cmd, o.Path, err)
	}
	if res.Winner < 0 && !o.LineSet { // a line's claim is its own: a proof under way checks line by line
		return status.BadInput("%s: %s does not prove who wins yet: nothing to check (its solved lines one at a time with --line N)", o.Cmd, o.Path)
	}
	root := pf.Split.Root
	if _, err := check.NewStrategy(&root); err != nil {
		return status.BadInput("%s: %s: %v", o.Cmd, o.Path, err)
	}
	claim := Claim{Winner: res.Winner, PliesMin: res.PliesMin, PliesMax: res.PliesMax}
	what := o.Path
	hints := Hints(pf)
	if o.LineSet {
		if o.Line < 0 || o.Line >= len(pf.Lines) || pf.Results[o.Line] == nil {
			return status.BadInput("%s: --line %d: %s holds no line %d (%s, %d solved)", o.Cmd, o.Line, o.Path, o.Line,
				words.Plural(len(pf.Lines), "line"), pf.Solved)
		}
		r := pf.Results[o.Line]
		root, hints = pf.Split.Lines[o.Line].Board, nil
		claim = lineClaim(r)
		what = fmt.Sprintf("%s line %d", o.Path, o.Line)
	}
	said := describe(pf.Names, claim.Winner, claim.PliesMin, claim.PliesMax, "the file says")
	part := both
	switch {
	case o.LoserOnly && claim.PliesMin != claim.PliesMax:
		return status.BadInput("%s: --loser-only: %s gives no exact last ply (%s): the loser's strategy has nothing to be checked against",
			o.Cmd, what, describe(pf.Names, claim.Winner, claim.PliesMin, claim.PliesMax, "it says"))
	case o.LoserOnly:
		said += " (its lower bound checked: the loser's strategy only)"
		part = loserOnly
	}
	if o.WinnerOnly && claim.PliesMin == claim.PliesMax {
		said += " (its winner checked, the last ply bounded)"
		claim = claim.winnerOnly(&root)
	}
	if o.Out != "" {
		return runLines(ctx, io, o, pf, claim, said)
	}
	table, err := o.solverTable(io, pf)
	if err != nil {
		return err
	}
	ctx, stopWatch := o.watch(ctx)
	defer stopWatch()
	var shown progress
	stop := func() {}
	if io.ErrTTY {
		stop = showProgress(io, &shown)
	}
	v, err := verify(ctx, &root, claim, part, hints, table, o.MaxPositions, &shown, cpuclock.Process)
	stop()
	names := pf.Names
	fmt.Fprintf(io.Out, "%s: %s, %s\n", what, pf.Header.Size, said)
	printParts(io, v)
	switch {
	case err == nil && part == loserOnly:
		fmt.Fprintf(io.Out, "agrees: checked: %c cannot win before ply %d\n", names[v.Winner], v.PliesMin)
		return nil
	case err == nil:
		fmt.Fprintf(io.Out, "agrees: %s\n", describe(names, v.Winner, v.PliesMin, v.PliesMax, "checked"))
		return nil
	}
	return o.failure(ctx, what, err, "")
}

// solverTable is the table the solver writing the strategies starts
// from: the one o.Table holds (proofrun.ReadTable), or a new one of
// o.MemoryMB.
func (o Options) solverTable(io *iostreams.IO, pf *proofrun.File) (solverTable, error) {
	if o.Table == "" {
		return solverTable{mb: o.MemoryMB}, nil
	}
	t, h, err := proofrun.ReadTable(io, o.Cmd, o.Table, &pf.Split.Root, o.MemoryMB)
	if err != nil {
		return solverTable{}, err
	}
	fmt.Fprintf(io.Err, "the solver starts from the table in %s (%d MB, %.0f CPU s of solving in it)\n", o.Table, t.MB(), h.CPUSeconds)
	return solverTable{mb: o.MemoryMB, t: t}, nil
}

// watch returns ctx stopped by Ctrl-C and by o.Budget; stop ends the
// watch.
func (o Options) watch(ctx context.Context) (context.Context, func()) {
	interrupt.Handle()
	ctx, cancel := context.WithCancelCause(ctx)
	stopBudget := solverun.WatchBudget(o.Budget, cpuclock.Budget(o.Wall), cancel)
	return ctx, func() { stopBudget(); cancel(nil) }
}

// printParts says, for each strategy, what the solver wrote and the
// checker checked.
func printParts(io *iostreams.IO, v Verdict) {
	for _, p := range v.Parts {
		whose, bound := "winner's", "latest"
		if p.Delay {
			whose, bound = "loser's", "earliest"
		}
		checked := "not checked"
		if p.Positions > 0 {
			checked = fmt.Sprintf("checked: last ply %d at the %s (%s, %.2f CPU s)", p.Ply, bound, words.PluralThousands(p.Positions, "position"), p.CheckCPU.Seconds())
		}
		fmt.Fprintf(io.Out, "  the %s strategy: %s from the solver (%s, %.2f CPU s); %s\n",
			whose, words.PluralThousands(uint64(p.Moves), "move"), words.PluralThousands(p.SolverNodes, "position"), p.SolverCPU.Seconds(), checked)
	}
}

// failure is the error of a check that did not agree: refused (exit 1),
// stopped by Ctrl-C (130) or by --budget (1, as --max-positions), saying
// what is kept, or failed.
func (o Options) failure(ctx context.Context, what string, err error, kept string) error {
	stop := status.Interrupt
	if errors.Is(context.Cause(ctx), solverun.ErrBudget) {
		stop = status.Fail
	}
	switch {
	case errors.Is(err, check.ErrRefused):
		return status.Fail("%s: %s: DISAGREES: %v", o.Cmd, what, err)
	case ctx.Err() != nil && kept != "":
		return stop("%s: %s: stopped: %v (%s; rerun with --resume to go on)", o.Cmd, what, context.Cause(ctx), kept)
	case ctx.Err() != nil:
		return stop("%s: %s: stopped: %v", o.Cmd, what, context.Cause(ctx))
	}
	return status.Fail("%s: %s: %v", o.Cmd, what, err)
}

// describe says who wins on which plies.
func describe(names string, winner, lo, hi int, who string) string {
	if lo == hi {
		return fmt.Sprintf("%s: %c wins on ply %d", who, names[winner], lo)
	}
	return fmt.Sprintf("%s: %c wins, last ply %d to %d", who, names[winner], lo, hi)
}

// Hints returns the winner's moves the proof file's lines make before
// its split, from the lines the winner wins: the solver need not find
// them again.
func Hints(pf *proofrun.File) *check.Strategy {
	root := pf.Split.Root
	hints, err := check.NewStrategy(&root)
	if err != nil {
		return nil
	}
	res, err := pf.Split.Combine(pf.Results)
	if err != nil || res.Winner < 0 {
		return hints
	}
	for i, r := range pf.Results {
		if r == nil || r.Winner != res.Winner {
			continue
		}
		b := root
		for _, m := range pf.Split.Lines[i].Moves {
			if b.Over() || !b.Legal(m) {
				break
			}
			if b.ToMove() == res.Winner {
				hints.Set(&b, m)
			}
			b.Play(m)
		}
	}
	return hints
}

// parts says which strategies a check writes and verifies.
type parts int

const (
	// both: the winner's, and the loser's when the claim is exact.
	both parts = iota
	// loserOnly: the loser's alone, of an exact claim: its lower bound,
	// that the winner cannot win before the claimed ply.
	loserOnly
)

// Verify checks claim of root: the solver writes the winner's strategy
// (and, for an exact claim, the loser's), the checker verifies each.
// The error wraps check.ErrRefused when a strategy or the claim is
// refused. hints (may be nil) are winner's moves tried before the
// solver's.
func Verify(ctx context.Context, root *chainreact.Board, claim Claim, hints *check.Strategy, memoryMB int, maxPositions uint64) (Verdict, error) {
	return verify(ctx, root, claim, both, hints, solverTable{mb: memoryMB}, maxPositions, nil, cpuclock.Process)
}

// VerifyLoser checks the lower bound of an exact claim of root alone:
// the loser's strategy keeps the winner from winning before
// claim.PliesMin. The verdict's PliesMax is check.Never (unchecked).
func VerifyLoser(ctx context.Context, root *chainreact.Board, claim Claim, memoryMB int, maxPositions uint64) (Verdict, error) {
	return verify(ctx, root, claim, loserOnly, nil, solverTable{mb: memoryMB}, maxPositions, nil, cpuclock.Process)
}

// solverTable is the table of the solver that writes the strategies: a
// new one of mb MB, or t, read from a file.
type solverTable struct {
	mb int
	t  *exact.SolveTable
}

// verify is Verify, of the parts asked for, storing the positions the
// strategy being written has reached in shown (may be nil) as it goes,
// its parts' CPU time read from clock.
func verify(ctx context.Context, root *chainreact.Board, claim Claim, which parts, hints *check.Strategy, table solverTable, maxPositions uint64, shown *progress, clock func() time.Duration) (Verdict, error) {
	v := Verdict{Winner: claim.Winner, PliesMin: root.Ply() + 1, PliesMax: check.Never}
	exactClaim := claim.PliesMin == claim.PliesMax
	if which == loserOnly && !exactClaim {
		return v, fmt.Errorf("check: the loser's strategy alone wants an exact claim, not the last ply %d to %d", claim.PliesMin, claim.PliesMax)
	}
	sv := exact.NewSolver(exact.SolveOptions{TableMB: table.mb, Table: table.t})
	for _, delay := range []bool{false, true} {
		if delay && !exactClaim {
			break
		}
		if !delay && which == loserOnly {
			continue
		}
		p := Part{Delay: delay}
		t0 := clock()
		w := &writer{ctx: ctx, sv: sv, winner: claim.Winner, delay: delay, bound: claim.PliesMax, hints: hints, max: maxPositions, shown: shown}
		if delay { // the lower bound, no further
			w.bound = claim.PliesMin
		}
		var err error
		if w.s, err = check.NewStrategy(root); err != nil {
			return v, err
		}
		if w.others, err = check.NewVisited(root); err != nil { // forgetting costs time, not truth
			return v, err
		}
		err = w.write(*root)
		w.others = nil // the writer's visited set, let go before the checker's
		p.SolverCPU, p.SolverNodes, p.Moves = clock()-t0, w.nodes, w.s.Len()
		if err != nil {
			v.Parts = append(v.Parts, p)
			return v, err
		}
		t1 := clock()
		var r check.Result
		if delay {
			r, err = check.Delay(ctx, root, claim.Winner, w.s, w.bound, maxPositions)
		} else {
			r, err = check.Win(ctx, root, claim.Winner, w.s, maxPositions)
		}
		p.CheckCPU, p.Positions, p.Ply = clock()-t1, r.Positions, r.Ply
		v.Parts = append(v.Parts, p)
		if err != nil {
			return v, err
		}
		if delay {
			v.PliesMin = r.Ply
		} else {
			v.PliesMax = r.Ply
		}
	}
	if which == loserOnly {
		if v.PliesMin < claim.PliesMin {
			return v, fmt.Errorf("check: %w: the loser's strategy proves the winner cannot win before ply %d only, the claim %d",
				check.ErrRefused, v.PliesMin, claim.PliesMin)
		}
		return v, nil
	}
	if v.PliesMax < claim.PliesMin || v.PliesMin > claim.PliesMax {
		return v, fmt.Errorf("check: %w: the strategies prove the last ply %d to %d, the claim %d to %d",
			check.ErrRefused, v.PliesMin, v.PliesMax, claim.PliesMin, claim.PliesMax)
	}
	if exactClaim && v.PliesMin != v.PliesMax {
		return v, fmt.Errorf("check: the strategies prove the last ply %d to %d only", v.PliesMin, v.PliesMax)
	}
	if !exactClaim { // what is proved: the claim's bounds and the strategies', together
		v.PliesMin, v.PliesMax = max(v.PliesMin, claim.PliesMin), min(v.PliesMax, claim.PliesMax)
	}
	return v, nil
}

// writer writes a strategy with the exact solver: for the winner (delay
// false) a move that wins by ply bound at each of the winner's positions
// it reaches, every reply of the loser followed; for the loser (delay
// true) a move at each of the loser's after which the winner cannot win
// before ply bound, every move of the winner followed up to that ply.
type writer struct {
	ctx    context.Context
	sv     *exact.Solver
	winner int
	delay  bool
	bound  int // the winner's: wins by this ply; the loser's: holds to it, no move wanted past it
	hints  *check.Strategy
	max    uint64
	s      *check.Strategy
	others *check.Strategy // the other player's positions visited (its moves unused)
	nodes  uint64
	count  uint64
	shown  *progress // count and nodes, for the progress line
}

// progress is what the progress line shows: the positions the strategy
// being written has reached, and the solver's positions.
type progress struct{ reached, solver atomic.Uint64 }

func (w *writer) write(b chainreact.Board) error {
	if b.Over() || w.delay && b.Ply()+1 >= w.bound {
		return nil
	}
	chooser := w.winner
	if w.delay {
		chooser = 1 - w.winner
	}
	// visited: a chooser's position has its move (but one that wins at
	// once, found again each time), the other's is in others
	visited := w.others
	if b.ToMove() == chooser {
		visited = w.s
	}
	if _, ok := visited.Move(&b); ok {
		return nil
	}
	if b.ToMove() != chooser {
		w.others.Set(&b, 0)
	}
	w.count++
	if w.count&0xfff == 0 && w.shown != nil {
		w.shown.reached.Store(w.count)
	}
	if w.max > 0 && w.count > w.max {
		return w.limitReached()
	}
	if err := context.Cause(w.ctx); err != nil {
		return fmt.Errorf("check: stopped: %w", err)
	}
	if b.ToMove() == chooser {
		m, descend, err := w.choose(&b)
		if err != nil || !descend {
			return err
		}
		c := b
		c.Play(m)
		return w.write(c)
	}
	var buf [chainreact.MaxCells]chainreact.Move
	for _, m := range b.AppendMoves(buf[:0]) {
		c := b
		c.Play(m)
		if err := w.write(c); err != nil {
			return err
		}
	}
	return nil
}

// choose returns the strategy's move at b and records it: a hint, a move
// that wins at once (left out of the winner's strategy: the checker finds
// it), or the solver's.
func (w *writer) choose(b *chainreact.Board) (m chainreact.Move, descend bool, err error) {
	var buf [chainreact.MaxCells]chainreact.Move
	moves := b.AppendMoves(buf[:0])
	if w.delay {
		return w.ask(b, moves)
	}
	if w.hints != nil {
		if m, ok := w.hints.Move(b); ok {
			w.s.Set(b, m)
			return m, true, nil
		}
	}
	for _, m := range moves {
		c := *b
		c.Play(m)
		if c.Over() {
			return m, true, nil
		}
	}
	return w.ask(b, moves)
}

// ask returns the solver's move at b, one of moves, and records it: the
// winner's, one that wins on ply w.bound or sooner (exact.Solver.WinBy);
// the loser's, one after which the winner cannot win before ply w.bound
// (Hold). Each is a bound, not a whole solve. When the solver finds none
// the first move is written, and the winner's strategy stops there, so
// that the checker refuses it.
func (w *writer) ask(b *chainreact.Board, moves []chainreact.Move) (chainreact.Move, bool, error) {
	var m chainreact.Move
	var ok bool
	var nodes uint64
	var err error
	if w.max > 0 { // the limit counts the solver's positions too, within one call
		if w.nodes >= w.max {
			return chainreact.NoMove, false, w.limitReached()
		}
		w.sv.SetMaxNodes(w.max - w.nodes)
	}
	if w.delay { // called directly, not through a func value: b stays on the stack
		m, ok, nodes, err = w.sv.Hold(w.ctx, b, w.bound)
	} else {
		m, ok, nodes, err = w.sv.WinBy(w.ctx, b, w.bound)
	}
	w.nodes += nodes
	if w.shown != nil {
		w.shown.solver.Store(w.nodes)
	}
	if err != nil {
		if w.max > 0 && w.nodes >= w.max && context.Cause(w.ctx) == nil {
			err = w.limitReached()
		}
		return chainreact.NoMove, false, err
	}
	if !ok {
		m = moves[0]
	}
	w.s.Set(b, m)
	return m, ok || w.delay, nil
}

// limitReached is the error of a strategy stopped by --max-positions:
// the positions it reached, or those the solver searched for it.
func (w *writer) limitReached() error {
	return fmt.Errorf("check: stopped after %d positions (the limit)", w.max)
}

// showProgress shows the positions the strategies have reached, every
// second, until stop is called (the sums, of more than one).
func showProgress(io *iostreams.IO, shown ...*progress) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	t0, c0 := time.Now(), cpuclock.Process()
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				io.Status("")
				return
			case <-tick.C:
				var reached, solver uint64
				for _, p := range shown {
					reached, solver = reached+p.reached.Load(), solver+p.solver.Load()
				}
				what := "writing a strategy"
				if len(shown) > 1 {
					what = fmt.Sprintf("writing %d strategies", len(shown))
				}
				io.Status("%s: %s reached, the solver %s, %.0f s, %.0f CPU s", what, words.PluralThousands(reached, "position"),
					words.PluralThousands(solver, "position"), time.Since(t0).Seconds(), (cpuclock.Process() - c0).Seconds())
			}
		}
	}()
	return func() { close(done); <-finished }
}
