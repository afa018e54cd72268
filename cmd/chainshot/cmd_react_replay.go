package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/internal/bounds"
	"chainshot/internal/matchrun"
	"chainshot/internal/status"
)

func reactReplayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "show the games of a match's records (react match --out) move by move, each reaction wave by wave",
		ArgsUsage: "RECORDS",
		Description: "RECORDS is a file of game records, one JSON line a game, as react match --out\n" +
			"writes them. Every move is replayed by the engine and shown with its waves, what\n" +
			"it captured and the board after it; --list shows one line a game instead.\n\n" +
			"Examples:\n" +
			"  chainshot react replay games.jsonl --list\n" +
			"  chainshot react replay games.jsonl --game 3",
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "game", Aliases: []string{"g"}, Usage: "show only game `N` (its number in the match)"}, bounds.Int{Min: 1, Max: 1000000, Zero: "every game"}),
			&cli.BoolFlag{Name: "list", Usage: "one line a game: players, winner, plies, CPU time"},
		},
		Action: doReactReplay,
	}
}

func doReactReplay(c *cli.Context) error {
	const cmd = "chainshot react replay"
	s := ioFrom(c)
	if c.NArg() != 1 {
		return status.BadInput("%s: want one file of game records (react match --out), got %d arguments", cmd, c.NArg())
	}
	return matchrun.Replay(s.IO, matchrun.ReplayOptions{Cmd: cmd, Path: c.Args().First(), Game: c.Int("game"), List: c.Bool("list")})
}
