package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/bounds"
	"chainshot/internal/words"
)

// reactRequest is a Chain Reaction game: its size, its number of players
// and the moves played from the empty board, [row, col] each, row 1 at the
// bottom.
type reactRequest struct {
	Rows    int     `json:"rows"`
	Cols    int     `json:"cols"`
	Players int     `json:"players"`
	Moves   [][]int `json:"moves"`
}

// Check bounds the game's size and players (for the strict decoder; the
// requests that hold a game check it so).
func (r *reactRequest) Check() error {
	if reactRows.Check(int64(r.Rows)) != nil || reactCols.Check(int64(r.Cols)) != nil {
		return &bounds.FieldError{Field: "size", Err: &bounds.Error{Got: fmt.Sprintf("%dx%d", r.Rows, r.Cols),
			Want: fmt.Sprintf("2x2 to %dx%d", chainreact.MaxRows, chainreact.MaxCols)}}
	}
	return bounds.Field("players", reactPlayers.Check(int64(r.Players)))
}

// reactRows, reactCols and reactPlayers bound a game.
var (
	reactRows    = bounds.Int{Min: 2, Max: chainreact.MaxRows}
	reactCols    = bounds.Int{Min: 2, Max: chainreact.MaxCols}
	reactPlayers = bounds.Int{Min: 2, Max: chainreact.MaxPlayers, Unit: "players"}
)

// reactMoveRequest is POST /api/react/move: a game and the move to play.
type reactMoveRequest struct {
	reactRequest
	Move []int `json:"move"`
}

// reactAIRequest is POST /api/react/ai: a game and the player spec that
// chooses the next move, with its seed.
type reactAIRequest struct {
	reactRequest
	Spec string `json:"spec"`
	Seed uint64 `json:"seed"`
}

// crState is a Chain Reaction position as the page draws it.
type crState struct {
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Players int    `json:"players"`
	Names   string `json:"names"`
	// Cells is the board, top row first: [owner, orbs] each, owner -1 for
	// an empty cell.
	Cells [][][2]int `json:"cells"`
	// Critical is each cell's critical mass, top row first.
	Critical [][]int  `json:"critical"`
	ToMove   int      `json:"to_move"`
	Alive    []bool   `json:"alive"`
	Orbs     []int    `json:"orbs"`
	Winner   int      `json:"winner"`
	Over     bool     `json:"over"`
	Ply      int      `json:"ply"`
	Moves    [][2]int `json:"moves"`
	// Movers gives, for each move, the player who made it.
	Movers []int `json:"movers"`
	// Legal lists the cells the player to move may play.
	Legal [][2]int `json:"legal"`
}

// crTrace is one move wave by wave, as the engine's trace tells it: the
// board once the orb has landed, then each wave's exploding cells (on the
// board before the wave) and the board after it.
type crTrace struct {
	Move    [2]int     `json:"move"`
	Player  int        `json:"player"`
	Landed  [][][2]int `json:"landed"`
	Waves   []crWave   `json:"waves"`
	Stopped bool       `json:"stopped"`
}

type crWave struct {
	Exploded [][2]int   `json:"exploded"`
	Cells    [][][2]int `json:"cells"`
}

// crMoveResponse answers /api/react/move and /api/react/ai.
type crMoveResponse struct {
	Move  [2]int  `json:"move"`
	Spec  string  `json:"spec,omitempty"`
	Trace crTrace `json:"trace"`
	State crState `json:"state"`
}

// playerPreset is a player offered on the page.
type playerPreset struct {
	Spec  string `json:"spec"`
	About string `json:"about"`
}

var presets = []playerPreset{
	{"random", "uniformly random moves"},
	{"greedy", "the best move one ply ahead (seed 001's evaluation)"},
	{"seed001", "seed 001's search: three plies over the five best moves"},
	{"seed002", "seed 002's bot: alpha-beta, three plies, weighted evaluation"},
	{"mcts", "Monte-Carlo tree search, 2000 playouts"},
	{"best", "the strongest: alpha-beta with quiescence, 40,000 nodes a move"},
	{"perfect", "perfect play wherever the exact solver settles the position within half the move's time (most of a game on boards up to 3x4), best elsewhere"},
}

// maxAITime is the longest time limit a spec may give a move, and the
// default of Config.MaxMoveTime, the wall-clock time after which every AI
// move's search is stopped whatever its spec.
const maxAITime = 2 * time.Second

func (s *Server) handlePlayers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Presets []playerPreset `json:"presets"`
		Limits  string         `json:"limits"`
	}{presets, specLimits()})
}

func (s *Server) handleReactState(w http.ResponseWriter, r *http.Request) {
	var req reactRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	g, e := replayReact(req)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, reactState(g))
}

func (s *Server) handleReactMove(w http.ResponseWriter, r *http.Request) {
	var req reactMoveRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	resp, e := reactMove(req)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// reactMove plays a move request.
func reactMove(req reactMoveRequest) (crMoveResponse, *apiError) {
	g, e := replayReact(req.reactRequest)
	if e != nil {
		return crMoveResponse{}, e
	}
	if len(req.Move) != 2 {
		return crMoveResponse{}, badMove(len(req.Moves), "want \"move\": [row, col]")
	}
	b := &g.pos.Board
	m, ok := b.MoveAt(req.Move[0], req.Move[1])
	if !ok {
		return crMoveResponse{}, badMove(len(req.Moves), "move (%d %d): off the %dx%d board", req.Move[0], req.Move[1], b.Rows(), b.Cols())
	}
	if b.Over() {
		return crMoveResponse{}, &apiError{Status: http.StatusUnprocessableEntity, Msg: "the game is over"}
	}
	if !b.Legal(m) {
		idx := len(req.Moves)
		return crMoveResponse{}, &apiError{Status: http.StatusUnprocessableEntity, Index: &idx,
			Msg: fmt.Sprintf("%c cannot play %s: the cell belongs to another player", g.pos.Names[b.ToMove()], b.FormatMove(m))}
	}
	return playTraced(g, m, ""), nil
}

func (s *Server) handleReactAI(w http.ResponseWriter, r *http.Request) {
	var req reactAIRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	g, e := replayReact(req.reactRequest)
	if e != nil {
		writeError(w, e)
		return
	}
	if g.pos.Board.Over() {
		writeError(w, &apiError{Status: http.StatusUnprocessableEntity, Msg: "the game is over"})
		return
	}
	// The slot first: a player's tables are made only for a request that
	// has one, so a crowd waiting for slots holds no memory.
	release, e := s.acquire(r.Context())
	if e != nil {
		writeError(w, e)
		return
	}
	p, e := newAIPlayer(req.Spec, req.Seed)
	if e != nil {
		release()
		writeError(w, e)
		return
	}
	// The search stops at MaxMoveTime, or as soon as the client leaves.
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxMoveTime)
	m := p.ChooseContext(ctx, &g.pos.Board, g.history)
	cancel()
	release()
	if r.Context().Err() != nil {
		return // nobody is listening
	}
	if !g.pos.Board.Legal(m) {
		writeError(w, &apiError{Status: http.StatusInternalServerError, Msg: fmt.Sprintf("player %s chose an illegal move", p.Spec())})
		return
	}
	writeJSON(w, http.StatusOK, playTraced(g, m, p.Spec()))
}

// newAIPlayer makes the player a spec names, if the server plays it: its
// kind is in aiKinds, it can be stopped (a ContextChooser), and its
// options are within the kind's limits.
func newAIPlayer(spec string, seed uint64) (ai.ContextChooser, *apiError) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, badRequest("want \"spec\": a player such as random, greedy, seed001, seed002, mcts, best or perfect")
	}
	if strings.HasPrefix(spec, "engine:") {
		return nil, badRequest("player %q: the server runs no other program", words.Clip(spec, 60))
	}
	p, err := ai.NewPlayer(spec, seed)
	if err != nil {
		return nil, badRequest("%s", strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	if err := checkSpec(p.Spec()); err != nil {
		return nil, badRequest("player %q (%s): %v; the server plays %s", words.Clip(spec, 60), p.Spec(), err, specLimits())
	}
	cp, ok := p.(ai.ContextChooser)
	if !ok {
		return nil, badRequest("player %q: its search cannot be stopped, so the server does not play it", words.Clip(spec, 60))
	}
	return cp, nil
}

// aiKind is what the server allows of one kind of player, by the name its
// full spec (Player.Spec) starts with.
type aiKind struct {
	// limits says in words what the server plays of this kind.
	limits string
	// check refuses a full spec beyond the limits; nil accepts every one.
	check func(o specOptions) error
	// heaviest are the costliest specs accepted, one for each way a spec
	// of this kind can be costly: the tests run each on a large board.
	heaviest []string
}

// aiKinds is every kind of player the server plays; any other (engine:,
// or a kind added to chainreact before it is given limits here) is
// refused. The limits keep a move's own work within about two seconds on
// a 16x16 board with 8 players, measured on this project's 2-core machine:
// seed002 (alphabeta depth 3) 0.35 s at worst, alphabeta depth 4 up to
// 3.5 minutes with 8 players; minimax depth 3 width 10 12 ms, depth 2 over
// every move 45 ms, depth 7 width 5 7.7 s; mcts 2000 playouts 0.8 s, 5000
// up to 3.9 s; best 200,000 nodes 0.2 to 0.5 s, 400,000 up to 1.05 s;
// time=1s players stop within 1.04 s. Whatever the spec, MaxMoveTime
// stops the search.
var aiKinds = map[string]aiKind{
	"random": {limits: "random", heaviest: []string{"random"}},
	"greedy": {limits: "greedy with any eval", heaviest: []string{"greedy:eval=tuned", "greedy:eval=reach"}},
	"minimax": {
		limits: "minimax up to depth 3 with width 1 to 10, or depth 2 over every move",
		check: func(o specOptions) error {
			depth, width := o.num("depth"), o.num("width")
			if depth > 3 || (depth > 2 && (width == 0 || width > 10)) {
				return fmt.Errorf("minimax depth %d width %d is too slow", depth, width)
			}
			return nil
		},
		heaviest: []string{"minimax:depth=3,width=10,eval=reach", "minimax:depth=2,width=0,eval=reach"},
	},
	"alphabeta": {
		limits: "alphabeta up to depth 3 or time=2s",
		check: func(o specOptions) error {
			if d, ok := o.time(); ok {
				if d > maxAITime {
					return fmt.Errorf("time %v is over %v", d, maxAITime)
				}
				return nil
			}
			if depth := o.num("depth"); depth > 3 {
				return fmt.Errorf("alphabeta depth %d is too slow", depth)
			}
			return nil
		},
		heaviest: []string{"alphabeta:depth=3,eval=reach", "alphabeta:time=2s"},
	},
	"mcts": {
		limits: "mcts up to 2000 playouts",
		check: func(o specOptions) error {
			if n := o.num("playouts"); n > 2000 {
				return fmt.Errorf("%d playouts is too slow", n)
			}
			return nil
		},
		heaviest: []string{"mcts:playouts=2000"},
	},
	"best": {
		limits: "best up to nodes=200000 or time=2s, with oracle= (perfect) up to 1000000 positions, " +
			"the oracle taking at most half the move's time",
		check: func(o specOptions) error {
			d, timed := o.time()
			if timed && d > maxAITime {
				return fmt.Errorf("time %v is over %v", d, maxAITime)
			}
			n := o.num("nodes")
			if n > 200_000 || (n == 0 && !timed) {
				return fmt.Errorf("nodes=%d is too many", n)
			}
			if _, ok := o["oracle"]; ok && o.num("oracle") > maxOracle {
				return fmt.Errorf("oracle=%s is too many (at most %d)", o["oracle"], maxOracle)
			}
			return nil
		},
		heaviest: []string{"best:nodes=200000,q=16", "best:time=2s,nodes=0,q=16",
			"perfect:nodes=200000,q=16,oracle=1000000", "perfect:time=2s,nodes=0,q=16"},
	},
}

// maxOracle is the most positions the server lets an oracle search: the
// perfect player's own.
const maxOracle = 1_000_000

// specLimits says in words which specs the server plays.
func specLimits() string {
	var parts []string
	for _, name := range ai.PlayerKindNames() { // in the registry's order
		if k, ok := aiKinds[name]; ok {
			parts = append(parts, k.limits)
		}
	}
	return strings.Join(parts, "; ") + fmt.Sprintf("; every move stopped after %v", maxAITime)
}

// specOptions are a full spec's options.
type specOptions map[string]string

// num returns option k as a whole number, -1 if it is not one.
func (o specOptions) num(k string) int {
	n, err := strconv.Atoi(o[k])
	if err != nil {
		return -1
	}
	return n
}

// time returns the time= option, and whether there is one.
func (o specOptions) time() (time.Duration, bool) {
	v, ok := o["time"]
	if !ok {
		return 0, false
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return maxAITime + 1, true
	}
	return d, true
}

// checkSpec checks a player's full spec (every option written out, as
// Player.Spec gives it) against its kind's limits.
func checkSpec(full string) error {
	name, rest, _ := strings.Cut(full, ":")
	kind, ok := aiKinds[name]
	if !ok {
		return fmt.Errorf("the server does not play %s", name)
	}
	opts := specOptions{}
	if rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, _ := strings.Cut(kv, "=")
			opts[k] = v
		}
	}
	if kind.check == nil {
		return nil
	}
	return kind.check(opts)
}

// reactGame is a Chain Reaction game replayed from a request: the position
// and the moves that reached it.
type reactGame struct {
	pos     chainreact.Position
	history []chainreact.Move
	movers  []int // who made each move of history
}

// replayReact replays a game request from the empty board.
func replayReact(req reactRequest) (*reactGame, *apiError) {
	pos, err := chainreact.NewPosition(req.Rows, req.Cols, req.Players)
	if err != nil {
		return nil, badRequest("%s", strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	g := &reactGame{pos: pos}
	b := &g.pos.Board
	if len(req.Moves) > b.Capacity()+1 {
		return nil, badRequest("%s: a %dx%d game ends within %d", plural(len(req.Moves), "move"), req.Rows, req.Cols, b.Capacity()+1)
	}
	for i, mv := range req.Moves {
		if len(mv) != 2 {
			return nil, badMove(i, "move %d: want [row, col], got %s", i+1, numbers(len(mv)))
		}
		m, ok := b.MoveAt(mv[0], mv[1])
		if !ok {
			return nil, badMove(i, "move %d (%d %d): off the %dx%d board", i+1, mv[0], mv[1], req.Rows, req.Cols)
		}
		mover := b.ToMove()
		if err := b.PlayChecked(m); err != nil {
			idx := i
			return nil, &apiError{Status: http.StatusUnprocessableEntity, Index: &idx,
				Msg: fmt.Sprintf("move %d (%d %d) is illegal: %s", i+1, mv[0], mv[1], strings.TrimPrefix(err.Error(), "chainreact: "))}
		}
		g.history, g.movers = append(g.history, m), append(g.movers, mover)
	}
	return g, nil
}

// playTraced plays m through the engine's trace and describes it.
func playTraced(g *reactGame, m chainreact.Move, spec string) crMoveResponse {
	tr := g.pos.Board.PlayTrace(m)
	g.history, g.movers = append(g.history, m), append(g.movers, tr.Player)
	r, c := tr.Before.RowCol(m)
	out := crMoveResponse{Move: [2]int{r, c}, Spec: spec, State: reactState(g),
		Trace: crTrace{Move: [2]int{r, c}, Player: tr.Player, Landed: reactCells(&tr.Landed),
			Waves: make([]crWave, len(tr.Waves)), Stopped: tr.Stopped}}
	for i, w := range tr.Waves {
		wv := crWave{Exploded: make([][2]int, len(w.Exploded)), Cells: reactCells(&w.After)}
		for j, e := range w.Exploded {
			er, ec := tr.Before.RowCol(e)
			wv.Exploded[j] = [2]int{er, ec}
		}
		out.Trace.Waves[i] = wv
	}
	return out
}

// reactCells returns b's cells, top row first.
func reactCells(b *chainreact.Board) [][][2]int {
	rows, cols := b.Rows(), b.Cols()
	out := make([][][2]int, rows)
	for top := range rows {
		out[top] = make([][2]int, cols)
		for c := range cols {
			m, _ := b.MoveAt(rows-top, c+1)
			owner, n := b.Cell(int(m))
			out[top][c] = [2]int{owner, n}
		}
	}
	return out
}

// reactState describes a position for the page.
func reactState(g *reactGame) crState {
	pos := &g.pos
	b := &pos.Board
	rows, cols, n := b.Rows(), b.Cols(), b.Players()
	st := crState{Rows: rows, Cols: cols, Players: n, Names: pos.Names, Cells: reactCells(b),
		Critical: make([][]int, rows), ToMove: b.ToMove(), Alive: make([]bool, n), Orbs: make([]int, n),
		Winner: b.Winner(), Over: b.Over(), Ply: b.Ply(), Moves: [][2]int{}, Movers: append([]int{}, g.movers...), Legal: [][2]int{}}
	for top := range rows {
		st.Critical[top] = make([]int, cols)
		for c := range cols {
			m, _ := b.MoveAt(rows-top, c+1)
			st.Critical[top][c] = b.CriticalMass(int(m))
		}
	}
	for p := range n {
		st.Alive[p], st.Orbs[p] = b.Alive(p), b.Orbs(p)
	}
	for _, m := range g.history {
		r, c := b.RowCol(m)
		st.Moves = append(st.Moves, [2]int{r, c})
	}
	for _, m := range b.AppendMoves(nil) {
		r, c := b.RowCol(m)
		st.Legal = append(st.Legal, [2]int{r, c})
	}
	return st
}
