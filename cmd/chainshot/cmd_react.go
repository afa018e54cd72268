package main

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/status"

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
			reactReplayCommand(),
			reactRateCommand(),
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

// parseSize reads "RxC" for the flag named flag (chainreact.ParseSize).
func parseSize(cmd, flag, s string) (rows, cols int, err error) {
	rows, cols, err = chainreact.ParseSize(s)
	if err != nil {
		return 0, 0, status.BadInput("%s: --%s %q: want %s", cmd, flag, s, chainreact.SizeWant)
	}
	return rows, cols, nil
}

// jobsFlag is the --jobs flag of the commands that play games at once:
// N from 0 (one per CPU), value by default.
func jobsFlag(value int, usage string) *cli.IntFlag {
	return bounded(&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: value, Usage: usage}, jobsBound)
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
	if len(spec) > ai.MaxSpec {
		return status.BadInput("%s: --%s: a spec of %d bytes: want at most %d", cmd, flag, len(spec), ai.MaxSpec)
	}
	if strings.HasPrefix(spec, "engine:") {
		if strings.TrimSpace(strings.TrimPrefix(spec, "engine:")) == "" {
			return status.BadInput("%s: --%s %q: want engine:COMMAND", cmd, flag, spec)
		}
		return nil
	}
	if _, err := ai.NewPlayer(spec, 0); err != nil {
		return status.BadInput("%s: --%s: %v", cmd, flag, err)
	}
	return nil
}

func reactPerftCommand() *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count move sequences of each length from the empty board (finished games are not continued)",
		ArgsUsage: " ",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "size", Value: "9x6", Usage: "board size, `RxC`"},
			bounded(&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "longest sequence, `N` plies"}, bounds.Int{Min: 1, Max: 12, Unit: "plies"}),
			bounded(&cli.IntFlag{Name: "players", Value: 2, Usage: "`N` players"}, playersBound),
		},
		Action: func(c *cli.Context) error {
			const cmd = "chainshot react perft"
			s := ioFrom(c)
			if c.Args().Present() {
				return status.BadInput("%s: takes no arguments, got %q", cmd, c.Args().First())
			}
			rows, cols, err := parseSize(cmd, "size", c.String("size"))
			if err != nil {
				return err
			}
			d := c.Int("depth")
			b, err := chainreact.NewBoard(rows, cols, c.Int("players"))
			if err != nil {
				return status.BadInput("%s: --players: %v", cmd, err)
			}
			t0 := time.Now()
			counts := chainreact.Perft(&b, d)
			for i, n := range counts {
				fmt.Fprintf(s.Out, "perft %d %d\n", i+1, n)
			}
			fmt.Fprintf(s.Err, "%dx%d, %d players, %.2fs\n", rows, cols, c.Int("players"), time.Since(t0).Seconds())
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
				return status.BadInput("chainshot react automaton: takes no arguments, got %q", c.Args().First())
			}
			if c.Bool("dot") {
				return chainreact.WriteAutomatonDOT(s.Out)
			}
			fmt.Fprintln(s.Out, "The automaton of one cell, two players (A and B), as seed 000 draws it;")
			fmt.Fprintln(s.Out, seedNote("seed 000"))
			fmt.Fprintln(s.Out, "States: Start, no orb on the cell yet; S<class><orbs> for A's orbs and")
			fmt.Fprintln(s.Out, "S'<class><orbs> for B's, class 1, 2, 3 a corner, an edge or an inner cell")
			fmt.Fprintln(s.Out, "(critical mass 2, 3, 4); S<class>0 a cell emptied by its own explosion.")
			for class := 1; class <= 3; class++ {
				var a, b []string
				for k := 0; k <= class; k++ {
					a = append(a, chainreact.StateName(0, class, k))
					b = append(b, chainreact.StateName(1, class, k))
				}
				fmt.Fprintf(s.Out, "  class %d (critical mass %d): A %s; B %s\n", class, class+1, strings.Join(a, " "), strings.Join(b, " "))
			}
			fmt.Fprintln(s.Out, "Inputs: a, b (a player adds an orb) and ε (an explosion next door, which")
			fmt.Fprintln(s.Out, "converts the cell). Run with --dot for the transitions as Graphviz.")
			return nil
		},
	}
}

// loadPosition reads a position file for cmd ("-": standard input)
// through the program's capped reader (filekinds.Position's cap).
func loadPosition(s *streams, cmd, name string) (chainreact.Position, error) {
	data, err := s.Inputs.ReadAll(name, filekinds.Position)
	if err != nil {
		return chainreact.Position{}, status.BadInput("%s: %v", cmd, err)
	}
	p, err := chainreact.ParsePosition(name, bytes.NewReader(data))
	if err != nil {
		// the message names the file: the package's prefix would say it twice
		return chainreact.Position{}, status.BadInput("%s: %s", cmd, strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	return p, nil
}
