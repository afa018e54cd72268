package chainreact

import (
	"fmt"
	"math"
	"sync"
	"time"
)

// MatchConfig describes a match between two players.
type MatchConfig struct {
	Specs      [2]string // the two players' spec strings
	Games      int       // games to play; seats alternate, Specs[0] first in even games
	Rows, Cols int       // board size
	Seed       uint64    // drives every player's randomness, game by game
	Jobs       int       // games played at once (at least 1)
	// NewPlayer makes players; nil means the package's NewPlayer. Each
	// worker makes its own pair and resets them for every game.
	NewPlayer func(spec string, seed uint64) (Player, error)
	// Done, if set, is called after each game with the number finished,
	// from one goroutine at a time.
	Done func(finished int)
}

// GameRecord is one game of a match.
type GameRecord struct {
	First  int    // index in Specs of the player who moved first
	Winner int    // index in Specs of the winner
	Moves  []Move // the moves, replayable from the empty board
}

// MatchResult sums up a match. Index i refers to Specs[i], whichever seat
// it had.
type MatchResult struct {
	Specs           [2]string
	Games           int
	Wins            [2]int
	MeanPlies       float64
	MeanMoveSeconds [2]float64
	MaxMoveSeconds  [2]float64
	Moves           [2]int
	Nodes           [2]uint64 // positions searched, for players that count them
	Records         []GameRecord
}

// GameSeed returns the seed of game i of a match seeded with seed.
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

// failer is implemented by players that can fail (an engine process that
// died); Err says why the last move is NoMove.
type failer interface{ Err() error }

// RunMatch plays the match. It is deterministic for a seed when both
// players search by depth, nodes or playouts.
func RunMatch(cfg MatchConfig) (MatchResult, error) {
	if cfg.Games < 1 {
		return MatchResult{}, fmt.Errorf("chainreact: %d games: want at least 1", cfg.Games)
	}
	if _, err := NewBoard(cfg.Rows, cfg.Cols, 2); err != nil {
		return MatchResult{}, err
	}
	jobs := max(1, min(cfg.Jobs, cfg.Games))
	// every player is made before the first game, so spec errors come first
	players, err := makePlayers(cfg, jobs)
	if err != nil {
		return MatchResult{}, err
	}
	m := &matchRun{cfg: cfg, records: make([]GameRecord, cfg.Games), stats: make([]matchStats, jobs)}
	var wg sync.WaitGroup
	for w := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.work(players[w], &m.stats[w])
		}()
	}
	wg.Wait()
	for w, ps := range players {
		for k, p := range ps {
			if nc, ok := p.(NodeCounter); ok {
				m.stats[w].nodes[k] = nc.Nodes()
			}
		}
	}
	closePlayers(players)
	if m.err != nil {
		return MatchResult{}, m.err
	}
	return m.result(), nil
}

// makePlayers makes a pair of players for each of jobs workers.
func makePlayers(cfg MatchConfig, jobs int) ([][2]Player, error) {
	mk := cfg.NewPlayer
	if mk == nil {
		mk = NewPlayer
	}
	players := make([][2]Player, jobs)
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
func closePlayers(players [][2]Player) {
	for _, ps := range players {
		for _, p := range ps {
			if c, ok := p.(interface{ Close() error }); ok {
				c.Close()
			}
		}
	}
}

// matchStats are one worker's timings, per player (index in Specs).
type matchStats struct {
	secs  [2]float64
	max   [2]float64
	moves [2]int
	nodes [2]uint64
}

// matchRun is a match being played: the games handed out to the workers
// and their records.
type matchRun struct {
	cfg      MatchConfig
	mu       sync.Mutex
	next     int // the next game to hand out
	finished int
	err      error // the first failure, which stops the match
	records  []GameRecord
	stats    []matchStats
}

// work plays games with the pair ps until none is left or one failed.
func (m *matchRun) work(ps [2]Player, st *matchStats) {
	for {
		m.mu.Lock()
		i := m.next
		if i >= m.cfg.Games || m.err != nil {
			m.mu.Unlock()
			return
		}
		m.next++
		m.mu.Unlock()
		rec, err := playGame(m.cfg, ps, i, st)
		m.mu.Lock()
		if err != nil {
			if m.err == nil {
				m.err = err
			}
		} else {
			m.records[i] = rec
			m.finished++
			if m.cfg.Done != nil {
				m.cfg.Done(m.finished)
			}
		}
		m.mu.Unlock()
	}
}

// playGame plays game i of the match: Specs[i%2] moves first.
func playGame(cfg MatchConfig, ps [2]Player, i int, st *matchStats) (GameRecord, error) {
	seed := GameSeed(cfg.Seed, i)
	ps[0].Reset(seed)
	ps[1].Reset(seed ^ 0x5555555555555555)
	first := i % 2
	b, _ := NewBoard(cfg.Rows, cfg.Cols, 2)
	moves := make([]Move, 0, b.Capacity()+1)
	for !b.Over() {
		k := first ^ b.ToMove() // index in Specs of the mover
		t0 := time.Now()
		m := ps[k].Choose(&b, moves)
		dt := time.Since(t0).Seconds()
		st.secs[k] += dt
		st.max[k] = math.Max(st.max[k], dt)
		st.moves[k]++
		if !b.Legal(m) {
			e := fmt.Errorf("game %d: illegal move %d at ply %d", i+1, m, b.Ply()+1)
			if f, ok := ps[k].(failer); ok && f.Err() != nil {
				e = fmt.Errorf("game %d: %v", i+1, f.Err())
			}
			return GameRecord{}, &ErrPlayer{Spec: cfg.Specs[k], Err: e}
		}
		b.Play(m)
		moves = append(moves, m)
		if b.Ply() > b.Capacity()+1 {
			return GameRecord{}, fmt.Errorf("chainreact: game %d: longer than %d plies", i+1, b.Capacity()+1)
		}
	}
	return GameRecord{First: first, Winner: first ^ b.Winner(), Moves: moves}, nil
}

// result sums the records and the workers' statistics up.
func (m *matchRun) result() MatchResult {
	res := MatchResult{Specs: m.cfg.Specs, Games: m.cfg.Games, Records: m.records}
	plies := 0
	for _, r := range res.Records {
		res.Wins[r.Winner]++
		plies += len(r.Moves)
	}
	var secs [2]float64
	for _, st := range m.stats {
		for k := 0; k < 2; k++ {
			secs[k] += st.secs[k]
			res.Moves[k] += st.moves[k]
			res.MaxMoveSeconds[k] = math.Max(res.MaxMoveSeconds[k], st.max[k])
			res.Nodes[k] += st.nodes[k]
		}
	}
	for k := 0; k < 2; k++ {
		if res.Moves[k] > 0 {
			res.MeanMoveSeconds[k] = secs[k] / float64(res.Moves[k])
		}
	}
	res.MeanPlies = float64(plies) / float64(m.cfg.Games)
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
