package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/match"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

func reactMatchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play paired games between two players and report wins, Elo and an SPRT",
		ArgsUsage: " ",
		Description: "Games come in pairs: both games of a pair start from the same opening, the\n" +
			"seats swapped. Openings are --opening-plies random moves drawn from --seed, or\n" +
			"the lines of --openings OPENINGS (moves \"row col\" separated by commas).\n" +
			"With --sprt ELO0,ELO1 the match stops as soon as the sequential probability\n" +
			"ratio test over the pairs accepts H0 (p1 is ELO0 logistic Elo stronger) or H1\n" +
			"(ELO1 stronger), with --alpha and --beta, as cutechess-cli and fastchess do;\n" +
			"--games is then the most to play. --out FILE keeps one JSON line a game,\n" +
			"written the moment it ends (chainshot react replay FILE shows them); --resume\n" +
			"continues after a crash.\n\n" +
			playerSpecs + "\n\n" + seedNote("seed 001", "seed 002") +
			examples("chainshot react match --p1 best --p2 seed002 --games 200 --jobs 2",
				"chainshot react match --p1 best:nodes=60000 --p2 best --sprt 0,10 --games 4000 --out games.jsonl"),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "p1", Value: ai.DefaultSpec, Usage: "first player, a `SPEC` such as best, best:nodes=900, seed002, random (Players, above)"},
			&cli.StringFlag{Name: "p2", Value: "random", Usage: "second player, a `SPEC` (Players, above)"},
			bounded(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "`N` games to play, two a pair (with --sprt, the most)"}, gamesBound),
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the openings and every player's randomness"}),
			jobsFlag(1, "`N` pairs of games played at once (0: one per CPU)"),
			bounded(&cli.IntFlag{Name: "opening-plies", Value: 4, Usage: "`N` random moves open each pair's games (0: the empty board)"}, bounds.Int{Min: 0, Max: 64, Unit: "plies"}),
			&cli.StringFlag{Name: "openings", Usage: "read the openings from `OPENINGS`, a file of one opening a line (pair k plays line k, cycling)"},
			&cli.StringFlag{Name: "sprt", Usage: "stop at the verdict of a sequential probability ratio test between two Elo differences, `ELOS` given as ELO0,ELO1 such as 0,10 (or elo0=0,elo1=10,alpha=0.05,beta=0.05)"},
			boundedFloat(&cli.Float64Flag{Name: "alpha", Value: 0.05, Usage: "the SPRT's false-positive rate `A`"}, sprtRate),
			boundedFloat(&cli.Float64Flag{Name: "beta", Value: 0.05, Usage: "the SPRT's false-negative rate `B`"}, sprtRate),
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "append each game's record to `FILE` (JSON Lines) the moment it ends; an existing non-empty FILE needs --resume"}, filekinds.GameRecordsOut),
			&cli.BoolFlag{Name: "resume", Usage: "continue the match recorded in --out: its games count and are not played again (same --p1, --p2, --size, --seed, openings)"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object (the fields the README lists)"},
		}, profileFlags()...),
		Action: profiled(doReactMatch),
	}
}

// matchJSON is the --json output of react match.
type matchJSON struct {
	P1              string        `json:"p1"`
	P2              string        `json:"p2"`
	Size            string        `json:"size"`
	Seed            uint64        `json:"seed"`
	Openings        string        `json:"openings"`
	Games           int           `json:"games"`
	Wins            [2]int        `json:"wins"`
	WinRate         [2]float64    `json:"win_rate"`
	CI95            [2][2]float64 `json:"wins_ci95"`
	Pairs           int           `json:"pairs"`
	Penta           [3]int        `json:"pentanomial"`
	Elo             *float64      `json:"elo"`
	EloCI95         [2]*float64   `json:"elo_ci95"`
	SPRT            *sprtJSON     `json:"sprt,omitempty"`
	MeanPlies       float64       `json:"mean_plies"`
	MeanMoveSeconds [2]float64    `json:"mean_move_seconds"`
	MaxMoveSeconds  [2]float64    `json:"max_move_seconds"`
	MeanMoveCPU     [2]float64    `json:"mean_move_cpu_seconds"`
	MaxMoveCPU      [2]float64    `json:"max_move_cpu_seconds"`
	CPUSeconds      [2]float64    `json:"cpu_seconds"`
	Nodes           [2]uint64     `json:"nodes"`
	Records         string        `json:"records,omitempty"`
	ResumedGames    int           `json:"resumed_games,omitempty"`
	PlayedGames     int           `json:"played_games"`
}

type sprtJSON struct {
	Elo0         float64 `json:"elo0"`
	Elo1         float64 `json:"elo1"`
	Alpha        float64 `json:"alpha"`
	Beta         float64 `json:"beta"`
	LLR          float64 `json:"llr"`
	Lower        float64 `json:"lower_bound"`
	Upper        float64 `json:"upper_bound"`
	Verdict      string  `json:"verdict"`
	DecidedPairs int     `json:"decided_after_pairs,omitempty"`
	FinalLLR     float64 `json:"llr_all_pairs"`
}

func doReactMatch(c *cli.Context) error {
	const cmd = "chainshot react match"
	s := ioFrom(c)
	if c.Args().Present() {
		return status.BadInput("%s: takes no arguments, got %q", cmd, c.Args().First())
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return err
	}
	for _, f := range []string{"p1", "p2"} {
		if err := checkSpec(cmd, f, c.String(f)); err != nil {
			return err
		}
	}
	cfg := match.MatchConfig{
		Specs: [2]string{c.String("p1"), c.String("p2")},
		Games: c.Int("games"), Rows: rows, Cols: cols, Seed: c.Uint64("seed"), Jobs: gamesAtOnce(c),
		OpeningPlies: c.Int("opening-plies"),
	}
	if name := c.String("openings"); name != "" {
		if cfg.Openings, err = readOpenings(cmd, name, rows, cols); err != nil {
			return err
		}
	}
	if c.IsSet("sprt") {
		t, err := parseSPRT(cmd, c.String("sprt"), c.Float64("alpha"), c.Float64("beta"))
		if err != nil {
			return err
		}
		cfg.SPRT = &t
	} else if c.IsSet("alpha") || c.IsSet("beta") {
		return status.BadInput("%s: --alpha and --beta are the SPRT's: give --sprt ELO0,ELO1 too", cmd)
	}
	rec, err := openGameRecords(cmd, c.String("out"), c.Bool("resume"), &cfg, s)
	if err != nil {
		return err
	}
	resumed := len(cfg.Played)
	played := 0
	cfg.Record = func(r match.GameRecord) error {
		played++
		if s.ErrTTY {
			s.Status("%d/%d games", resumed+played, cfg.Games)
		}
		if rec == nil {
			return nil
		}
		if err := rec.Line(cfg.RecordLine(r)); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		return nil
	}
	r, err := match.RunMatch(c.Context, cfg)
	if s.ErrTTY && played > 0 {
		fmt.Fprintln(s.Err)
	}
	if rec != nil {
		if cerr := rec.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("--out: %v", cerr)
		}
	}
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	out := matchReport{r: r, cfg: &cfg, size: fmt.Sprintf("%dx%d", rows, cols), records: c.String("out"), resumed: resumed, played: played}
	if c.Bool("json") {
		return out.json(s)
	}
	out.text(s)
	return nil
}

// parseSPRT reads --sprt: "ELO0,ELO1", or cutechess-cli's keys
// "elo0=E0,elo1=E1,alpha=A,beta=B" (commas or spaces between them), the
// keys overriding --alpha and --beta.
func parseSPRT(cmd, s string, alpha, beta float64) (match.SPRT, error) {
	t := match.SPRT{Alpha: alpha, Beta: beta}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	bad := func(why string) error {
		return status.BadInput("%s: --sprt %q: %s (want ELO0,ELO1 such as 0,10, or elo0=0,elo1=10,alpha=0.05,beta=0.05)", cmd, s, why)
	}
	seen := map[string]bool{}
	var plain []float64
	for _, f := range fields {
		k, v, keyed := strings.Cut(f, "=")
		if !keyed {
			v = f
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, bad(fmt.Sprintf("%q is not a number", v))
		}
		if !keyed {
			plain = append(plain, x)
			continue
		}
		if seen[k] {
			return t, bad(k + " given twice")
		}
		seen[k] = true
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, bad(fmt.Sprintf("unknown key %q", k))
		}
	}
	switch {
	case len(plain) == 2 && len(seen) == 0:
		t.Elo0, t.Elo1 = plain[0], plain[1]
	case len(plain) > 0 || !seen["elo0"] || !seen["elo1"]:
		return t, bad("want two Elo differences")
	}
	if err := t.Check(); err != nil {
		return t, bad(err.Error())
	}
	return t, nil
}

// readOpenings reads --openings.
func readOpenings(cmd, name string, rows, cols int) ([][]chainreact.Move, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, status.BadInput("%s: --openings: %v", cmd, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, status.BadInput("%s: --openings %s is a folder, not a file of openings", cmd, name)
	}
	o, err := match.ParseOpenings(name, f, rows, cols)
	if err != nil {
		return nil, status.BadInput("%s: --openings: %s", cmd, strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	return o, nil
}

// openGameRecords opens --out for the match's game records, before any
// game: a non-empty file needs --resume, which reads its games into
// cfg.Played (a cut last line is dropped with a warning, a line of
// another match is bad usage). It returns nil without --out.
func openGameRecords(cmd, path string, resume bool, cfg *match.MatchConfig, s *streams) (*outfile.Appender, error) {
	if path == "" {
		if resume {
			return nil, status.BadInput("%s: --resume continues the match recorded in --out: give --out FILE", cmd)
		}
		return nil, nil
	}
	// one writer: the lock is held until the process ends
	if _, err := s.claim(cmd, "out", path, outfile.Kind{Name: "game records", Grows: true}); err != nil {
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
			if err := readGameRecords(cmd, path, data, cfg, s); err != nil {
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
func readGameRecords(cmd, path string, data []byte, cfg *match.MatchConfig, s *streams) error {
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
			printf(s.Err, "warning: %s:%d: a cut last line (%v), dropped: its game is played again\n", path, no, err)
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

// matchReport prints a match's result.
type matchReport struct {
	r       match.MatchResult
	cfg     *match.MatchConfig
	size    string
	records string
	resumed int
	played  int
}

// finite returns &x, or nil (JSON null) for an infinite x.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	x = math.Round(x*10) / 10
	return &x
}

func (m *matchReport) json(s *streams) error {
	r := m.r
	j := matchJSON{P1: r.Specs[0], P2: r.Specs[1], Size: m.size, Seed: m.cfg.Seed, Openings: m.cfg.OpeningsName(),
		Games: r.Games, Wins: r.Wins, Pairs: r.Penta.Pairs(), Penta: r.Penta,
		MeanPlies: r.MeanPlies, MeanMoveSeconds: r.MeanMoveSeconds, MaxMoveSeconds: r.MaxMoveSeconds,
		MeanMoveCPU: r.MeanMoveCPU, MaxMoveCPU: r.MaxMoveCPU, CPUSeconds: r.CPUSeconds, Nodes: r.Nodes,
		Records: m.records, ResumedGames: m.resumed, PlayedGames: m.played}
	for k := 0; k < 2; k++ {
		if r.Games > 0 {
			j.WinRate[k] = float64(r.Wins[k]) / float64(r.Games)
		}
		lo, hi := match.Wilson(r.Wins[k], r.Games)
		j.CI95[k] = [2]float64{lo, hi}
	}
	elo, lo, hi := r.Penta.Elo()
	j.Elo, j.EloCI95 = finite(elo), [2]*float64{finite(lo), finite(hi)}
	if t := m.cfg.SPRT; t != nil {
		lower, upper := t.Bounds()
		j.SPRT = &sprtJSON{Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta, LLR: r.LLR, Lower: lower, Upper: upper,
			Verdict: r.Verdict.String(), DecidedPairs: r.DecidedPairs, FinalLLR: r.FinalLLR}
	}
	return json.NewEncoder(s.Out).Encode(j)
}

// eloText writes an Elo difference: "+12.3", "+inf".
func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", x)
}

func (m *matchReport) text(s *streams) {
	r := m.r
	openings := fmt.Sprintf("openings of %s", words.Plural(m.cfg.OpeningPlies, "random move"))
	if len(m.cfg.Openings) > 0 {
		openings = fmt.Sprintf("%s from a file", words.Plural(len(m.cfg.Openings), "opening"))
	} else if m.cfg.OpeningPlies == 0 {
		openings = "from the empty board"
	}
	printf(s.Out, "%s on %s, seed %d, in pairs (%s, seats swapped)\n", words.Plural(r.Games, "game"), m.size, m.cfg.Seed, openings)
	if m.resumed > 0 {
		printf(s.Out, "%s read back from %s, %s played now\n", words.Plural(m.resumed, "game"), m.records, words.Plural(m.played, "game"))
	}
	w := max(len(r.Specs[0]), len(r.Specs[1]), 6)
	printf(s.Out, "%-*s  %5s  %6s  %-17s  %12s  %12s  %12s\n", w, "player", "wins", "rate", "95% CI (Wilson)", "mean CPU s", "mean s/move", "max s/move")
	for k := 0; k < 2; k++ {
		lo, hi := match.Wilson(r.Wins[k], r.Games)
		rate := 0.0
		if r.Games > 0 {
			rate = 100 * float64(r.Wins[k]) / float64(r.Games)
		}
		printf(s.Out, "%-*s  %5d  %5.1f%%  [%5.1f%%, %5.1f%%]  %12.6f  %12.6f  %12.6f\n", w, r.Specs[k], r.Wins[k],
			rate, 100*lo, 100*hi, r.MeanMoveCPU[k], r.MeanMoveSeconds[k], r.MaxMoveSeconds[k])
	}
	printf(s.Out, "mean game length %.1f plies; CPU time %.2f s and %.2f s\n", r.MeanPlies, r.CPUSeconds[0], r.CPUSeconds[1])
	if n := r.Penta.Pairs(); n > 0 {
		elo, lo, hi := r.Penta.Elo()
		printf(s.Out, "%s: %s won both games of %d, one of %d, none of %d; Elo %s [%s, %s] (95%%)\n",
			words.Plural(n, "pair"), r.Specs[0], r.Penta[2], r.Penta[1], r.Penta[0], eloText(elo), eloText(lo), eloText(hi))
	}
	if t := m.cfg.SPRT; t != nil {
		lower, upper := t.Bounds()
		printf(s.Out, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f): %s", t.Elo0, t.Elo1, t.Alpha, t.Beta, r.LLR, lower, upper, r.Verdict)
		if r.Verdict != match.Continue {
			printf(s.Out, " after %s", words.Plural(r.DecidedPairs, "pair"))
			if n := r.Penta.Pairs(); n > r.DecidedPairs {
				printf(s.Out, " (all %d finished pairs: LLR %.2f)", n, r.FinalLLR)
			}
		}
		printf(s.Out, "\n")
	}
}
