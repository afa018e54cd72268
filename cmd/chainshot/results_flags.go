package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/filekinds"
	"chainshot/internal/runs"
	"chainshot/results"
)

// resultFlags are the flags of the commands that write results files
// (solve, tournament, bench).
func resultFlags() []cli.Flag {
	return []cli.Flag{
		outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "append each data set's results line to `FILE` (JSON Lines) the moment it finishes; an existing non-empty FILE needs --resume"}, filekinds.ResultsOut),
		outFlag(&cli.StringFlag{Name: "csv", Usage: "keep the results as CSV in `FILE`, rewritten whole after each data set"}, filekinds.ResultsCSV),
		needs(&cli.BoolFlag{Name: "resume", Usage: "continue the run recorded in --out: skip the data sets finished there with the same --algo, --budget, --wall, --max-nodes and --seed, run the rest"}, "out"),
		&cli.BoolFlag{Name: "keep-going", Usage: "keep solving when --out or --csv can no longer be written (the table and --json still give every result)"},
	}
}

// planFrom is the plan of a run over sets with cfg as c's flags say: its
// results files, its profile, a line on stderr per data set, and the
// results line on stdout with --json.
func planFrom(c *cli.Context, sets []datasets.Set, cfg runs.Search) runs.Plan {
	s := ioFrom(c)
	p := runs.Plan{
		Command: commandPath(c), Name: c.Command.Name, Sets: sets, Search: cfg,
		Files: runs.Files{Out: c.String("out"), CSV: c.String("csv"), Resume: c.Bool("resume"), KeepGoing: c.Bool("keep-going")},
		Log:   true, Profile: func() (func() error, error) { return startProfile(c) },
	}
	if c.Bool("json") {
		p.Show = func(_ datasets.Set, rec results.Record, _ []board.Move) { s.Out.Write(results.MarshalLine(rec)) }
		p.ShowsLine = true
	}
	return p
}
