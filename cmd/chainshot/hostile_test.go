package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/urfave/cli/v2"

	"chainshot/internal/words"
)

// validArgs are arguments with which each command runs quickly and
// well, so that one hostile argument added to them is what is tested.
// Every command of the app must have an entry (TestHostileArguments says
// so when a new one has none): flags first, then positional arguments.
var validArgs = map[string]struct{ flags, args []string }{
	"rules":            {},
	"show":             {nil, []string{"sample1"}},
	"play":             {[]string{"--max-nodes", "50"}, []string{"sample1"}},
	"verify":           {nil, []string{"good.jsonl"}},
	"solve":            {[]string{"--max-nodes", "50", "--brief"}, []string{"sample1"}},
	"tournament":       {[]string{"--max-nodes", "50"}, []string{"sample1"}},
	"results merge":    {nil, []string{"good.jsonl"}},
	"results compare":  {nil, []string{"good.jsonl", "best.jsonl"}},
	"bench":            {[]string{"--max-nodes", "50", "--speed-time", "10ms"}, []string{"sample1"}},
	"datasets":         {},
	"gen":              {[]string{"--size", "5x5"}, nil},
	"boom solve":       {[]string{"--budget", "5s"}, []string{"one.json"}},
	"boom show":        {nil, []string{"one.json"}},
	"boom verify":      {nil, []string{"one.json", "actions.txt"}},
	"boom gen":         {[]string{"--white", "2", "--black", "4"}, nil},
	"react play":       {[]string{"--size", "3x3", "--vs", "random"}, nil},
	"react analyze":    {[]string{"--depth", "1"}, []string{"pos.txt"}},
	"react match":      {[]string{"--games", "2", "--size", "3x3", "--p1", "random", "--p2", "random"}, nil},
	"react replay":     {[]string{"--list"}, []string{"games.jsonl"}},
	"react rate":       {[]string{"--games", "2", "--size", "3x3"}, []string{"random", "greedy"}},
	"react perft":      {[]string{"--size", "3x3", "--depth", "2"}, nil},
	"react solve":      {[]string{"--memory", "16"}, []string{"pos.txt"}},
	"react merge":      {[]string{"--out", "merged.jsonl"}, []string{"proof.jsonl"}},
	"react check":      {[]string{"--memory", "16"}, []string{"proof.jsonl"}},
	"react automaton":  {},
	"react engine":     {},
	"react experiment": {[]string{"--games", "1", "--size", "3x3", "--depth1", "1", "--depth2", "1"}, []string{"seed002"}},
	"serve":            {[]string{"--addr", "127.0.0.1:0"}, nil},
	"completion":       {nil, []string{"bash"}},
	"man":              {},
}

// untilStopped are the commands that run until interrupted: their valid
// arguments are not run here (cmd_serve_test.go stops a real one), only the
// hostile ones, which must fail before the command starts serving.
var untilStopped = map[string]bool{"serve": true}

// hostileFiles are the files the valid arguments name.
var hostileFiles = map[string]string{
	"good.jsonl":  `{"file":"sample1","moves":[[2,2],[1,4],[3,3],[2,3],[1,4],[1,3]],"score":26,"beads_left":7}` + "\n",
	"best.jsonl":  `{"file":"sample1","moves":[[4,2],[2,1],[1,1],[1,1],[2,1],[1,1]],"score":61,"beads_left":0}` + "\n",
	"one.json":    `{"white": [[2, 0, 0], [1, 5, 5]], "black": [[1, 1, 2]]}` + "\n",
	"actions.txt": "MOVE 2 from (0, 0) to (0, 1).\nBOOM at (0, 1).\n",
	"pos.txt":     "players: R G\nnext: R\n.  .  .\n.  .  .\n1R 1G .\n",
	"empty.txt":   "",
	"proof.jsonl": `{"proof":"chainshot react solve: a split proof of Chain Reaction","format":1,"size":"2x2","position":"players: R G\nnext: R\n .  .\n .  .\n","split":1,"lines":1,"digest":"277963562cb75110"}` + "\n" +
		`{"line":0,"moves":[[1,1]],"winner":"G","plies":4,"pv":[[2,2],[1,1],[2,2]],"nodes":9,"cpu_seconds":0.00004,"seconds":0.00004}` + "\n",
	"games.jsonl": `{"game":1,"pair":1,"p1":"greedy","p2":"random","size":"2x2","seed":1,"openings":"random:0","first":"p1","winner":"p1","plies":3,"opening":0,"moves":[[1,1],[1,2],[1,1]],"cpu_ms":[0.1,0,0.1],"wall_ms":[0.1,0,0.1],"cpu_seconds":[0,0]}` + "\n",
}

// hostileCase is one run of a command with one hostile argument; culprit
// is what the message must name.
type hostileCase struct {
	name    string
	args    []string
	culprit string
}

// hostileCases are the hostile runs of the command cmd (its path, as
// "react match"): its first positional argument replaced by (or, for a
// command that takes none, given) a missing file, an empty folder, an
// empty file, "-", a huge number; an unknown flag; for each flag that
// takes a number or a duration, a negative and a huge value; for each
// that takes a board size (RxC), one of no rows; for each that reads a
// solver table (TABLE), a missing file; for each that takes a
// player (SPEC), an unknown one and an engine with no command; and for each
// that takes a FILE (all are outputs) one in a missing folder, for each
// that takes a DIR one inside a file.
func hostileCases(path string, cmd *cli.Command, dir string) []hostileCase {
	valid := validArgs[path]
	withArg := func(arg string) []string {
		args := append(append([]string{}, valid.flags...), valid.args...)
		if len(valid.args) > 0 {
			args[len(valid.flags)] = arg // the first positional argument
		} else {
			args = append(args, arg)
		}
		return args
	}
	withFlag := func(flag ...string) []string {
		args := append(append([]string{}, valid.flags...), flag...)
		return append(args, valid.args...)
	}
	missing := filepath.Join(dir, "missing.txt")
	emptyDir := filepath.Join(dir, "folder")
	cases := []hostileCase{
		{"missing file", withArg(missing), missing},
		{"folder", withArg(emptyDir), emptyDir},
		{"empty file", withArg("empty.txt"), "empty.txt"},
		{"stdin", withArg("-"), ""},
		{"huge number", withArg("99999999999999999999"), "99999999999999999999"},
		{"unknown flag", withFlag("--frob"), "frob"},
	}
	for _, f := range cmd.Flags {
		name := f.Names()[0]
		if sf, ok := stringFlag(f); ok {
			switch firstBackquoted(sf.Usage) {
			case "FILE": // every FILE flag names an output
				cases = append(cases, hostileCase{"--" + name + " in a missing folder", withFlag("--"+name, filepath.Join(dir, "nodir", "x.png")), name})
			case "DIR": // made if missing, but not inside a file
				cases = append(cases, hostileCase{"--" + name + " inside a file", withFlag("--"+name, filepath.Join(dir, "empty.txt", "d")), name})
			case "TABLE": // an input, a solver table: a missing one
				cases = append(cases, hostileCase{"--" + name + " missing", withFlag("--"+name, missing), name})
			case "RxC": // a board size, checked by its flag
				cases = append(cases, hostileCase{"--" + name + " 0x99", withFlag("--"+name, "0x99"), name})
			}
		}
		if df, ok := f.(cli.DocGenerationFlag); ok && firstBackquoted(df.GetUsage()) == "SPEC" { // a player, checked by its flag
			cases = append(cases,
				hostileCase{"--" + name + " frob", withFlag("--"+name, "frob"), name},
				hostileCase{"--" + name + " engine:", withFlag("--"+name, "engine:"), name})
		}
		switch f.(type) {
		case *cli.DurationFlag:
			cases = append(cases, hostileCase{"negative --" + name, withFlag("--"+name, "-5s"), name})
		case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
			cases = append(cases,
				hostileCase{"negative --" + name, withFlag("--"+name, "-1"), name},
				hostileCase{"huge --" + name, withFlag("--"+name, "99999999999999999999"), name})
		}
	}
	return cases
}

// leaves returns every command that runs (not a group), by path.
func leaves(prefix string, cmds []*cli.Command) map[string]*cli.Command {
	out := map[string]*cli.Command{}
	for _, c := range cmds {
		path := strings.TrimSpace(prefix + " " + c.Name)
		if len(c.Subcommands) > 0 {
			for p, l := range leaves(path, c.Subcommands) {
				out[p] = l
			}
			continue
		}
		out[path] = c
	}
	return out
}

// TestHostileArguments runs every command and subcommand of the app (its
// command tree is walked, so a new command is covered, and must add its
// valid arguments above) with hostile arguments, and requires of each
// run: exit status 2; nothing on stdout; exactly one line on stderr,
// which starts with the command's full path and names the culprit (the
// file or the flag); and no panic or goroutine dump. Standard input holds
// "quit".
func TestHostileArguments(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program some 250 times")
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range hostileFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmds := leaves("", commands())
	for path := range cmds {
		if _, ok := validArgs[path]; !ok {
			t.Errorf("command %q has no entry in validArgs: give it arguments with which it runs quickly", path)
		}
	}
	// Check the valid arguments are valid, then the hostile ones, a few
	// runs at a time.
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	for path, cmd := range cmds {
		valid, ok := validArgs[path]
		if !ok {
			continue
		}
		argv := append(append(strings.Fields(path), valid.flags...), valid.args...)
		code, stdout, stderr := 0, "", ""
		if !untilStopped[path] {
			code, stdout, stderr = runChainshot(t, dir, argv)
		}
		if code != 0 {
			t.Errorf("chainshot %s (the valid arguments): exit status %d\nstdout: %s\nstderr: %s", strings.Join(argv, " "), code, stdout, stderr)
			continue
		}
		// The valid run's output files go, so that the cases meet their
		// own fault, not a file the valid run left.
		removeOutputs(cmd, dir, valid.flags)
		// One command's cases one after another: they share its output
		// file (react merge --out merged.jsonl), which one run holds
		// locked while it runs; different commands run side by side.
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, hc := range hostileCases(path, cmd, dir) {
				sem <- struct{}{}
				argv := append(strings.Fields(path), hc.args...)
				code, stdout, stderr := runChainshot(t, dir, argv)
				<-sem
				if msg := judgeHostile(code, stdout, stderr, "chainshot "+path+": ", hc.culprit); msg != "" {
					t.Errorf("chainshot %s (%s): %s\nstdout: %q\nstderr: %q", strings.Join(argv, " "), hc.name, msg, stdout, stderr)
				}
			}
		}()
	}
	wg.Wait()
}

// judgeHostile returns what is wrong with the outcome of a hostile run,
// or "": the one line on stderr must start with the command's path
// (prefix) and name the culprit.
func judgeHostile(code int, stdout, stderr, prefix, culprit string) string {
	all := stdout + stderr
	switch {
	case strings.Contains(all, "panic") || strings.Contains(all, "goroutine "):
		return "a panic"
	case code != 2:
		return fmt.Sprintf("exit status %d, want 2", code)
	case stdout != "":
		return "output on stdout"
	case strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || strings.TrimSpace(stderr) == "":
		return "want exactly one line on stderr"
	case !strings.Contains(stderr, culprit):
		return "the message does not name " + culprit
	case !strings.HasPrefix(stderr, prefix):
		return "the message does not start with " + prefix
	}
	for _, p := range words.PackagePrefixes {
		if strings.Contains(stderr, ": "+p) {
			return "a package's prefix after the command's: " + p
		}
	}
	return ""
}

// runChainshot runs the program in dir with stdin "quit", for at most a
// minute, and returns its exit status (-1 when killed), stdout and
// stderr (see runMeasured).
func runChainshot(t *testing.T, dir string, argv []string) (int, string, string) {
	code, stdout, stderr, _ := runMeasured(t, dir, argv)
	return code, stdout, stderr
}

// removeOutputs removes the files that flags ("--out", "merged.jsonl",
// ...) name for cmd's output flags, in dir.
func removeOutputs(cmd *cli.Command, dir string, flags []string) {
	for i := 0; i+1 < len(flags); i++ {
		for _, f := range cmd.Flags {
			if _, out := f.(*outputFlag); out && "--"+f.Names()[0] == flags[i] {
				os.Remove(filepath.Join(dir, flags[i+1]))
			}
		}
	}
}
