package shot

import (
	"context"
	"fmt"
	"strings"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/play"
	"chainshot/internal/status"
	"chainshot/internal/termsafe"
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

// Run plays games full screen on the run's terminal: on c.Name, or on a
// board asked for first. When a game's screen closes, its moves and the
// score are listed on standard output, as the line interface lists them;
// after a game played to its end, it asks whether to play another, as the
// line interface does. Ctrl-C ends a game so, with status 130.
func Run(ctx context.Context, io *iostreams.IO, c Config) error {
	name, asked := c.Name, false
	for {
		set, err := load(ctx, io, c, name, asked)
		if err != nil || set.Name == "" {
			return err
		}
		over, err := game(ctx, io, c, set)
		if err != nil || !over {
			return err
		}
		if name, err = askNext(ctx, io, set.Name); name == "" {
			return err
		}
		asked = true
	}
}

// game plays one game on set and lists its moves; over reports that it
// was played to its end.
func game(ctx context.Context, io *iostreams.IO, c Config, set datasets.Set) (over bool, err error) {
	m := New(ctx, Options{Name: set.Name, Board: set.Board, Hint: c.Hint, Rules: c.Rules, Colour: io.Color, Frame: DefaultFrame})
	final, killed, err := tui.Run(ctx, io, m)
	if err != nil {
		return false, status.Fail("chainshot play: %v", err)
	}
	m = final.(*Model)
	g := m.Game()
	switch {
	case killed || m.End() == Interrupted:
		fmt.Fprintf(io.Out, "Interrupted: game stopped.\n")
		play.Summary(io.Out, set.Name, g)
		return false, status.Interrupt("chainshot play: interrupted; the moves so far on %s are listed above", set.Name)
	case g.Board.IsEmpty():
		fmt.Fprintf(io.Out, "Game over: every bead removed!\n")
	case g.Board.IsOver():
		fmt.Fprintf(io.Out, "Game over: no group of two or more is left.\n")
	default:
		fmt.Fprintf(io.Out, "Game stopped.\n")
	}
	play.Summary(io.Out, set.Name, g)
	return g.Board.IsOver(), nil
}

// askNext asks whether to play another game and on which board; ""
// means no more, with the error of a line refused (askError).
func askNext(ctx context.Context, io *iostreams.IO, last string) (string, error) {
	yes, ok, err := tui.Ask(ctx, io.In, io.Err, "Play another game? [y/N] ")
	if err != nil || !ok || !strings.HasPrefix(strings.ToLower(yes), "y") {
		return "", askError(ctx, err)
	}
	next, ok, err := tui.Ask(ctx, io.In, io.Err, fmt.Sprintf("Data-set file or built-in name [Enter for %s]: ", termsafe.String(last)))
	switch {
	case err != nil || !ok:
		return "", askError(ctx, err)
	case next == "":
		return last, nil
	}
	return next, nil
}

// askError is the error of a question tui.Ask did not have answered: nil
// when the input ended, Ctrl-C's, or the refusal of a line.
func askError(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return status.Interrupt("chainshot play: interrupted")
	}
	return status.BadInput("chainshot play: %v", err)
}

// load loads the board name names, or asks for one when name is "";
// a name asked for that does not load is said and asked for again. A
// zero set means the player left.
func load(ctx context.Context, io *iostreams.IO, c Config, name string, asked bool) (datasets.Set, error) {
	for {
		if name == "" {
			var ok bool
			var err error
			name, ok, err = tui.Ask(ctx, io.In, io.Err, "Data-set file or built-in name (e.g. sample1; \"chainshot datasets\" lists them): ")
			switch {
			case err != nil:
				return datasets.Set{}, askError(ctx, err)
			case !ok:
				return datasets.Set{}, status.BadInput("chainshot play: no data-set file given (standard input ended)")
			case name == "":
				continue
			case play.IsQuit(name):
				return datasets.Set{}, nil
			}
			asked = true
		}
		set, err := c.Load(name)
		if err == nil || !asked {
			return set, err
		}
		fmt.Fprintf(io.Err, "%s\n", words.WithoutPackage(err.Error()))
		name = ""
	}
}
