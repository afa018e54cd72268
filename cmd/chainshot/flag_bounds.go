package main

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/bounds"
	"chainshot/internal/resultsfile"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// Every number flag has a bound, checked when the flag is given, before
// the command runs (a count without one ran the process out of memory:
// --games 99999999999). The bound is said the same way in --help, where
// it ends the flag's usage ("[1 to 1,000,000 games]"), and in the message
// that refuses a value ("--games 0: want 1 to 1,000,000 games"). A flag
// gets its bound from the constructor that makes it: bounded,
// boundedDuration, boundedFloat or anySeed; TestEveryNumberFlagIsBounded
// walks every command for a number flag made otherwise.

// flagBounds records each bounded flag's bound (a bounds.Int,
// bounds.Duration or bounds.Float, or seedBound), for the test.
var flagBounds sync.Map // cli.Flag → any

// seedBound is the bound of a seed flag: its type's.
type seedBound struct{}

// bounded makes an IntFlag, Int64Flag or Uint64Flag refuse a value
// outside b.
func bounded[F cli.Flag](f F, b bounds.Int) F {
	check := func(c *cli.Context, err error, v any) error {
		if err != nil {
			return flagError(c, f, v, b.Want())
		}
		return nil
	}
	switch g := any(f).(type) {
	case *cli.IntFlag:
		g.Usage += " [" + b.Want() + "]"
		g.Action = func(c *cli.Context, v int) error { return check(c, b.Check(int64(v)), v) }
	case *cli.Int64Flag:
		g.Usage += " [" + b.Want() + "]"
		g.Action = func(c *cli.Context, v int64) error { return check(c, b.Check(v), v) }
	case *cli.Uint64Flag:
		g.Usage += " [" + b.Want() + "]"
		g.Action = func(c *cli.Context, v uint64) error { return check(c, b.CheckUint(v), v) }
	default:
		panic(fmt.Sprintf("bounded: %T is not a whole-number flag", f))
	}
	flagBounds.Store(cli.Flag(f), b)
	return f
}

// boundedDuration makes a duration flag refuse a value outside b.
func boundedDuration(f *cli.DurationFlag, b bounds.Duration) *cli.DurationFlag {
	f.Usage += " [" + b.Want() + "]"
	f.Action = func(c *cli.Context, v time.Duration) error {
		if b.Check(v) != nil {
			return flagError(c, f, v, b.Want())
		}
		return nil
	}
	flagBounds.Store(cli.Flag(f), b)
	return f
}

// boundedFloat makes a number flag refuse a value outside b.
func boundedFloat(f *cli.Float64Flag, b bounds.Float) *cli.Float64Flag {
	f.Usage += " [" + b.Want() + "]"
	f.Action = func(c *cli.Context, v float64) error {
		if b.Check(v) != nil {
			return flagError(c, f, v, b.Want())
		}
		return nil
	}
	flagBounds.Store(cli.Flag(f), b)
	return f
}

// listBound is the bound of a list flag (a `LIST` such as --budgets or
// --seeds): how many items, and each item's range; its parser refuses a
// list outside it. outside are lists it must refuse (for the test).
type listBound struct {
	want    string
	parse   func(string) error
	outside []string
}

// boundedList makes a list flag refuse, when it is given, a list its
// bound's parser refuses.
func boundedList(f *cli.StringFlag, b listBound) *cli.StringFlag {
	f.Usage += " [" + b.want + "]"
	f.Action = func(c *cli.Context, v string) error {
		if err := b.parse(v); err != nil {
			return status.BadInput("%s: %s %s: %v", commandPath(c), typedFlag(c, f.Names()), words.Clip(v, 80), err)
		}
		return nil
	}
	flagBounds.Store(cli.Flag(f), b)
	return f
}

// anySeed declares a seed flag: every whole number from 0 to the
// largest 64-bit one is a seed, so its bound is its type's.
func anySeed(f *cli.Uint64Flag) *cli.Uint64Flag {
	flagBounds.Store(cli.Flag(f), seedBound{})
	return f
}

// The bounds the commands share.
var (
	// jobsBound: more goroutines than this on one search is no speed-up
	// on any machine this runs on, only memory.
	jobsBound = bounds.Int{Min: 1, Max: 256, Zero: "one per CPU"}
	// searchJobsBound: the solver's --jobs, whose 0 is one per CPU but
	// where one worker scores more (solver.Options.Workers).
	searchJobsBound = bounds.Int{Min: 1, Max: 256, Zero: "one per CPU, or one where it scores more"}
	// nodesBound: a node budget; 10^15 nodes is years of search.
	nodesBound = bounds.Int{Min: 0, Max: 1e15, Unit: "nodes", Zero: "no limit"}
	// budgetsBound: --budgets, a run at each budget; budgetItem, each
	// of them (a budget of less than a millisecond is no search).
	budgetsBound = listBound{want: budgetsCount.Want() + " of " + budgetItem.Want(), parse: func(s string) error { _, err := parseBudgets(s); return err },
		outside: []string{"0s", "1s,1001h", "1s,,2s", "1s,1s", strings.Repeat("1s,", 100) + "2s"}}
	budgetItem   = bounds.Duration{Min: time.Millisecond, Max: 1000 * time.Hour}
	budgetsCount = bounds.Int{Min: 1, Max: 100, Unit: "budgets"}
	// seedsBound: --seeds, a run with each seed.
	seedsBound = listBound{want: seedsCount.Want(), parse: func(s string) error { _, err := parseSeeds(s); return err },
		outside: []string{"1-1001", "1-1000,2000", "3-1", "1,1", "-1", "99999999999999999999999"}}
	seedsCount = bounds.Int{Min: 1, Max: 1000, Unit: "seeds"}
	// labelsBound: results compare --labels, a column's name a file
	// (resultsfile.ParseLabels; one a file is checked with the files).
	labelsBound = listBound{want: resultsfile.LabelsWant, parse: func(s string) error { _, err := resultsfile.ParseLabels(s); return err },
		outside: []string{"a,,b", strings.Repeat("x", 41), "a,\x1b[2J", strings.Repeat("a,", 64) + "b"}}
	// budgetBound: a time budget a data set, a move or a proof.
	budgetBound = bounds.Duration{Min: 0, Max: 1000 * time.Hour, Zero: "no time limit"}
	// gamesBound: games of a match or an experiment, each kept in memory.
	gamesBound = bounds.Int{Min: 1, Max: 1000000, Unit: "games"}
	// statesBound: positions an Expendibots search stores, about 80
	// bytes each: 4 GB at the most.
	statesBound = bounds.Int{Min: 1, Max: 50000000, Unit: "positions"}
	// playersBound: the players of a Chain Reaction game.
	playersBound = bounds.Int{Min: 2, Max: chainreact.MaxPlayers, Unit: "players"}
	// searchesBound caps serve --searches: each search holds a goroutine
	// and its tables (at most --memory's share), and a few hundred at once
	// is past any machine's cores.
	searchesBound = bounds.Int{Min: 1, Max: 256, Unit: "searches"}
	// sprtBound: react match --sprt, the test's parameters (the rates'
	// bound is --alpha's and --beta's too).
	sprtBound = listBound{want: "ELO0 below ELO1, each " + match.EloBound.Want() + "; alpha and beta " + match.RateBound.Want(),
		parse:   func(s string) error { _, err := match.ParseSPRT(s, 0.05, 0.05); return err },
		outside: []string{"10,0", "0,1001", "0,10,5", "zz", "elo0=0,elo1=10,alpha=0.5", "elo0=0,elo1=10,alpha=0.00001", "elo0=0,elo1=10,beta=0.00001"}}
)

// memoryBound is the memory cap a flag may ask for, in MB: 1 to this
// machine's memory.
func memoryBound() bounds.Int {
	return bounds.Int{Min: 1, Max: physicalMB(), Unit: "MB, this machine's memory"}
}

// physicalMB is the machine's memory in MB (1 TiB where it cannot be
// read).
func physicalMB() int64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil || si.Totalram == 0 {
		return 1 << 20
	}
	return int64(uint64(si.Totalram) * uint64(si.Unit) >> 20)
}

// boundOf returns the bound of flag f in words, if it has one.
func boundOf(f cli.Flag) (string, bool) {
	b, ok := flagBounds.Load(f)
	if !ok {
		return "", false
	}
	switch b := b.(type) {
	case bounds.Int:
		return b.Want(), true
	case bounds.Duration:
		return b.Want(), true
	case bounds.Float:
		return b.Want(), true
	}
	return fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)), true
}
