package matchrun

import (
	"chainshot/chainreact/match"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/status"
	"chainshot/internal/strictjson"
)

// DecodeRecord reads one line of a match's records strictly (package
// strictjson): one JSON object, each field of a game record once and no
// other, every field in range (match.RecordJSON's Check). Errors name
// the column and the field, in the file's terms.
func DecodeRecord(text []byte) (match.RecordJSON, error) {
	var l match.RecordJSON
	err := strictjson.Decode(text, &l, strictjson.Options{What: filekinds.GameRecords.Line})
	return l, err
}

// openGameRecords opens the journal of the match's game records (--out),
// before any game: a file that holds records needs resume, which reads
// its games into cfg.Played (a cut last line is dropped with a warning;
// a line that is no game record of this match refuses the file, which is
// left as it is). It returns nil without --out.
func openGameRecords(cmd, path string, resume bool, cfg *match.MatchConfig, io *iostreams.IO) (*journal.Journal, error) {
	if path == "" {
		return nil, nil
	}
	seen := map[int]int{} // game: the line that holds it
	read := func(jl journal.Line) error {
		l, err := DecodeRecord(jl.Text)
		if err != nil || !resume {
			return err // without --resume, the first line only says whose file it is
		}
		r, err := cfg.CheckRecordJSON(&l)
		if err != nil {
			return journal.Stop(status.BadInput("%s: --resume: %s:%d: %v; a resumed match repeats --p1, --p2, --size, --seed and its openings, or give another --out",
				cmd, path, jl.No, err))
		}
		if first, dup := seen[r.Game]; dup {
			return journal.Stop(status.BadInput("%s: --resume: %s:%d: game %d is already on line %d", cmd, path, jl.No, r.Game+1, first))
		}
		seen[r.Game] = jl.No
		cfg.Played = append(cfg.Played, r)
		return nil
	}
	j, err := journal.Open(io.Gate, journal.Options{Flag: "--out", Path: path, Kind: filekinds.GameRecords, Resume: resume,
		Read: read, Warn: func(msg string) { io.Warnf("%s; its game is played again", msg) }})
	if err != nil {
		return nil, iostreams.OutputError(cmd, err)
	}
	return j, nil
}
