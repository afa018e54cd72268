package shot

import (
	"context"
	"fmt"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/play"
	"chainshot/internal/status"
	"chainshot/internal/tui"
	"chainshot/internal/words"
	"chainshot/solver"
)

// Config is "chainshot play" full screen, as the command gives it.
type Config struct {
	// Name is the board named on the command line; "" asks for one.
	Name string
	// Hint is the solver's budget and settings for a hint.
	Hint solver.Options
	// Load loads the board a player names, as the line interface does.
	Load func(name string) (datasets.Set, error)
	// Rules is the text of the help screen's rules.
	Rules string
}

// Run plays one game full screen on the run's terminal: on c.Name, or on
// a board asked for first. When the screen closes, the moves so far and
// the score are listed on standard output, as the line interface lists
// them. Ctrl-C ends the game so, with status 130.
func Run(ctx context.Context, io *iostreams.IO, c Config) error {
	set, err := loadAsked(ctx, io, c)
	if err != nil || set.Name == "" {
		return err
	}
	m := New(ctx, Options{Name: set.Name, Board: set.Board, Hint: c.Hint, Rules: c.Rules, Colour: io.Color, Frame: DefaultFrame})
	final, killed, err := tui.Run(ctx, io, m)
	if err != nil {
		return status.Fail("chainshot play: %v", err)
	}
	m = final.(*Model)
	g := m.Game()
	switch {
	case killed || m.End() == Interrupted:
		fmt.Fprintf(io.Out, "Interrupted: game stopped.\n")
		play.Summary(io.Out, set.Name, g)
		return status.Interrupt("chainshot play: interrupted; the moves so far on %s are listed above", set.Name)
	case g.Board.IsEmpty():
		fmt.Fprintf(io.Out, "Game over: every bead removed!\n")
	case g.Board.IsOver():
		fmt.Fprintf(io.Out, "Game over: no group of two or more is left.\n")
	default:
		fmt.Fprintf(io.Out, "Game stopped.\n")
	}
	play.Summary(io.Out, set.Name, g)
	return nil
}

// loadAsked loads the board named on the command line, or asks for one
// until a name loads; a zero set means the player left.
func loadAsked(ctx context.Context, io *iostreams.IO, c Config) (datasets.Set, error) {
	if c.Name != "" {
		return c.Load(c.Name)
	}
	for {
		name, ok, err := tui.Ask(ctx, io.In, io.Err, "Data-set file or built-in name (e.g. sample1; \"chainshot datasets\" lists them): ")
		switch {
		case err != nil:
			return datasets.Set{}, status.Interrupt("chainshot play: interrupted")
		case !ok:
			return datasets.Set{}, status.BadInput("chainshot play: no data-set file given (standard input ended)")
		case name == "":
			continue
		case play.IsQuit(name):
			return datasets.Set{}, nil
		}
		set, err := c.Load(name)
		if err == nil {
			return set, nil
		}
		fmt.Fprintf(io.Err, "%s\n", words.WithoutPackage(err.Error()))
	}
}
