package main

import (
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/internal/bounds"
	"chainshot/internal/interrupt"
	"chainshot/internal/play"
	"chainshot/internal/render"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/tui"
	"chainshot/internal/tui/shot"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play a ChainShot board by hand (moves are typed \"row col\")",
		ArgsUsage: "[FILE|NAME]",
		Description: "With no FILE, play asks for one. Type a move as \"row col\" (row 1 at the bottom,\n" +
			"column 1 at the left), or: undo, hint, moves (the moves played so far), groups\n" +
			"(the groups you can remove), board, rules, help, quit.\n" +
			"Input may be piped: a script of moves plays the game; if input ends before the\n" +
			"game does, the moves so far are listed and play exits with status 2.\n" +
			"With --auto the computer plays FILE (asked for when not given) by itself within\n" +
			"--budget CPU time, showing the board after each move, then the moves, CPU time and\n" +
			"beads left. Flags marked \"with --auto\" apply only then (without it they are\n" +
			"refused); a hint searches for --hint-budget with the others.\n" +
			"On a terminal (standard input and output both), play opens a full-screen game: arrows\n" +
			"or h j k l (or the mouse) move the cursor, Enter or a click removes the group under it,\n" +
			"u undo, r redo, H hint, a auto-play, ? keys and rules, q quit; \"row col\" can still\n" +
			"be typed. --plain keeps the line interface.\n" +
			"Ctrl-C ends a game as quit does, listing the moves and score, then exits with status 130;\n" +
			"with --auto it shows the best line found so far." +
			examples("chainshot play sample1",
				"chainshot play < moves.txt sample1",
				"chainshot play --auto ladder04-10x10-3c --budget 5s"),
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "auto", Usage: "let the computer play FILE automatically (see \"chainshot solve\")"},
			&cli.BoolFlag{Name: "plain", Usage: "the line interface even on a terminal (without it, a terminal gets the full-screen game)"},
			boundedDuration(&cli.DurationFlag{Name: "hint-budget", Value: time.Second, Usage: "`DURATION` of CPU time the solver spends on each hint, with a unit: 1s, 500ms"}, bounds.Duration{Min: time.Millisecond, Max: time.Hour}),
		}, markAutoOnly(searchFlags())...),
		Action: doPlay,
	}
}

func doPlay(c *cli.Context) error {
	if c.NArg() > 1 {
		return status.BadInput("chainshot play: want at most one FILE or built-in name, got %d arguments", c.NArg())
	}
	// The search flags are checked even when only hints use them.
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	if c.Bool("auto") {
		return doAutoPlay(c, cfg)
	}
	// A flag only --auto uses is refused without it, not ignored.
	for _, name := range autoOnly {
		if c.IsSet(name) {
			return status.BadInput("chainshot play: %s works only with --auto (\"chainshot play --help\" marks such flags)", typedFlag(c, findFlag(c, name).Names()))
		}
	}
	interrupt.Handle()
	ctx := c.Context
	hint := cfg.Opt
	hint.Budget, hint.Wall = c.Duration("hint-budget"), false
	s := ioFrom(c)
	load := func(name string) (datasets.Set, error) { return loadOne(s, name) }
	if tui.Wanted(s.IO, c.Bool("plain")) {
		return shot.Run(ctx, s.IO, shot.Config{Name: c.Args().First(), Hint: hint, Load: load, Rules: chainShotRules})
	}
	p := play.New(ctx, s.IO, play.Options{Hint: hint, Rules: chainShotRules,
		Load: load})
	return p.Run(c.Args().First())
}

// doAutoPlay is "play --auto": the handout's automatic play. Ctrl-C
// stops the search; the best line found so far is shown, exit status 130.
func doAutoPlay(c *cli.Context, cfg runs.Search) error {
	s := ioFrom(c)
	interrupt.Handle()
	ctx := c.Context
	var set datasets.Set
	var err error
	if c.NArg() == 0 {
		// As play does, and the handout asks: ask for the file.
		p := play.New(ctx, s.IO, play.Options{Load: func(name string) (datasets.Set, error) { return loadOne(s, name) }})
		if set, err = p.AskBoard("chainshot play --auto"); err != nil || set.Name == "" {
			return err
		}
	} else if set, err = loadOne(s, c.Args().First()); err != nil {
		return err
	}
	stop, err := startProfile(c)
	if err != nil {
		return err
	}
	rec, moves, err := runs.SolveSet(ctx, s.IO, set, cfg, "")
	if err != nil {
		stop()
		return err
	}
	render.Solution(s.Out, s.Color, set, rec, moves, true)
	if err := stop(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return status.Interrupt("chainshot play --auto: interrupted; the line above is the best found so far")
	}
	return nil
}
