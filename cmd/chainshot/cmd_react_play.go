package main

import (
	"bufio"
	"fmt"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/match"
	"chainshot/internal/bounds"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

func reactPlayCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play Chain Reaction in the terminal, against AI players or hot-seat",
		ArgsUsage: " ",
		Description: "Type a move as \"row col\" (row 1 at the bottom). Other commands: undo, hint,\n" +
			"waves (draw each chain wave by wave, on/off), board, rules, help, quit. Moves and\n" +
			"boards go to stdout, prompts and complaints to stderr; the game ends at EOF.\n" +
			"--vs once gives every other seat that player; with more players, give --vs once\n" +
			"for each other seat, in seat order (\"human\" for a person at the keyboard).\n\n" +
			playerSpecs +
			examples("chainshot react play --size 5x5 --vs seed001",
				"chainshot react play --players 3 --vs best --vs random --waves",
				"chainshot react play --players 2 --vs human"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			bounded(&cli.IntFlag{Name: "players", Value: 2, Usage: "`N` players"}, playersBound),
			&cli.StringSliceFlag{Name: "vs", Value: cli.NewStringSlice(ai.DefaultSpec), Usage: "the other seats' player, a `SPEC` (Players, above), or \"human\"; repeat it for one a seat"},
			bounded(&cli.IntFlag{Name: "seat", Value: 1, Usage: "your seat, `N` (seat 1 moves first)"}, bounds.Int{Min: 1, Max: chainreact.MaxPlayers}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the AI players"}),
			&cli.BoolFlag{Name: "waves", Usage: "draw every chain wave by wave from the start (the waves command turns it on and off)"},
		},
		Action: doReactPlay,
	}
}

const reactPlayHelp = `commands:
  r c      play on row r, column c (row 1 is the bottom row)
  undo     take back the moves since your last turn: the AI moves and your own,
           so it is your move again (hot-seat: the last move)
  hint     ask the strongest player for a move
  waves    draw each chain wave by wave (on/off)
  board    show the board again
  rules    the rules of Chain Reaction
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
	ais     []ai.Player
	hint    ai.Player
	waves   bool
	history []chainreact.Board
	moves   []chainreact.Move
}

// newReactGame sets the game up from the flags.
func newReactGame(cmd string, c *cli.Context) (*reactGame, error) {
	if c.Args().Present() {
		return nil, status.BadInput("%s: takes no arguments, got %q", cmd, c.Args().First())
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return nil, err
	}
	n := c.Int("players")
	pos, err := chainreact.NewPosition(rows, cols, n)
	if err != nil {
		return nil, status.BadInput("%s: --players: %v", cmd, err)
	}
	seat := c.Int("seat")
	if seat < 1 || seat > n {
		return nil, status.BadInput("%s: --seat %d: want 1 to %d", cmd, seat, n)
	}
	g := &reactGame{s: ioFrom(c), pos: pos, ais: make([]ai.Player, n), waves: c.Bool("waves")}
	specs, err := seatSpecs(cmd, c.StringSlice("vs"), n, seat)
	if err != nil {
		return nil, err
	}
	for p, spec := range specs {
		if spec == "" || spec == "human" {
			continue
		}
		if g.ais[p], err = ai.NewPlayer(spec, match.GameSeed(c.Uint64("seed"), p)); err != nil {
			g.close()
			return nil, status.Fail("%s: --vs %s: %v", cmd, spec, words.WithoutPackage(err.Error()))
		}
	}
	g.hint, _ = ai.NewPlayer(ai.DefaultSpec, c.Uint64("seed"))
	return g, nil
}

// seatSpecs gives each seat of n its player from the --vs values: "" for
// yours (seat, 1-based); one value for every other seat, or one for each
// in seat order. Each spec is checked.
func seatSpecs(cmd string, vs []string, n, seat int) ([]string, error) {
	others := n - 1
	if len(vs) != 1 && len(vs) != others {
		return nil, status.BadInput("%s: --vs given %s: want it once (every other seat) or %s (one for each other seat, in seat order)",
			cmd, words.Plural(len(vs), "time"), words.Plural(others, "time"))
	}
	specs := make([]string, n)
	k := 0
	for p := range specs {
		if p == seat-1 {
			continue
		}
		specs[p] = vs[min(k, len(vs)-1)]
		k++
		if specs[p] == "human" {
			continue
		}
		if err := checkSpec(cmd, "vs", specs[p]); err != nil {
			return nil, err
		}
	}
	return specs, nil
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
	in := bufio.NewScanner(g.s.In)
	fmt.Fprintf(g.s.Out, "Chain Reaction %dx%d, %d players: %s\n", b.Rows(), b.Cols(), b.Players(), spaced(g.pos.Names))
	render.ReactBoard(g.s.Out, &g.pos, g.s.Color, nil)
	for !b.Over() {
		p := b.ToMove()
		if g.ais[p] != nil {
			g.play(g.ais[p].Choose(b, g.moves))
			continue
		}
		fmt.Fprintf(g.s.Err, "%c to move (row col, undo, hint, waves, board, rules, help, quit): ", g.pos.Names[p])
		if !in.Scan() {
			fmt.Fprintln(g.s.Err)
			fmt.Fprintln(g.s.Out, "end of input: game left unfinished")
			return status.BadInput("%s: standard input closed before the game ended, after %s", cmd, words.Plural(len(g.moves), "move"))
		}
		if quit := g.command(strings.TrimSpace(in.Text())); quit {
			fmt.Fprintln(g.s.Out, "game left unfinished")
			return nil
		}
	}
	fmt.Fprintf(g.s.Out, "%c wins after %s\n", g.pos.Names[b.Winner()], words.Plural(b.Ply(), "move"))
	return nil
}

// command runs one line a human typed; it reports whether they quit.
func (g *reactGame) command(line string) (quit bool) {
	b := &g.pos.Board
	out := g.s.Out
	switch strings.ToLower(line) {
	case "":
	case "q", "quit", "exit":
		return true
	case "?", "help":
		fmt.Fprint(g.s.Err, reactPlayHelp)
	case "rules":
		fmt.Fprint(g.s.Err, chainReactionRules)
	case "b", "board":
		render.ReactBoard(out, &g.pos, g.s.Color, nil)
	case "w", "waves":
		g.waves = !g.waves
		fmt.Fprintf(g.s.Err, "waves %s\n", map[bool]string{true: "on", false: "off"}[g.waves])
	case "h", "hint":
		fmt.Fprintf(out, "hint: %s\n", b.FormatMove(g.hint.Choose(b, g.moves)))
	case "u", "undo":
		g.undo()
	default:
		m, err := b.ParseMove(line)
		if err != nil {
			fmt.Fprintf(g.s.Err, "%v (type help for the commands)\n", err)
			return false
		}
		if !b.Legal(m) {
			o, _ := b.Cell(int(m))
			fmt.Fprintf(g.s.Err, "%s belongs to %c: play on an empty cell or one of yours\n", line, g.pos.Names[o])
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
	fmt.Fprintf(g.s.Out, "%c plays %s\n", g.pos.Names[tr.Player], tr.Before.FormatMove(m))
	if g.waves && len(tr.Waves) > 0 {
		// As the pictures draw a chain: the board once the orb has
		// landed, then after each wave, the cells that exploded marked;
		// the last wave's board is the position after the move.
		fmt.Fprintln(g.s.Out, "the orb lands:")
		render.ReactBoard(g.s.Out, &chainreact.Position{Board: tr.Landed, Names: g.pos.Names}, g.s.Color, map[chainreact.Move]bool{m: true})
		for i, w := range tr.Waves {
			render.ReactWave(g.s.Out, &tr.Before, i, w)
			marks := map[chainreact.Move]bool{}
			for _, e := range w.Exploded {
				marks[e] = true
			}
			render.ReactBoard(g.s.Out, &chainreact.Position{Board: w.After, Names: g.pos.Names}, g.s.Color, marks)
		}
		if tr.Stopped {
			fmt.Fprintln(g.s.Out, "the reaction stops: one player is left")
		}
		return
	}
	render.ReactBoard(g.s.Out, &g.pos, g.s.Color, map[chainreact.Move]bool{m: true})
}

// undo goes back to the previous turn of a human player.
func (g *reactGame) undo() {
	if len(g.history) == 0 {
		fmt.Fprintln(g.s.Err, "nothing to undo")
		return
	}
	var taken []string
	for len(g.history) > 0 {
		g.pos.Board = g.history[len(g.history)-1]
		g.history = g.history[:len(g.history)-1]
		m := g.moves[len(g.moves)-1]
		g.moves = g.moves[:len(g.moves)-1]
		taken = append([]string{fmt.Sprintf("%c %s", g.pos.Names[g.pos.Board.ToMove()], g.pos.Board.FormatMove(m))}, taken...)
		if g.ais[g.pos.Board.ToMove()] == nil {
			break
		}
	}
	fmt.Fprintf(g.s.Out, "undone: %s taken back (%s); %c to move\n", words.Plural(len(taken), "move"), strings.Join(taken, ", "), g.pos.Names[g.pos.Board.ToMove()])
	render.ReactBoard(g.s.Out, &g.pos, g.s.Color, nil)
}

func spaced(s string) string {
	return strings.Join(strings.Split(s, ""), " ")
}
