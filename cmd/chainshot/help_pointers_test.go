package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact/ai"
	"chainshot/solver"
)

// helpTexts runs "chainshot PATH --help" for the app and every command of
// the tree and returns each help by path ("" for the app).
func helpTexts(t *testing.T, dir string) map[string]string {
	t.Helper()
	helps := map[string]string{}
	paths := []string{""}
	for path := range commandPaths("", commands(), map[string]*cli.Command{}) {
		paths = append(paths, path)
	}
	for _, path := range paths {
		code, stdout, stderr := runChainshot(t, dir, append(strings.Fields(path), "--help"))
		if code != 0 || stderr != "" || stdout == "" {
			t.Fatalf("chainshot %s --help: exit status %d, stderr %q", path, code, stderr)
		}
		helps[path] = stdout
	}
	return helps
}

// withoutExamples is a help text without its Examples: paragraph (the
// examples are run by TestHelpExamplesTakeHelp).
func withoutExamples(help string) string {
	before, after, ok := strings.Cut(help, "Examples:\n")
	if !ok {
		return help
	}
	if _, rest, ok := strings.Cut(after, "\n\n"); ok {
		return before + rest
	}
	return before
}

// pointerRe finds a help text's pointers to another command: a command
// line in quotes ("chainshot solve --help" describes them, see "chainshot
// datasets") or one in brackets that lists or describes something.
var pointerRe = regexp.MustCompile(`"(chainshot [^"]+)"|\((chainshot [^()"]+?) (?:lists|describes|tells|shows)`)

// pointers returns the command lines a help text points to.
func pointers(help string) []string {
	var out []string
	for _, m := range pointerRe.FindAllStringSubmatch(withoutExamples(help), -1) {
		out = append(out, strings.TrimSpace(m[1]+m[2]))
	}
	return out
}

// followPointer runs the command line a pointer names, as a reader would
// to see what it promises: as written when it asks for help or names a
// command that takes no argument, else with --help. It returns the
// arguments run.
func followPointer(t *testing.T, line string) []string {
	argv := strings.Fields(strings.TrimPrefix(line, "chainshot "))
	all := commandPaths("", commands(), map[string]*cli.Command{})
	n := 0
	var cmd *cli.Command
	for i := 1; i <= len(argv); i++ {
		if c, ok := all[strings.Join(argv[:i], " ")]; ok {
			n, cmd = i, c
		}
	}
	if cmd == nil {
		t.Errorf("%q names no command", line)
		return nil
	}
	asksHelp := slices.Contains(argv, "--help") || slices.Contains(argv, "help")
	takesNone := len(cmd.Subcommands) == 0 && strings.TrimSpace(cmd.ArgsUsage) == "" && n == len(argv)
	if asksHelp || takesNone {
		return argv
	}
	return append(argv[:n:n], "--help")
}

// choices are the names a flag that picks from a registry must find in
// its command's help, or in the help its pointer leads to: every player
// spec's name, every algorithm, every evaluation. A name added to a
// registry is covered without touching the test.
func choices(t *testing.T, path string, f cli.Flag) []string {
	df, _ := f.(cli.DocGenerationFlag)
	if df == nil {
		return nil
	}
	switch {
	case firstBackquoted(df.GetUsage()) == "SPEC":
		// The player names, as NewPlayer refuses an unknown one:
		// "... (want random, greedy, ... or engine:COMMAND)".
		_, err := ai.NewPlayer("no-such-player-name", 0)
		_, list, ok := strings.Cut(err.Error(), "(want ")
		if !ok {
			t.Fatalf("NewPlayer's error lists no player names: %v", err)
		}
		list = strings.TrimSuffix(list, ")")
		return strings.FieldsFunc(strings.ReplaceAll(list, " or ", ", "), func(r rune) bool { return r == ',' || r == ' ' })
	case f.Names()[0] == "algo" && !strings.HasPrefix(path, "boom"):
		var names []string
		for _, a := range solver.Algorithms() {
			names = append(names, a.Name)
		}
		return names
	case f.Names()[0] == "eval":
		var names []string
		for _, e := range ai.Evals() {
			names = append(names, e.String())
		}
		return names
	}
	return nil
}

// TestHelpPointers walks every help text of the command tree and follows
// each pointer to another command ("chainshot solve --help" describes
// them, see "chainshot datasets", (... lists them)): the command it names
// runs, exit status 0, and prints something (issue 26, item 9: "react
// match --help" sent readers to "chainshot react help match", which
// listed no player). A flag that picks a name from a registry (a player
// SPEC, --algo, --eval) finds every name of it in its command's help or
// in the help its pointer leads to.
func TestHelpPointers(t *testing.T) {
	dir := t.TempDir()
	helps := helpTexts(t, dir)
	followed := map[string]string{} // pointer → its output
	for path, help := range helps {
		for _, p := range pointers(help) {
			if _, ok := followed[p]; ok {
				continue
			}
			argv := followPointer(t, p)
			if argv == nil {
				continue
			}
			code, stdout, stderr := runChainshot(t, dir, argv)
			if code != 0 || strings.TrimSpace(stdout) == "" {
				t.Errorf("chainshot %s --help points to %q: chainshot %s exits %d, stdout %q, stderr %q",
					path, p, strings.Join(argv, " "), code, clipText(stdout), clipText(stderr))
			}
			followed[p] = stdout
		}
	}
	if len(followed) < 3 {
		t.Errorf("the help texts hold %d pointers: the pattern finds too few to test", len(followed))
	}
	for path, cmd := range leaves("", commands()) {
		for _, f := range cmd.Flags {
			names := choices(t, path, f)
			if len(names) == 0 {
				continue
			}
			where := helps[path]
			if df, ok := f.(cli.DocGenerationFlag); ok {
				for _, p := range pointers(df.GetUsage()) {
					where += followed[p]
				}
			}
			// a player's name must head a line of the list of players: a
			// kind named with a plain word ("first") would otherwise be
			// found in any sentence
			pattern := `(^|[^A-Za-z0-9])%s($|[^A-Za-z0-9])`
			if df, ok := f.(cli.DocGenerationFlag); ok && firstBackquoted(df.GetUsage()) == "SPEC" {
				pattern = `(?m)^\s+%s\s`
			}
			for _, n := range names {
				if !regexp.MustCompile(fmt.Sprintf(pattern, regexp.QuoteMeta(n))).MatchString(where) {
					t.Errorf("chainshot %s --%s: %q is one of its choices, but neither its help nor the help it points to names it", path, f.Names()[0], n)
				}
			}
		}
	}
}

// TestHelpExamplesTakeHelp: every example of every help, with --help
// added, prints that command's help, exit status 0, as git and go do
// (issue 26, item 9: "react experiment seed002 --help" said "No help topic
// for 'seed002'" and exited 2).
func TestHelpExamplesTakeHelp(t *testing.T) {
	dir := t.TempDir()
	helps := helpTexts(t, dir)
	tried := 0
	for path, help := range helps {
		_, ex, ok := strings.Cut(help, "Examples:\n")
		if !ok {
			continue
		}
		ex, _, _ = strings.Cut(ex, "\n\n")
		for _, line := range strings.Split(ex, "\n") {
			words, err := shellWords(strings.TrimSpace(line))
			if err != nil || len(words) == 0 || words[0] != "chainshot" {
				continue
			}
			// The command up to a pipe, a redirection or "&&".
			for i, w := range words {
				if w == "|" || w == "&&" || w == "<" || w == ">" {
					words = words[:i]
					break
				}
			}
			argv := append(words[1:], "--help")
			// The command the example runs (an example may pipe one
			// command into the one it documents).
			named := ""
			for i := 1; i < len(argv); i++ {
				if _, ok := helps[strings.Join(argv[:i], " ")]; ok {
					named = strings.Join(argv[:i], " ")
				}
			}
			code, stdout, stderr := runChainshot(t, dir, argv)
			tried++
			if code != 0 || stdout != helps[named] {
				t.Errorf("chainshot %s (an example of chainshot %s): exit status %d, stderr %q; want exit status 0 and the help of chainshot %s",
					strings.Join(argv, " "), path, code, stderr, named)
			}
		}
	}
	if tried < 20 {
		t.Errorf("%d examples tried: the help texts should hold more", tried)
	}
}

// TestHelpTermsExplained: a help text that says "seed 002" (or 000, 001,
// 003, 004) says which document that is, itself or in the help of a group
// above it (issue 26, item 13: the seeds were named and never explained).
func TestHelpTermsExplained(t *testing.T) {
	dir := t.TempDir()
	helps := helpTexts(t, dir)
	seedRe := regexp.MustCompile(`\bseed (00[0-9])\b`)
	for path, help := range helps {
		for _, m := range seedRe.FindAllStringSubmatch(help, -1) {
			name := "seed " + m[1]
			title := quotedTitle(name)
			if title == "" {
				t.Errorf("chainshot %s --help names %s, which seedSources does not know", path, name)
				continue
			}
			explained := false
			fields := strings.Fields(path)
			for i := len(fields); i >= 0 && !explained; i-- {
				explained = strings.Contains(flatten(helps[strings.Join(fields[:i], " ")]), flatten(title))
			}
			if !explained {
				t.Errorf("chainshot %s --help names %s but neither it nor a group above says what it is (%s)", path, name, title)
			}
		}
	}
}

// quotedTitle is the title, in quotes, of the document a seed is
// ("seed 002" → "Chain Reaction AI Bot: Experimentation and Analysis"),
// "" for no seed.
func quotedTitle(name string) string {
	if _, rest, ok := strings.Cut(seedTitle(name), `"`); ok {
		title, _, _ := strings.Cut(rest, `"`)
		return title
	}
	return ""
}

// flatten joins a wrapped text's lines: every run of spaces and newlines
// is one space.
func flatten(s string) string { return strings.Join(strings.Fields(s), " ") }

func clipText(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// shellWords splits a command line as sh does for plain words, 'single'
// and "double" quotes (no escapes or expansions: the examples need none).
func shellWords(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, errUnclosedQuote
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

var errUnclosedQuote = errorString("unclosed quote")

type errorString string

func (e errorString) Error() string { return string(e) }
