package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/internal/status"
)

// showGroupHelp shows the help of the app or of the command group c runs.
func showGroupHelp(c *cli.Context) error {
	if c.Command == nil || c.Command.HelpName == c.App.HelpName {
		return cli.ShowAppHelp(c)
	}
	return cli.ShowSubcommandHelp(c)
}

// subcommands returns the commands of the group c runs.
func subcommands(c *cli.Context) []*cli.Command {
	if c.Command == nil || c.Command.HelpName == c.App.HelpName {
		return c.App.Commands
	}
	return c.Command.Subcommands
}

// helpCommand is the "help [COMMAND]" of a group: urfave/cli's own says
// "No help topic for 'foo'" for an unknown one, with no choices.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "show the commands, or one command's help",
		ArgsUsage: "[COMMAND]",
		Action: func(c *cli.Context) error {
			group := c.Lineage()[1]
			name := c.Args().First()
			switch {
			case name == "":
				return showGroupHelp(group)
			case c.NArg() > 1:
				return status.BadInput("%s: want one COMMAND, got %d arguments (for a subcommand: \"%s %s --help\")",
					commandPath(c), c.NArg(), commandPath(group), strings.Join(c.Args().Slice(), " "))
			}
			for _, sub := range subcommands(group) {
				if sub.HasName(name) && sub.Name != "help" {
					return cli.ShowCommandHelp(group, name)
				}
			}
			return unknownCommand(commandPath(group), subcommands(group), name)
		},
	}
}

// examples is the closing paragraph of a command's description: a few
// command lines that work as they are.
func examples(lines ...string) string {
	return "\n\nExamples:\n  " + strings.Join(lines, "\n  ")
}

// autoOnly are the flags of play that only "play --auto" uses: a hint
// searches for --hint-budget with the other search flags.
var autoOnly = []string{"budget", "algo", "wall", "cpuprofile", "memprofile"}

// markAutoOnly starts the usage of the flags named in autoOnly with
// "with --auto:".
func markAutoOnly(flags []cli.Flag) []cli.Flag {
	for _, f := range flags {
		if !slices.Contains(autoOnly, f.Names()[0]) {
			continue
		}
		if g, ok := stringFlag(f); ok {
			g.Usage = "with --auto: " + g.Usage
			continue
		}
		switch g := f.(type) {
		case *cli.DurationFlag:
			g.Usage = "with --auto: " + g.Usage
		case *cli.BoolFlag:
			g.Usage = "with --auto: " + g.Usage
		}
	}
	return flags
}
