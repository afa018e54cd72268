package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/solver"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play a ChainShot board by hand (moves are typed \"row col\")",
		ArgsUsage: "[FILE|NAME]",
		Description: "With no FILE, play asks for one. Type a move as \"row col\" (row 1 at the bottom,\n" +
			"column 1 at the left), or: undo, hint, moves, board, rules, help, quit.\n" +
			"Input may be piped: a script of moves plays the game; if input ends before the\n" +
			"game does, the moves so far are listed and play exits with status 2.\n" +
			"With --auto the computer plays FILE by itself within --budget CPU time, showing\n" +
			"the board after each move, then the moves, CPU time and beads left. Flags marked\n" +
			"\"with --auto\" apply only then; a hint searches for --hint-budget with the others." +
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

// session is one run of "chainshot play": a line reader on stdin and the
// output streams.
type session struct {
	s     *streams
	lines *bufio.Scanner
	// hintOpt is the solver budget of one hint.
	hintOpt solver.Options
}

// ask prints a prompt on stderr and reads one line; ok is false at end of
// input.
func (p *session) ask(prompt string) (string, bool) {
	printf(p.s.err, "%s", prompt)
	if !p.lines.Scan() {
		printf(p.s.err, "\n")
		return "", false
	}
	return strings.TrimSpace(p.lines.Text()), true
}

func doPlay(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() > 1 {
		return badInput("chainshot play: want at most one FILE or built-in name, got %d arguments", c.NArg())
	}
	// The search flags are checked even when only hints use them.
	if _, err := searchConfigFrom(c); err != nil {
		return err
	}
	if c.Bool("auto") {
		return doAutoPlay(c)
	}
	if c.Duration("hint-budget") <= 0 {
		return badInput("chainshot play: --hint-budget %v: want a positive duration such as 1s", c.Duration("hint-budget"))
	}
	p := &session{s: s, lines: bufio.NewScanner(s.in), hintOpt: solver.Options{
		Budget: c.Duration("hint-budget"), MaxNodes: c.Int64("max-nodes"),
		Seed: c.Uint64("seed"), Workers: jobs(c), MemoryMB: c.Int("memory"),
	}}
	name := c.Args().First()
	fromArgs := name != ""
	for {
		if name == "" {
			var ok bool
			name, ok = p.ask("Data-set file or built-in name (e.g. sample1; \"chainshot datasets\" lists them): ")
			if !ok {
				if fromArgs {
					return nil
				}
				return badInput("chainshot play: no data-set file given (standard input ended)")
			}
			if name == "" {
				continue
			}
		}
		set, err := loadOne(s, name)
		if err != nil {
			if fromArgs {
				return err
			}
			// Asked interactively: say why and ask again.
			printf(s.err, "%v\n", err)
			name = ""
			continue
		}
		fromArgs = true // from here on, the name is known good
		switch p.game(set.Name, set.Board) {
		case gameQuit:
			return nil
		case gameCut:
			return badInput("chainshot play: standard input closed before the game on %s ended (the moves so far are listed above)", set.Name)
		}
		answer, ok := p.ask("Play another game? [y/N] ")
		if !ok || !strings.HasPrefix(strings.ToLower(answer), "y") {
			return nil
		}
		next, ok := p.ask(fmt.Sprintf("Data-set file or built-in name [Enter for %s]: ", set.Name))
		if !ok {
			return nil
		}
		if next != "" {
			name = next
			fromArgs = false
		} else {
			name = set.Name
		}
	}
}

const playHelp = `Type a move as "row col": row 1 is the bottom row, column 1 the left column.
Commands: undo (take back a move), hint (the solver suggests a move), moves (list the
groups you can remove), board (show the board again), rules, help, quit.
`

// gameEnd says how a game of "chainshot play" ended.
type gameEnd int

const (
	gameOver gameEnd = iota // no move left
	gameQuit                // the player typed quit
	gameCut                 // standard input closed in the middle of the game
)

// game plays one game and says how it ended.
func (p *session) game(name string, start board.Board) gameEnd {
	s := p.s
	g := board.NewGame(start)
	printf(s.out, "%s: %dx%d, %s\n", name, start.Rows(), start.Cols(), boardSummary(&start))
	renderBoard(s.out, &g.Board, s.color, nil)
	for {
		if g.Board.IsOver() {
			if g.Board.IsEmpty() {
				printf(s.out, "Game over: every bead removed!\n")
			} else {
				printf(s.out, "Game over: no group of two or more is left.\n")
			}
			p.summary(name, g)
			return gameOver
		}
		line, ok := p.ask(fmt.Sprintf("move %d (row col, or help): ", len(g.Moves)+1))
		if !ok {
			printf(s.out, "Input ended: game stopped.\n")
			p.summary(name, g)
			return gameCut
		}
		fields := strings.Fields(strings.ToLower(line))
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "quit", "q", "exit":
			printf(s.out, "Game stopped.\n")
			p.summary(name, g)
			return gameQuit
		case "help", "?":
			printf(s.err, "%s", playHelp)
			continue
		case "rules":
			printf(s.err, "%s", chainShotRules)
			continue
		case "board", "b":
			renderBoard(s.out, &g.Board, s.color, nil)
			continue
		case "undo", "u":
			if !g.Undo() {
				printf(s.err, "nothing to undo\n")
				continue
			}
			printf(s.out, "Undone: total %d\n", g.Total)
			renderBoard(s.out, &g.Board, s.color, nil)
			continue
		case "moves", "m":
			p.listMoves(&g.Board)
			continue
		case "hint", "h":
			p.hint(g)
			continue
		}
		m, err := parseMove(fields)
		if err != nil {
			printf(s.err, "cannot take %q: %v\n", line, err)
			continue
		}
		color := g.Board.At(int(m.Row), int(m.Col))
		n := g.Board.GroupSize(m)
		score, err := g.Play(m)
		if err != nil {
			printf(s.err, "cannot play %s: %v\n", m, err.(*board.MoveError).Reason)
			continue
		}
		printf(s.out, "Move %d: %s removes %d %s beads: +%d, total %d\n", len(g.Moves), m, n, color.Name(), score, g.Total)
		renderBoard(s.out, &g.Board, s.color, nil)
	}
}

// parseMove reads "row col".
func parseMove(fields []string) (board.Move, error) {
	if len(fields) != 2 {
		return board.Move{}, fmt.Errorf("want two numbers, row and column, like \"3 4\" (or type help)")
	}
	r, err1 := strconv.Atoi(fields[0])
	c, err2 := strconv.Atoi(fields[1])
	if err1 != nil || err2 != nil {
		return board.Move{}, fmt.Errorf("want two whole numbers, row and column, like \"3 4\"")
	}
	if r < 1 || c < 1 || r > board.MaxSize || c > board.MaxSize {
		return board.Move{}, fmt.Errorf("row %d column %d is off the board", r, c)
	}
	return board.MoveAt(r, c), nil
}

func (p *session) listMoves(b *board.Board) {
	groups := b.AppendGroups(nil)
	printf(p.s.out, "%d groups:\n", len(groups))
	for _, g := range groups {
		printf(p.s.out, "  %-6s %-6s %3d beads  +%d\n", g.Move, g.Color.Name(), g.Size, board.Score(g.Size))
	}
}

// summary prints every move made, the final score and beads left.
func (p *session) summary(name string, g *board.Game) {
	s := p.s
	printf(s.out, "Moves played on %s (%d):\n", name, len(g.Moves))
	for i, m := range g.Moves {
		printf(s.out, "  %3d. %-6s +%d\n", i+1, m, g.Scores[i])
	}
	printf(s.out, "Final score: %d, beads left: %d\n", g.Total, g.Board.Beads())
}

// hint suggests a move: the one whose greedy finish (always the largest
// group) ranks best. It returns the move and that finish's beads left and
// score (this move included).
// hint asks the solver, within the hint budget, for the best line from
// the game's position and suggests its first move.
func (p *session) hint(g *board.Game) {
	s := p.s
	res, err := solver.Solve(context.Background(), g.Board, "auto", p.hintOpt)
	if err != nil || len(res.Moves) == 0 {
		printf(s.err, "hint: no move to suggest\n")
		return
	}
	m := res.Moves[0]
	n := g.Board.GroupSize(m)
	how := fmt.Sprintf("%v of search", p.hintOpt.Budget)
	if res.Optimal {
		how = "proved best"
	}
	printf(s.err, "hint: %s removes %d %s beads (+%d); the solver's line from here (%d moves, %s) leaves %d beads with total %d\n",
		m, n, g.Board.At(int(m.Row), int(m.Col)).Name(), board.Score(n), len(res.Moves), how, res.BeadsLeft, g.Total+res.Score)
}

// doAutoPlay is "play --auto": the handout's automatic play.
func doAutoPlay(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() != 1 {
		return badInput("chainshot play --auto: want one FILE or built-in name")
	}
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	set, err := loadOne(s, c.Args().First())
	if err != nil {
		return err
	}
	stop, err := startProfile(c)
	if err != nil {
		return err
	}
	ctx, cancel := interruptible(c.Context)
	defer cancel()
	rec, moves, err := solveSet(ctx, s, set, cfg)
	if err != nil {
		stop()
		return err
	}
	printSolution(s, set, rec, moves, true)
	return stop()
}
