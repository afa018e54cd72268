package main

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/filekinds"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// The arguments the react commands share: player specs, --size, --jobs,
// position files.

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

// reactSizeFlag is the --size flag of the react commands: "RxC" as
// chainreact.ParseSize reads it, checked when it is given (before the
// command's action), like every bounded flag.
func reactSizeFlag(value, usage string) *cli.StringFlag {
	f := &cli.StringFlag{Name: "size", Value: value, Usage: usage}
	f.Action = func(c *cli.Context, v string) error {
		if _, _, err := chainreact.ParseSize(v); err != nil {
			return flagError(c, f, fmt.Sprintf("%q", v), chainreact.SizeWant)
		}
		return nil
	}
	return f
}

// reactSize is a react command's --size, already checked by its flag
// (reactSizeFlag); its default is a size.
func reactSize(c *cli.Context) (rows, cols int) {
	rows, cols, _ = chainreact.ParseSize(c.String("size"))
	return rows, cols
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

// The kinds of player a SPEC may name besides the built-in ones.
const (
	engineSpec = 1 << iota // engine:COMMAND, another program
	humanSpec              // "human", a seat played at the terminal
)

// specFlag is a flag that takes a player SPEC (Players, above), checked
// when it is given (before the command's action and its outputs), like
// every bounded flag; allow says which of engineSpec and humanSpec it
// takes besides the built-in players.
func specFlag(name, value, usage string, allow int) *cli.StringFlag {
	f := &cli.StringFlag{Name: name, Value: value, Usage: usage}
	f.Action = func(c *cli.Context, v string) error {
		return specProblem(commandPath(c), typedFlag(c, f.Names()), v, allow)
	}
	return f
}

// specsFlag is specFlag for a flag given once or more (react play's --vs).
func specsFlag(name string, value []string, usage string, allow int) *cli.StringSliceFlag {
	f := &cli.StringSliceFlag{Name: name, Value: cli.NewStringSlice(value...), Usage: usage}
	f.Action = func(c *cli.Context, vs []string) error {
		for _, v := range vs {
			if err := specProblem(commandPath(c), typedFlag(c, f.Names()), v, allow); err != nil {
				return err
			}
		}
		return nil
	}
	return f
}

// checkSpec reports a bad player spec given as an argument (react rate's
// list) as bad usage (exit 2); what names it is "player".
func checkSpec(cmd, spec string) error {
	return specProblem(cmd, "player", spec, engineSpec)
}

// specProblem is the one rule for a player spec given on the command
// line, what naming where it was given ("--p1", "player"): nil, or bad
// usage (exit 2) saying what is wrong with it.
func specProblem(cmd, what, spec string, allow int) error {
	if len(spec) > ai.MaxSpec {
		return status.BadInput("%s: %s: a spec of %d bytes: want at most %d", cmd, what, len(spec), ai.MaxSpec)
	}
	if spec == "human" && allow&humanSpec != 0 {
		return nil
	}
	if command, ok := strings.CutPrefix(spec, "engine:"); ok {
		switch {
		case allow&engineSpec == 0:
			return status.BadInput("%s: %s: an engine cannot be another engine", cmd, what)
		case strings.TrimSpace(command) == "":
			return status.BadInput("%s: %s %q: want engine:COMMAND", cmd, what, spec)
		}
		return nil
	}
	if _, err := ai.NewPlayer(spec, 0); err != nil {
		return status.BadInput("%s: %s: %s", cmd, what, words.WithoutPackage(err.Error()))
	}
	return nil
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
