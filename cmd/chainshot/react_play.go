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
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size ROWSxCOLS"},
			&cli.IntFlag{Name: "players", Value: 2, Usage: "players (2 to 8)"},
			&cli.StringFlag{Name: "vs", Value: chainreact.DefaultSpec, Usage: "the AI players' spec, or \"human\" for hot-seat"},
			&cli.IntFlag{Name: "seat", Value: 1, Usage: "your seat (1 moves first)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed for the AI players"},
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
	s := ioFrom(c)
	if c.Args().Present() {
		return badInput("%s: takes no arguments, got %q", cmd, c.Args().First())
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return err
	}
	n := c.Int("players")
	pos, err := chainreact.NewPosition(rows, cols, n)
	if err != nil {
		return badInput("%s: --players: %v", cmd, err)
	}
	seat := c.Int("seat")
	if seat < 1 || seat > n {
		return badInput("%s: --seat %d: want 1 to %d", cmd, seat, n)
	}
	vs := c.String("vs")
	ais := make([]chainreact.Player, n)
	if vs != "human" {
		if err := checkSpec(cmd, "vs", vs); err != nil {
			return err
		}
		for p := 0; p < n; p++ {
			if p == seat-1 {
				continue
			}
			ai, err := chainreact.NewPlayer(vs, chainreact.GameSeed(c.Uint64("seed"), p))
			if err != nil {
				return failed("%s: --vs: %v", cmd, err)
			}
			if cl, ok := ai.(interface{ Close() error }); ok {
				defer cl.Close()
			}
			ais[p] = ai
		}
	}
	hint, _ := chainreact.NewPlayer(chainreact.DefaultSpec, c.Uint64("seed"))
	waves := c.Bool("waves")
	var history []chainreact.Board
	var moves []chainreact.Move
	in := bufio.NewScanner(s.in)
	out := s.out
	fmt.Fprintf(out, "Chain Reaction %dx%d, %d players: %s\n", rows, cols, n, spaced(pos.Names))
	writeReactBoard(out, &pos, s.color, nil)
	play := func(m chainreact.Move) {
		b := &pos.Board
		who := pos.Names[b.ToMove()]
		history = append(history, *b)
		before := *b
		tr := b.PlayTrace(m)
		moves = append(moves, m)
		fmt.Fprintf(out, "%c plays %s\n", who, before.FormatMove(m))
		if waves {
			writeWaves(out, &before, tr)
		}
		marks := map[chainreact.Move]bool{m: true}
		writeReactBoard(out, &pos, s.color, marks)
	}
	for !pos.Board.Over() {
		b := &pos.Board
		p := b.ToMove()
		if ais[p] != nil {
			play(ais[p].Choose(b, moves))
			continue
		}
		fmt.Fprintf(s.err, "%c to move (row col, undo, hint, waves, board, help, quit): ", pos.Names[p])
		if !in.Scan() {
			fmt.Fprintln(s.err)
			fmt.Fprintln(out, "end of input: game left unfinished")
			return badInput("%s: standard input closed before the game ended, after %d moves", cmd, len(moves))
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "q", "quit", "exit":
			fmt.Fprintln(out, "game left unfinished")
			return nil
		case "?", "help":
			fmt.Fprint(s.err, reactPlayHelp)
		case "b", "board":
			writeReactBoard(out, &pos, s.color, nil)
		case "w", "waves":
			waves = !waves
			fmt.Fprintf(s.err, "waves %s\n", map[bool]string{true: "on", false: "off"}[waves])
		case "h", "hint":
			m := hint.Choose(b, moves)
			fmt.Fprintf(out, "hint: %s\n", b.FormatMove(m))
		case "u", "undo":
			if len(history) == 0 {
				fmt.Fprintln(s.err, "nothing to undo")
				continue
			}
			// go back to the previous turn of a human player
			for len(history) > 0 {
				pos.Board = history[len(history)-1]
				history = history[:len(history)-1]
				moves = moves[:len(moves)-1]
				if ais[pos.Board.ToMove()] == nil {
					break
				}
			}
			fmt.Fprintln(out, "undone")
			writeReactBoard(out, &pos, s.color, nil)
		default:
			m, err := b.ParseMove(line)
			if err != nil {
				fmt.Fprintf(s.err, "%v (type help for the commands)\n", err)
				continue
			}
			if !b.Legal(m) {
				o, _ := b.Cell(int(m))
				fmt.Fprintf(s.err, "%s belongs to %c: play on an empty cell or one of yours\n", line, pos.Names[o])
				continue
			}
			play(m)
		}
	}
	fmt.Fprintf(out, "%c wins after %d moves\n", pos.Names[pos.Board.Winner()], pos.Board.Ply())
	return nil
}

func spaced(s string) string {
	return strings.Join(strings.Split(s, ""), " ")
}
