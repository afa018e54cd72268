package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/chainreact/ai"
	"chainshot/chainreact/match"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/matchrun"
	"chainshot/internal/status"
)

func reactMatchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play paired games between two players and report wins, Elo and an SPRT",
		ArgsUsage: " ",
		Description: "Games come in pairs: both games of a pair start from the same opening, the\n" +
			"seats swapped. Openings are --opening-plies random moves drawn from --seed, or\n" +
			"the lines of --openings OPENINGS (moves \"row col\" separated by commas).\n" +
			"With --sprt ELO0,ELO1 the match stops as soon as the sequential probability\n" +
			"ratio test over the pairs accepts H0 (p1 is ELO0 logistic Elo stronger) or H1\n" +
			"(ELO1 stronger), with --alpha and --beta, as cutechess-cli and fastchess do;\n" +
			"--games is then the most to play. --out FILE keeps one JSON line a game,\n" +
			"written the moment it ends (chainshot react replay FILE shows them); --resume\n" +
			"continues after a crash. Ctrl-C (or SIGTERM) stops the match at once (a search\n" +
			"is cut short, an engine: program still thinking is ended, the game under way\n" +
			"is not kept) and reports the games finished (exit status 130).\n\n" +
			playerSpecs + "\n\n" + seedNote("seed 001", "seed 002") +
			examples("chainshot react match --p1 best --p2 seed002 --games 200 --jobs 2",
				"chainshot react match --p1 best:nodes=60000 --p2 best --sprt 0,10 --games 4000 --out games.jsonl"),
		Flags: append([]cli.Flag{
			specFlag("p1", ai.DefaultSpec, "first player, a `SPEC` such as best, best:nodes=900, seed002, random (Players, above)", engineSpec),
			specFlag("p2", "random", "second player, a `SPEC` (Players, above)", engineSpec),
			bounded(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "`N` games to play, two a pair (with --sprt, the most)"}, gamesBound),
			reactSizeFlag("9x6", "board size, `RxC`"),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the openings and every player's randomness"}),
			jobsFlag(1, "`N` pairs of games played at once (0: one per CPU)"),
			bounded(&cli.IntFlag{Name: "opening-plies", Value: 4, Usage: "`N` random moves open each pair's games (0: the empty board)"}, bounds.Int{Min: 0, Max: 64, Unit: "plies"}),
			&cli.StringFlag{Name: "openings", Usage: "read the openings from `OPENINGS`, a file of one opening a line (pair k plays line k, cycling)"},
			boundedList(&cli.StringFlag{Name: "sprt", Usage: "stop at the verdict of a sequential probability ratio test between two Elo differences, a `LIST` ELO0,ELO1 such as 0,10 (or elo0=0,elo1=10,alpha=0.05,beta=0.05)"}, sprtBound),
			boundedFloat(&cli.Float64Flag{Name: "alpha", Value: 0.05, Usage: "the SPRT's false-positive rate `A`"}, match.RateBound),
			boundedFloat(&cli.Float64Flag{Name: "beta", Value: 0.05, Usage: "the SPRT's false-negative rate `B`"}, match.RateBound),
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "append each game's record to `FILE` (JSON Lines) the moment it ends; an existing non-empty FILE needs --resume"}, filekinds.GameRecordsOut),
			needs(&cli.BoolFlag{Name: "resume", Usage: "continue the match recorded in --out: its games count and are not played again (same --p1, --p2, --size, --seed, openings)"}, "out"),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object (the fields docs/chain-reaction.md lists)"},
		}, profileFlags()...),
		Action: profiled(doReactMatch),
	}
}

func doReactMatch(c *cli.Context) error {
	const cmd = "chainshot react match"
	s := ioFrom(c)
	rows, cols := reactSize(c)
	o := matchrun.Options{Cmd: cmd, Specs: [2]string{c.String("p1"), c.String("p2")}, Games: c.Int("games"), Rows: rows, Cols: cols,
		Seed: c.Uint64("seed"), Jobs: gamesAtOnce(c), OpeningPlies: c.Int("opening-plies"),
		Out: c.String("out"), Resume: c.Bool("resume"), JSON: c.Bool("json")}
	if c.IsSet("sprt") { // the test's parameters together, before any file is read
		t, err := match.ParseSPRT(c.String("sprt"), c.Float64("alpha"), c.Float64("beta"))
		if err != nil {
			return status.BadInput("%s: --sprt %q: %v", cmd, c.String("sprt"), err)
		}
		o.SPRT = &t
	} else if c.IsSet("alpha") || c.IsSet("beta") {
		return status.BadInput("%s: --alpha and --beta are the SPRT's: give --sprt ELO0,ELO1 too", cmd)
	}
	if name := c.String("openings"); name != "" {
		var err error
		if o.Openings, err = matchrun.ReadOpenings(s.Inputs, cmd, name, rows, cols); err != nil {
			return err
		}
	}
	return matchrun.Run(c.Context, s.IO, o)
}
