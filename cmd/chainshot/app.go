package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// version is the tool's version, reported by "chainshot --version" and by
// the Chain Reaction engine protocol.
const version = "0.1.0"

// commands lists every top-level command. Each lives in a file of its own
// (show.go, play.go, solve.go, react.go, boom.go ...).
func commands() []*cli.Command {
	return []*cli.Command{
		rulesCommand(),
		showCommand(),
		playCommand(),
		verifyCommand(),
		solveCommand(),
		tournamentCommand(),
		resultsCommand(),
		benchCommand(),
		datasetsCommand(),
		genCommand(),
		boomCommand(),
		reactCommand(),
		serveCommand(),
	}
}

// streams are the process's standard streams, injected so tests can run
// the whole app in-process.
type streams struct {
	in io.Reader
	// out is standard output; it remembers its first write error (see
	// stdout).
	out *outStream
	err io.Writer
	// outTTY and errTTY say whether stdout and stderr are terminals.
	outTTY, errTTY bool
	// color says whether to print ANSI colours on stdout.
	color bool
}

// ioFrom returns the streams of the running app.
func ioFrom(c *cli.Context) *streams {
	return c.App.Metadata["streams"].(*streams)
}

func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// newApp builds the command-line app on the given streams.
func newApp(s *streams) *cli.App {
	app := &cli.App{
		Name:  "chainshot",
		Usage: "play, solve and analyse chain-explosion games (ChainShot, Chain Reaction, Expendibots)",
		Description: "Moves are \"row col\", 1-based, row 1 at the BOTTOM and column 1 at the LEFT.\n" +
			"Flags with a duration need a unit: --budget 30s, --budget 500ms.\n" +
			"A FILE argument may also be the name of a built-in data set (see \"chainshot datasets\").",
		Version:                version,
		Reader:                 s.in,
		Writer:                 s.out,
		ErrWriter:              s.err,
		Commands:               commands(),
		Metadata:               map[string]any{"streams": s},
		HideHelpCommand:        false,
		EnableBashCompletion:   false,
		UseShortOptionHandling: false,
		// urfave/cli would otherwise os.Exit inside Run; exit codes are
		// mapped in run() after Run returns so that defers run.
		ExitErrHandler: func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return badInput("chainshot: unknown command %q (run \"chainshot help\" for the list)", c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
	}
	onUsage := func(c *cli.Context, err error, _ bool) error {
		name := c.Command.FullName()
		if name == "" {
			name = "chainshot"
		} else {
			name = "chainshot " + name
		}
		// A duration without a unit: say what is wanted.
		for _, f := range c.Command.Flags {
			if _, ok := f.(*cli.DurationFlag); !ok {
				continue
			}
			for _, n := range f.Names() {
				if msg := err.Error(); strings.Contains(msg, "for flag -"+n+":") {
					value := ""
					if i := strings.Index(msg, "\""); i >= 0 {
						if j := strings.Index(msg[i+1:], "\""); j >= 0 {
							value = msg[i+1 : i+1+j]
						}
					}
					return badInput("%s: --%s %q: a duration needs a unit, like 30s, 500ms or 2m", name, f.Names()[0], value)
				}
			}
		}
		return badInput("%s: %v (run \"%s --help\")", name, err, name)
	}
	app.OnUsageError = onUsage
	var walk func(cs []*cli.Command)
	walk = func(cs []*cli.Command) {
		for _, c := range cs {
			c.OnUsageError = onUsage
			walk(c.Subcommands)
		}
	}
	walk(app.Commands)
	return app
}

// run is the whole program: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s := &streams{in: stdin, out: &outStream{w: stdout}, err: stderr,
		outTTY: isTerminal(stdout), errTTY: isTerminal(stderr)}
	s.color = s.outTTY && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	app := newApp(s)
	args = permuteArgs(app, args)
	err := app.Run(args)
	code, msg := exitCode(err)
	if s.out.err != nil {
		code, msg = stdoutFailed(err, s.out.err)
	}
	if msg != "" {
		fmt.Fprintln(stderr, msg)
	}
	return code
}

// permuteArgs moves flags that follow positional arguments to before them,
// so that "chainshot solve FILE --budget 5s" means what it says (urfave/cli
// stops reading flags at the first positional argument). A "--" ends
// flags, as usual.
func permuteArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	// Find the command path: args[1], args[2]... while they name commands.
	i := 1
	var leaf *cli.Command
	cmds := app.Commands
	for i < len(args) {
		var next *cli.Command
		for _, c := range cmds {
			if c.HasName(args[i]) {
				next = c
				break
			}
		}
		if next == nil {
			break
		}
		leaf = next
		cmds = next.Subcommands
		i++
	}
	if leaf == nil || len(leaf.Subcommands) > 0 {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range leaf.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, positional []string
	rest := args[i:]
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if a == "--" {
			positional = append(positional, rest[j+1:]...)
			break
		}
		if len(a) > 1 && strings.HasPrefix(a, "-") && !isNumber(a) {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && j+1 < len(rest) {
				flags = append(flags, rest[j+1])
				j++
			}
			continue
		}
		positional = append(positional, a)
	}
	out := append([]string{}, args[:i]...)
	out = append(out, flags...)
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}

func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}
