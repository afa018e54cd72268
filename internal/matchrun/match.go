// Package matchrun is "chainshot react match": a match between two
// players (chainreact/match.RunMatch) with its game records kept in a
// file that grows a game at a time and resumes, and its report as text
// or JSON; and "react replay", which shows the games of such a file.
package matchrun

import (
	"context"
	"errors"
	"fmt"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/interrupt"
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

// Run plays the match and prints its report. Ctrl-C or SIGTERM stops
// it at the next move: the games finished by then are reported (with the
// SPRT's state), a note on standard error says how far it got and, with
// Out, how to go on (--resume); the status is then 130.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	interrupt.Handle()
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
		io.Status("%d/%d games", resumed+played, cfg.Games)
		if rec == nil {
			return nil
		}
		if err := rec.Append(cfg.RecordLine(r)); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		return nil
	}
	r, err := match.RunMatch(ctx, cfg)
	if played > 0 {
		io.Status("")
	}
	if rec != nil {
		if cerr := rec.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("--out: %v", cerr)
		}
	}
	stopped := err != nil && ctx.Err() != nil && errors.Is(err, context.Cause(ctx))
	if err != nil && !stopped {
		return status.Fail("%s: %v", cmd, err)
	}
	out := matchReport{r: r, cfg: &cfg, size: fmt.Sprintf("%dx%d", o.Rows, o.Cols), records: o.Out, resumed: resumed, played: played, stopped: stopped}
	if o.JSON {
		err = out.json(io.Out)
	} else {
		out.text(io.Out)
	}
	if !stopped {
		return err
	}
	hint := ""
	if o.Out != "" {
		hint = fmt.Sprintf("; every game finished is in %s: the same command with --resume plays the rest", o.Out)
	}
	fmt.Fprintf(io.Err, "%s: interrupted after %d of %d games (a game under way is not kept)%s\n", cmd, r.Games, cfg.Games, hint)
	return status.Quiet(status.Interrupted)
}
