package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/internal/status"
	"chainshot/internal/words"
)

// The arguments the boom commands share.

// wantArgs checks the number of positional arguments.
func wantArgs(c *cli.Context, cmd string, names ...string) error {
	if c.NArg() != len(names) {
		return status.BadInput("chainshot boom %s: want %s, got %s (run \"chainshot boom %s --help\")",
			cmd, strings.Join(names, " "), words.Plural(c.NArg(), "argument"), cmd)
	}
	return nil
}
