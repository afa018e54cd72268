package rating

import (
	"fmt"
	"math"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/status"
	"chainshot/internal/strictjson"
	"chainshot/internal/words"
)

// GamesBound is the games of a pairing (--games), the bound of a file's
// "games" field too.
var GamesBound = bounds.Int{Min: 2, Max: 100000, Unit: "games"}

// PlayersBound is the players a list may hold: every pairing of
// neighbours is played, and fitting their ratings takes time that grows
// as the cube of the players (a second at 200, minutes at 1,000).
var PlayersBound = bounds.Int{Min: 2, Max: 256, Unit: "players"}

// OpeningPliesBound is the random moves that open a pair's games.
var OpeningPliesBound = bounds.Int{Min: 0, Max: 64, Unit: "plies"}

// Check says whether a pairing line's fields are in range and agree with
// each other, naming the first that is not (for the strict decoder).
func (l *pairingLine) Check() error {
	err := bounds.First(
		specField("a", l.A), specField("b", l.B),
		bounds.Field("games", GamesBound.Check(int64(l.Games))),
		bounds.Field("opening_plies", OpeningPliesBound.Check(int64(l.OpeningPlies))),
	)
	if err != nil {
		return err
	}
	if _, _, err := chainreact.ParseSize(l.Size); err != nil {
		return &strictjson.FieldError{Field: "size", Msg: fmt.Sprintf("is %q: want %s", words.Clip(l.Size, 40), chainreact.SizeWant)}
	}
	for k := range 2 {
		switch {
		case l.Wins[k] < 0 || l.Wins[0]+l.Wins[1] != l.Games:
			return &strictjson.FieldError{Field: "wins", Msg: fmt.Sprintf("are %d and %d: want two counts that add up to the %d games", l.Wins[0], l.Wins[1], l.Games)}
		case l.Moves[k] < 0 || l.Moves[k] > l.Games*(chainreact.MaxRows*chainreact.MaxCols*3+1):
			return &strictjson.FieldError{Field: "moves", Msg: fmt.Sprintf("are %d and %d: want counts of moves the games could hold", l.Moves[0], l.Moves[1])}
		case !(l.CPUSeconds[k] >= 0) || math.IsInf(l.CPUSeconds[k], 0):
			return &strictjson.FieldError{Field: "cpu_seconds", Msg: fmt.Sprintf("are %g and %g: want two times of 0 or more", l.CPUSeconds[0], l.CPUSeconds[1])}
		}
	}
	return nil
}

// specField checks a player's spec as a file gives it: not empty, at
// most ai.MaxSpec bytes (it is checked as a player when the list runs).
func specField(name, spec string) error {
	if spec == "" || len(spec) > ai.MaxSpec {
		return &strictjson.FieldError{Field: name, Msg: fmt.Sprintf("is %d bytes: want a player's spec of 1 to %d bytes", len(spec), ai.MaxSpec)}
	}
	return nil
}

// decodePairing reads one line of a file of pairings strictly.
func decodePairing(text []byte) (pairingLine, error) {
	var l pairingLine
	err := strictjson.Decode(text, &l, strictjson.Options{What: filekinds.Ratings.Line})
	return l, err
}

// openRatingOut opens react rate's --out, a journal of pairings: a file
// that holds pairings needs resume, which reads them (a cut last line is
// dropped with a warning; a line that is no pairing of this list's
// settings refuses the file, left as it is). It returns the pairings
// read by their players, and nil without --out.
func openRatingOut(cmd, path string, resume bool, base pairingLine, io *iostreams.IO) (map[[2]string]pairingLine, *journal.Journal, error) {
	done := map[[2]string]pairingLine{}
	if path == "" {
		return done, nil, nil
	}
	read := func(jl journal.Line) error {
		l, err := decodePairing(jl.Text)
		if err != nil || !resume {
			return err // without --resume, the first line only says whose file it is
		}
		if l.Games != base.Games || l.Size != base.Size || l.Seed != base.Seed || l.OpeningPlies != base.OpeningPlies {
			return journal.Stop(status.BadInput("%s: --resume: %s:%d: played with --games %d --size %s --seed %d --opening-plies %d; a resumed list repeats them",
				cmd, path, jl.No, l.Games, l.Size, l.Seed, l.OpeningPlies))
		}
		done[[2]string{l.A, l.B}] = l
		return nil
	}
	j, err := journal.Open(io.Gate, journal.Options{Flag: "--out", Path: path, Kind: filekinds.Ratings, Resume: resume,
		Read: read, Warn: func(msg string) { io.Warnf("%s; its pairing is played again", msg) }})
	if err != nil {
		return nil, nil, iostreams.OutputError(cmd, err)
	}
	return done, j, nil
}
