package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/interrupt"
	"chainshot/internal/render"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"chainshot/solver"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play a ChainShot board by hand (moves are typed \"row col\")",
		ArgsUsage: "[FILE|NAME]",
		Description: "With no FILE, play asks for one. Type a move as \"row col\" (row 1 at the bottom,\n" +
			"column 1 at the left), or: undo, hint, moves (the moves played so far), groups\n" +
			"(the groups you can remove), board, rules, help, quit.\n" +
			"Input may be piped: a script of moves plays the game; if input ends before the\n" +
			"game does, the moves so far are listed and play exits with status 2.\n" +
			"With --auto the computer plays FILE (asked for when not given) by itself within\n" +
			"--budget CPU time, showing the board after each move, then the moves, CPU time and\n" +
			"beads left. Flags marked \"with --auto\" apply only then (without it they are\n" +
			"refused); a hint searches for --hint-budget with the others.\n" +
			"Ctrl-C ends a game as quit does, listing the moves and score, then exits with status 130;\n" +
			"with --auto it shows the best line found so far." +
			examples("chainshot play sample1",
				"chainshot play < moves.txt sample1",
				"chainshot play --auto ladder04-10x10-3c --budget 5s"),
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "auto", Usage: "let the computer play FILE automatically (see \"chainshot solve\")"},
			&cli.DurationFlag{Name: "hint-budget", Value: time.Second, Usage: "`DURATION` of CPU time the solver spends on each hint, with a unit: 1s, 500ms"},
		}, markAutoOnly(searchFlags())...),
		Action: doPlay,
	}
}

// session is one run of "chainshot play": the lines typed on stdin, the
// output streams, and Ctrl-C.
type session struct {
	s *streams
	// lines are the lines of standard input, read as they come; closed
	// at its end.
	lines <-chan string
	// ctx is cancelled by Ctrl-C (SIGINT) or SIGTERM.
	ctx context.Context
	// hintOpt is the solver budget of one hint.
	hintOpt solver.Options
}

// answer says how a question of the session was answered.
type answer int

const (
	answered    answer = iota
	inputEnded         // standard input closed
	interrupted        // Ctrl-C
)

// ask prints a prompt on stderr and waits for a line, the end of input or
// Ctrl-C.
func (p *session) ask(prompt string) (string, answer) {
	printf(p.s.Err, "%s", prompt)
	select {
	case line, ok := <-p.lines:
		if !ok {
			printf(p.s.Err, "\n")
			return "", inputEnded
		}
		return strings.TrimSpace(line), answered
	case <-p.ctx.Done():
		printf(p.s.Err, "\n")
		return "", interrupted
	}
}

// readLines returns the lines of r as they are read, the channel closed
// at the end of input. The reading goroutine ends with the input (or the
// program).
func readLines(r io.Reader) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}

func doPlay(c *cli.Context) error {
	if c.NArg() > 1 {
		return status.BadInput("chainshot play: want at most one FILE or built-in name, got %d arguments", c.NArg())
	}
	// The search flags are checked even when only hints use them.
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	if c.Bool("auto") {
		return doAutoPlay(c, cfg)
	}
	// A flag only --auto uses is refused without it, not ignored.
	for _, name := range autoOnly {
		if c.IsSet(name) {
			return status.BadInput("chainshot play: %s works only with --auto (\"chainshot play --help\" marks such flags)", typedFlag(c, findFlag(c, name).Names()))
		}
	}
	if c.Duration("hint-budget") <= 0 {
		return status.BadInput("chainshot play: --hint-budget %v: want a positive duration such as 1s", c.Duration("hint-budget"))
	}
	interrupt.Handle()
	ctx := c.Context
	hint := cfg.Opt
	hint.Budget, hint.Wall = c.Duration("hint-budget"), false
	p := &session{s: ioFrom(c), lines: readLines(ioFrom(c).In), ctx: ctx, hintOpt: hint}
	return p.run(c.Args().First())
}

// run plays games until the player stops: on name first (when given),
// then on boards the player names.
func (p *session) run(name string) error {
	fromArgs := name != ""
	for {
		if name == "" {
			var a answer
			name, a = p.ask("Data-set file or built-in name (e.g. sample1; \"chainshot datasets\" lists them): ")
			switch {
			case a == interrupted:
				return status.Interrupt("chainshot play: interrupted")
			case a == inputEnded && fromArgs:
				return nil
			case a == inputEnded:
				return status.BadInput("chainshot play: no data-set file given (standard input ended)")
			case name == "":
				continue
			case isQuit(name):
				return nil
			}
		}
		set, err := loadOne(p.s, name)
		if err != nil {
			if fromArgs {
				return err
			}
			// Asked interactively: say why and ask again.
			printf(p.s.Err, "%s\n", words.WithoutPackage(err.Error()))
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
		}
		if name = p.askNext(set.Name); name == "" {
			return nil
		}
		fromArgs = false
	}
}

// isQuit says whether a line typed at a prompt asks to leave: quit, q or
// exit ("./quit" names a file of that name).
func isQuit(line string) bool {
	switch strings.ToLower(line) {
	case "quit", "q", "exit":
		return true
	}
	return false
}

// askNext asks whether to play another game and on which board; "" means
// no more.
func (p *session) askNext(last string) string {
	yes, a := p.ask("Play another game? [y/N] ")
	if a != answered || !strings.HasPrefix(strings.ToLower(yes), "y") {
		return ""
	}
	next, a := p.ask(fmt.Sprintf("Data-set file or built-in name [Enter for %s]: ", last))
	switch {
	case a != answered:
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
)

// game plays one game and says how it ended. However it ends, the moves
// played and the score are listed.
func (p *session) game(name string, start board.Board) gameEnd {
	s := p.s
	g := board.NewGame(start)
	printf(s.Out, "%s: %dx%d, %s\n", name, start.Rows(), start.Cols(), render.Summary(&start))
	render.Board(s.Out, &g.Board, s.Color, nil)
	end := gameOn
	for end == gameOn {
		if g.Board.IsOver() {
			if g.Board.IsEmpty() {
				printf(s.Out, "Game over: every bead removed!\n")
			} else {
				printf(s.Out, "Game over: no group of two or more is left.\n")
			}
			end = gameOver
			break
		}
		line, a := p.ask(fmt.Sprintf("move %d (row col, or help): ", len(g.Moves)+1))
		switch a {
		case inputEnded:
			printf(s.Out, "Input ended: game stopped.\n")
			end = gameCut
		case interrupted:
			printf(s.Out, "Interrupted: game stopped.\n")
			end = gameInterrupted
		default:
			end = p.turn(g, start, line)
		}
	}
	p.summary(name, g)
	return end
}

// turn carries out one line the player typed: a command or a move.
func (p *session) turn(g *board.Game, start board.Board, line string) gameEnd {
	s := p.s
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return gameOn
	}
	switch fields[0] {
	case "quit", "q", "exit":
		printf(s.Out, "Game stopped.\n")
		return gameQuit
	case "help", "?":
		printf(s.Err, "%s", playHelp)
	case "rules":
		printf(s.Err, "%s", chainShotRules)
	case "board", "b":
		render.Board(s.Out, &g.Board, s.Color, nil)
	case "undo", "u":
		if !g.Undo() {
			printf(s.Err, "nothing to undo\n")
			break
		}
		printf(s.Out, "Undone: total %d\n", g.Total)
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
func (p *session) move(g *board.Game, start board.Board, line string, fields []string) {
	s := p.s
	m, err := parseMove(fields, start.Rows(), start.Cols())
	var off offBoardError
	switch {
	case errors.As(err, &off):
		printf(s.Err, "%v\n", off)
		return
	case err != nil:
		printf(s.Err, "cannot take %q: %v\n", line, err)
		return
	}
	color := g.Board.At(int(m.Row), int(m.Col))
	n := g.Board.GroupSize(m)
	score, err := g.Play(m)
	if err != nil {
		printf(s.Err, "cannot play %s: %v\n", m, err.(*board.MoveError).Reason)
		return
	}
	printf(s.Out, "Move %d: %s removes %d %s beads: +%d, total %d\n", len(g.Moves), m, n, color.Name(), score, g.Total)
	render.Board(s.Out, &g.Board, s.Color, nil)
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
func (p *session) listGroups(b *board.Board) {
	groups := b.AppendGroups(nil)
	printf(p.s.Out, "%s:\n", words.Plural(len(groups), "group"))
	for _, g := range groups {
		printf(p.s.Out, "  %-6s %-6s %3d beads  +%d\n", g.Move, g.Color.Name(), g.Size, board.Score(g.Size))
	}
}

// listPlayed lists the moves played so far, each with its score, and
// the total.
func (p *session) listPlayed(g *board.Game) {
	printf(p.s.Out, "Moves played so far (%d):\n", len(g.Moves))
	p.writeMoves(g)
	printf(p.s.Out, "Score %d, %s left\n", g.Total, words.Plural(g.Board.Beads(), "bead"))
}

// writeMoves writes a game's moves, one a line with its score.
func (p *session) writeMoves(g *board.Game) {
	for i, m := range g.Moves {
		printf(p.s.Out, "  %3d. %-6s +%d\n", i+1, m, g.Scores[i])
	}
}

// summary prints every move made, the final score and beads left.
func (p *session) summary(name string, g *board.Game) {
	s := p.s
	printf(s.Out, "Moves played on %s (%d):\n", name, len(g.Moves))
	p.writeMoves(g)
	printf(s.Out, "Final score: %d, beads left: %d\n", g.Total, g.Board.Beads())
}

// hint asks the solver, within the hint budget, for the best line from
// the game's position and suggests its first move. Ctrl-C stops the
// search (and then the game).
func (p *session) hint(g *board.Game) {
	s := p.s
	res, err := solver.Solve(p.ctx, g.Board, "auto", p.hintOpt)
	if err != nil || len(res.Moves) == 0 {
		printf(s.Err, "hint: no move to suggest\n")
		return
	}
	m := res.Moves[0]
	n := g.Board.GroupSize(m)
	how := fmt.Sprintf("%v of search", p.hintOpt.Budget)
	if res.Optimal {
		how = "proved best"
	}
	printf(s.Err, "hint: %s removes %d %s beads (+%d); the solver's line from here (%s, %s) leaves %s with total %d\n",
		m, n, g.Board.At(int(m.Row), int(m.Col)).Name(), board.Score(n), words.Plural(len(res.Moves), "move"), how, words.Plural(res.BeadsLeft, "bead"), g.Total+res.Score)
}

// doAutoPlay is "play --auto": the handout's automatic play. Ctrl-C
// stops the search; the best line found so far is shown, exit status 130.
func doAutoPlay(c *cli.Context, cfg runs.Search) error {
	s := ioFrom(c)
	interrupt.Handle()
	ctx := c.Context
	var set datasets.Set
	var err error
	if c.NArg() == 0 {
		// As play does, and the handout asks: ask for the file.
		p := &session{s: s, lines: readLines(s.In), ctx: ctx}
		for set.Name == "" {
			name, a := p.ask("Data-set file or built-in name (e.g. sample1; \"chainshot datasets\" lists them): ")
			switch {
			case a == interrupted:
				return status.Interrupt("chainshot play --auto: interrupted")
			case a == inputEnded:
				return status.BadInput("chainshot play --auto: no data-set file given (standard input ended)")
			case isQuit(name):
				return nil
			case name == "":
				continue
			}
			if set, err = loadOne(s, name); err != nil {
				printf(s.Err, "%s\n", words.WithoutPackage(err.Error()))
			}
		}
	} else if set, err = loadOne(s, c.Args().First()); err != nil {
		return err
	}
	stop, err := startProfile(c)
	if err != nil {
		return err
	}
	rec, moves, err := runs.SolveSet(ctx, s.IO, set, cfg)
	if err != nil {
		stop()
		return err
	}
	render.Solution(s.Out, s.Color, set, rec, moves, true)
	if err := stop(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return status.Interrupt("chainshot play --auto: interrupted; the line above is the best found so far")
	}
	return nil
}
