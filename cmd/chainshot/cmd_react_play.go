package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/bounds"
	"chainshot/internal/reactplay"
	"chainshot/internal/status"
	"chainshot/internal/tui"
	"chainshot/internal/tui/react"
	"chainshot/internal/words"
)

func reactPlayCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play Chain Reaction in the terminal, against AI players or hot-seat",
		ArgsUsage: " ",
		Description: "Type a move as \"row col\" (row 1 at the bottom). Other commands: undo, hint,\n" +
			"waves (draw each chain wave by wave, on/off), board, rules, help, quit. Moves and\n" +
			"boards go to stdout, prompts and complaints to stderr; the game ends at EOF.\n" +
			"It says first who plays each seat; Ctrl-C stops the game, listing the moves so\n" +
			"far (exit status 130).\n" +
			"On a terminal (standard input and output both), it opens a full-screen game: arrows\n" +
			"or h j k l (or the mouse) move the cursor, Enter or a click plays, each chain is drawn\n" +
			"wave by wave; u undo, r redo, H hint, ? keys and rules, q quit; at the end the arrows\n" +
			"step through a replay. --plain keeps the line interface.\n" +
			"--vs once gives every other seat that player; with more players, give --vs once\n" +
			"for each other seat, in seat order (\"human\" for a person at the keyboard).\n\n" +
			playerSpecs +
			examples("chainshot react play --size 5x5 --vs seed001",
				"chainshot react play --players 3 --vs best --vs random --waves",
				"chainshot react play --players 2 --vs human"),
		Flags: []cli.Flag{
			reactSizeFlag("9x6", "board size, `RxC`"),
			bounded(&cli.IntFlag{Name: "players", Value: 2, Usage: "`N` players"}, playersBound),
			specsFlag("vs", []string{ai.DefaultSpec}, "the other seats' player, a `SPEC` (Players, above), or \"human\"; repeat it for one a seat", engineSpec|humanSpec),
			bounded(&cli.IntFlag{Name: "seat", Value: 1, Usage: "your seat, `N` (seat 1 moves first)"}, bounds.Int{Min: 1, Max: chainreact.MaxPlayers}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the AI players"}),
			&cli.BoolFlag{Name: "waves", Usage: "draw every chain wave by wave from the start (the waves command turns it on and off)"},
			&cli.BoolFlag{Name: "plain", Usage: "the line interface even on a terminal (without it, a terminal gets the full-screen game)"},
		},
		Action: doReactPlay,
	}
}

func doReactPlay(c *cli.Context) error {
	const cmd = "chainshot react play"
	s := ioFrom(c)
	rows, cols := reactSize(c)
	n := c.Int("players")
	pos, err := chainreact.NewPosition(rows, cols, n)
	if err != nil {
		return status.BadInput("%s: --players: %v", cmd, err)
	}
	seat := c.Int("seat")
	if seat < 1 || seat > n {
		return status.BadInput("%s: --seat %d: want 1 to %d", cmd, seat, n)
	}
	specs, err := seatSpecs(cmd, c.StringSlice("vs"), n, seat)
	if err != nil {
		return err
	}
	o := reactplay.Options{Cmd: cmd, Pos: pos, Specs: specs, Seed: c.Uint64("seed"), Waves: c.Bool("waves"), Rules: chainReactionRules}
	if tui.Wanted(s.IO, c.Bool("plain")) {
		return react.Run(c.Context, s.IO, o)
	}
	return reactplay.Run(c.Context, s.IO, o)
}

// seatSpecs gives each seat of n its player from the --vs values: "" for
// yours (seat, 1-based); one value for every other seat, or one for each
// in seat order (each checked by the flag).
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
		specs[p] = vs[min(k, len(vs)-1)] // checked by its flag
		k++
	}
	return specs, nil
}
