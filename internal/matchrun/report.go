package matchrun

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"chainshot/chainreact/match"
	"chainshot/internal/words"
)

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
	// Interrupted says Ctrl-C stopped the match: the figures are the
	// games finished by then.
	Interrupted bool `json:"interrupted,omitempty"`
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

// matchReport prints a match's result.
type matchReport struct {
	r       match.MatchResult
	cfg     *match.MatchConfig
	size    string
	records string
	resumed int
	played  int
	stopped bool // by Ctrl-C: the games finished by then
}

// finite returns &x, or nil (JSON null) for an infinite x.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	x = math.Round(x*10) / 10
	return &x
}

func (m *matchReport) json(w io.Writer) error {
	r := m.r
	j := matchJSON{P1: r.Specs[0], P2: r.Specs[1], Size: m.size, Seed: m.cfg.Seed, Openings: m.cfg.OpeningsName(),
		Games: r.Games, Wins: r.Wins, Pairs: r.Penta.Pairs(), Penta: r.Penta,
		MeanPlies: r.MeanPlies, MeanMoveSeconds: r.MeanMoveSeconds, MaxMoveSeconds: r.MaxMoveSeconds,
		MeanMoveCPU: r.MeanMoveCPU, MaxMoveCPU: r.MaxMoveCPU, CPUSeconds: r.CPUSeconds, Nodes: r.Nodes,
		Records: m.records, ResumedGames: m.resumed, PlayedGames: m.played, Interrupted: m.stopped}
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
	return json.NewEncoder(w).Encode(j)
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

func (m *matchReport) text(w io.Writer) {
	r := m.r
	openings := fmt.Sprintf("openings of %s", words.Plural(m.cfg.OpeningPlies, "random move"))
	if len(m.cfg.Openings) > 0 {
		openings = fmt.Sprintf("%s from a file", words.Plural(len(m.cfg.Openings), "opening"))
	} else if m.cfg.OpeningPlies == 0 {
		openings = "from the empty board"
	}
	fmt.Fprintf(w, "%s on %s, seed %d, in pairs (%s, seats swapped)\n", words.Plural(r.Games, "game"), m.size, m.cfg.Seed, openings)
	if m.resumed > 0 {
		fmt.Fprintf(w, "%s read back from %s, %s played now\n", words.Plural(m.resumed, "game"), m.records, words.Plural(m.played, "game"))
	}
	width := max(len(r.Specs[0]), len(r.Specs[1]), 6)
	fmt.Fprintf(w, "%-*s  %5s  %6s  %-17s  %12s  %12s  %12s\n", width, "player", "wins", "rate", "95% CI (Wilson)", "mean CPU s", "mean s/move", "max s/move")
	for k := 0; k < 2; k++ {
		lo, hi := match.Wilson(r.Wins[k], r.Games)
		rate := 0.0
		if r.Games > 0 {
			rate = 100 * float64(r.Wins[k]) / float64(r.Games)
		}
		fmt.Fprintf(w, "%-*s  %5d  %5.1f%%  [%5.1f%%, %5.1f%%]  %12.6f  %12.6f  %12.6f\n", width, r.Specs[k], r.Wins[k],
			rate, 100*lo, 100*hi, r.MeanMoveCPU[k], r.MeanMoveSeconds[k], r.MaxMoveSeconds[k])
	}
	fmt.Fprintf(w, "mean game length %.1f plies; CPU time %.2f s and %.2f s\n", r.MeanPlies, r.CPUSeconds[0], r.CPUSeconds[1])
	if n := r.Penta.Pairs(); n > 0 {
		elo, lo, hi := r.Penta.Elo()
		fmt.Fprintf(w, "%s: %s won both games of %d, one of %d, none of %d; Elo %s [%s, %s] (95%%)\n",
			words.Plural(n, "pair"), r.Specs[0], r.Penta[2], r.Penta[1], r.Penta[0], eloText(elo), eloText(lo), eloText(hi))
	}
	if t := m.cfg.SPRT; t != nil {
		lower, upper := t.Bounds()
		fmt.Fprintf(w, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f): %s", t.Elo0, t.Elo1, t.Alpha, t.Beta, r.LLR, lower, upper, r.Verdict)
		if r.Verdict != match.Continue {
			fmt.Fprintf(w, " after %s", words.Plural(r.DecidedPairs, "pair"))
			if n := r.Penta.Pairs(); n > r.DecidedPairs {
				fmt.Fprintf(w, " (all %d finished pairs: LLR %.2f)", n, r.FinalLLR)
			}
		}
		fmt.Fprintf(w, "\n")
	}
}
