package rating

import (
	"bytes"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// openRatingOut opens react rate's --out, reading the pairings already
// there with --resume.
func openRatingOut(cmd, path string, resume bool, base pairingLine, io *iostreams.IO) (map[[2]string]pairingLine, *outfile.Appender, error) {
	done := map[[2]string]pairingLine{}
	if path == "" {
		if resume {
			return nil, nil, status.BadInput("%s: --resume continues the list recorded in --out: give --out FILE", cmd)
		}
		return done, nil, nil
	}
	// one writer: the lock is held until the process ends
	if _, err := io.Claim(cmd, "--out", path, outfile.Kind{Name: "ratings", Grows: true}); err != nil {
		return nil, nil, err
	}
	if outfile.IsRegular(path) {
		data, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, nil, status.BadInput("%s: --out: %v", cmd, err)
		case len(data) > 0 && !resume:
			return nil, nil, status.BadInput("%s: --out %s already holds pairings (%s); rerun with --resume to continue that list, or give another --out",
				cmd, path, words.Plural(len(data), "byte"))
		case len(data) > 0:
			lines := bytes.Split(data, []byte("\n"))
			for i, raw := range lines {
				if len(bytes.TrimSpace(raw)) == 0 {
					continue
				}
				var l pairingLine
				dec := json.NewDecoder(bytes.NewReader(raw))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&l); err != nil {
					if i == len(lines)-1 {
						fmt.Fprintf(io.Err, "warning: %s:%d: a cut last line, dropped: its pairing is played again\n", path, i+1)
						if err := outfile.Truncate(path, int64(len(data)-len(raw))); err != nil {
							return nil, nil, status.BadInput("%s: --resume: %v", cmd, err)
						}
						break
					}
					return nil, nil, status.BadInput("%s: --resume: %s:%d: not a pairing: %v", cmd, path, i+1, err)
				}
				if l.Games != base.Games || l.Size != base.Size || l.Seed != base.Seed || l.OpeningPlies != base.OpeningPlies {
					return nil, nil, status.BadInput("%s: --resume: %s:%d: played with --games %d --size %s --seed %d --opening-plies %d; a resumed list repeats them",
						cmd, path, i+1, l.Games, l.Size, l.Seed, l.OpeningPlies)
				}
				if l.Wins[0]+l.Wins[1] != l.Games {
					return nil, nil, status.BadInput("%s: --resume: %s:%d: %d wins in %d games", cmd, path, i+1, l.Wins[0]+l.Wins[1], l.Games)
				}
				done[[2]string{l.A, l.B}] = l
			}
		}
	}
	a, err := outfile.Append(path)
	if err != nil {
		return nil, nil, status.BadInput("%s: --out: %v", cmd, err)
	}
	return done, a, nil
}
