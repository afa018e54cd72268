package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"chainshot/internal/status"
)

// The completion scripts call the program back with
// --generate-bash-completion after the words typed so far, and offer
// what it prints: the commands, subcommands and flags, from the same
// command tree --help and docs/reference.md are made from.
const bashCompletion = `# chainshot completion for bash: source this file, or put it in
# /etc/bash_completion.d/chainshot (or ~/.local/share/bash-completion/completions/chainshot).
_chainshot() {
    local cur words
    cur="${COMP_WORDS[COMP_CWORD]}"
    if [[ "$cur" == -* ]]; then
        words=$("${COMP_WORDS[@]:0:$COMP_CWORD}" "$cur" --generate-bash-completion 2>/dev/null)
    else
        words=$("${COMP_WORDS[@]:0:$COMP_CWORD}" --generate-bash-completion 2>/dev/null)
    fi
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
    [[ ${#COMPREPLY[@]} -eq 0 ]] && COMPREPLY=($(compgen -f -- "$cur"))
    return 0
}
complete -o default -F _chainshot chainshot
`

const zshCompletion = `#compdef chainshot
# chainshot completion for zsh: put this file, named _chainshot, in a
# folder of your $fpath, or source it.
_chainshot() {
    local -a opts
    local cur=${words[-1]}
    if [[ "$cur" == -* ]]; then
        opts=("${(@f)$(${words[@]:0:#words[@]-1} $cur --generate-bash-completion 2>/dev/null)}")
    else
        opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>/dev/null)}")
    fi
    if [[ "${opts[1]}" != "" ]]; then
        _describe 'values' opts
    else
        _files
    fi
}
compdef _chainshot chainshot
`

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script for bash, zsh or fish",
		ArgsUsage: "bash|zsh|fish",
		Description: "Completes commands, subcommands and flags. To use it in the current shell:\n" +
			"  source <(chainshot completion bash)\n" +
			"and, to keep it, add that line to ~/.bashrc (zsh: ~/.zshrc with \"zsh\"; fish:\n" +
			"chainshot completion fish > ~/.config/fish/completions/chainshot.fish)." +
			examples("chainshot completion bash > ~/.local/share/bash-completion/completions/chainshot",
				"chainshot completion zsh > ~/.zfunc/_chainshot"),
		Action: func(c *cli.Context) error {
			s := ioFrom(c)
			switch c.Args().First() {
			case "bash":
				fmt.Fprint(s.Out, bashCompletion)
			case "zsh":
				fmt.Fprint(s.Out, zshCompletion)
			case "fish":
				script, err := c.App.ToFishCompletion()
				if err != nil {
					return status.Fail("chainshot completion: %v", err)
				}
				fmt.Fprint(s.Out, script)
			default:
				return status.BadInput("chainshot completion: want bash, zsh or fish, got %q", c.Args().First())
			}
			return nil
		},
	}
}

func manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page (roff), made from the commands' help",
		Description: "The same command tree as --help and docs/reference.md, as a man page:\n" +
			"  chainshot man > chainshot.1 && man ./chainshot.1" +
			examples("chainshot man | man -l -"),
		Action: func(c *cli.Context) error {
			page, err := c.App.ToManWithSection(1)
			if err != nil {
				return status.Fail("chainshot man: %v", err)
			}
			fmt.Fprint(ioFrom(c).Out, page)
			return nil
		},
	}
}
