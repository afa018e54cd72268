package matchrun

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"chainshot/chainreact/match"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// openGameRecords opens --out for the match's game records, before any
// game: a non-empty file needs --resume, which reads its games into
// cfg.Played (a cut last line is dropped with a warning, a line of
// another match is bad usage). It returns nil without --out.
func openGameRecords(cmd, path string, resume bool, cfg *match.MatchConfig, io *iostreams.IO) (*outfile.Appender, error) {
	if path == "" {
		if resume {
			return nil, status.BadInput("%s: --resume continues the match recorded in --out: give --out FILE", cmd)
		}
		return nil, nil
	}
	// one writer: the lock is held until the process ends
	if _, err := io.Claim(cmd, "--out", path, outfile.Kind{Name: "game records", Grows: true}); err != nil {
		return nil, err
	}
	if outfile.IsRegular(path) {
		data, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, status.BadInput("%s: --out: %v", cmd, err)
		case len(data) > 0 && !resume:
			return nil, status.BadInput("%s: --out %s already holds game records (%s); rerun with --resume to continue that match, or give another --out",
				cmd, path, words.Plural(len(data), "byte"))
		case len(data) > 0:
			if err := readGameRecords(cmd, path, data, cfg, io); err != nil {
				return nil, err
			}
		}
	}
	a, err := outfile.Append(path)
	if err != nil {
		return nil, status.BadInput("%s: --out: %v", cmd, err)
	}
	return a, nil
}

// readGameRecords reads the records of a resumed match into cfg.Played.
func readGameRecords(cmd, path string, data []byte, cfg *match.MatchConfig, io *iostreams.IO) error {
	lines := bytes.SplitAfter(data, []byte("\n"))
	offset := 0
	seen := map[int]int{}
	for i, raw := range lines {
		no := i + 1
		line := bytes.TrimRight(raw, "\r\n")
		last := i == len(lines)-1 || (i == len(lines)-2 && len(lines[len(lines)-1]) == 0)
		if len(bytes.TrimSpace(line)) == 0 {
			offset += len(raw)
			continue
		}
		r, err := cfg.ParseRecordLine(line)
		if err != nil && last && !bytes.HasSuffix(raw, []byte("\n")) {
			fmt.Fprintf(io.Err, "warning: %s:%d: a cut last line (%v), dropped: its game is played again\n", path, no, err)
			if err := outfile.Truncate(path, int64(offset)); err != nil {
				return status.BadInput("%s: --resume: %v", cmd, err)
			}
			break
		}
		if err != nil {
			return status.BadInput("%s: --resume: %s:%d: %v; a resumed match repeats --p1, --p2, --size, --seed and its openings, or give another --out", cmd, path, no, err)
		}
		if first, dup := seen[r.Game]; dup {
			return status.BadInput("%s: --resume: %s:%d: game %d is already on line %d", cmd, path, no, r.Game+1, first)
		}
		seen[r.Game] = no
		cfg.Played = append(cfg.Played, r)
		offset += len(raw)
	}
	return nil
}
