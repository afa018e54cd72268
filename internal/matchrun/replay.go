package matchrun

import (
	"errors"
	"fmt"

	"chainshot/chainreact/match"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/render"
	"chainshot/internal/status"
)

// ReplayOptions are the settings of "react replay".
type ReplayOptions struct {
	Cmd  string // "chainshot react replay", for messages
	Path string // the file of game records ("-": standard input)
	// Game, when above 0, shows only that game (its number in the match);
	// List shows one line a game instead of the moves.
	Game int
	List bool
}

// Replay shows the games of a file of game records: move by move, each
// reaction wave by wave, or one line a game. The file is read a line at
// a time, each line at most the kind's cap, and each game shown as it is
// read: a file of any length takes little memory. A line that is no game
// record stops it there (bad input); a cut last line is skipped with a
// warning.
func Replay(io *iostreams.IO, o ReplayOptions) error {
	var seen numbers
	shown := 0
	errStop := errors.New("standard output failed")
	cut, err := journal.ScanFile(io.Inputs, o.Path, filekinds.GameRecords, func(jl journal.Line) error {
		l, err := DecodeRecord(jl.Text)
		if err != nil {
			return err
		}
		info, rec, err := match.ReadRecordJSON(&l)
		if err != nil {
			return err
		}
		seen.add(rec.Game + 1)
		if o.Game > 0 && rec.Game+1 != o.Game {
			return nil
		}
		switch {
		case o.List:
			render.ReactGameLine(io.Out, info, rec)
		case shown > 0:
			fmt.Fprintf(io.Out, "\n")
			fallthrough
		default:
			render.ReactGame(io.Out, info, rec, io.Color)
		}
		shown++
		if io.OutFailed() {
			return journal.Stop(errStop)
		}
		return nil
	})
	switch {
	case errors.Is(err, errStop):
		return nil // standard output's failure is the caller's to report
	case err != nil:
		return status.BadInput("%s: %v", o.Cmd, err)
	}
	if cut != nil {
		io.Warnf("%s", cut.Warning())
	}
	switch {
	case seen.n == 0:
		return status.BadInput("%s: %s holds no game record", o.Cmd, o.Path)
	case shown == 0:
		return status.BadInput("%s: --game %d: %s holds no game %d (%s)", o.Cmd, o.Game, o.Path, o.Game, seen)
	}
	return nil
}

// numbers are the game numbers a file holds.
type numbers struct{ n, lo, hi int }

func (s *numbers) add(g int) {
	if s.n == 0 || g < s.lo {
		s.lo = g
	}
	s.hi = max(s.hi, g)
	s.n++
}

// String says which games a file holds: "games 1 to 8".
func (s numbers) String() string {
	switch {
	case s.n == 0:
		return "none"
	case s.lo == s.hi:
		return fmt.Sprintf("only game %d", s.lo)
	}
	return fmt.Sprintf("games %d to %d", s.lo, s.hi)
}
