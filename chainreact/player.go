package chainreact

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Player chooses moves. A Player is used by one goroutine at a time.
type Player interface {
	// Spec returns the player's spec string, with every option written out.
	Spec() string
	// Reset starts a new game; seed drives any randomness of the player.
	Reset(seed uint64)
	// Choose returns a legal move for the player to move in b, which is
	// not over. history is every move played since the empty board, or nil
	// when the game did not start from the empty board.
	Choose(b *Board, history []Move) Move
}

// NodeCounter is implemented by players that count the positions they
// evaluate or visit.
type NodeCounter interface {
	// Nodes returns the positions searched since the player was made.
	Nodes() uint64
}

// NewPlayer makes the player a spec string names, seeded with seed.
// Spec strings name a player and its options: "name" or
// "name:key=value,key=value". The names:
//
//	random                       uniformly random legal moves
//	greedy[:eval=E]              best one-ply evaluation (default brilliant)
//	minimax[:depth=D,eval=E,width=W]
//	                             plain minimax (negamax), no pruning; width W>0
//	                             keeps only the W best moves by one-ply score
//	                             at every node (default depth 3, brilliant, all)
//	seed001                      minimax:depth=3,eval=brilliant,width=5, the
//	                             search seed 001 describes
//	alphabeta[:depth=D,eval=E,time=T]
//	                             alpha-beta, fixed depth or iterative deepening
//	                             under a time limit per move (default depth 3,
//	                             weighted)
//	seed002                      alphabeta:depth=3,eval=weighted
//	mcts[:playouts=N,c=C]        UCT Monte-Carlo tree search, random playouts
//	best[:nodes=N,time=T,eval=E,q=Q,spread=S]
//	                             the strongest: iterative deepening alpha-beta
//	                             with principal variation search, move
//	                             ordering (captures, killers, history), a
//	                             transposition table kept through the game and
//	                             quiescence on pending explosions; spread=1
//	                             spends 0.4× the node budget on an empty board
//	                             rising to 1.6× on a full one, spread=2 1.3×
//	                             until the orbs fill 35% of the capacity
//	                             falling to 0.7× at 65% and beyond, spread=0
//	                             the same budget every move;
//	                             defaults nodes=40000, eval=tuned, q=4,
//	                             spread=0
//
// E is one of brilliant, weighted, orbs, critical, control, chain, safety,
// static (seed 002's weights without the chain term), reach (with the
// chain term estimated) or tuned (threat, tempo and capture features
// fitted to self-play results, by game phase).
// Players that search by depth, nodes or playouts are deterministic for a
// seed; a time limit makes them depend on the machine.
func NewPlayer(spec string, seed uint64) (Player, error) {
	name, opts, err := parseSpec(spec)
	if err != nil {
		return nil, err
	}
	var p Player
	switch name {
	case "random":
		err = opts.only()
		p = &randomPlayer{}
	case "greedy":
		s := &searchPlayer{kind: kindMinimax, depth: 1, eval: EvalBrilliant}
		s.eval, err = opts.eval("eval", s.eval)
		if err == nil {
			err = opts.only("eval")
		}
		s.name = "greedy:eval=" + s.eval.String()
		p = s
	case "minimax", "seed001":
		s := &searchPlayer{kind: kindMinimax, depth: 3, eval: EvalBrilliant}
		if name == "seed001" {
			s.width = 5
		}
		s.depth, err = opts.int("depth", s.depth, 1, 8)
		if err == nil {
			s.width, err = opts.int("width", s.width, 0, MaxCells)
		}
		if err == nil {
			s.eval, err = opts.eval("eval", s.eval)
		}
		if err == nil {
			err = opts.only("depth", "width", "eval")
		}
		s.name = fmt.Sprintf("minimax:depth=%d,eval=%s,width=%d", s.depth, s.eval, s.width)
		p = s
	case "alphabeta", "seed002":
		s := &searchPlayer{kind: kindAlphaBeta, depth: 3, eval: EvalWeighted}
		s.depth, err = opts.int("depth", s.depth, 1, 32)
		if err == nil {
			s.eval, err = opts.eval("eval", s.eval)
		}
		if err == nil {
			s.limit, err = opts.duration("time", 0)
		}
		if err == nil {
			err = opts.only("depth", "eval", "time")
		}
		if s.limit > 0 {
			s.name = fmt.Sprintf("alphabeta:time=%s,eval=%s", s.limit, s.eval)
			s.depth = maxPly - 8
		} else {
			s.name = fmt.Sprintf("alphabeta:depth=%d,eval=%s", s.depth, s.eval)
		}
		p = s
	case "best":
		s := &searchPlayer{kind: kindBest, depth: maxPly - 8, eval: bestEval, qdepth: bestQ}
		var nodes int
		nodes, err = opts.int("nodes", bestNodes, 0, 1<<40)
		s.nodes = uint64(nodes)
		if err == nil {
			s.eval, err = opts.eval("eval", s.eval)
		}
		if err == nil {
			s.qdepth, err = opts.int("q", s.qdepth, 0, 16)
		}
		if err == nil {
			s.limit, err = opts.duration("time", 0)
		}
		if err == nil {
			s.depth, err = opts.int("depth", s.depth, 1, maxPly-8)
		}
		var spread int
		if err == nil {
			spread, err = opts.int("spread", bestSpread, 0, 2)
			s.spread = spread
		}
		if err == nil {
			err = opts.only("nodes", "eval", "q", "time", "depth", "spread")
		}
		if _, given := opts["nodes"]; s.limit > 0 && !given {
			s.nodes = 0
		}
		s.name = fmt.Sprintf("best:nodes=%d,eval=%s,q=%d", s.nodes, s.eval, s.qdepth)
		if s.limit > 0 {
			s.name += ",time=" + s.limit.String()
		}
		if s.depth != maxPly-8 {
			s.name += fmt.Sprintf(",depth=%d", s.depth)
		}
		s.name += fmt.Sprintf(",spread=%d", spread)
		s.tt = make([]ttEntry, 1<<ttBits)
		p = s
	case "mcts":
		m := &mctsPlayer{playouts: 2000, c: 1.0}
		m.playouts, err = opts.int("playouts", m.playouts, 1, 1<<30)
		if err == nil {
			m.c, err = opts.float("c", m.c)
		}
		if err == nil {
			err = opts.only("playouts", "c")
		}
		m.name = fmt.Sprintf("mcts:playouts=%d,c=%g", m.playouts, m.c)
		p = m
	default:
		return nil, fmt.Errorf("chainreact: player %q: unknown name %q (want random, greedy, minimax, seed001, alphabeta, seed002, mcts, best or engine:COMMAND)", spec, name)
	}
	if err != nil {
		return nil, fmt.Errorf("chainreact: player %q: %v", spec, err)
	}
	p.Reset(seed)
	return p, nil
}

type specOpts map[string]string

func parseSpec(spec string) (string, specOpts, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	opts := specOpts{}
	if name == "" {
		return "", nil, fmt.Errorf("chainreact: player %q: empty name", spec)
	}
	if rest == "" {
		return name, opts, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return "", nil, fmt.Errorf("chainreact: player %q: option %q: want key=value", spec, kv)
		}
		if _, dup := opts[k]; dup {
			return "", nil, fmt.Errorf("chainreact: player %q: option %q given twice", spec, k)
		}
		opts[k] = v
	}
	return name, opts, nil
}

func (o specOpts) only(keys ...string) error {
	var bad []string
	for k := range o {
		found := false
		for _, w := range keys {
			found = found || k == w
		}
		if !found {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		if len(keys) == 0 {
			return fmt.Errorf("unknown option %q (this player takes none)", bad[0])
		}
		return fmt.Errorf("unknown option %q (want %s)", bad[0], strings.Join(keys, ", "))
	}
	return nil
}

func (o specOpts) int(key string, def, lo, hi int) (int, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("option %s=%q: want a whole number from %d to %d", key, v, lo, hi)
	}
	return n, nil
}

func (o specOpts) float(key string, def float64) (float64, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("option %s=%q: want a number ≥ 0", key, v)
	}
	return f, nil
}

func (o specOpts) duration(key string, def time.Duration) (time.Duration, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("option %s=%q: want a duration with a unit, such as 100ms", key, v)
	}
	return d, nil
}

func (o specOpts) eval(key string, def Eval) (Eval, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	return ParseEval(v)
}

// DefaultSpec is the strongest player, the default opponent.
const DefaultSpec = "best"

// randomPlayer plays uniformly random legal moves.
type randomPlayer struct {
	rng *rand.Rand
	buf []Move
}

func (r *randomPlayer) Spec() string { return "random" }

func (r *randomPlayer) Reset(seed uint64) { r.rng = rand.New(rand.NewPCG(seed, 0x72616e646f6d)) }

func (r *randomPlayer) Choose(b *Board, _ []Move) Move {
	r.buf = b.AppendMoves(r.buf[:0])
	return r.buf[r.rng.IntN(len(r.buf))]
}
