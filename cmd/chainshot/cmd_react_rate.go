package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strings"
	"text/tabwriter"

	"chainshot/chainreact/match"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

// ratingPlayers is the default rating list: every built-in kind of
// player, random to best at several budgets, roughly weakest first (the
// order decides who meets whom).
var ratingPlayers = []string{
	"random", "mcts", "greedy", "seed001", "seed002",
	"best:nodes=1000", "best:nodes=5000", "best", "best:nodes=200000",
}

func reactRateCommand() *cli.Command {
	return &cli.Command{
		Name:      "rate",
		Usage:     "a rating list: players meet their neighbours in the list, then Elo with 95% intervals for all",
		ArgsUsage: "[SPEC...]",
		Description: "Plays paired games (as react match does) between every two players at most\n" +
			"--neighbours apart in the list, then fits logistic Elo to all the results by\n" +
			"maximum likelihood (one virtual win each way a pairing, as BayesElo's prior), the\n" +
			"first player at 0. Without SPECs the list is every built-in kind of player:\n" +
			"  " + strings.Join(ratingPlayers, " ") + "\n" +
			"--out FILE keeps one JSON line a pairing the moment it ends; --resume skips\n" +
			"the pairings already there.\n\n" +
			"Examples:\n" +
			"  chainshot react rate --games 40 --jobs 2 --out rating.jsonl\n" +
			"  chainshot react rate random greedy seed002 best --games 20",
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 40, Usage: "`N` games a pairing, two a pair"}, bounds.Int{Min: 2, Max: 100000, Unit: "games"}),
			bounded(&cli.IntFlag{Name: "neighbours", Value: 2, Usage: "each player meets the next `N` in the list"}, bounds.Int{Min: 1, Max: 64}),
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the openings and the players"}),
			jobsFlag(1, "`N` pairs of games played at once (0: one per CPU)"),
			bounded(&cli.IntFlag{Name: "opening-plies", Value: 4, Usage: "`N` random moves open each pair's games"}, bounds.Int{Min: 0, Max: 64, Unit: "plies"}),
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "append each pairing's result to `FILE` (JSON Lines); an existing non-empty FILE needs --resume"}, filekinds.RatingsOut),
			&cli.BoolFlag{Name: "resume", Usage: "skip the pairings recorded in --out with the same --games, --size, --seed and --opening-plies"},
			&cli.BoolFlag{Name: "json", Usage: "print the list as one JSON object"},
		},
		Action: doReactRate,
	}
}

// pairingLine is one pairing's result in react rate's --out.
type pairingLine struct {
	A            string     `json:"a"`
	B            string     `json:"b"`
	Games        int        `json:"games"`
	Wins         [2]int     `json:"wins"`
	Size         string     `json:"size"`
	Seed         uint64     `json:"seed"`
	OpeningPlies int        `json:"opening_plies"`
	Moves        [2]int     `json:"moves"`
	CPUSeconds   [2]float64 `json:"cpu_seconds"`
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

func doReactRate(c *cli.Context) error {
	const cmd = "chainshot react rate"
	s := ioFrom(c)
	specs := c.Args().Slice()
	if len(specs) == 0 {
		specs = ratingPlayers
	}
	if len(specs) < 2 {
		return status.BadInput("%s: want at least two players, got %d", cmd, len(specs))
	}
	seen := map[string]bool{}
	for _, sp := range specs {
		if err := checkSpec(cmd, "player", sp); err != nil {
			return err
		}
		if seen[sp] {
			return status.BadInput("%s: player %q is on the list twice", cmd, sp)
		}
		seen[sp] = true
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return err
	}
	size := fmt.Sprintf("%dx%d", rows, cols)
	base := pairingLine{Games: c.Int("games"), Size: size, Seed: c.Uint64("seed"), OpeningPlies: c.Int("opening-plies")}
	done, out, err := openRatingOut(cmd, c.String("out"), c.Bool("resume"), base, s)
	if err != nil {
		return err
	}
	if out != nil {
		defer out.Close()
	}
	var results []match.PairResult
	games := make([]int, len(specs))
	points := make([]float64, len(specs))
	cpu, moves := make([]float64, len(specs)), make([]int, len(specs))
	k := c.Int("neighbours")
	for a := range specs {
		for b := a + 1; b < len(specs) && b <= a+k; b++ {
			l, ok := done[[2]string{specs[a], specs[b]}]
			if ok {
				printf(s.Err, "%s vs %s: recorded, %d-%d\n", specs[a], specs[b], l.Wins[0], l.Wins[1])
			} else {
				r, err := match.RunMatch(c.Context, match.MatchConfig{
					Specs: [2]string{specs[a], specs[b]}, Games: base.Games, Rows: rows, Cols: cols,
					Seed: base.Seed, Jobs: gamesAtOnce(c), OpeningPlies: base.OpeningPlies,
				})
				if err != nil {
					return status.Fail("%s: %v", cmd, err)
				}
				l = base
				l.A, l.B, l.Wins, l.Moves, l.CPUSeconds = specs[a], specs[b], r.Wins, r.Moves, r.CPUSeconds
				printf(s.Err, "%s vs %s: %d-%d\n", specs[a], specs[b], r.Wins[0], r.Wins[1])
				if out != nil {
					line, _ := json.Marshal(l)
					if err := out.Line(line); err != nil {
						return status.Fail("%s: --out: %v", cmd, err)
					}
				}
			}
			results = append(results, match.PairResult{A: a, B: b, WinsA: l.Wins[0], WinsB: l.Wins[1]})
			for i, p := range [2]int{a, b} {
				games[p] += l.Wins[0] + l.Wins[1]
				points[p] += float64(l.Wins[i])
				cpu[p] += l.CPUSeconds[i]
				moves[p] += l.Moves[i]
			}
		}
	}
	ratings, err := match.FitRatings(len(specs), results, 0)
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	order := make([]int, len(specs))
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
		row := ratingRow{Rank: rank + 1, Player: specs[i], Elo: round1(ratings[i].Elo),
			CI95: [2]float64{round1(ratings[i].Lo), round1(ratings[i].Hi)}, Games: games[i]}
		if games[i] > 0 {
			row.Score = points[i] / float64(games[i])
		}
		if moves[i] > 0 {
			row.CPU = cpu[i] / float64(moves[i])
		}
		list = append(list, row)
	}
	if c.Bool("json") {
		return json.NewEncoder(s.Out).Encode(struct {
			Size    string      `json:"size"`
			Seed    uint64      `json:"seed"`
			Games   int         `json:"games_a_pairing"`
			Anchor  string      `json:"anchor"`
			Ratings []ratingRow `json:"ratings"`
		}{size, base.Seed, base.Games, specs[0], list})
	}
	printf(s.Out, "Rating list on %s, %d games a pairing (paired openings, seed %d), %s at 0\n", size, base.Games, base.Seed, specs[0])
	tw := tabwriter.NewWriter(s.Out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rank\tplayer\tElo\t95%% interval\tgames\tscore\tCPU s/move\t\n")
	for _, r := range list {
		fmt.Fprintf(tw, "%d\t%s\t%+.0f\t[%+.0f, %+.0f]\t%d\t%.1f%%\t%.6f\t\n", r.Rank, r.Player, r.Elo, r.CI95[0], r.CI95[1], r.Games, 100*r.Score, r.CPU)
	}
	return tw.Flush()
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// openRatingOut opens react rate's --out, reading the pairings already
// there with --resume.
func openRatingOut(cmd, path string, resume bool, base pairingLine, s *streams) (map[[2]string]pairingLine, *outfile.Appender, error) {
	done := map[[2]string]pairingLine{}
	if path == "" {
		if resume {
			return nil, nil, status.BadInput("%s: --resume continues the list recorded in --out: give --out FILE", cmd)
		}
		return done, nil, nil
	}
	// one writer: the lock is held until the process ends
	if _, err := s.claim(cmd, "out", path, outfile.Kind{Name: "ratings", Grows: true}); err != nil {
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
						printf(s.Err, "warning: %s:%d: a cut last line, dropped: its pairing is played again\n", path, i+1)
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
