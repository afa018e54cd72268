package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/cpuclock"
)

// MatchConfig describes a match between two players.
//
// Games come in pairs, as engine testers play them: games 2k and 2k+1
// start from the same opening (pair k's), Specs[0] moving first in the
// first and Specs[1] in the second, each player with the same seed in
// both.
type MatchConfig struct {
	Specs [2]string // the two players' spec strings
	// Games is the number of games to play, or the most with an SPRT.
	Games      int
	Rows, Cols int    // board size
	Seed       uint64 // drives the openings and every player's randomness, pair by pair
	Jobs       int    // pairs played at once (at least 1)
	// OpeningPlies is the number of uniformly random moves, drawn from
	// Seed pair by pair, that open each pair's games; 0 starts them from
	// the empty board. Ignored when Openings is set.
	OpeningPlies int
	// Openings, if set, are the openings, moves from the empty board:
	// pair k opens with Openings[k % len(Openings)] (see CheckOpening).
	Openings [][]chainreact.Move
	// SPRT, if set, ends the match as soon as the test over the finished
	// pairs accepts one hypothesis; the pairs being played then finish.
	SPRT *SPRT
	// Played are games of this match played before (read back from its
	// records, see CheckRecordJSON): they count and are not played again.
	Played []GameRecord
	// NewPlayer makes players; nil means ai.NewPlayer. Each
	// worker makes its own pair and resets them for every game.
	NewPlayer func(spec string, seed uint64) (ai.Player, error)
	// Record, if set, is called with each game's record as soon as it
	// ends, from one goroutine at a time. An error stops the match:
	// RunMatch returns it once the games being played have ended.
	Record func(GameRecord) error
}

// Pairs returns the number of pairs of the match: its games, two a pair
// (the last pair has one game when Games is odd).
func (cfg *MatchConfig) Pairs() int { return (cfg.Games + 1) / 2 }

// GameRecord is one game of a match.
type GameRecord struct {
	Game    int               // the game's index in the match; its pair is Game/2
	First   int               // index in Specs of the player who moved first
	Winner  int               // index in Specs of the winner
	Opening int               // the first Opening moves are the pair's opening
	Moves   []chainreact.Move // every move from the empty board
	// CPU and Wall are each move's CPU and wall-clock time (zero for the
	// opening's): CPU time is the player's thread's for a player of this
	// process, the process group's for an engine (see engine.EnginePlayer.CPU).
	CPU, Wall []time.Duration
}

// Mover returns the index in Specs of the player who played move i.
func (r *GameRecord) Mover(i int) int { return r.First ^ i&1 }

// MatchResult sums up a match. Index i refers to Specs[i], whichever seat
// it had; times are in seconds.
type MatchResult struct {
	Specs [2]string
	Games int // games played, those of Played included
	Wins  [2]int
	// Penta counts the pairs with both games played by Specs[0]'s
	// points in them (see Penta).
	Penta     Penta
	MeanPlies float64
	// MeanMoveSeconds and MaxMoveSeconds are wall-clock time a move;
	// MeanMoveCPU and MaxMoveCPU CPU time; CPUSeconds the CPU time of all
	// the player's moves. Opening moves are nobody's.
	MeanMoveSeconds, MaxMoveSeconds [2]float64
	MeanMoveCPU, MaxMoveCPU         [2]float64
	CPUSeconds                      [2]float64
	Moves                           [2]int
	Nodes                           [2]uint64 // positions searched in this run, for players that count them
	Records                         []GameRecord
	// Verdict is the SPRT's verdict, when the match had one, and LLR its
	// log-likelihood ratio then, over the first DecidedPairs pairs to
	// finish (the match stopped there; pairs under way then were played
	// out and count in Penta, and FinalLLR is the ratio over them all).
	// Without a verdict, LLR and FinalLLR are the ratio over Penta.
	LLR, FinalLLR float64
	Verdict       Verdict
	DecidedPairs  int
}

// GameSeed returns the seed of game (or pair) i of a match seeded with
// seed.
func GameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// ErrPlayer is returned when a player gives an illegal move or fails.
type ErrPlayer struct {
	Spec string
	Err  error
}

// Error says which player failed and how.
func (e *ErrPlayer) Error() string { return fmt.Sprintf("chainreact: player %q: %v", e.Spec, e.Err) }

// Unwrap returns how the player failed.
func (e *ErrPlayer) Unwrap() error { return e.Err }

// failer is implemented by players that can fail (an engine process that
// died); Err says why the last move is NoMove.
type failer interface{ Err() error }

// cpuClocked is implemented by players whose CPU time is not the calling
// thread's: programs run beside this one.
type cpuClocked interface{ CPU() (time.Duration, bool) }

// RunMatch plays the match. It is deterministic for a seed when both
// players search by depth, nodes or playouts, whatever Jobs is (with an
// SPRT, which pairs are under way when it decides may differ).
//
// It stops when ctx ends: no game starts, the games under way end at
// their next move (a player that is an ai.ContextChooser stops its
// search then), and RunMatch returns an error that wraps ctx's cause
// (errors.Is(err, context.Canceled) after a cancel) with the result of
// the games finished by then, which is what a caller reports of a match
// stopped by Ctrl-C. The games recorded by then (MatchConfig.Record) are
// whole; a later match can resume from them (MatchConfig.Played).
func RunMatch(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	if cfg.Games < 1 {
		return MatchResult{}, fmt.Errorf("chainreact: %d games: want at least 1", cfg.Games)
	}
	if _, err := chainreact.NewBoard(cfg.Rows, cfg.Cols, 2); err != nil {
		return MatchResult{}, err
	}
	if cfg.SPRT != nil {
		if err := cfg.SPRT.Check(); err != nil {
			return MatchResult{}, fmt.Errorf("chainreact: sprt: %w", err)
		}
	}
	for i, o := range cfg.Openings {
		if err := CheckOpening(cfg.Rows, cfg.Cols, o); err != nil {
			return MatchResult{}, fmt.Errorf("chainreact: opening %d: %w", i+1, err)
		}
	}
	m := &matchRun{ctx: ctx, cfg: cfg, records: make([]GameRecord, cfg.Games), have: make([]bool, cfg.Games)}
	for _, r := range cfg.Played {
		if err := m.checkPlayed(r); err != nil {
			return MatchResult{}, err
		}
		m.records[r.Game], m.have[r.Game] = r, true
	}
	m.decide()
	jobs := max(1, min(cfg.Jobs, cfg.Pairs()))
	// every player is made before the first game, so spec errors come first
	players, err := makePlayers(cfg, jobs)
	if err != nil {
		return MatchResult{}, err
	}
	var wg sync.WaitGroup
	for w := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.work(players[w])
		}()
	}
	wg.Wait()
	var nodes [2]uint64
	for _, ps := range players {
		for k, p := range ps {
			if nc, ok := p.(ai.NodeCounter); ok {
				nodes[k] += nc.Nodes()
			}
		}
	}
	closePlayers(players)
	res := m.result()
	res.Nodes = nodes
	switch {
	case m.err != nil && ctx.Err() != nil && errors.Is(m.err, context.Cause(ctx)):
		return res, m.err // stopped: the games finished by then are in res
	case m.err != nil:
		return MatchResult{}, m.err
	}
	return res, nil
}

// makePlayers makes a pair of players for each of jobs workers.
func makePlayers(cfg MatchConfig, jobs int) ([][2]ai.Player, error) {
	mk := cfg.NewPlayer
	if mk == nil {
		mk = ai.NewPlayer
	}
	players := make([][2]ai.Player, jobs)
	for w := range players {
		for k := 0; k < 2; k++ {
			p, err := mk(cfg.Specs[k], GameSeed(cfg.Seed, -1-w))
			if err != nil {
				closePlayers(players)
				return nil, err
			}
			players[w][k] = p
		}
	}
	return players, nil
}

// closePlayers closes the players that hold a process.
func closePlayers(players [][2]ai.Player) {
	for _, ps := range players {
		for _, p := range ps {
			if c, ok := p.(interface{ Close() error }); ok {
				c.Close()
			}
		}
	}
}

// matchRun is a match being played: the pairs handed out to the workers
// and the games' records.
type matchRun struct {
	ctx     context.Context // the match stops when it ends
	cfg     MatchConfig
	mu      sync.Mutex
	next    int // the next pair to hand out
	done    bool
	err     error // the first failure, which stops the match
	records []GameRecord
	have    []bool  // the games with a record
	llr     float64 // at the verdict, or now
	final   float64 // now
	verdict Verdict
	decided int // pairs counted at the verdict
}

// checkPlayed checks that r is a game of this match, played from its
// pair's opening to the end by the rules, and not given twice.
func (m *matchRun) checkPlayed(r GameRecord) error {
	if r.Game < 0 || r.Game >= m.cfg.Games {
		return fmt.Errorf("chainreact: recorded game %d: the match has games 1 to %d", r.Game+1, m.cfg.Games)
	}
	if m.have[r.Game] {
		return fmt.Errorf("chainreact: game %d is recorded twice", r.Game+1)
	}
	if err := m.cfg.CheckRecord(r); err != nil {
		return fmt.Errorf("chainreact: recorded game %d: %w", r.Game+1, err)
	}
	return nil
}

// CheckRecord checks that r is a game of the match cfg describes: its
// seats are those of its game, it starts with its pair's opening, and
// its moves are legal and end the game with its winner.
func (cfg *MatchConfig) CheckRecord(r GameRecord) error {
	if r.First != r.Game%2 {
		return fmt.Errorf("%s moved first, but game %d is %s's to start", cfg.Specs[r.First], r.Game+1, cfg.Specs[r.Game%2])
	}
	open, err := cfg.Opening(r.Game / 2)
	if err != nil {
		return err
	}
	if r.Opening != len(open) || len(r.Moves) < len(open) {
		return fmt.Errorf("opening of %d moves, want pair %d's %d", r.Opening, r.Game/2+1, len(open))
	}
	for i, m := range open {
		if r.Moves[i] != m {
			return fmt.Errorf("opening move %d differs from pair %d's", i+1, r.Game/2+1)
		}
	}
	b, _ := chainreact.NewBoard(cfg.Rows, cfg.Cols, 2)
	for i, m := range r.Moves {
		if err := b.PlayChecked(m); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	if !b.Over() {
		return fmt.Errorf("the game is not over after its %d moves", len(r.Moves))
	}
	if w := r.First ^ b.Winner(); w != r.Winner {
		return fmt.Errorf("the moves make %s the winner, the record %s", cfg.Specs[w], cfg.Specs[r.Winner])
	}
	if len(r.CPU) != len(r.Moves) || len(r.Wall) != len(r.Moves) {
		return errors.New("want one CPU and one wall time per move")
	}
	return nil
}

// CheckOpening checks that moves, played from the empty rows×cols board
// for two players, are legal and leave the game going.
func CheckOpening(rows, cols int, moves []chainreact.Move) error {
	b, err := chainreact.NewBoard(rows, cols, 2)
	if err != nil {
		return err
	}
	for i, m := range moves {
		if err := b.PlayChecked(m); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	if b.Over() {
		return fmt.Errorf("the game is over after its %d moves", len(moves))
	}
	return nil
}

// Opening returns pair k's opening: Openings[k % len] when the match has
// openings, else OpeningPlies random legal moves drawn from the seed (a
// draw that ends the game is drawn again).
func (cfg *MatchConfig) Opening(k int) ([]chainreact.Move, error) {
	if len(cfg.Openings) > 0 {
		return cfg.Openings[k%len(cfg.Openings)], nil
	}
	if cfg.OpeningPlies == 0 {
		return nil, nil
	}
	rng := rand.New(rand.NewPCG(GameSeed(cfg.Seed, k), 0x6f70656e696e67))
	var buf []chainreact.Move
	for try := 0; try < 1000; try++ {
		b, err := chainreact.NewBoard(cfg.Rows, cfg.Cols, 2)
		if err != nil {
			return nil, err
		}
		moves := make([]chainreact.Move, 0, cfg.OpeningPlies)
		for len(moves) < cfg.OpeningPlies && !b.Over() {
			buf = b.AppendMoves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			b.Play(m)
			moves = append(moves, m)
		}
		if !b.Over() {
			return moves, nil
		}
	}
	return nil, fmt.Errorf("no opening of %d random moves leaves a %dx%d game going", cfg.OpeningPlies, cfg.Rows, cfg.Cols)
}

// work plays pairs with the players ps until none is left or the match
// is stopped. Its goroutine keeps its thread, so that the thread's CPU
// clock times its moves.
func (m *matchRun) work(ps [2]ai.Player) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for {
		m.mu.Lock()
		k := m.next
		if k >= m.cfg.Pairs() || m.done {
			m.mu.Unlock()
			return
		}
		m.next++
		m.mu.Unlock()
		for g := 2 * k; g < min(2*k+2, m.cfg.Games); g++ {
			m.mu.Lock()
			skip := m.have[g] || m.err != nil
			m.mu.Unlock()
			if skip {
				continue
			}
			rec, err := m.playGame(ps, g)
			m.mu.Lock()
			if err == nil && m.cfg.Record != nil && m.err == nil {
				err = m.cfg.Record(rec)
			}
			if err != nil {
				if m.err == nil {
					m.err = err
				}
				m.done = true
			} else {
				m.records[g], m.have[g] = rec, true
				m.decide()
			}
			m.mu.Unlock()
		}
	}
}

// decide runs the SPRT over the pairs finished so far and stops the
// match when it accepts a hypothesis; the verdict then stays, with the
// ratio that reached it. The caller holds m.mu, or is alone.
func (m *matchRun) decide() {
	if m.cfg.SPRT == nil {
		return
	}
	p := m.penta()
	m.final = m.cfg.SPRT.LLR(p)
	if m.verdict != Continue {
		return
	}
	m.llr = m.final
	m.verdict = m.cfg.SPRT.Verdict(m.llr)
	if m.verdict != Continue {
		m.decided = p.Pairs()
		m.done = true
	}
}

// penta counts the pairs with both games recorded.
func (m *matchRun) penta() Penta {
	var p Penta
	for g := 0; g+1 < m.cfg.Games; g += 2 {
		if m.have[g] && m.have[g+1] {
			p[boolInt(m.records[g].Winner == 0)+boolInt(m.records[g+1].Winner == 0)]++
		}
	}
	return p
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// moverCPU reads the CPU clock of player p: the calling thread's, or
// the program's for an engine (zero when its clock cannot be read).
func moverCPU(p ai.Player) time.Duration {
	if c, ok := p.(cpuClocked); ok {
		d, _ := c.CPU()
		return d
	}
	return cpuclock.ThreadOrProcess()
}

// choose asks p for its move in b; a player whose search can be stopped
// (ai.ContextChooser) stops it when ctx ends.
func choose(ctx context.Context, p ai.Player, b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	if cp, ok := p.(ai.ContextChooser); ok && ctx.Done() != nil {
		return cp.ChooseContext(ctx, b, history)
	}
	return p.Choose(b, history)
}

// stopped is the error of a game cut short because the match's context
// ended: it wraps the context's cause.
func (m *matchRun) stopped() error {
	return fmt.Errorf("chainreact: match stopped: %w", context.Cause(m.ctx))
}

// playGame plays game g of the match from its pair's opening: Specs[g%2]
// moves first.
func (m *matchRun) playGame(ps [2]ai.Player, g int) (GameRecord, error) {
	cfg := &m.cfg
	seed := GameSeed(cfg.Seed, g/2)
	ps[0].Reset(seed)
	ps[1].Reset(seed ^ 0x5555555555555555)
	open, err := cfg.Opening(g / 2)
	if err != nil {
		return GameRecord{}, err
	}
	first := g % 2
	b, _ := chainreact.NewBoard(cfg.Rows, cfg.Cols, 2)
	rec := GameRecord{Game: g, First: first, Opening: len(open)}
	n := b.Capacity() + 1
	rec.Moves, rec.CPU, rec.Wall = make([]chainreact.Move, 0, n), make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	for _, mv := range open {
		b.Play(mv)
		rec.Moves, rec.CPU, rec.Wall = append(rec.Moves, mv), append(rec.CPU, 0), append(rec.Wall, 0)
	}
	for !b.Over() {
		if m.ctx.Err() != nil {
			return GameRecord{}, m.stopped()
		}
		k := first ^ b.ToMove() // index in Specs of the mover
		c0 := moverCPU(ps[k])
		t0 := time.Now()
		mv := choose(m.ctx, ps[k], &b, rec.Moves)
		wall := time.Since(t0)
		cpu := moverCPU(ps[k]) - c0
		if !b.Legal(mv) && m.ctx.Err() != nil {
			// stopped, not failed: an engine ends when the match stops
			// (killed, or by the same Ctrl-C)
			return GameRecord{}, m.stopped()
		}
		if !b.Legal(mv) {
			e := fmt.Errorf("game %d: illegal move %d at ply %d", g+1, mv, b.Ply()+1)
			if f, ok := ps[k].(failer); ok && f.Err() != nil {
				e = fmt.Errorf("game %d: %w", g+1, f.Err())
			}
			return GameRecord{}, &ErrPlayer{Spec: cfg.Specs[k], Err: e}
		}
		b.Play(mv)
		rec.Moves, rec.CPU, rec.Wall = append(rec.Moves, mv), append(rec.CPU, cpu), append(rec.Wall, wall)
		if b.Ply() > b.Capacity()+1 {
			return GameRecord{}, fmt.Errorf("chainreact: game %d: longer than %d plies", g+1, b.Capacity()+1)
		}
	}
	rec.Winner = first ^ b.Winner()
	return rec, nil
}

// result sums the records up.
func (m *matchRun) result() MatchResult {
	res := MatchResult{Specs: m.cfg.Specs, Penta: m.penta(), LLR: m.llr, FinalLLR: m.final, Verdict: m.verdict, DecidedPairs: m.decided}
	plies := 0
	var wall [2]float64
	for g, r := range m.records {
		if !m.have[g] {
			continue
		}
		res.Records = append(res.Records, r)
		res.Games++
		res.Wins[r.Winner]++
		plies += len(r.Moves)
		for i := r.Opening; i < len(r.Moves); i++ {
			k := r.Mover(i)
			c, w := r.CPU[i].Seconds(), r.Wall[i].Seconds()
			res.Moves[k]++
			res.CPUSeconds[k] += c
			wall[k] += w
			res.MaxMoveCPU[k] = math.Max(res.MaxMoveCPU[k], c)
			res.MaxMoveSeconds[k] = math.Max(res.MaxMoveSeconds[k], w)
		}
	}
	for k := 0; k < 2; k++ {
		if res.Moves[k] > 0 {
			res.MeanMoveSeconds[k] = wall[k] / float64(res.Moves[k])
			res.MeanMoveCPU[k] = res.CPUSeconds[k] / float64(res.Moves[k])
		}
	}
	if res.Games > 0 {
		res.MeanPlies = float64(plies) / float64(res.Games)
	}
	return res
}

// Wilson returns the 95% Wilson score interval of a proportion of wins
// out of n games.
func Wilson(wins, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(wins) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}
