package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"chainshot/chainreact"

	"github.com/urfave/cli/v2"
)

// reactCommand is the "react" command group: Chain Reaction.
func reactCommand() *cli.Command {
	return &cli.Command{
		Name:  "react",
		Usage: "Chain Reaction: play, analyse positions, match AI players, solve small boards, rerun a study's experiments",
		Description: "Cells are \"row col\", row 1 at the BOTTOM, column 1 at the LEFT.\n\n" +
			playerSpecs + "\n\n" + seedNote("seed 000", "seed 001", "seed 002"),
		Subcommands: []*cli.Command{
			reactPlayCommand(),
			reactAnalyzeCommand(),
			reactMatchCommand(),
			reactSolveCommand(),
			reactMergeCommand(),
			reactPerftCommand(),
			reactAutomatonCommand(),
			reactEngineCommand(),
			reactExperimentCommand(),
		},
	}
}

// playerSpecs lists the player specs and evaluations, in the help of
// every command that takes a SPEC.
const playerSpecs = `Players (SPEC): a name, options after a colon as name:key=value,key=value.
  random          uniformly random moves
  greedy          the best evaluation one ply ahead [eval=E]
  minimax         plain minimax [depth=3,eval=brilliant,width=0; W>0 keeps the W best moves]
  seed001         minimax:depth=3,eval=brilliant,width=5, seed 001's search
  alphabeta       alpha-beta [depth=3,eval=weighted; or time=100ms, deepening within it]
  seed002         alphabeta:depth=3,eval=weighted, seed 002's bot
  mcts            Monte-Carlo tree search [playouts=2000,c=1]
  best            the strongest, the default [nodes=40000,eval=tuned,q=4,spread=0,time=T]
  perfect         best asking the exact solver first: perfect on small boards [nodes=N,oracle=O]
  engine:COMMAND  another program speaking the engine protocol ("chainshot react engine --help")
Evaluations (E): brilliant, weighted, orbs, critical, control, chain, safety, static
(weighted without the chain term), reach, tuned (fitted to self-play; best's default).`

// parseSize reads "RxC" for the flag named flag.
func parseSize(cmd, flag, s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 2 || cols < 2 || rows > chainreact.MaxRows || cols > chainreact.MaxCols {
		return 0, 0, badInput("%s: --%s %q: want RxC, rows by columns, 2 to %d rows and 2 to %d columns, like 9x6", cmd, flag, s, chainreact.MaxRows, chainreact.MaxCols)
	}
	return rows, cols, nil
}

// jobsFlag is the --jobs flag of the commands that play games at once:
// N from 0 (one per CPU), value by default.
func jobsFlag(value int, usage string) *cli.IntFlag {
	return atLeast(&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: value, Usage: usage}, 0, "0 (one per CPU) or more")
}

// gamesAtOnce is --jobs, 0 meaning one per CPU.
func gamesAtOnce(c *cli.Context) int {
	if n := c.Int("jobs"); n > 0 {
		return n
	}
	return runtime.NumCPU()
}

// checkSpec reports a bad player spec as bad usage (exit 2).
func checkSpec(cmd, flag, spec string) error {
	if strings.HasPrefix(spec, "engine:") {
		if strings.TrimSpace(strings.TrimPrefix(spec, "engine:")) == "" {
			return badInput("%s: --%s %q: want engine:COMMAND", cmd, flag, spec)
		}
		return nil
	}
	if _, err := chainreact.NewPlayer(spec, 0); err != nil {
		return badInput("%s: --%s: %v", cmd, flag, err)
	}
	return nil
}

func reactMatchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play games between two players, seats alternated, and report wins with 95% intervals",
		ArgsUsage: " ",
		Description: playerSpecs + "\n\n" + seedNote("seed 001", "seed 002") +
			examples("chainshot react match --p1 best --p2 seed002 --games 20 --jobs 2",
				"chainshot react match --p1 best:nodes=900 --p2 random --games 10 --size 5x5 --json"),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "p1", Value: chainreact.DefaultSpec, Usage: "first player, a `SPEC` (Players, above) such as best, best:nodes=900, seed002, random"},
			&cli.StringFlag{Name: "p2", Value: "random", Usage: "second player, a `SPEC` (Players, above)"},
			atLeast(&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "`N` games to play, seats alternating"}, 1, "1 or more"),
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds every player's randomness"},
			jobsFlag(1, "`N` games played at once (0: one per CPU)"),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object: p1, p2, size, seed, games, wins, win_rate, wins_ci95, mean_plies, mean_move_seconds, max_move_seconds, nodes"},
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
	Games           int           `json:"games"`
	Wins            [2]int        `json:"wins"`
	WinRate         [2]float64    `json:"win_rate"`
	CI95            [2][2]float64 `json:"wins_ci95"`
	MeanPlies       float64       `json:"mean_plies"`
	MeanMoveSeconds [2]float64    `json:"mean_move_seconds"`
	MaxMoveSeconds  [2]float64    `json:"max_move_seconds"`
	Nodes           [2]uint64     `json:"nodes"`
}

func doReactMatch(c *cli.Context) error {
	const cmd = "chainshot react match"
	s := ioFrom(c)
	if c.Args().Present() {
		return badInput("%s: takes no arguments, got %q", cmd, c.Args().First())
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
	cfg := chainreact.MatchConfig{
		Specs: [2]string{c.String("p1"), c.String("p2")},
		Games: c.Int("games"), Rows: rows, Cols: cols, Seed: c.Uint64("seed"), Jobs: gamesAtOnce(c),
	}
	if s.errTTY {
		cfg.Done = func(n int) { fmt.Fprintf(s.err, "\r%d/%d games", n, cfg.Games) }
	}
	r, err := chainreact.RunMatch(cfg)
	if s.errTTY {
		fmt.Fprintln(s.err)
	}
	if err != nil {
		return failed("%s: %v", cmd, err)
	}
	return printMatch(s, r, fmt.Sprintf("%dx%d", rows, cols), cfg.Seed, c.Bool("json"))
}

func printMatch(s *streams, r chainreact.MatchResult, size string, seed uint64, asJSON bool) error {
	if asJSON {
		j := matchJSON{P1: r.Specs[0], P2: r.Specs[1], Size: size, Seed: seed, Games: r.Games, Wins: r.Wins,
			MeanPlies: r.MeanPlies, MeanMoveSeconds: r.MeanMoveSeconds, MaxMoveSeconds: r.MaxMoveSeconds, Nodes: r.Nodes}
		for k := 0; k < 2; k++ {
			j.WinRate[k] = float64(r.Wins[k]) / float64(r.Games)
			lo, hi := chainreact.Wilson(r.Wins[k], r.Games)
			j.CI95[k] = [2]float64{lo, hi}
		}
		enc := json.NewEncoder(s.out)
		return enc.Encode(j)
	}
	fmt.Fprintf(s.out, "%s on %s, seed %d, seats alternated\n", plural(r.Games, "game"), size, seed)
	w := max(len(r.Specs[0]), len(r.Specs[1]), 6)
	fmt.Fprintf(s.out, "%-*s  %5s  %6s  %-17s  %12s  %12s\n", w, "player", "wins", "rate", "95% CI (Wilson)", "mean s/move", "max s/move")
	for k := 0; k < 2; k++ {
		lo, hi := chainreact.Wilson(r.Wins[k], r.Games)
		fmt.Fprintf(s.out, "%-*s  %5d  %5.1f%%  [%5.1f%%, %5.1f%%]  %12.6f  %12.6f\n", w, r.Specs[k], r.Wins[k],
			100*float64(r.Wins[k])/float64(r.Games), 100*lo, 100*hi, r.MeanMoveSeconds[k], r.MaxMoveSeconds[k])
	}
	fmt.Fprintf(s.out, "mean game length %.1f plies\n", r.MeanPlies)
	return nil
}

func reactPerftCommand() *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count move sequences of each length from the empty board (finished games are not continued)",
		ArgsUsage: " ",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			within(&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "longest sequence, `N` plies (1 to 12)"}, 1, 12, "1 to 12"),
			&cli.IntFlag{Name: "players", Value: 2, Usage: "`N` players (2 to 8)"},
		},
		Action: func(c *cli.Context) error {
			const cmd = "chainshot react perft"
			s := ioFrom(c)
			if c.Args().Present() {
				return badInput("%s: takes no arguments, got %q", cmd, c.Args().First())
			}
			rows, cols, err := parseSize(cmd, "size", c.String("size"))
			if err != nil {
				return err
			}
			d := c.Int("depth")
			b, err := chainreact.NewBoard(rows, cols, c.Int("players"))
			if err != nil {
				return badInput("%s: --players: %v", cmd, err)
			}
			t0 := time.Now()
			counts := chainreact.Perft(&b, d)
			for i, n := range counts {
				fmt.Fprintf(s.out, "perft %d %d\n", i+1, n)
			}
			fmt.Fprintf(s.err, "%dx%d, %d players, %.2fs\n", rows, cols, c.Int("players"), time.Since(t0).Seconds())
			return nil
		},
	}
}

func reactAutomatonCommand() *cli.Command {
	return &cli.Command{
		Name:      "automaton",
		Usage:     "print seed 000's cell automaton (Graphviz with --dot)",
		ArgsUsage: " ",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "dot", Usage: "print it as a Graphviz digraph"}},
		Action: func(c *cli.Context) error {
			s := ioFrom(c)
			if c.Args().Present() {
				return badInput("chainshot react automaton: takes no arguments, got %q", c.Args().First())
			}
			if c.Bool("dot") {
				return chainreact.WriteAutomatonDOT(s.out)
			}
			fmt.Fprintln(s.out, "The automaton of one cell, two players (A and B), as seed 000 draws it;")
			fmt.Fprintln(s.out, seedNote("seed 000"))
			fmt.Fprintln(s.out, "States: Start, no orb on the cell yet; S<class><orbs> for A's orbs and")
			fmt.Fprintln(s.out, "S'<class><orbs> for B's, class 1, 2, 3 a corner, an edge or an inner cell")
			fmt.Fprintln(s.out, "(critical mass 2, 3, 4); S<class>0 a cell emptied by its own explosion.")
			for class := 1; class <= 3; class++ {
				var a, b []string
				for k := 0; k <= class; k++ {
					a = append(a, chainreact.StateName(0, class, k))
					b = append(b, chainreact.StateName(1, class, k))
				}
				fmt.Fprintf(s.out, "  class %d (critical mass %d): A %s; B %s\n", class, class+1, strings.Join(a, " "), strings.Join(b, " "))
			}
			fmt.Fprintln(s.out, "Inputs: a, b (a player adds an orb) and ε (an explosion next door, which")
			fmt.Fprintln(s.out, "converts the cell). Run with --dot for the transitions as Graphviz.")
			return nil
		},
	}
}

// loadPosition reads a position file for cmd.
func loadPosition(cmd, name string) (chainreact.Position, error) {
	data, err := readInput(name, maxPositionBytes, "a Chain Reaction position", "at most 16x16 cells")
	if err != nil {
		return chainreact.Position{}, badInput("%s: %v", cmd, err)
	}
	p, err := chainreact.ParsePosition(name, bytes.NewReader(data))
	if err != nil {
		// the message names the file: the package's prefix would say it twice
		return chainreact.Position{}, badInput("%s: %s", cmd, strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	return p, nil
}
