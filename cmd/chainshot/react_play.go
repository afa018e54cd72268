package main

import (
	"bufio"
	"fmt"
	"strings"

	"chainshot/chainreact"

	"github.com/urfave/cli/v2"
)

func reactPlayCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play Chain Reaction in the terminal, against AI players or hot-seat",
		ArgsUsage: " ",
		Description: "Type a move as \"row col\" (row 1 at the bottom). Other commands: undo, hint,\n" +
			"waves (show each chain wave by wave, on/off), board, help, quit. Moves and\n" +
			"boards go to stdout, prompts and complaints to stderr; the game ends at EOF.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			&cli.IntFlag{Name: "players", Value: 2, Usage: "`N` players (2 to 8)"},
			&cli.StringFlag{Name: "vs", Value: chainreact.DefaultSpec, Usage: "the AI players, a `SPEC`, or \"human\" for hot-seat"},
			&cli.IntFlag{Name: "seat", Value: 1, Usage: "your seat, `N` (seat 1 moves first)"},
			&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the AI players"},
			&cli.BoolFlag{Name: "waves", Usage: "show every chain wave by wave from the start"},
		},
		Action: doReactPlay,
	}
}

const reactPlayHelp = `commands:
  r c      play on row r, column c (row 1 is the bottom row)
  undo     take back your last move (and the AI replies after it)
  hint     ask the strongest player for a move
  waves    show each chain wave by wave (on/off)
  board    show the board again
  quit     leave the game
`

func doReactPlay(c *cli.Context) error {
	const cmd = "chainshot react play"
	g, err := newReactGame(cmd, c)
	if err != nil {
		return err
	}
	defer g.close()
	return g.run(cmd)
}

// reactGame is a game of react play: the position, the AI players in
// their seats (nil for a human), and the history for undo.
type reactGame struct {
	s       *streams
	pos     chainreact.Position
	ais     []chainreact.Player
	hint    chainreact.Player
	waves   bool
	history []chainreact.Board
	moves   []chainreact.Move
}

// newReactGame sets the game up from the flags.
func newReactGame(cmd string, c *cli.Context) (*reactGame, error) {
	if c.Args().Present() {
		return nil, badInput("%s: takes no arguments, got %q", cmd, c.Args().First())
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return nil, err
	}
	n := c.Int("players")
	pos, err := chainreact.NewPosition(rows, cols, n)
	if err != nil {
		return nil, badInput("%s: --players: %v", cmd, err)
	}
	seat := c.Int("seat")
	if seat < 1 || seat > n {
		return nil, badInput("%s: --seat %d: want 1 to %d", cmd, seat, n)
	}
	g := &reactGame{s: ioFrom(c), pos: pos, ais: make([]chainreact.Player, n), waves: c.Bool("waves")}
	if vs := c.String("vs"); vs != "human" {
		if err := checkSpec(cmd, "vs", vs); err != nil {
			return nil, err
		}
		for p := 0; p < n; p++ {
			if p == seat-1 {
				continue
			}
			if g.ais[p], err = chainreact.NewPlayer(vs, chainreact.GameSeed(c.Uint64("seed"), p)); err != nil {
				g.close()
				return nil, failed("%s: --vs: %v", cmd, err)
			}
		}
	}
	g.hint, _ = chainreact.NewPlayer(chainreact.DefaultSpec, c.Uint64("seed"))
	return g, nil
}

// close ends the AI players that run a program.
func (g *reactGame) close() {
	for _, ai := range g.ais {
		if cl, ok := ai.(interface{ Close() error }); ok {
			cl.Close()
		}
	}
}

// run plays the game to its end, asking the humans for their moves.
func (g *reactGame) run(cmd string) error {
	b := &g.pos.Board
	in := bufio.NewScanner(g.s.in)
	fmt.Fprintf(g.s.out, "Chain Reaction %dx%d, %d players: %s\n", b.Rows(), b.Cols(), b.Players(), spaced(g.pos.Names))
	writeReactBoard(g.s.out, &g.pos, g.s.color, nil)
	for !b.Over() {
		p := b.ToMove()
		if g.ais[p] != nil {
			g.play(g.ais[p].Choose(b, g.moves))
			continue
		}
		fmt.Fprintf(g.s.err, "%c to move (row col, undo, hint, waves, board, help, quit): ", g.pos.Names[p])
		if !in.Scan() {
			fmt.Fprintln(g.s.err)
			fmt.Fprintln(g.s.out, "end of input: game left unfinished")
			return badInput("%s: standard input closed before the game ended, after %s", cmd, plural(len(g.moves), "move"))
		}
		if quit := g.command(strings.TrimSpace(in.Text())); quit {
			fmt.Fprintln(g.s.out, "game left unfinished")
			return nil
		}
	}
	fmt.Fprintf(g.s.out, "%c wins after %s\n", g.pos.Names[b.Winner()], plural(b.Ply(), "move"))
	return nil
}

// command runs one line a human typed; it reports whether they quit.
func (g *reactGame) command(line string) (quit bool) {
	b := &g.pos.Board
	out := g.s.out
	switch strings.ToLower(line) {
	case "":
	case "q", "quit", "exit":
		return true
	case "?", "help":
		fmt.Fprint(g.s.err, reactPlayHelp)
	case "b", "board":
		writeReactBoard(out, &g.pos, g.s.color, nil)
	case "w", "waves":
		g.waves = !g.waves
		fmt.Fprintf(g.s.err, "waves %s\n", map[bool]string{true: "on", false: "off"}[g.waves])
	case "h", "hint":
		fmt.Fprintf(out, "hint: %s\n", b.FormatMove(g.hint.Choose(b, g.moves)))
	case "u", "undo":
		g.undo()
	default:
		m, err := b.ParseMove(line)
		if err != nil {
			fmt.Fprintf(g.s.err, "%v (type help for the commands)\n", err)
			return false
		}
		if !b.Legal(m) {
			o, _ := b.Cell(int(m))
			fmt.Fprintf(g.s.err, "%s belongs to %c: play on an empty cell or one of yours\n", line, g.pos.Names[o])
			return false
		}
		g.play(m)
	}
	return false
}

// play plays m, prints it (wave by wave when asked) and the board.
func (g *reactGame) play(m chainreact.Move) {
	b := &g.pos.Board
	g.history = append(g.history, *b)
	tr := b.PlayTrace(m)
	g.moves = append(g.moves, m)
	fmt.Fprintf(g.s.out, "%c plays %s\n", g.pos.Names[tr.Player], tr.Before.FormatMove(m))
	if g.waves {
		writeWaves(g.s.out, &tr.Before, tr)
	}
	writeReactBoard(g.s.out, &g.pos, g.s.color, map[chainreact.Move]bool{m: true})
}

// undo goes back to the previous turn of a human player.
func (g *reactGame) undo() {
	if len(g.history) == 0 {
		fmt.Fprintln(g.s.err, "nothing to undo")
		return
	}
	for len(g.history) > 0 {
		g.pos.Board = g.history[len(g.history)-1]
		g.history = g.history[:len(g.history)-1]
		g.moves = g.moves[:len(g.moves)-1]
		if g.ais[g.pos.Board.ToMove()] == nil {
			break
		}
	}
	fmt.Fprintln(g.s.out, "undone")
	writeReactBoard(g.s.out, &g.pos, g.s.color, nil)
}

func spaced(s string) string {
	return strings.Join(strings.Split(s, ""), " ")
}
