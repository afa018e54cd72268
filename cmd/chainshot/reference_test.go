package main

import (
	"flag"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"chainshot/internal/iostreams"
)

var updateReference = flag.Bool("update-reference", false, "rewrite docs/reference.md and docs/chainshot.1 from the commands")

// machine are the parts of the help that differ from machine to machine,
// written in words in the reference.
var machine = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`1 to [0-9,]+ MB, this machine's memory`), "1 to this machine's memory in MB"},
	{regexp.MustCompile(`\(default: ` + strconv.Itoa(runtime.NumCPU()) + `\)`), "(default: the number of CPUs)"},
	{regexp.MustCompile(`chainshot version [^\n]*`), "chainshot version"},
}

// reference returns the command reference in Markdown and the man page,
// made from the command tree, the machine's parts in words.
func reference(t *testing.T) (md, man string) {
	t.Helper()
	app := newApp(&streams{IO: iostreams.New(nil, io.Discard, io.Discard)})
	md, err := app.ToMarkdown()
	if err != nil {
		t.Fatal(err)
	}
	man, err = app.ToManWithSection(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range machine {
		md, man = m.re.ReplaceAllString(md, m.with), m.re.ReplaceAllString(man, m.with)
	}
	return "<!-- Made by `go test ./cmd/chainshot -run TestReferenceIsCurrent -update-reference` from the commands' help: do not edit. -->\n\n" + md, man
}

// TestReferenceIsCurrent: docs/reference.md and docs/chainshot.1 are the
// commands' own help, made from the same command tree as --help and the
// shell completion; a change of a command, flag or usage that does not
// remake them fails here.
func TestReferenceIsCurrent(t *testing.T) {
	md, man := reference(t)
	for path, want := range map[string]string{"../../docs/reference.md": md, "../../docs/chainshot.1": man} {
		if *updateReference {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is not the commands' help as it is now: remake it with go test ./cmd/chainshot -run TestReferenceIsCurrent -update-reference", path)
		}
	}
	if !strings.Contains(md, "## react") || !strings.Contains(md, "--budget") {
		t.Errorf("the reference has no react section or no --budget flag")
	}
}

// TestCompletion: the shell completion offers the commands, the
// subcommands of a group and a command's flags, from the command tree;
// the scripts for each shell are there.
func TestCompletion(t *testing.T) {
	complete := func(args ...string) string {
		var out strings.Builder
		argv := append(append([]string{"chainshot"}, args...), "--generate-bash-completion")
		// urfave/cli reads the word to complete from os.Args itself.
		saved := os.Args
		os.Args = argv
		defer func() { os.Args = saved }()
		run(argv, strings.NewReader(""), &out, io.Discard)
		return out.String()
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "tournament\n"},
		{[]string{"react"}, "match\n"},
		{[]string{"solve", "-"}, "--budget\n"},
		{[]string{"react", "match", "-"}, "--sprt\n"},
	} {
		if got := complete(tt.args...); !strings.Contains(got, tt.want) {
			t.Errorf("completing %q: %q, want %q among it", tt.args, got, tt.want)
		}
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var out, errb strings.Builder
		if code := run([]string{"chainshot", "completion", shell}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "chainshot") {
			t.Errorf("chainshot completion %s: exit %d, %q %q", shell, code, out.String(), errb.String())
		}
	}
}
