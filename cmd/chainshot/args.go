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
			if strings.Contains(name, "=") || !takesValue[name] {
				continue
			}
			if j+1 == len(rest) {
				// The value is missing: the flag goes last, so that it
				// is reported as such rather than take "--" as its value.
				return append(append([]string{}, args[:i]...), flags...)
			}
			flags = append(flags, rest[j+1])
			j++
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
