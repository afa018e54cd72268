package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/bounds"
	"chainshot/internal/words"
	"chainshot/solver"
)

// MaxBoard is the largest ChainShot board the server takes, rows and
// columns: the handout's range.
const MaxBoard = board.MaxHandoutSize

// datasetInfo is one built-in data set in GET /api/datasets.
type datasetInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

func (s *Server) handleDatasets(w http.ResponseWriter, r *http.Request) {
	var out []datasetInfo
	for _, d := range datasets.Builtin() {
		out = append(out, datasetInfo{d.Name, d.Description})
	}
	writeJSON(w, http.StatusOK, out)
}

// loadRequest is POST /api/chainshot/load: exactly one of Builtin (a
// built-in data set's name), Text (a board file's contents, with the file's
// Name for messages) or Generate.
type loadRequest struct {
	Builtin  string      `json:"builtin,omitempty"`
	Text     *string     `json:"text,omitempty"`
	Name     string      `json:"name,omitempty"`
	Generate *genRequest `json:"generate,omitempty"`
}

// genRequest asks for a generated board, as "chainshot gen" makes it.
type genRequest struct {
	Rows   int    `json:"rows"`
	Cols   int    `json:"cols"`
	Colors int    `json:"colors"`
	Seed   uint64 `json:"seed"`
}

// Check bounds the request's numbers (for the strict decoder): a
// generated board's.
func (r *loadRequest) Check() error {
	if r.Generate == nil {
		return nil
	}
	return r.Generate.Check()
}

// Check bounds a generated board's size and colours.
func (g *genRequest) Check() error {
	return bounds.First(
		bounds.Field("rows", genSize.Check(int64(g.Rows))),
		bounds.Field("cols", genSize.Check(int64(g.Cols))),
		bounds.Field("colors", genColors.Check(int64(g.Colors))),
	)
}

// genSize and genColors bound a generated board.
var (
	genSize   = bounds.Int{Min: 1, Max: MaxBoard, Unit: "rows or columns"}
	genColors = bounds.Int{Min: 1, Max: board.NumColors, Unit: "colours"}
)

// loadResponse is a loaded board: its name (for results lines and
// downloads), its file in the form every other request sends back, what
// the reader noticed, and the starting position.
type loadResponse struct {
	Name     string   `json:"name"`
	Board    string   `json:"board"`
	Warnings []string `json:"warnings,omitempty"`
	Repairs  []string `json:"repairs,omitempty"`
	State    csState  `json:"state"`
}

// gameRequest is a ChainShot game: the board file (as /load returned it)
// and the moves played on it, [row, col] each, row 1 at the bottom.
type gameRequest struct {
	Board string  `json:"board"`
	Moves [][]int `json:"moves"`
}

// csState is a ChainShot position as the page draws it.
type csState struct {
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Grid is the position, top row first, one letter a bead, '.' for
	// an empty cell.
	Grid []string `json:"grid"`
	// Group gives each cell (top row first) the index in Groups of the
	// group it belongs to, or -1 for an empty cell or a single bead.
	Group  [][]int     `json:"group"`
	Groups []groupInfo `json:"groups"`
	// Moves and Scores are the moves played and what each scored.
	Moves  [][2]int `json:"moves"`
	Scores []int    `json:"scores"`
	Score  int      `json:"score"`
	Beads  int      `json:"beads"`
	Over   bool     `json:"over"`
	// Removed lists the beads the last move removed, on the board as it
	// was before that move (for the page's animation).
	Removed [][2]int `json:"removed"`
}

// groupInfo is a removable group: a move naming it, its colour letter, its
// size and what removing it scores.
type groupInfo struct {
	Move  [2]int `json:"move"`
	Color string `json:"color"`
	Size  int    `json:"size"`
	Score int    `json:"score"`
}

func (s *Server) handleLoad(w http.ResponseWriter, r *http.Request) {
	var req loadRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	resp, e := load(req)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// load reads the board a load request names. Built-in data sets are found
// by name only: no file is read.
func load(req loadRequest) (loadResponse, *apiError) {
	given := 0
	for _, ok := range []bool{req.Builtin != "", req.Text != nil, req.Generate != nil} {
		if ok {
			given++
		}
	}
	if given != 1 {
		return loadResponse{}, badRequest("want exactly one of \"builtin\", \"text\" or \"generate\"")
	}
	var (
		name string
		data []byte
		opt  board.Options
	)
	switch {
	case req.Builtin != "":
		d, ok := datasets.Lookup(req.Builtin)
		if !ok {
			return loadResponse{}, &apiError{Status: http.StatusNotFound,
				Msg: fmt.Sprintf("no built-in data set %q (GET /api/datasets lists them)", words.Clip(req.Builtin, 60))}
		}
		name, data, opt = d.Name, d.Data(), board.Options{Repair: d.Repaired}
	case req.Text != nil:
		name = cleanName(req.Name)
		data = []byte(*req.Text)
	default:
		g := req.Generate
		var err error
		data, err = datasets.GenerateFile(g.Rows, g.Cols, g.Colors, g.Seed)
		if err != nil {
			return loadResponse{}, badRequest("generate: %v", err)
		}
		name = fmt.Sprintf("gen-%dx%d-%dc-seed%d.txt", g.Rows, g.Cols, g.Colors, g.Seed)
	}
	p, e := parseBoard(data, name, opt)
	if e != nil {
		return loadResponse{}, e
	}
	st, e := replay(p.Board, nil)
	if e != nil {
		return loadResponse{}, e
	}
	return loadResponse{Name: name, Board: p.Board.Format(), Warnings: p.Warnings, Repairs: p.Repairs, State: st}, nil
}

// parseBoard reads a board file with the board package's parser and
// refuses boards larger than MaxBoard.
func parseBoard(data []byte, name string, opt board.Options) (board.Parsed, *apiError) {
	p, err := board.Parse(data, name, opt)
	if err != nil {
		e := badRequest("%s", strings.TrimPrefix(err.Error(), "board: "))
		var pe *board.ParseError
		if errors.As(err, &pe) {
			e.Line, e.Col = pe.Line, pe.Col
		}
		return p, e
	}
	b := &p.Board
	if b.Rows() > MaxBoard || b.Cols() > MaxBoard {
		return p, badRequest("%s: %dx%d: this server takes boards of up to %dx%d", name, b.Rows(), b.Cols(), MaxBoard, MaxBoard)
	}
	return p, nil
}

// cleanName keeps the base name of an uploaded file, printable and short,
// for messages, results lines and downloads.
func cleanName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) && r != '"' && r != '/' {
			return r
		}
		return -1
	}, name)
	name = strings.TrimSpace(words.Clip(name, 80))
	if name == "" || name == "." || name == ".." {
		return "pasted.txt"
	}
	return name
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	var req gameRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	st, e := gameState(req)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// gameState replays a game request.
func gameState(req gameRequest) (csState, *apiError) {
	start, moves, e := parseGame(req)
	if e != nil {
		return csState{}, e
	}
	return replay(start, moves)
}

// parseGame reads a game request's board and moves; it does not play them.
func parseGame(req gameRequest) (board.Board, []board.Move, *apiError) {
	if strings.TrimSpace(req.Board) == "" {
		return board.Board{}, nil, badRequest("want \"board\": the board file, as /api/chainshot/load returned it")
	}
	p, e := parseBoard([]byte(req.Board), "board", board.Options{})
	if e != nil {
		return board.Board{}, nil, e
	}
	moves, e := parseMoves(req.Moves, p.Board.Rows(), p.Board.Cols())
	return p.Board, moves, e
}

// parseMoves reads [row, col] pairs that lie on a rows x cols board.
func parseMoves(in [][]int, rows, cols int) ([]board.Move, *apiError) {
	if len(in) > rows*cols/2 {
		return nil, badRequest("%s: a %dx%d board takes at most %d", plural(len(in), "move"), rows, cols, rows*cols/2)
	}
	moves := make([]board.Move, len(in))
	for i, m := range in {
		if len(m) != 2 {
			return nil, badMove(i, "move %d: want [row, col], got %s", i+1, numbers(len(m)))
		}
		if m[0] < 1 || m[0] > rows || m[1] < 1 || m[1] > cols {
			return nil, badMove(i, "move %d (%d %d): off the %dx%d board", i+1, m[0], m[1], rows, cols)
		}
		moves[i] = board.MoveAt(m[0], m[1])
	}
	return moves, nil
}

// replay plays moves on start and describes the position reached. An
// illegal move is refused with 422 and its index.
func replay(start board.Board, moves []board.Move) (csState, *apiError) {
	g, removed, e := playGame(start, moves)
	if e != nil {
		return csState{}, e
	}
	return describe(g, removed), nil
}

// describe returns the page's view of a game.
func describe(g *board.Game, removed []board.Move) csState {
	b := &g.Board
	rows, cols := b.Rows(), b.Cols()
	st := csState{Rows: rows, Cols: cols, Score: g.Total, Beads: b.Beads(), Over: b.IsOver(),
		Moves: make([][2]int, len(g.Moves)), Scores: append([]int{}, g.Scores...),
		Grid: make([]string, rows), Group: make([][]int, rows), Groups: []groupInfo{},
		Removed: make([][2]int, len(removed))}
	for i, m := range g.Moves {
		st.Moves[i] = userMove(m)
	}
	for i, m := range removed {
		st.Removed[i] = userMove(m)
	}
	line := make([]byte, cols)
	for top := range rows {
		row := rows - 1 - top
		for c := range cols {
			line[c] = b.At(row, c).Letter()
		}
		st.Grid[top] = string(line)
		st.Group[top] = make([]int, cols)
		for c := range st.Group[top] {
			st.Group[top][c] = -1
		}
	}
	var cells []board.Move
	for i, grp := range b.AppendGroups(nil) {
		st.Groups = append(st.Groups, groupInfo{Move: userMove(grp.Move), Color: string(grp.Color.Letter()),
			Size: grp.Size, Score: board.Score(grp.Size)})
		cells = b.AppendGroupCells(cells[:0], grp.Move)
		for _, m := range cells {
			st.Group[rows-1-int(m.Row)][m.Col] = i
		}
	}
	return st
}

// userMove returns m as [row, col], 1-based, row 1 at the bottom.
func userMove(m board.Move) [2]int { return [2]int{int(m.Row) + 1, int(m.Col) + 1} }

// hintRequest is POST /api/chainshot/hint.
type hintRequest struct {
	gameRequest
	// BudgetSeconds is the search's wall-clock time; 0 means 1 s.
	BudgetSeconds float64 `json:"budget_seconds"`
}

// hintResponse is the solver's suggestion: the first move of its line
// from the position, that move's group and score, and where the line ends.
type hintResponse struct {
	Move      [2]int `json:"move"`
	Size      int    `json:"size"`
	Score     int    `json:"score"`
	LineMoves int    `json:"line_moves"`
	LineTotal int    `json:"line_total"`
	BeadsLeft int    `json:"beads_left"`
	Optimal   bool   `json:"optimal"`
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	var req hintRequest
	if e := decode(w, r, s.cfg.MaxBody, &req); e != nil {
		writeError(w, e)
		return
	}
	resp, e := s.hint(r.Context(), req)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) hint(ctx context.Context, req hintRequest) (hintResponse, *apiError) {
	budget, e := s.budget(req.BudgetSeconds, time.Second, s.cfg.MaxHintBudget)
	if e != nil {
		return hintResponse{}, e
	}
	start, moves, e := parseGame(req.gameRequest)
	if e != nil {
		return hintResponse{}, e
	}
	g, _, e := playGame(start, moves)
	if e != nil {
		return hintResponse{}, e
	}
	if g.Board.IsOver() {
		return hintResponse{}, &apiError{Status: http.StatusConflict, Msg: "the game is over: no move to suggest"}
	}
	release, e := s.acquire(ctx)
	if e != nil {
		return hintResponse{}, e
	}
	res, err := solver.Solve(ctx, g.Board, "auto", solver.Options{Budget: budget, Wall: true, Workers: 1, MemoryMB: searchMemoryMB, Seed: 1})
	release()
	if err != nil || len(res.Moves) == 0 {
		return hintResponse{}, &apiError{Status: http.StatusInternalServerError, Msg: "the solver found no move"}
	}
	m := res.Moves[0]
	n := g.Board.GroupSize(m)
	return hintResponse{Move: userMove(m), Size: n, Score: board.Score(n), LineMoves: len(res.Moves),
		LineTotal: g.Total + res.Score, BeadsLeft: res.BeadsLeft, Optimal: res.Optimal}, nil
}

// searchMemoryMB caps each search's tables: slots × this is the most the
// searches hold at once.
const searchMemoryMB = 128

// playGame plays moves on start, refusing an illegal one with 422 and its
// index. It returns the game and the beads the last move removed, on the
// board as it was before that move.
func playGame(start board.Board, moves []board.Move) (*board.Game, []board.Move, *apiError) {
	g := board.NewGame(start)
	var removed []board.Move
	for i, m := range moves {
		if i == len(moves)-1 {
			removed = g.Board.AppendGroupCells(nil, m)
		}
		if _, err := g.Play(m); err != nil {
			reason := err.Error()
			var me *board.MoveError
			if errors.As(err, &me) {
				reason = me.Reason
			}
			idx := i
			return nil, nil, &apiError{Status: http.StatusUnprocessableEntity, Index: &idx,
				Msg: fmt.Sprintf("move %d (%s) is illegal: %s", i+1, m, reason)}
		}
	}
	return g, removed, nil
}

// budget reads a budget in seconds: 0 means def, otherwise it must lie
// between 0.1 s and max.
func (s *Server) budget(seconds float64, def, max time.Duration) (time.Duration, *apiError) {
	if seconds == 0 {
		return def, nil
	}
	if !(seconds >= 0.1 && seconds <= max.Seconds()) {
		return 0, badRequest("budget_seconds %g: want 0.1 to %g seconds", seconds, max.Seconds())
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

// numbers counts numbers in words: "1 number", "3 numbers".
func numbers(n int) string {
	if n == 1 {
		return "1 number"
	}
	return fmt.Sprintf("%d numbers", n)
}
