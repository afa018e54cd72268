package react

import (
	"context"
	"fmt"

	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/reactplay"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/tui"
	"chainshot/internal/words"
)

// Run plays the game o describes full screen on the run's terminal.
// When the screen closes, the seats, the moves, the final board and the
// result are written on standard output. Ctrl-C (or SIGTERM) stops the
// game, even while an AI thinks, with status 130.
func Run(ctx context.Context, io *iostreams.IO, o reactplay.Options) error {
	interrupt.Handle()
	ais, hint, err := reactplay.Players(o)
	if err != nil {
		return err
	}
	defer reactplay.Close(ais)
	m := New(ctx, Options{Pos: o.Pos, AIs: ais, Hint: hint, Rules: o.Rules, Colour: io.Color, Frame: DefaultFrame})
	final, killed, err := tui.Run(ctx, io, m)
	if err != nil {
		return status.Fail("%s: %v", o.Cmd, err)
	}
	m = final.(*Model)
	b := m.Board()
	fmt.Fprintf(io.Out, "Chain Reaction %dx%d, %d players\n%s\n", b.Rows(), b.Cols(), b.Players(), reactplay.Seats(o.Pos.Names, ais))
	moves := reactplay.MovesSoFar(m.Start(), o.Pos.Names, m.Moves())
	fmt.Fprintln(io.Out, moves)
	render.ReactBoard(io.Out, &m.pos, io.Color, nil)
	switch {
	case killed || m.End() == Interrupted:
		fmt.Fprintf(io.Out, "game stopped (interrupted) after %s\n", words.Plural(len(m.Moves()), "move"))
		return status.Quiet(status.Interrupted)
	case b.Over():
		fmt.Fprintf(io.Out, "%c wins after %s\n", o.Pos.Names[b.Winner()], words.Plural(b.Ply(), "move"))
	default:
		fmt.Fprintln(io.Out, "game left unfinished")
	}
	return nil
}
