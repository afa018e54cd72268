package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/pkg/profile"
	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/cmd/chainshot/outfile"
	"chainshot/datasets"
	"chainshot/results"
	"chainshot/solver"
)

// searchFlags are the flags of every command that runs the solver.
func searchFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.DurationFlag{Name: "budget", Aliases: []string{"b"}, Value: 30 * time.Second,
			Usage: "CPU time per data set, with a unit: 30s, 500ms, 2m (every goroutine counts)"},
		&cli.StringFlag{Name: "algo", Aliases: []string{"a"}, Value: "auto", Usage: "search algorithm: " + algoNames()},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed (the same seed and --max-nodes give the same moves)"},
		&cli.BoolFlag{Name: "wall", Usage: "make --budget wall-clock time instead of CPU time"},
		&cli.Int64Flag{Name: "max-nodes", Usage: "stop after this many nodes/playouts: a budget that does not depend on the machine"},
		&cli.IntFlag{Name: "workers", Usage: "search goroutines (0: one per CPU)"},
		&cli.IntFlag{Name: "memory", Value: 256, Usage: "memory cap for tables and beams, in MB"},
	}, profileFlags()...)
}

// profileFlags are the profiling flags of the long-running commands.
func profileFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile to `FILE` (pprof)"},
		&cli.StringFlag{Name: "memprofile", Usage: "write a memory profile to `FILE` (pprof)"},
	}
}

// profiled wraps a command's action in the profile its flags ask for.
func profiled(action cli.ActionFunc) cli.ActionFunc {
	return func(c *cli.Context) error {
		stop, err := startProfile(c)
		if err != nil {
			return err
		}
		err = action(c)
		if serr := stop(); err == nil {
			err = serr
		}
		return err
	}
}

func algoNames() string {
	var names []string
	for _, a := range solver.Algorithms() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve data sets automatically within a CPU-time budget",
		ArgsUsage: "FILE|NAME...",
		Description: "Searches each data set for the line leaving the fewest beads, then scoring the most,\n" +
			"within --budget CPU time, then replays it board by board and prints the moves, score,\n" +
			"beads left and CPU time. --json prints one results line per data set instead\n" +
			"(\"chainshot verify\" replays them). Algorithms:\n" + algoHelp(),
		Flags: append(append(searchFlags(), resultFlags()...),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON results line per data set instead of the replay"},
			&cli.BoolFlag{Name: "brief", Usage: "print the moves and figures without the board after each move"},
			&cli.StringFlag{Name: "gif", Usage: "also write an animated replay of the solution to `FILE` (one data set)"},
		),
		Action: doSolve,
	}
}

func algoHelp() string {
	var sb strings.Builder
	for _, a := range solver.Algorithms() {
		fmt.Fprintf(&sb, "  %-8s %s\n", a.Name, a.Description)
	}
	return sb.String()
}

// searchConfig is what the search flags say.
type searchConfig struct {
	algo string
	opt  solver.Options
}

func searchConfigFrom(c *cli.Context) (searchConfig, error) {
	algo := c.String("algo")
	known := false
	for _, a := range solver.Algorithms() {
		known = known || a.Name == algo
	}
	if !known {
		return searchConfig{}, badInput("chainshot %s: --algo %q: want one of %s", c.Command.Name, algo, algoNames())
	}
	if c.Duration("budget") < 0 || c.Int64("max-nodes") < 0 || c.Int("workers") < 0 || c.Int("memory") < 1 {
		return searchConfig{}, badInput("chainshot %s: --budget, --max-nodes and --workers must not be negative, --memory at least 1", c.Command.Name)
	}
	if c.Duration("budget") == 0 && c.Int64("max-nodes") == 0 {
		return searchConfig{}, badInput("chainshot %s: --budget 0 needs a --max-nodes limit", c.Command.Name)
	}
	return searchConfig{algo: algo, opt: solver.Options{
		Budget: c.Duration("budget"), Wall: c.Bool("wall"), MaxNodes: c.Int64("max-nodes"),
		Seed: c.Uint64("seed"), Workers: c.Int("workers"), MemoryMB: c.Int("memory"),
	}}, nil
}

// startProfile starts the profile the flags ask for; stop writes it.
func startProfile(c *cli.Context) (stop func() error, err error) {
	cpu, mem := c.String("cpuprofile"), c.String("memprofile")
	if cpu != "" && mem != "" {
		return nil, badInput("chainshot %s: give --cpuprofile or --memprofile, not both (one profile at a time)", c.Command.Name)
	}
	if cpu == "" && mem == "" {
		return func() error { return nil }, nil
	}
	path, mode, file := cpu, profile.CPUProfile, "cpu.pprof"
	if mem != "" {
		path, mode, file = mem, profile.MemProfile, "mem.pprof"
	}
	dir, err := os.MkdirTemp(filepath.Dir(path), ".profile")
	if err != nil {
		return nil, badInput("chainshot %s: cannot write profile %s: %v", c.Command.Name, path, err)
	}
	p := profile.Start(mode, profile.ProfilePath(dir), profile.NoShutdownHook, profile.Quiet)
	return func() error {
		p.Stop()
		defer os.RemoveAll(dir)
		err := outfile.WriteFile(path, func(w io.Writer) error {
			f, err := os.Open(filepath.Join(dir, file))
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(w, f)
			return err
		})
		if err != nil {
			return failed("chainshot: cannot write profile %s: %v", path, reason(err))
		}
		return nil
	}, nil
}

// interruptible returns a context cancelled by Ctrl-C (SIGINT) or SIGTERM.
// Once it is cancelled, the signals have their default effect again, so
// that a second Ctrl-C ends the program at once.
func interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// solveSet runs the solver on one data set, with a progress bar on stderr
// when it is a terminal, and returns the results record.
func solveSet(ctx context.Context, s *streams, set datasets.Set, cfg searchConfig) (results.Record, []board.Move, error) {
	opt := cfg.opt
	opt.Progress = new(solver.Progress)
	done := make(chan struct{})
	finished := make(chan struct{})
	if s.errTTY {
		go showProgress(s, set.Name, opt, done, finished)
	} else {
		close(finished)
	}
	startCPU := solver.ProcessCPU()
	res, err := solver.Solve(ctx, set.Board, cfg.algo, opt)
	cpu := solver.ProcessCPU() - startCPU
	close(done)
	<-finished
	if err != nil {
		return results.Record{}, nil, failed("chainshot: %s: %v", set.Name, err)
	}
	b := set.Board
	rec := results.Record{
		File: set.Name, Rows: b.Rows(), Cols: b.Cols(), Colors: b.Colors(),
		Algorithm: res.Algorithm, Budget: cfg.opt.Budget.Seconds(), CPU: cpu.Seconds(),
		Moves: make([][2]int, len(res.Moves)), Score: res.Score, BeadsLeft: res.BeadsLeft,
		Optimal: res.Optimal, Seed: cfg.opt.Seed, Nodes: res.Nodes, Partial: ctx.Err() != nil,
		Requested: cfg.algo, MaxNodes: cfg.opt.MaxNodes, Wall: cfg.opt.Wall,
	}
	for i, m := range res.Moves {
		rec.Moves[i] = [2]int{int(m.Row) + 1, int(m.Col) + 1}
	}
	// Never report what does not replay.
	end, score, rerr := board.Replay(b, res.Moves)
	if rerr != nil || score != res.Score || end.Beads() != res.BeadsLeft {
		return rec, nil, failed("chainshot: %s: internal error: the solver's line does not replay to its figures (%v)", set.Name, rerr)
	}
	return rec, res.Moves, nil
}

// showProgress draws a progress bar of the budget used, with the best line
// so far, until done is closed.
func showProgress(s *streams, name string, opt solver.Options, done <-chan struct{}, finished chan<- struct{}) {
	defer close(finished)
	max := int64(-1)
	if opt.Budget > 0 {
		max = opt.Budget.Milliseconds()
	}
	bar := progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(s.err),
		progressbar.OptionSetDescription(name),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(150*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetVisibility(s.errTTY),
	)
	startCPU, startWall := solver.ProcessCPU(), time.Now()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			bar.Finish()
			return
		case <-tick.C:
			used := solver.ProcessCPU() - startCPU
			if opt.Wall {
				used = time.Since(startWall)
			}
			desc := name + ": searching"
			if beads, score, ok := opt.Progress.Best(); ok {
				desc = fmt.Sprintf("%s: best %d left, %d points, %d nodes", name, beads, score, opt.Progress.Nodes())
			}
			bar.Describe(desc)
			bar.Set64(min(used.Milliseconds(), max))
		}
	}
}

func doSolve(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() == 0 {
		return badInput("chainshot solve: want one or more FILEs or built-in names (see \"chainshot datasets\")")
	}
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	// Load everything first: a defect stops the run before any search.
	var sets []datasets.Set
	for _, name := range c.Args().Slice() {
		more, err := loadSets(s, name)
		if err != nil {
			return err
		}
		sets = append(sets, more...)
	}
	gif := c.String("gif")
	if gif != "" {
		if len(sets) != 1 {
			return badInput("chainshot solve: --gif takes one data set, got %d (for several, use \"chainshot tournament --gif-dir DIR\")", len(sets))
		}
		if err := checkOutputDir(gif); err != nil {
			return badInput("chainshot solve: --gif: %v", err)
		}
	}
	p := runPlan{sets: sets, cfg: cfg, gifFile: gif,
		show: func(set datasets.Set, rec results.Record, moves []board.Move) {
			if c.Bool("json") {
				s.out.Write(results.MarshalLine(rec))
			} else {
				printSolution(s, set, rec, moves, !c.Bool("brief"))
			}
		}}
	_, err = p.run(c)
	return err
}

// printSolution replays a solution board by board (as the handout asks),
// then prints the moves, score, beads left and CPU time.
func printSolution(s *streams, set datasets.Set, rec results.Record, moves []board.Move, boards bool) {
	b := set.Board
	printf(s.out, "%s: %dx%d, %d colours, %s\n", set.Name, b.Rows(), b.Cols(), b.Colors(), boardSummary(&b))
	if boards {
		renderBoard(s.out, &b, s.color, nil)
	}
	total := 0
	for i, m := range moves {
		color := b.At(int(m.Row), int(m.Col))
		n := b.Remove(m)
		total += board.Score(n)
		if boards {
			printf(s.out, "\nMove %d: %s removes %d %s beads: +%d, total %d\n", i+1, m, n, color.Name(), board.Score(n), total)
			renderBoard(s.out, &b, s.color, nil)
		}
	}
	printf(s.out, "\nMoves (%d):", len(moves))
	for i, m := range moves {
		if i%10 == 0 {
			printf(s.out, "\n ")
		}
		printf(s.out, " %s", m)
		if i < len(moves)-1 {
			printf(s.out, ",")
		}
	}
	printf(s.out, "\n")
	opt := ""
	if rec.Optimal {
		opt = " (proved optimal)"
	}
	printf(s.out, "Score: %d   Beads left: %d%s   CPU time: %.2f s   Algorithm: %s\n", rec.Score, rec.BeadsLeft, opt, rec.CPU, rec.Algorithm)
}

// checkOutputDir checks, before a long search, that the folder a file is
// to be written in exists.
func checkOutputDir(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot write %s: no folder %s", path, dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	return nil
}

// gifName is the file name of a data set's replay in a --gif-dir folder.
func gifName(set string) string {
	base := strings.TrimSuffix(filepath.Base(strings.ReplaceAll(set, "#", "-")), ".txt")
	return base + ".gif"
}
