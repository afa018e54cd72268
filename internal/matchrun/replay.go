package matchrun

import (
	"bytes"
	"chainshot/chainreact/match"
	"chainshot/internal/iostreams"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"fmt"
	"io"
	"os"
)

// replayGame is one game read from a records file.
type replayGame struct {
	line int
	info match.RecordInfo
	rec  match.GameRecord
}

// ReplayOptions are the settings of "react replay".
type ReplayOptions struct {
	Cmd  string // "chainshot react replay", for messages
	Path string // the file of game records
	// Game, when above 0, shows only that game (its number in the match);
	// List shows one line a game instead of the moves.
	Game int
	List bool
}

// Replay shows the games of a file of game records: move by move, each
// reaction wave by wave, or one line a game.
func Replay(io *iostreams.IO, o ReplayOptions) error {
	cmd, name := o.Cmd, o.Path
	data, err := readRecordsFile(name)
	if err != nil {
		return status.BadInput("%s: %v", cmd, err)
	}
	games, err := parseRecords(io, name, data)
	if err != nil {
		return status.BadInput("%s: %v", cmd, err)
	}
	if want := o.Game; want > 0 {
		var only []replayGame
		for _, g := range games {
			if g.rec.Game+1 == want {
				only = append(only, g)
			}
		}
		if len(only) == 0 {
			return status.BadInput("%s: --game %d: %s holds no game %d (%s)", cmd, want, name, want, gameNumbers(games))
		}
		games = only
	}
	if len(games) == 0 {
		return status.BadInput("%s: %s holds no game record", cmd, name)
	}
	for i, g := range games {
		if o.List {
			render.ReactGameLine(io.Out, g.info, g.rec)
			continue
		}
		if i > 0 {
			fmt.Fprintf(io.Out, "\n")
		}
		render.ReactGame(io.Out, g.info, g.rec, io.Color)
		if io.OutFailed() {
			break
		}
	}
	return nil
}

// readRecordsFile reads a records file whole, refusing what cannot be
// one (a folder, a file larger than any match writes).
func readRecordsFile(name string) ([]byte, error) {
	const limit = 256 << 20 // about 100,000 games of 9x6
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file of game records", name)
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if buf.Len() > limit {
		return nil, fmt.Errorf("%s: more than %d MB: not a file of game records", name, limit>>20)
	}
	return buf.Bytes(), nil
}

// parseRecords reads every game of a records file; a cut last line is
// skipped with a warning, any other bad line is an error naming it.
func parseRecords(io *iostreams.IO, name string, data []byte) ([]replayGame, error) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	var games []replayGame
	for i, raw := range lines {
		line := bytes.TrimRight(raw, "\r\n")
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		info, rec, err := match.ReadRecord(line)
		if err != nil {
			if i == len(lines)-1 && !bytes.HasSuffix(raw, []byte("\n")) {
				fmt.Fprintf(io.Err, "warning: %s:%d: a cut last line, skipped (%v)\n", name, i+1, err)
				break
			}
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		games = append(games, replayGame{line: i + 1, info: info, rec: rec})
	}
	return games, nil
}

// gameNumbers says which games a file holds: "games 1 to 8".
func gameNumbers(games []replayGame) string {
	if len(games) == 0 {
		return "none"
	}
	lo, hi := games[0].rec.Game+1, games[0].rec.Game+1
	for _, g := range games {
		lo, hi = min(lo, g.rec.Game+1), max(hi, g.rec.Game+1)
	}
	if lo == hi {
		return fmt.Sprintf("only game %d", lo)
	}
	return fmt.Sprintf("games %d to %d", lo, hi)
}
