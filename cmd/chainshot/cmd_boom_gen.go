package main

import (
	"chainshot/cpuclock"
	"chainshot/internal/bounds"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/expendibots"
)

// boomGenDraws is how many boards "boom gen" draws before it gives up.
const boomGenDraws = 1000

func boomGenCommand() *cli.Command {
	return &cli.Command{
		Name:  "gen",
		Usage: "print a random case that can be won, the same for the same seed",
		Description: "Places --white and --black tokens at random (black in clumps, white off black's\n" +
			"neighbouring squares, about one token in five on a stack), then solves the case with astar\n" +
			"to check that it can be won: a case that cannot, or that is won in fewer than --min-actions\n" +
			"actions, is drawn again (at most 1000 draws). Prints the case as JSON on stdout, and on\n" +
			"stderr what the check found. Exit status 1 when no draw is kept within the budget." +
			examples("chainshot boom gen --white 5 --black 15 --seed 7 > case.json",
				"chainshot boom gen -s 2 > case.json && chainshot boom solve case.json",
				"chainshot boom gen --white 5 --min-actions 12 --seed 3 > hard.json"),
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "white", Value: 5, Usage: fmt.Sprintf("white tokens, `N` (part A has at most 3; at most %d)", expendibots.MaxTokens)}, bounds.Int{Min: 1, Max: expendibots.MaxTokens, Unit: "tokens"}),
			bounded(&cli.IntFlag{Name: "black", Value: 15, Usage: fmt.Sprintf("black tokens, `N` (the game has 12; at most %d)", expendibots.MaxTokens)}, bounds.Int{Min: 1, Max: expendibots.MaxTokens, Unit: "tokens"}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "random seed `N`: the same seed gives the same case"}),
			budgetFlag(30*time.Second, "CPU time for the check, every draw together, a `DURATION` with a unit: 30s, 500ms (0: no time limit)"),
			wallFlag(),
			bounded(&cli.IntFlag{Name: "min-actions", Value: 1, Usage: "keep only a case whose shortest win takes `N` actions or more"}, bounds.Int{Min: 1, Max: 100, Unit: "actions"}),
			bounded(&cli.IntFlag{Name: "max-states", Value: expendibots.DefaultMaxStates, Usage: "most positions the check stores for a draw, `N`"}, statesBound),
		},
		Action: boomGen,
	}
}

func boomGen(c *cli.Context) error {
	if c.Args().Present() {
		return status.BadInput("chainshot boom gen: takes flags only, got %q", c.Args().First())
	}
	seed := c.Uint64("seed")
	p := expendibots.NewGenParams(c.Int("white"), c.Int("black"))
	p.MinActions = c.Int("min-actions")
	opt := expendibots.Options{Algo: expendibots.AlgoAStar, Budget: c.Duration("budget"), MaxStates: c.Int("max-states")}
	startCPU := cpuclock.Process()
	if !c.Bool("wall") {
		opt.Clock = func() time.Duration { return cpuclock.Process() - startCPU }
	}
	start := time.Now()
	draws, err := expendibots.GenerateWinnable(seed, p, opt, boomGenDraws)
	used := fmt.Sprintf("%.3f CPU s", (cpuclock.Process() - startCPU).Seconds())
	if c.Bool("wall") {
		used = fmt.Sprintf("%.3f s", time.Since(start).Seconds())
	}
	s := ioFrom(c)
	if err != nil {
		return status.Fail("chainshot boom gen: seed %d: no case kept in %s (%s): %s",
			seed, words.Plural(len(draws), "draw"), used, drawOutcomes(draws, len(draws), p.MinActions))
	}
	won := draws[len(draws)-1]
	if _, err := s.Out.Write(expendibots.FormatJSON(won.Board)); err != nil {
		return err
	}
	res := won.Result
	kind := "not proven shortest"
	if res.Optimal {
		kind = "shortest"
	}
	if len(draws) == 1 {
		fmt.Fprintf(s.Err, "seed %d: %s; won in %s, %s (astar, %s, %s)\n",
			seed, describeCase(won.Board), words.Plural(len(res.Actions), "action"), kind, words.Plural(res.States, "state"), used)
		return nil
	}
	fmt.Fprintf(s.Err, "seed %d: %s; won in %s, %s (astar, %s); draw %d kept (%s), %s in all\n",
		seed, describeCase(won.Board), words.Plural(len(res.Actions), "action"), kind, words.Plural(res.States, "state"),
		len(draws), drawOutcomes(draws, len(draws)-1, p.MinActions), used)
	return nil
}

// drawOutcomes says why the first n draws were not kept: "draw 1
// unsolvable", "draws 1 to 3: 2 unsolvable, 1 won in fewer than 12
// actions".
func drawOutcomes(draws []expendibots.Draw, n, minActions int) string {
	why := func(d expendibots.Draw) string {
		if d.Result.Status == expendibots.Solved {
			return fmt.Sprintf("won in fewer than %d actions", minActions)
		}
		return d.Result.Status.String()
	}
	if n == 1 {
		return "draw 1 " + why(draws[0])
	}
	var order []string
	count := map[string]int{}
	for _, d := range draws[:n] {
		w := why(d)
		if count[w] == 0 {
			order = append(order, w)
		}
		count[w]++
	}
	var parts []string
	for _, w := range order {
		parts = append(parts, fmt.Sprintf("%d %s", count[w], w))
	}
	return fmt.Sprintf("draws 1 to %d: %s", n, strings.Join(parts, ", "))
}

// describeCase counts a case's tokens and stacks: "white 5 tokens in 4
// stacks, black 15 tokens in 12 stacks".
func describeCase(b expendibots.Board) string {
	var ws, bs int
	for _, st := range b.Stacks() {
		if st.Colour == expendibots.White {
			ws++
		} else {
			bs++
		}
	}
	w, bl := b.Tokens()
	return fmt.Sprintf("white %s in %s, black %s in %s", words.Plural(w, "token"), words.Plural(ws, "stack"), words.Plural(bl, "token"), words.Plural(bs, "stack"))
}
