// Package matchrun is "chainshot react match": a match between two
// players (chainreact/match.RunMatch) with its game records kept in a
// file that grows a game at a time and resumes, and its report as text
// or JSON; and "react replay", which shows the games of such a file.
package matchrun

import (
	"context"
	"fmt"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
)

// Options are a match's settings.
type Options struct {
	Cmd   string // "chainshot react match", for messages
	Specs [2]string
	// Games is the number of games, or the most with an SPRT.
	Games      int
	Rows, Cols int
	Seed       uint64
	Jobs       int // pairs played at once
	// OpeningPlies random moves open each pair's games, unless Openings
	// are given (pair k plays Openings[k % len]).
	OpeningPlies int
	Openings     [][]chainreact.Move
	SPRT         *match.SPRT
	// Out keeps a record of each game the moment it ends ("" for none);
	// Resume continues the match recorded there.
	Out    string
	Resume bool
	JSON   bool
}

// Run plays the match and prints its report.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	cmd := o.Cmd
	cfg := match.MatchConfig{
		Specs: o.Specs, Games: o.Games, Rows: o.Rows, Cols: o.Cols, Seed: o.Seed, Jobs: o.Jobs,
		OpeningPlies: o.OpeningPlies, Openings: o.Openings, SPRT: o.SPRT,
	}
	rec, err := openGameRecords(cmd, o.Out, o.Resume, &cfg, io)
	if err != nil {
		return err
	}
	resumed := len(cfg.Played)
	played := 0
	cfg.Record = func(r match.GameRecord) error {
		played++
		if io.ErrTTY {
			io.Status("%d/%d games", resumed+played, cfg.Games)
		}
		if rec == nil {
			return nil
		}
		if err := rec.Append(cfg.RecordLine(r)); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		return nil
	}
	r, err := match.RunMatch(ctx, cfg)
	if io.ErrTTY && played > 0 {
		fmt.Fprintln(io.Err)
	}
	if rec != nil {
		if cerr := rec.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("--out: %v", cerr)
		}
	}
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	out := matchReport{r: r, cfg: &cfg, size: fmt.Sprintf("%dx%d", o.Rows, o.Cols), records: o.Out, resumed: resumed, played: played}
	if o.JSON {
		return out.json(io.Out)
	}
	out.text(io.Out)
	return nil
}
