// Package rating is "chainshot react rate": a rating list. Each player
// meets its next neighbours in the list in paired games (as a match
// plays them, chainreact/match.RunMatch), each pairing's result kept in
// a file that grows a pairing at a time and resumes; then logistic Elo
// is fitted to all the results (match.FitRatings) and printed as a
// table or JSON.
package rating

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"text/tabwriter"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/status"
)

// DefaultPlayers is the list without SPECs: every built-in kind of
// player, random to best at several budgets, roughly weakest first (the
// order decides who meets whom).
var DefaultPlayers = []string{
	"random", "mcts", "greedy", "seed001", "seed002",
	"best:nodes=1000", "best:nodes=5000", "best", "best:nodes=200000",
}

// Options are a rating list's settings.
type Options struct {
	Cmd   string   // "chainshot react rate", for messages
	Specs []string // the players, checked, none twice
	// Games a pairing, two a pair; each player meets the next Neighbours.
	Games, Neighbours int
	Rows, Cols        int
	Seed              uint64
	Jobs              int // pairs played at once
	OpeningPlies      int
	// Out keeps each pairing's result ("" for none); Resume skips the
	// pairings recorded there.
	Out    string
	Resume bool
	JSON   bool
}

// pairingLine is one pairing's result in react rate's --out.
type pairingLine struct {
	A            string     `json:"a" strict:"required"`
	B            string     `json:"b" strict:"required"`
	Games        int        `json:"games" strict:"required"`
	Wins         [2]int     `json:"wins" strict:"required"`
	Size         string     `json:"size" strict:"required"`
	Seed         uint64     `json:"seed" strict:"required"`
	OpeningPlies int        `json:"opening_plies" strict:"required"`
	Moves        [2]int     `json:"moves" strict:"required"`
	CPUSeconds   [2]float64 `json:"cpu_seconds" strict:"required"`
}

// ratingRow is one player of the list, as --json prints it.
type ratingRow struct {
	Rank   int        `json:"rank"`
	Player string     `json:"player"`
	Elo    float64    `json:"elo"`
	CI95   [2]float64 `json:"elo_ci95"`
	Games  int        `json:"games"`
	Score  float64    `json:"score"`
	CPU    float64    `json:"mean_move_cpu_seconds"`
}

// tally is what the pairings played say of each player.
type tally struct {
	results []match.PairResult
	games   []int
	points  []float64
	cpu     []float64
	moves   []int
}

// Run plays the pairings not recorded yet and prints the list. Ctrl-C
// or SIGTERM stops it at the next move: the pairing under way is not
// kept, a note on standard error says how far it got and, with Out, how
// to go on (--resume); the list of the pairings finished is printed when
// they connect every player. The status is then 130.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	interrupt.Handle()
	cmd := o.Cmd
	base := pairingLine{Games: o.Games, Size: chainreact.FormatSize(o.Rows, o.Cols), Seed: o.Seed, OpeningPlies: o.OpeningPlies}
	done, out, err := openRatingOut(cmd, o.Out, o.Resume, base, io)
	if err != nil {
		return err
	}
	if out != nil {
		defer out.Close()
	}
	t, err := o.play(ctx, io, base, done, out)
	var stop *stopped
	switch {
	case errors.As(err, &stop):
		return o.interrupted(io, base, t, stop)
	case err != nil:
		return err
	}
	ratings, err := match.FitRatings(len(o.Specs), t.results, 0)
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	return o.print(io, base, t, ratings)
}

// print prints the list: a table, or JSON.
func (o Options) print(io *iostreams.IO, base pairingLine, t tally, ratings []match.Rating) error {
	list := o.list(t, ratings)
	if o.JSON {
		return json.NewEncoder(io.Out).Encode(struct {
			Size    string      `json:"size"`
			Seed    uint64      `json:"seed"`
			Games   int         `json:"games_a_pairing"`
			Anchor  string      `json:"anchor"`
			Ratings []ratingRow `json:"ratings"`
		}{base.Size, base.Seed, base.Games, o.Specs[0], list})
	}
	fmt.Fprintf(io.Out, "Rating list on %s, %d games a pairing (paired openings, seed %d), %s at 0\n", base.Size, base.Games, base.Seed, o.Specs[0])
	tw := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rank\tplayer\tElo\t95%% interval\tgames\tscore\tCPU s/move\t\n")
	for _, r := range list {
		fmt.Fprintf(tw, "%d\t%s\t%+.0f\t[%+.0f, %+.0f]\t%d\t%.1f%%\t%.6f\t\n", r.Rank, r.Player, r.Elo, r.CI95[0], r.CI95[1], r.Games, 100*r.Score, r.CPU)
	}
	return tw.Flush()
}

// stopped is a list stopped by Ctrl-C during the pairing of a and b.
type stopped struct{ a, b string }

func (s *stopped) Error() string { return fmt.Sprintf("stopped during %s vs %s", s.a, s.b) }

// interrupted reports a list stopped by Ctrl-C: the list so far, when
// the pairings finished connect every player, and how far it got.
func (o Options) interrupted(io *iostreams.IO, base pairingLine, t tally, stop *stopped) error {
	if ratings, err := match.FitRatings(len(o.Specs), t.results, 0); err == nil {
		if err := o.print(io, base, t, ratings); err != nil {
			return err
		}
	}
	hint := ""
	if o.Out != "" {
		hint = fmt.Sprintf("; every pairing finished is in %s: the same command with --resume plays the rest", o.Out)
	}
	fmt.Fprintf(io.Err, "%s: interrupted during %s vs %s, after %d of %d pairings (the one under way is not kept)%s\n",
		o.Cmd, stop.a, stop.b, len(t.results), o.pairings(), hint)
	return status.Quiet(status.Interrupted)
}

// pairings counts the list's pairings.
func (o Options) pairings() int {
	n := 0
	for a := range o.Specs {
		n += min(o.Neighbours, len(o.Specs)-1-a)
	}
	return n
}

// play plays every pairing of the list not in done, each appended to out
// (when there is one) the moment it ends, and tallies them all.
func (o Options) play(ctx context.Context, io *iostreams.IO, base pairingLine, done map[[2]string]pairingLine, out *journal.Journal) (tally, error) {
	specs := o.Specs
	t := tally{games: make([]int, len(specs)), points: make([]float64, len(specs)), cpu: make([]float64, len(specs)), moves: make([]int, len(specs))}
	for a := range specs {
		for b := a + 1; b < len(specs) && b <= a+o.Neighbours; b++ {
			l, ok := done[[2]string{specs[a], specs[b]}]
			if ok {
				fmt.Fprintf(io.Err, "%s vs %s: recorded, %d-%d\n", specs[a], specs[b], l.Wins[0], l.Wins[1])
			} else {
				r, err := match.RunMatch(ctx, match.MatchConfig{
					Specs: [2]string{specs[a], specs[b]}, Games: base.Games, Rows: o.Rows, Cols: o.Cols,
					Seed: base.Seed, Jobs: o.Jobs, OpeningPlies: base.OpeningPlies,
				})
				if err != nil && ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
					return t, &stopped{specs[a], specs[b]}
				}
				if err != nil {
					return t, status.Fail("%s: %v", o.Cmd, err)
				}
				l = base
				l.A, l.B, l.Wins, l.Moves, l.CPUSeconds = specs[a], specs[b], r.Wins, r.Moves, r.CPUSeconds
				fmt.Fprintf(io.Err, "%s vs %s: %d-%d\n", specs[a], specs[b], r.Wins[0], r.Wins[1])
				if out != nil {
					line, _ := json.Marshal(l)
					if err := out.Append(line); err != nil {
						return t, status.Fail("%s: --out: %v", o.Cmd, err)
					}
				}
			}
			t.add(a, b, l)
		}
	}
	return t, nil
}

// add counts pairing l of players a and b.
func (t *tally) add(a, b int, l pairingLine) {
	t.results = append(t.results, match.PairResult{A: a, B: b, WinsA: l.Wins[0], WinsB: l.Wins[1]})
	for i, p := range [2]int{a, b} {
		t.games[p] += l.Wins[0] + l.Wins[1]
		t.points[p] += float64(l.Wins[i])
		t.cpu[p] += l.CPUSeconds[i]
		t.moves[p] += l.Moves[i]
	}
}

// list is the rating list, best first.
func (o Options) list(t tally, ratings []match.Rating) []ratingRow {
	order := make([]int, len(o.Specs))
	for i := range order {
		order[i] = i
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && ratings[order[j]].Elo > ratings[order[j-1]].Elo; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	var list []ratingRow
	for rank, i := range order {
		row := ratingRow{Rank: rank + 1, Player: o.Specs[i], Elo: round1(ratings[i].Elo),
			CI95: [2]float64{round1(ratings[i].Lo), round1(ratings[i].Hi)}, Games: t.games[i]}
		if t.games[i] > 0 {
			row.Score = t.points[i] / float64(t.games[i])
		}
		if t.moves[i] > 0 {
			row.CPU = t.cpu[i] / float64(t.moves[i])
		}
		list = append(list, row)
	}
	return list
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
