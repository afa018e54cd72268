package main

import (
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/internal/status"
	"chainshot/internal/words"
)

// One voice for bad usage: every message starts with the full command
// path ("chainshot react play: ..."), names the flag as the user typed it
// ("--frob", "-b", an old spelling) and says what is wanted, in one line,
// exit status 2. installUsage puts the same handlers on every command of
// the tree, so a new command speaks the same way without doing anything.

// installUsage gives every command of app the shared usage handling: the
// usage-error handler, an action for command groups that refuses an
// unknown subcommand, a help command that does the same for an unknown
// topic, and for every command that runs, before its action: a command
// that declares no arguments (an empty ArgsUsage) refuses one, then its
// output flags are claimed (claimOutputs).
func installUsage(app *cli.App) {
	app.OnUsageError = onUsageError
	app.Action = groupAction
	app.Commands = append(app.Commands, helpCommand())
	// urfave/cli adds --help to the app only when it adds its own help
	// command.
	app.Flags = append(app.Flags, cli.HelpFlag)
	var walk func(cs []*cli.Command)
	walk = func(cs []*cli.Command) {
		for _, c := range cs {
			c.OnUsageError = onUsageError
			if len(c.Subcommands) > 0 {
				c.Action = groupAction
				c.Subcommands = append(c.Subcommands, helpCommand())
				walk(c.Subcommands)
				continue
			}
			// urfave/cli prints ArgsUsage after the flags; " " (used to
			// say "no arguments") left a trailing space.
			c.ArgsUsage = strings.TrimSpace(c.ArgsUsage)
			if action := c.Action; action != nil {
				noArgs := c.ArgsUsage == ""
				c.Action = func(ctx *cli.Context) error {
					ioFrom(ctx).cmd = commandPath(ctx)
					if noArgs && ctx.Args().Present() {
						return status.BadInput("%s: takes no arguments, got %q", commandPath(ctx), ctx.Args().First())
					}
					if err := checkNeeds(ctx); err != nil {
						return err
					}
					if err := claimOutputs(ctx); err != nil {
						return err
					}
					return action(ctx)
				}
			}
		}
	}
	walk(app.Commands)
}

// commandPath is the full path of the command c runs: "chainshot",
// "chainshot solve", "chainshot react play".
func commandPath(c *cli.Context) string {
	if c.Command == nil || c.Command.HelpName == "" {
		return "chainshot"
	}
	return c.Command.HelpName
}

// groupAction is the action of the app and of every command group: with
// no argument it shows the group's help, with one it refuses it as an
// unknown command, listing the choices.
func groupAction(c *cli.Context) error {
	if c.Args().Present() {
		return unknownCommand(commandPath(c), subcommands(c), c.Args().First())
	}
	return showGroupHelp(c)
}

// unknownCommand is the error for a name that is none of cmds, in the
// group at path: "chainshot react: unknown command "foo" (want play,
// analyze ... or experiment)".
func unknownCommand(path string, cmds []*cli.Command, name string) error {
	var names []string
	for _, c := range cmds {
		if !c.Hidden && c.Name != "help" {
			names = append(names, c.Name)
		}
	}
	return status.BadInput("%s: unknown command %q (want %s; \"%s help COMMAND\" tells more)", path, name, orList(names), path)
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// The errors of Go's flag package, as urfave/cli passes them on.
var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	invalidValue  = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-+([^:]+): (.*)$`)
	missingValue  = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
)

// onUsageError turns urfave/cli's usage errors (an unknown flag, a value
// of the wrong kind) into one message naming the command path and the
// flag as typed, exit status 2.
func onUsageError(c *cli.Context, err error, _ bool) error {
	path := commandPath(c)
	msg := err.Error()
	if m := undefinedFlag.FindStringSubmatch(msg); m != nil {
		return status.BadInput("%s: unknown flag %s (\"%s --help\" lists the flags)", path, typedFlag(c, []string{m[1]}), path)
	}
	if m := missingValue.FindStringSubmatch(msg); m != nil {
		f := findFlag(c, m[1])
		return status.BadInput("%s: %s needs a value: %s", path, typedFlag(c, flagNames(f, m[1])), wantOf(f))
	}
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		value, name, why := m[1], m[2], m[3]
		f := findFlag(c, name)
		want := "want " + wantOf(f)
		if strings.Contains(why, "out of range") {
			want = "out of range"
		}
		if _, ok := f.(*cli.DurationFlag); ok && durationOverflows(value) {
			want = "out of range (" + durationLimit(value) + ")"
		}
		if b, ok := boundOf(f); ok && want != "want "+wantOf(f) {
			want = "want " + b // past its type: its bound says what it takes
		}
		return status.BadInput("%s: %s %q: %s", path, typedFlag(c, flagNames(f, name)), value, want)
	}
	return status.BadInput("%s: %s (\"%s --help\" tells more)", path, msg, path)
}

// durationSyntax is the grammar time.ParseDuration reads: an optional
// sign, then one or more numbers, each with a unit.
var durationSyntax = regexp.MustCompile(`^[-+]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:ns|us|µs|μs|ms|s|m|h))+$`)

// durationOverflows reports whether s is written as a duration, with its
// units, but time.ParseDuration refuses it: its value does not fit in a
// time.Duration (about 292 years either way).
func durationOverflows(s string) bool {
	if !durationSyntax.MatchString(s) {
		return false
	}
	_, err := time.ParseDuration(s)
	return err != nil
}

// durationLimit says how far a duration of s's sign may go, to the second:
// "at most 2562047h47m16s".
func durationLimit(s string) string {
	limit := time.Duration(math.MaxInt64).Truncate(time.Second)
	if strings.HasPrefix(s, "-") {
		return "at least " + (-limit).String()
	}
	return "at most " + limit.String()
}

// findFlag returns the flag of c's command called name, or nil.
func findFlag(c *cli.Context, name string) cli.Flag {
	if c.Command == nil {
		return nil
	}
	flags := c.Command.Flags
	if c.Command.HelpName == c.App.HelpName {
		flags = c.App.Flags
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

func flagNames(f cli.Flag, name string) []string {
	if f == nil {
		return []string{name}
	}
	return f.Names()
}

// wantOf says what a flag takes, by its kind: "a whole number".
func wantOf(f cli.Flag) string {
	switch f.(type) {
	case *cli.DurationFlag:
		return "a duration with a unit, like 30s, 500ms or 2m"
	case *cli.IntFlag, *cli.Int64Flag:
		return "a whole number"
	case *cli.UintFlag, *cli.Uint64Flag:
		return "a whole number, 0 or more"
	case *cli.Float64Flag:
		return "a number"
	case *cli.BoolFlag:
		return "true or false"
	}
	return "a value"
}

// typedFlag returns a flag as the user typed it on the command line
// ("--budget", "-b", an old name kept as a hidden alias), given its names;
// "--" and the first name if it is not found.
func typedFlag(c *cli.Context, names []string) string {
	typed := ""
	for _, a := range ioFrom(c).args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		spelled, _, _ := strings.Cut(a, "=")
		for _, n := range names {
			joined := len(n) == 1 && len(a) > 2 && a[1] != '-' && a[1:2] == n // "-b1s"
			if strings.TrimLeft(spelled, "-") == n || joined {
				typed = spelled
				if joined {
					typed = a[:2]
				}
			}
		}
	}
	if typed == "" {
		return "--" + names[0]
	}
	return typed
}

// flagError is a bad value for flag f: "chainshot solve: --max-nodes -3:
// want 0 (no limit) or more".
func flagError(c *cli.Context, f cli.Flag, value any, want string) error {
	return status.BadInput("%s: %s %v: want %s", commandPath(c), typedFlag(c, f.Names()), value, want)
}

// inOneVoice makes each line of an error message start with the command
// path cmd ("chainshot show: sample3.txt:1:8: ragged row ..."): a line that
// starts with a package's prefix gets the path in its place, a package
// prefix within it goes (never "chainshot gen: datasets: ..."), and a
// line that does not start with the path gets it before it.
func inOneVoice(cmd, msg string) string {
	lines := strings.Split(msg, "\n")
	for i, line := range lines {
		rest, ok := strings.CutPrefix(line, cmd+": ")
		if !ok && strings.HasPrefix(line, "chainshot") {
			continue // another command's path, as "chainshot play --auto"
		}
		lines[i] = cmd + ": " + words.WithoutPackage(rest)
	}
	return strings.Join(lines, "\n")
}
