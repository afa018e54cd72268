package ai

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/engine"
	"chainshot/chainreact/exact"
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
	Choose(b *chainreact.Board, history []chainreact.Move) chainreact.Move
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
//	alphabeta[:depth=D,eval=E,time=T,wall=T]
//	                             alpha-beta, fixed depth or iterative deepening
//	                             under a time limit per move (default depth 3,
//	                             weighted)
//	seed002                      alphabeta:depth=3,eval=weighted
//	mcts[:playouts=N,c=C,time=T,wall=T]
//	                             UCT Monte-Carlo tree search, random playouts
//	                             (default 2000 playouts; with a time limit, as
//	                             many as it allows)
//	best[:nodes=N,time=T,wall=T,eval=E,q=Q,spread=S]
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
//	                             spread=0; oracle=O>0 first asks the exact
//	                             solver (two players), which may search O
//	                             positions, and plays its move when it
//	                             proves the position (under a time limit,
//	                             within half the move's time, on boards of at
//	                             most 64 cells); with a time limit and no
//	                             nodes=, no node budget
//	perfect[:nodes=N,oracle=O,...]
//	                             best:oracle=1000000: a perfect player
//	                             wherever the solver settles the position
//	                             within O positions, best elsewhere
//	engine:COMMAND               another program speaking the engine protocol,
//	                             started under sh -c (see
//	                             engine.EnginePlayer; Close it when done)
//
// E is one of brilliant, weighted, orbs, critical, control, chain, safety,
// static (seed 002's weights without the chain term), reach (with the
// chain term estimated) or tuned (threat, tempo and capture features
// fitted to self-play results, by game phase).
//
// Time limits are per move: time=T is T of CPU time, the clock of every
// --budget of the command line, read from the thread that searches (so
// players sharing a process do not use each other's time; see
// moveClock); wall=T is T of wall-clock time, as --wall asks. Given both,
// a move ends at whichever comes first. A move stops within a few
// milliseconds of its own CPU time after its limit.
//
// Players that search by depth, nodes or playouts are deterministic for a
// seed; a time limit makes them depend on the machine.
func NewPlayer(spec string, seed uint64) (Player, error) {
	if len(spec) > MaxSpec {
		return nil, fmt.Errorf("chainreact: a player's spec of %d bytes: want at most %d", len(spec), MaxSpec)
	}
	if command, ok := strings.CutPrefix(spec, "engine:"); ok {
		if strings.TrimSpace(command) == "" {
			return nil, fmt.Errorf("chainreact: player %q: want engine:COMMAND", spec)
		}
		e, err := engine.NewEnginePlayer(spec, command)
		if err != nil {
			return nil, err // not a nil *EnginePlayer in a Player
		}
		return e, nil
	}
	name, opts, err := parseSpec(spec)
	if err != nil {
		return nil, err
	}
	kind := findKind(name)
	if kind == nil {
		return nil, fmt.Errorf("chainreact: player %q: unknown name %q (want %s or engine:COMMAND)", spec, name, kindList())
	}
	p := kind.make(name, opts)
	if opts.err != nil {
		return nil, fmt.Errorf("chainreact: player %q: %w", spec, opts.err)
	}
	p.Reset(seed)
	return p, nil
}

// MaxSpec is the longest spec string NewPlayer takes, engine:COMMAND
// included: a spec is written into every record of a game.
const MaxSpec = 1024

// PlayerKind is a kind of player NewPlayer makes: the name its spec
// starts with and the options the spec may give (engine:COMMAND aside).
type PlayerKind struct {
	Name    string
	Options []string
}

// playerKind is a PlayerKind with the function that makes it.
type playerKind struct {
	PlayerKind
	make func(name string, o *specOpts) Player
}

// kindOpts are the options each kind of player takes (kindOptions),
// apart from playerKinds so that the functions that make players may
// ask for them.
var kindOpts = map[string][]string{
	"random":    nil,
	"greedy":    []string{"eval"},
	"minimax":   []string{"depth", "width", "eval"},
	"seed001":   []string{"depth", "width", "eval"},
	"alphabeta": []string{"depth", "eval", "time", "wall"},
	"seed002":   []string{"depth", "eval", "time", "wall"},
	"mcts":      []string{"playouts", "c", "time", "wall"},
	"best":      []string{"nodes", "eval", "q", "time", "wall", "depth", "spread", "oracle"},
	"perfect":   []string{"nodes", "eval", "q", "time", "wall", "depth", "spread", "oracle"},
}

// playerKinds is every kind of player NewPlayer makes, engine: aside, in
// the order NewPlayer lists them. NewPlayer looks names up here, so a kind
// added here is a kind PlayerKinds reports (and the tests that range over
// it cover).
var playerKinds = []playerKind{
	{PlayerKind{"random", kindOpts["random"]}, func(_ string, o *specOpts) Player { o.only(); return &randomPlayer{} }},
	{PlayerKind{"greedy", kindOpts["greedy"]}, func(_ string, o *specOpts) Player { return newGreedy(o) }},
	{PlayerKind{"minimax", kindOpts["minimax"]}, newMinimax},
	{PlayerKind{"seed001", kindOpts["seed001"]}, newMinimax},
	{PlayerKind{"alphabeta", kindOpts["alphabeta"]}, func(_ string, o *specOpts) Player { return newAlphaBeta(o) }},
	{PlayerKind{"seed002", kindOpts["seed002"]}, func(_ string, o *specOpts) Player { return newAlphaBeta(o) }},
	{PlayerKind{"mcts", kindOpts["mcts"]}, func(_ string, o *specOpts) Player { return newMCTS(o) }},
	{PlayerKind{"best", kindOpts["best"]}, func(_ string, o *specOpts) Player { return newBest(o, 0) }},
	{PlayerKind{"perfect", kindOpts["perfect"]}, func(_ string, o *specOpts) Player { return newBest(o, perfectNodes) }},
}

// PlayerKinds returns every kind of player NewPlayer makes, with the
// options of each (engine:COMMAND aside), so that a test or a limit can
// cover every kind, including one added later.
func PlayerKinds() []PlayerKind {
	out := make([]PlayerKind, len(playerKinds))
	for i, k := range playerKinds {
		out[i] = PlayerKind{Name: k.Name, Options: append([]string(nil), k.Options...)}
	}
	return out
}

// PlayerKindNames returns the name of every kind of player NewPlayer
// makes, "engine" (engine:COMMAND) last.
func PlayerKindNames() []string {
	var names []string
	for _, k := range playerKinds {
		names = append(names, k.Name)
	}
	return append(names, "engine")
}

func findKind(name string) *playerKind {
	for i := range playerKinds {
		if playerKinds[i].Name == name {
			return &playerKinds[i]
		}
	}
	return nil
}

// kindOptions returns the options of the kind named name.
func kindOptions(name string) []string { return kindOpts[name] }

// kindList names the kinds for a message: "random, greedy, ..., perfect".
func kindList() string {
	names := PlayerKindNames()
	return strings.Join(names[:len(names)-1], ", ")
}

// newGreedy is greedy[:eval=E]: the best move by one-ply evaluation.
func newGreedy(o *specOpts) Player {
	s := &searchPlayer{kind: kindMinimax, depth: 1}
	s.eval = o.eval("eval", EvalBrilliant)
	o.only(kindOptions("greedy")...)
	s.name = "greedy:eval=" + s.eval.String()
	return s
}

// newMinimax is minimax[:depth=D,eval=E,width=W] and seed001, which is
// minimax with width 5.
func newMinimax(name string, o *specOpts) Player {
	width := 0
	if name == "seed001" {
		width = 5
	}
	s := &searchPlayer{kind: kindMinimax}
	s.depth = o.int("depth", 3, 1, 8)
	s.width = o.int("width", width, 0, chainreact.MaxCells)
	s.eval = o.eval("eval", EvalBrilliant)
	o.only(kindOptions(name)...)
	s.name = fmt.Sprintf("minimax:depth=%d,eval=%s,width=%d", s.depth, s.eval, s.width)
	return s
}

// newAlphaBeta is alphabeta[:depth=D,eval=E,time=T] and seed002.
func newAlphaBeta(o *specOpts) Player {
	s := &searchPlayer{kind: kindAlphaBeta}
	s.depth = o.int("depth", 3, 1, 32)
	s.eval = o.eval("eval", EvalWeighted)
	s.clock = o.clock()
	o.only(kindOptions("alphabeta")...)
	if s.clock.limited() {
		s.name = fmt.Sprintf("alphabeta:eval=%s%s", s.eval, s.clock.spec())
		s.depth = maxPly - 8
	} else {
		s.name = fmt.Sprintf("alphabeta:depth=%d,eval=%s", s.depth, s.eval)
	}
	return s
}

// newBest is best[:nodes=N,time=T,eval=E,q=Q,depth=D,spread=S,oracle=O],
// and perfect, which is best with an oracle of perfectNodes positions.
func newBest(o *specOpts, oracle int) Player {
	s := &searchPlayer{kind: kindBest}
	oracle = o.int("oracle", oracle, 0, 1<<40)
	if oracle > 0 {
		s.oracleNodes = uint64(oracle)
		s.oracle = exact.NewSolver(exact.SolveOptions{MaxNodes: s.oracleNodes, TableMB: oracleTableMB})
	}
	s.nodes = uint64(o.int("nodes", bestNodes, 0, 1<<40))
	s.eval = o.eval("eval", bestEval)
	s.qdepth = o.int("q", bestQ, 0, 16)
	s.clock = o.clock()
	s.depth = o.int("depth", maxPly-8, 1, maxPly-8)
	s.spread = o.int("spread", bestSpread, 0, 4)
	o.only(kindOptions("best")...)
	if _, given := o.m["nodes"]; s.clock.limited() && !given {
		s.nodes = 0
	}
	s.name = fmt.Sprintf("best:nodes=%d,eval=%s,q=%d", s.nodes, s.eval, s.qdepth)
	s.name += s.clock.spec()
	if s.depth != maxPly-8 {
		s.name += fmt.Sprintf(",depth=%d", s.depth)
	}
	s.name += fmt.Sprintf(",spread=%d", s.spread)
	if oracle > 0 {
		s.name += fmt.Sprintf(",oracle=%d", oracle)
	}
	s.tt = make([]ttEntry, 1<<ttBits)
	return s
}

// newMCTS is mcts[:playouts=N,c=C].
func newMCTS(o *specOpts) Player {
	m := &mctsPlayer{}
	m.clock = o.clock()
	def := 2000
	if m.clock.limited() {
		def = 0 // as many as the time allows
	}
	m.playouts = o.int("playouts", def, 0, 1<<30)
	m.c = o.float("c", 1.0)
	o.only(kindOptions("mcts")...)
	if m.playouts == 0 && !m.clock.limited() {
		o.fail(fmt.Errorf("playouts=0 (no limit) needs a time limit, time= or wall="))
	}
	m.name = fmt.Sprintf("mcts:playouts=%d,c=%g%s", m.playouts, m.c, m.clock.spec())
	return m
}

// specOpts are the options of a spec string, read one at a time; the
// first bad one is kept in err and the later reads return their defaults.
type specOpts struct {
	m   map[string]string
	err error
}

func parseSpec(spec string) (string, *specOpts, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	opts := &specOpts{m: map[string]string{}}
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
		if _, dup := opts.m[k]; dup {
			return "", nil, fmt.Errorf("chainreact: player %q: option %q given twice", spec, k)
		}
		opts.m[k] = v
	}
	return name, opts, nil
}

// fail keeps err if it is the first.
func (o *specOpts) fail(err error) {
	if o.err == nil {
		o.err = err
	}
}

// only fails unless every option given is one of keys.
func (o *specOpts) only(keys ...string) {
	var bad []string
	for k := range o.m {
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
			o.fail(fmt.Errorf("unknown option %q (this player takes none)", bad[0]))
		} else {
			o.fail(fmt.Errorf("unknown option %q (want %s)", bad[0], strings.Join(keys, ", ")))
		}
	}
}

func (o *specOpts) int(key string, def, lo, hi int) int {
	v, ok := o.m[key]
	if !ok || o.err != nil {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		o.fail(fmt.Errorf("option %s=%q: want a whole number from %d to %d", key, v, lo, hi))
		return def
	}
	return n
}

func (o *specOpts) float(key string, def float64) float64 {
	v, ok := o.m[key]
	if !ok || o.err != nil {
		return def
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		o.fail(fmt.Errorf("option %s=%q: want a number ≥ 0", key, v))
		return def
	}
	return f
}

// clock reads a move's time limits: time=T (CPU time, see moveClock)
// and wall=T (wall-clock time).
func (o *specOpts) clock() moveClock {
	return moveClock{cpu: o.duration("time", 0), wall: o.duration("wall", 0)}
}

func (o *specOpts) duration(key string, def time.Duration) time.Duration {
	v, ok := o.m[key]
	if !ok || o.err != nil {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		o.fail(fmt.Errorf("option %s=%q: want a duration with a unit, such as 100ms", key, v))
		return def
	}
	return d
}

func (o *specOpts) eval(key string, def Eval) Eval {
	v, ok := o.m[key]
	if !ok || o.err != nil {
		return def
	}
	e, err := ParseEval(v)
	if err != nil {
		o.fail(err)
		return def
	}
	return e
}

// The oracle of the perfect player: the positions its solver may search
// a move before the player falls back on best's search (about a second),
// and the solver's table.
const (
	perfectNodes  = 1_000_000
	oracleTableMB = 16
)

// DefaultSpec is the strongest player, the default opponent.
const DefaultSpec = "best"

// randomPlayer plays uniformly random legal moves.
type randomPlayer struct {
	rng *rand.Rand
	buf []chainreact.Move
}

func (r *randomPlayer) Spec() string { return "random" }

func (r *randomPlayer) Reset(seed uint64) { r.rng = rand.New(rand.NewPCG(seed, 0x72616e646f6d)) }

func (r *randomPlayer) Choose(b *chainreact.Board, _ []chainreact.Move) chainreact.Move {
	r.buf = b.AppendMoves(r.buf[:0])
	return r.buf[r.rng.IntN(len(r.buf))]
}
