package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// permuteArgs moves flags that follow positional arguments to before them,
// so that "chainshot solve FILE --budget 5s" means what it says (urfave/cli
// stops reading flags at the first positional argument). A "--" ends
// flags, as usual.
func permuteArgs(app *cli.App, args []string) []string {
	leaf, i := commandOf(app, args)
	if leaf == nil || len(leaf.Subcommands) > 0 {
		return args
	}
	flags, positional, ok := splitFlags(args[i:], valueFlags(leaf))
	if asksHelp(flags) {
		// "chainshot react experiment seed002 --help" is the command's
		// help, as in git and go: urfave/cli would take the argument for
		// a help topic ("No help topic for 'seed002'").
		return append(append([]string{}, args[:i]...), "--help")
	}
	out := append(append([]string{}, args[:i]...), flags...)
	if ok && len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}

// commandOf finds the command args name (args[1], args[2]... while they
// name commands) and the index of the first argument after its path.
func commandOf(app *cli.App, args []string) (*cli.Command, int) {
	var leaf *cli.Command
	cmds := app.Commands
	i := 1
	for ; i < len(args); i++ {
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
		leaf, cmds = next, next.Subcommands
	}
	return leaf, i
}

// valueFlags says which of cmd's flag names take a value.
func valueFlags(cmd *cli.Command) map[string]bool {
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	return takesValue
}

// splitFlags splits a command's arguments into its flags (with their
// values) and its positional arguments. A flag missing its value at the
// end is the last flag and ok is false: it is then reported as such
// rather than take "--" as its value.
func splitFlags(rest []string, takesValue map[string]bool) (flags, positional []string, ok bool) {
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		switch {
		case a == "--":
			return flags, append(positional, rest[j+1:]...), true
		case len(a) < 2 || !strings.HasPrefix(a, "-") || isNumber(a):
			positional = append(positional, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		if short, value, ok := joinedShort(a, takesValue); ok {
			// "-b1s", "-j4": a one-letter flag and its value in one word,
			// as getopt reads them (git, restic, tar).
			flags = append(flags, short, value)
			continue
		}
		flags = append(flags, a)
		if strings.Contains(name, "=") || !takesValue[name] {
			continue
		}
		if j+1 == len(rest) {
			return flags, nil, false
		}
		flags = append(flags, rest[j+1])
		j++
	}
	return flags, positional, true
}

// joinedShort splits "-b1s" into "-b" and "1s" when b is a one-letter
// flag that takes a value and "b1s" names no flag.
func joinedShort(a string, takesValue map[string]bool) (flag, value string, ok bool) {
	if len(a) < 3 || a[0] != '-' || a[1] == '-' || strings.Contains(a, "=") {
		return "", "", false
	}
	name := a[1:]
	if _, known := takesValue[name]; known || !takesValue[name[:1]] {
		return "", "", false
	}
	return a[:2], a[2:], true
}

// asksHelp says whether flags hold -h or --help (as urfave/cli reads
// them: one or two dashes, "=true" too).
func asksHelp(flags []string) bool {
	for _, f := range flags {
		name, value, hasValue := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if (name == "help" || name == "h") && (!hasValue || value == "true") {
			return true
		}
	}
	return false
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
