package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/rating"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

func reactRateCommand() *cli.Command {
	return &cli.Command{
		Name:      "rate",
		Usage:     "a rating list: players meet their neighbours in the list, then Elo with 95% intervals for all",
		ArgsUsage: "[SPEC...]",
		Description: "Plays paired games (as react match does) between every two players at most\n" +
			"--neighbours apart in the list, then fits logistic Elo to all the results by\n" +
			"maximum likelihood (one virtual win each way a pairing, as BayesElo's prior), the\n" +
			"first player at 0. Without SPECs the list is every built-in kind of player:\n" +
			"  " + strings.Join(rating.DefaultPlayers, " ") + "\n" +
			"--out FILE keeps one JSON line a pairing the moment it ends; --resume skips\n" +
			"the pairings already there. Ctrl-C (or SIGTERM) stops the list at the next\n" +
			"move; the pairing under way is played again by --resume (exit status 130).\n\n" +
			"Examples:\n" +
			"  chainshot react rate --games 40 --jobs 2 --out rating.jsonl\n" +
			"  chainshot react rate random greedy seed002 best --games 20",
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 40, Usage: "`N` games a pairing, two a pair"}, rating.GamesBound),
			bounded(&cli.IntFlag{Name: "neighbours", Value: 2, Usage: "each player meets the next `N` in the list"}, bounds.Int{Min: 1, Max: 64}),
			reactSizeFlag("9x6", "board size, `RxC`"),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the openings and the players"}),
			jobsFlag(1, "`N` pairs of games played at once (0: one per CPU)"),
			bounded(&cli.IntFlag{Name: "opening-plies", Value: 4, Usage: "`N` random moves open each pair's games"}, rating.OpeningPliesBound),
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "append each pairing's result to `FILE` (JSON Lines); an existing non-empty FILE needs --resume"}, filekinds.RatingsOut),
			needs(&cli.BoolFlag{Name: "resume", Usage: "skip the pairings recorded in --out with the same --games, --size, --seed and --opening-plies"}, "out"),
			&cli.BoolFlag{Name: "json", Usage: "print the list as one JSON object"},
		},
		Action: doReactRate,
	}
}

func doReactRate(c *cli.Context) error {
	const cmd = "chainshot react rate"
	s := ioFrom(c)
	specs := c.Args().Slice()
	if len(specs) == 0 {
		specs = rating.DefaultPlayers
	}
	if err := rating.PlayersBound.Check(int64(len(specs))); err != nil { // the fit's work grows as the cube
		return status.BadInput("%s: %s on the list: want %s", cmd, words.Plural(len(specs), "player"), rating.PlayersBound.Want())
	}
	seen := map[string]bool{}
	for _, sp := range specs {
		if err := checkSpec(cmd, sp); err != nil {
			return err
		}
		if seen[sp] {
			return status.BadInput("%s: player %q is on the list twice", cmd, sp)
		}
		seen[sp] = true
	}
	rows, cols := reactSize(c)
	return rating.Run(c.Context, s.IO, rating.Options{Cmd: cmd, Specs: specs, Games: c.Int("games"), Neighbours: c.Int("neighbours"),
		Rows: rows, Cols: cols, Seed: c.Uint64("seed"), Jobs: gamesAtOnce(c), OpeningPlies: c.Int("opening-plies"),
		Out: c.String("out"), Resume: c.Bool("resume"), JSON: c.Bool("json")})
}
