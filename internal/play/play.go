// Package play is ChainShot played by hand, line by line, as the course
// asks: a move typed as "row col", undo, a hint from the solver, the
// groups and what each scores, the moves so far; a script of moves piped
// in plays a game. A Session reads the lines of its input and writes on
// the run's streams; Ctrl-C ends a game as quit does.
package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/input"
	"chainshot/internal/iostreams"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"chainshot/solver"
)

// Options are a session's settings.
type Options struct {
	// Hint is the solver's budget and settings for one hint.
	Hint solver.Options
	// Load loads the board a player names (a file, a built-in name,
	// FILE#K), saying on standard error what it repaired.
	Load func(name string) (datasets.Set, error)
	// Rules is the text "rules" prints.
	Rules string
}

// New returns a session on the run's streams, reading the player's
// lines from io.In; ctx ends with Ctrl-C.
func New(ctx context.Context, io *iostreams.IO, opt Options) *Session {
	return &Session{io: io, lines: input.Typed(io.In), ctx: ctx, opt: opt}
}

// Session is one run of "chainshot play": the lines typed on stdin, the
// output streams, and Ctrl-C.
type Session struct {
	io *iostreams.IO
	// lines are the lines of standard input, read as they come; closed
	// at its end.
	lines <-chan input.TypedLine
	// refused is what ended standard input other than its end: a line
	// over the cap (Answer Refused).
	refused error
	// ctx is cancelled by Ctrl-C (SIGINT) or SIGTERM.
	ctx context.Context
	opt Options
}

// Answer says how a question of the session was Answered.
type Answer int

const (
	Answered    Answer = iota
	InputEnded         // standard input closed
	Interrupted        // Ctrl-C
	Refused            // a line over the cap, or a failed read: Refusal says which
)

// ask prints a prompt on stderr and waits for a line, the end of input or
// Ctrl-C.
func (p *Session) Ask(prompt string) (string, Answer) {
	fmt.Fprintf(p.io.Err, "%s", prompt)
	select {
	case line, ok := <-p.lines:
		switch {
		case !ok:
			fmt.Fprintf(p.io.Err, "\n")
			return "", InputEnded
		case line.Err != nil:
			fmt.Fprintf(p.io.Err, "\n")
			p.refused = line.Err
			return "", Refused
		}
		return strings.TrimSpace(line.Text), Answered
	case <-p.ctx.Done():
		fmt.Fprintf(p.io.Err, "\n")
		return "", Interrupted
	}
}

// Refusal is the error of cmd's session when a line was refused (Answer
// Refused), with after at its end; nil when none was.
func (p *Session) Refusal(cmd, after string) error {
	if p.refused == nil {
		return nil
	}
	return status.BadInput("%s: %v%s", cmd, p.refused, after)
}

// Run plays games until the player stops: on name first (when given),
// then on boards the player names.
func (p *Session) Run(name string) error {
	fromArgs := name != ""
	for {
		var set datasets.Set
		var err error
		if name == "" {
			if set, err = p.AskBoard("chainshot play"); err != nil || set.Name == "" {
				return err
			}
		} else if set, err = p.opt.Load(name); err != nil {
			if fromArgs {
				return err
			}
			// Named at "play another game": say why and ask again.
			fmt.Fprintf(p.io.Err, "%s\n", words.WithoutPackage(err.Error()))
			name = ""
			continue
		}
		fromArgs = true // from here on, the name is known good
		switch p.game(set.Name, set.Board) {
		case gameQuit:
			return nil
		case gameCut:
			return status.BadInput("chainshot play: standard input closed before the game on %s ended (the moves so far are listed above)", set.Name)
		case gameInterrupted:
			return status.Interrupt("chainshot play: interrupted; the moves so far on %s are listed above", set.Name)
		case gameRefused:
			return p.Refusal("chainshot play", fmt.Sprintf("; the game stopped, its moves on %s listed above", set.Name))
		}
		if name = p.askNext(set.Name); name == "" {
			return p.Refusal("chainshot play", "")
		}
		fromArgs = false
	}
}

// AskBoard asks for a board until one loads, as the handout asks: a name
// that does not load is said, and asked for again. It returns the board,
// or a zero Set and nil when the player typed quit, or the error of
// Ctrl-C, of a line refused, or of the input's end, cmd first.
func (p *Session) AskBoard(cmd string) (datasets.Set, error) {
	for {
		name, a := p.Ask("Data-set file or built-in name (e.g. sample1; \"chainshot datasets\" lists them): ")
		switch {
		case a == Interrupted:
			return datasets.Set{}, status.Interrupt("%s: interrupted", cmd)
		case a == Refused:
			return datasets.Set{}, p.Refusal(cmd, "")
		case a == InputEnded:
			return datasets.Set{}, status.BadInput("%s: no data-set file given (standard input ended)", cmd)
		case name == "":
			continue
		case IsQuit(name):
			return datasets.Set{}, nil
		}
		set, err := p.opt.Load(name)
		if err == nil {
			return set, nil
		}
		fmt.Fprintf(p.io.Err, "%s\n", words.WithoutPackage(err.Error()))
	}
}

// IsQuit says whether a line typed at a prompt asks to leave: quit, q or
// exit ("./quit" names a file of that name).
func IsQuit(line string) bool {
	switch strings.ToLower(line) {
	case "quit", "q", "exit":
		return true
	}
	return false
}

// askNext asks whether to play another game and on which board; "" means
// no more.
func (p *Session) askNext(last string) string {
	yes, a := p.Ask("Play another game? [y/N] ")
	if a != Answered || !strings.HasPrefix(strings.ToLower(yes), "y") {
		return ""
	}
	next, a := p.Ask(fmt.Sprintf("Data-set file or built-in name [Enter for %s]: ", last))
	switch {
	case a != Answered:
		return ""
	case next == "":
		return last
	}
	return next
}

const playHelp = `Type a move as "row col": row 1 is the bottom row, column 1 the left column.
Commands:
  undo     take back the last move
  hint     the solver suggests a move
  moves    the moves played so far, with their scores (also: history)
  groups   the groups you can remove now, with what each scores
  board    show the board again
  rules    the rules of ChainShot
  quit     end the game (its moves and score are listed)
`

// gameEnd says how a game of "chainshot play" ended.
type gameEnd int

const (
	gameOn          gameEnd = iota // not yet
	gameOver                       // no move left
	gameQuit                       // the player typed quit
	gameCut                        // standard input closed in the middle of the game
	gameInterrupted                // Ctrl-C
	gameRefused                    // a line refused (Session.Refusal)
)

// game plays one game and says how it ended. However it ends, the moves
// played and the score are listed.
func (p *Session) game(name string, start board.Board) gameEnd {
	s := p.io
	g := board.NewGame(start)
	fmt.Fprintf(s.Out, "%s: %dx%d, %s\n", name, start.Rows(), start.Cols(), render.Summary(&start))
	render.Board(s.Out, &g.Board, s.Color, nil)
	end := gameOn
	for end == gameOn {
		if g.Board.IsOver() {
			if g.Board.IsEmpty() {
				fmt.Fprintf(s.Out, "Game over: every bead removed!\n")
			} else {
				fmt.Fprintf(s.Out, "Game over: no group of two or more is left.\n")
			}
			end = gameOver
			break
		}
		line, a := p.Ask(fmt.Sprintf("move %d (row col, or help): ", len(g.Moves)+1))
		switch a {
		case InputEnded:
			fmt.Fprintf(s.Out, "Input ended: game stopped.\n")
			end = gameCut
		case Interrupted:
			fmt.Fprintf(s.Out, "Interrupted: game stopped.\n")
			end = gameInterrupted
		case Refused:
			fmt.Fprintf(s.Out, "Input refused: game stopped.\n")
			end = gameRefused
		default:
			end = p.turn(g, start, line)
		}
	}
	p.summary(name, g)
	return end
}

// turn carries out one line the player typed: a command or a move.
func (p *Session) turn(g *board.Game, start board.Board, line string) gameEnd {
	s := p.io
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return gameOn
	}
	switch fields[0] {
	case "quit", "q", "exit":
		fmt.Fprintf(s.Out, "Game stopped.\n")
		return gameQuit
	case "help", "?":
		fmt.Fprintf(s.Err, "%s", playHelp)
	case "rules":
		fmt.Fprintf(s.Err, "%s", p.opt.Rules)
	case "board", "b":
		render.Board(s.Out, &g.Board, s.Color, nil)
	case "undo", "u":
		if !g.Undo() {
			fmt.Fprintf(s.Err, "nothing to undo\n")
			break
		}
		fmt.Fprintf(s.Out, "Undone: total %d\n", g.Total)
		render.Board(s.Out, &g.Board, s.Color, nil)
	case "moves", "m", "history":
		p.listPlayed(g)
	case "groups", "g":
		p.listGroups(&g.Board)
	case "hint", "h":
		p.hint(g)
	default:
		p.move(g, start, line, fields)
	}
	return gameOn
}

// move plays the move the player typed, or says why it cannot be played.
func (p *Session) move(g *board.Game, start board.Board, line string, fields []string) {
	s := p.io
	m, err := parseMove(fields, start.Rows(), start.Cols())
	var off offBoardError
	switch {
	case errors.As(err, &off):
		fmt.Fprintf(s.Err, "%v\n", off)
		return
	case err != nil:
		fmt.Fprintf(s.Err, "cannot take %q: %v\n", line, err)
		return
	}
	color := g.Board.At(int(m.Row), int(m.Col))
	n := g.Board.GroupSize(m)
	score, err := g.Play(m)
	if err != nil {
		fmt.Fprintf(s.Err, "cannot play %s: %v\n", m, err.(*board.MoveError).Reason)
		return
	}
	fmt.Fprintf(s.Out, "Move %d: %s removes %d %s beads: +%d, total %d\n", len(g.Moves), m, n, color.Name(), score, g.Total)
	render.Board(s.Out, &g.Board, s.Color, nil)
}

// ParseMove reads a move typed "row col" on a board of rows by cols, or
// says why it is no move: the line interface's words, which the
// full-screen game says too.
func ParseMove(line string, rows, cols int) (board.Move, error) {
	return parseMove(strings.Fields(line), rows, cols)
}

// parseMove reads "row col" on a board of rows by cols.
func parseMove(fields []string, rows, cols int) (board.Move, error) {
	if len(fields) != 2 {
		return board.Move{}, fmt.Errorf("want two numbers, row and column, like \"3 4\" (or type help)")
	}
	r, err1 := strconv.Atoi(fields[0])
	c, err2 := strconv.Atoi(fields[1])
	if err1 != nil || err2 != nil {
		return board.Move{}, fmt.Errorf("want two whole numbers, row and column, like \"3 4\"")
	}
	if r < 1 || c < 1 || r > rows || c > cols {
		return board.Move{}, offBoardError(offBoard(r, c, rows, cols))
	}
	return board.MoveAt(r, c), nil
}

// offBoardError is a move off the board; its message is offBoard's.
type offBoardError string

func (e offBoardError) Error() string { return string(e) }

// offBoard says that the move r c is off a board of rows by cols, in the
// words of both games: "9 9 is off the 5x5 board (row 1 is the bottom)".
func offBoard(r, c, rows, cols int) string {
	return fmt.Sprintf("%d %d is off the %dx%d board (row 1 is the bottom)", r, c, rows, cols)
}

// listGroups lists the groups that can be removed, with their sizes and
// what each scores.
func (p *Session) listGroups(b *board.Board) {
	groups := b.AppendGroups(nil)
	fmt.Fprintf(p.io.Out, "%s:\n", words.Plural(len(groups), "group"))
	for _, g := range groups {
		fmt.Fprintf(p.io.Out, "  %-6s %-6s %3d beads  +%d\n", g.Move, g.Color.Name(), g.Size, board.Score(g.Size))
	}
}

// listPlayed lists the moves played so far, each with its score, and
// the total.
func (p *Session) listPlayed(g *board.Game) {
	fmt.Fprintf(p.io.Out, "Moves played so far (%d):\n", len(g.Moves))
	writeMoves(p.io.Out, g)
	fmt.Fprintf(p.io.Out, "Score %d, %s left\n", g.Total, words.Plural(g.Board.Beads(), "bead"))
}

// writeMoves writes a game's moves, one a line with its score.
func writeMoves(w io.Writer, g *board.Game) {
	for i, m := range g.Moves {
		fmt.Fprintf(w, "  %3d. %-6s +%d\n", i+1, m, g.Scores[i])
	}
}

// summary prints every move made, the final score and beads left.
func (p *Session) summary(name string, g *board.Game) { Summary(p.io.Out, name, g) }

// Summary writes what a game of play ends with, however it ends: every
// move made with its score, the final score and beads left. The
// full-screen game writes it too, once its screen is gone.
func Summary(w io.Writer, name string, g *board.Game) {
	fmt.Fprintf(w, "Moves played on %s (%d):\n", name, len(g.Moves))
	writeMoves(w, g)
	fmt.Fprintf(w, "Final score: %d, beads left: %d\n", g.Total, g.Board.Beads())
}

// hint asks the solver, within the hint budget, for the best line from
// the game's position and suggests its first move. Ctrl-C stops the
// search (and then the game).
func (p *Session) hint(g *board.Game) {
	res, err := solver.Solve(p.ctx, g.Board, "auto", p.opt.Hint)
	if err != nil || len(res.Moves) == 0 {
		fmt.Fprintf(p.io.Err, "hint: no move to suggest\n")
		return
	}
	fmt.Fprintf(p.io.Err, "%s\n", HintText(g, res, p.opt.Hint.Budget))
}

// HintText says what the solver's line res from g's position suggests:
// its first move, what that removes and scores, and where the line ends
// ("hint: 3 4 removes 5 red beads (+9); the solver's line from here (12
// moves, 1s of search) leaves 2 beads with total 240"). budget is the
// search's budget, said when the line is not proved best. res has a move.
func HintText(g *board.Game, res solver.Result, budget time.Duration) string {
	m := res.Moves[0]
	n := g.Board.GroupSize(m)
	how := fmt.Sprintf("%v of search", budget)
	if res.Optimal {
		how = "proved best"
	}
	return fmt.Sprintf("hint: %s removes %d %s beads (+%d); the solver's line from here (%s, %s) leaves %s with total %d",
		m, n, g.Board.At(int(m.Row), int(m.Col)).Name(), board.Score(n), words.Plural(len(res.Moves), "move"), how, words.Plural(res.BeadsLeft, "bead"), g.Total+res.Score)
}
