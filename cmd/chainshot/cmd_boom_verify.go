package main

import (
	"fmt"

	"chainshot/expendibots"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

func boomVerifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "replay actions on a case: exit 0 if every black token is removed, 1 naming the first illegal action",
		ArgsUsage: "FILE.json ACTIONS.txt",
		Description: "ACTIONS.txt holds one action a line, as \"boom solve\" prints them." +
			examples("chainshot boom solve test-level-4.json > out.txt && chainshot boom verify test-level-4.json out.txt"),
		Action: boomVerify,
	}
}

func boomVerify(c *cli.Context) error {
	if err := wantArgs(c, "verify", "FILE.json", "ACTIONS.txt"); err != nil {
		return err
	}
	path, actPath := c.Args().Get(0), c.Args().Get(1)
	b, err := loadBoomCase(c, "verify", path)
	if err != nil {
		return err
	}
	acts, lines, err := loadActions(actPath)
	if err != nil {
		return err
	}
	boards, _, bad, err := expendibots.Replay(b, acts)
	if err != nil {
		reason := err.Error()
		if ie, ok := err.(*expendibots.IllegalError); ok {
			reason = ie.Reason
		}
		return status.Fail("chainshot boom verify: %s:%d: illegal action %d, %q: %s", actPath, lines[bad], bad+1, acts[bad].String(), reason)
	}
	s := ioFrom(c)
	end := b
	if len(boards) > 0 {
		end = boards[len(boards)-1]
	}
	if !end.Won() {
		_, black := end.Tokens()
		return status.Fail("chainshot boom verify: %s: %s left after %s", actPath, words.Plural(black, "black token"), words.AllOf(len(acts), "action"))
	}
	noteWonEarly(s, actPath, boards, lines)
	verb := "remove"
	if len(acts) == 1 {
		verb = "removes"
	}
	_, err = fmt.Fprintf(s.Out, "ok: %s %s every black token\n", words.Plural(len(acts), "action"), verb)
	return err
}

// loadActions reads and parses an actions file: the actions and the line
// each is on.
func loadActions(path string) ([]expendibots.Action, []int, error) {
	data, err := readInput(path, maxActionsBytes, "an actions file", "one action a line, each under 40 bytes")
	if err != nil {
		return nil, nil, status.BadInput("chainshot boom verify: %v", err)
	}
	acts, lines, err := expendibots.ParseActions(data, path)
	if err != nil {
		return nil, nil, status.BadInput("%v", err)
	}
	return acts, lines, nil
}

// noteWonEarly notes on stderr the actions after the one that won, which
// are not needed.
func noteWonEarly(s *streams, path string, boards []expendibots.Board, lines []int) {
	for i, nb := range boards {
		if nb.Won() && i < len(boards)-1 {
			rest := len(boards) - 1 - i
			fmt.Fprintf(s.Err, "note: %s:%d: every black token is gone after action %d; the %s after it %s not needed\n",
				path, lines[i], i+1, words.Plural(rest, "action"), words.IsAre(rest))
			return
		}
	}
}
