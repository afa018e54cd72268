package matchrun

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"chainshot/chainreact"
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
			gameLine(io.Out, info, rec)
		case shown > 0:
			fmt.Fprintf(io.Out, "\n")
			fallthrough
		default:
			gameReplay(io.Out, info, rec, io.Color)
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

// gameLine writes one line of a game of a match's records: its
// seats, winner, plies and CPU time.
func gameLine(w io.Writer, info match.RecordInfo, r match.GameRecord) {
	sp, cpu := seats(info, r), cpuOf(r)
	fmt.Fprintf(w, "game %d (pair %d): R %s, G %s: %s wins (%s) on ply %d; CPU %.2f s (p1) and %.2f s (p2)\n",
		r.Game+1, r.Game/2+1, sp[0], sp[1], "RG"[r.Winner^r.First:][:1], info.Specs[r.Winner],
		len(r.Moves), cpu[0], cpu[1])
}

// gameReplay replays a game of a match's records move by move, each
// reaction wave by wave (render.ReactChain), in colour when colour is true.
func gameReplay(w io.Writer, info match.RecordInfo, r match.GameRecord, colour bool) {
	sp := seats(info, r)
	fmt.Fprintf(w, "game %d (pair %d) on %dx%d, seed %d: R is %s, G is %s\n", r.Game+1, r.Game/2+1, info.Rows, info.Cols, info.Seed, sp[0], sp[1])
	pos, _ := chainreact.NewPosition(info.Rows, info.Cols, 2)
	for i, m := range r.Moves {
		who := fmt.Sprintf("%s, %.1f ms CPU", sp[pos.Board.ToMove()], float64(r.CPU[i].Microseconds())/1000)
		if i < r.Opening {
			who = "opening"
		}
		fmt.Fprintf(w, "\nply %d (%s)", i+1, who)
		render.ReactChain(w, &pos, m, colour)
		pos.Board.Play(m)
	}
	cpu := cpuOf(r)
	fmt.Fprintf(w, "%s (%s) wins on ply %d; CPU time %s %.2f s, %s %.2f s\n", strings.ToUpper("RG"[r.Winner^r.First:][:1]),
		info.Specs[r.Winner], len(r.Moves), info.Specs[0], cpu[0], info.Specs[1], cpu[1])
}

// seats returns the specs of R and G in game r.
func seats(info match.RecordInfo, r match.GameRecord) [2]string {
	return [2]string{info.Specs[r.First], info.Specs[1-r.First]}
}

// cpuOf returns the CPU seconds of each player named (p1, p2) in game r.
func cpuOf(r match.GameRecord) [2]float64 {
	var t [2]float64
	for i := r.Opening; i < len(r.Moves); i++ {
		t[r.Mover(i)] += r.CPU[i].Seconds()
	}
	return t
}
