package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/internal/bounds"
	"chainshot/internal/experiment"
	"chainshot/internal/status"
)

func reactExperimentCommand() *cli.Command {
	return &cli.Command{
		Name:      "experiment",
		Usage:     "run seed 002's experiments for real: Table 1, Table 2, CSV, JSON, and Figures 2 and 3 (PNG and SVG)",
		ArgsUsage: "seed002",
		Description: seedNote("seed 002") + "\n\n" +
			"Plays every matchup of seed 002's tables between real players and writes\n" +
			"the tables and figures into --out-dir.\n\n" +
			"Examples:\n" +
			"  chainshot react experiment seed002 --games 100 --jobs 2 --out-dir results/\n" +
			"  chainshot react experiment seed002 --games 4 --size 3x3 --depth1 1 --depth2 1",
		Flags: append([]cli.Flag{
			bounded(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "`N` games per matchup"}, bounds.Int{Min: 1, Max: 10000, Unit: "games"}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the players"}),
			jobsFlag(1, "`N` games played at once (0: one per CPU)"),
			reactSizeFlag("9x6", "board size, `RxC`"),
			folderFlag(&cli.StringFlag{Name: "out-dir", Value: ".", Usage: "`DIR` for seed002-table1.csv, seed002-table2.csv, seed002.json and the figures seed002-heatmap and seed002-comparison (.png, .svg), made if missing"}),
			folderFlag(&cli.StringFlag{Name: "out", Hidden: true, Usage: "old spelling of --out-dir"}),
			bounded(&cli.IntFlag{Name: "depth1", Value: 3, Usage: "Table 1's single-heuristic agents search `N` plies"}, bounds.Int{Min: 1, Max: 6, Unit: "plies"}),
			bounded(&cli.IntFlag{Name: "depth2", Value: 2, Usage: "Table 2's agents search `N` plies"}, bounds.Int{Min: 1, Max: 6, Unit: "plies"}),
		}, profileFlags()...),
		Action: profiled(doReactExperiment),
	}
}

func doReactExperiment(c *cli.Context) error {
	const cmd = "chainshot react experiment"
	s := ioFrom(c)
	if c.NArg() != 1 || c.Args().First() != "seed002" {
		return status.BadInput("%s: %q: want the experiment's name: seed002", cmd, strings.Join(c.Args().Slice(), " "))
	}
	rows, cols := reactSize(c)
	dir, err := experimentDir(c)
	if err != nil {
		return err
	}
	return experiment.Run(c.Context, s.IO, experiment.Options{Cmd: cmd, Note: seedNote("seed 002"), Games: c.Int("games"),
		Seed: c.Uint64("seed"), Jobs: gamesAtOnce(c), Rows: rows, Cols: cols, Depth1: c.Int("depth1"), Depth2: c.Int("depth2"),
		Dir: dir, Flag: typedFlag(c, []string{"out-dir", "out"})})
}

// experimentDir returns --out-dir (or its old spelling --out), made if
// missing, before any game is played.
func experimentDir(c *cli.Context) (string, error) {
	dir := c.String("out-dir")
	if !c.IsSet("out-dir") && c.IsSet("out") {
		dir = c.String("out")
	}
	if err := makeFolder(dir); err != nil {
		return "", status.BadInput("%s: %s %s: %v", commandPath(c), typedFlag(c, []string{"out-dir", "out"}), dir, err)
	}
	return dir, nil
}
