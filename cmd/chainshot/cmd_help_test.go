package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact/ai"
)

// commandPaths returns every command of the tree by path ("solve",
// "react play"), groups included.
func commandPaths(prefix string, cmds []*cli.Command, out map[string]*cli.Command) map[string]*cli.Command {
	for _, c := range cmds {
		path := strings.TrimSpace(prefix + " " + c.Name)
		out[path] = c
		commandPaths(path, c.Subcommands, out)
	}
	return out
}

// TestHelp runs "chainshot PATH --help" for every command of the tree
// (issue 18, item 9) and wants help that helps: every flag that takes a
// value shows a placeholder saying what (FILE, DIR, DURATION, N, RxC,
// SPEC ...), never "value"; no line ends in a space; no reference to a
// DESIGN.md the repository does not ship; and a command that takes
// arguments shows examples.
func TestHelp(t *testing.T) {
	dir := t.TempDir()
	placeholder := regexp.MustCompile(`^[A-Z][A-Za-z0-9./|:_-]*$`)
	example := regexp.MustCompile(`(?m)^ {5,}chainshot \S`) // an indented command line in the description
	for path, cmd := range commandPaths("", commands(), map[string]*cli.Command{}) {
		argv := append(strings.Fields(path), "--help")
		code, stdout, stderr := runChainshot(t, dir, argv)
		if code != 0 || stderr != "" {
			t.Errorf("chainshot %s --help: exit status %d, stderr %q", path, code, stderr)
			continue
		}
		for i, line := range strings.Split(stdout, "\n") {
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("chainshot %s --help: line %d ends in a space: %q", path, i+1, line)
			}
		}
		if strings.Contains(stdout, "DESIGN.md") {
			t.Errorf("chainshot %s --help names DESIGN.md, which the repository does not have", path)
		}
		if regexp.MustCompile(`-[a-z0-9-]+ value\b`).MatchString(stdout) {
			t.Errorf("chainshot %s --help: a flag's placeholder is \"value\":\n%s", path, stdout)
		}
		for _, f := range cmd.Flags {
			if _, isBool := f.(*cli.BoolFlag); isBool {
				continue
			}
			df, ok := f.(cli.DocGenerationFlag)
			if vf, visible := f.(cli.VisibleFlag); !ok || !visible || !vf.IsVisible() {
				continue
			}
			word := firstBackquoted(df.GetUsage())
			if !placeholder.MatchString(word) {
				t.Errorf("chainshot %s --%s: its usage has no placeholder in backquotes (FILE, DIR, N, DURATION ...): %q", path, f.Names()[0], df.GetUsage())
			}
		}
		takesArgs := strings.TrimSpace(cmd.ArgsUsage) != "" || strings.TrimSpace(cmd.UsageText) != ""
		if takesArgs && len(cmd.Subcommands) == 0 && !example.MatchString(stdout) {
			t.Errorf("chainshot %s takes arguments but its help shows no example", path)
		}
	}
}

func firstBackquoted(s string) string {
	_, rest, ok := strings.Cut(s, "`")
	if !ok {
		return ""
	}
	word, _, _ := strings.Cut(rest, "`")
	return word
}

var update = flag.Bool("update", false, "rewrite the blocks of the user's documents that are made from the code (the command reference, the algorithms, the solved boards)")

const (
	referenceStart = "<!-- The command reference is made from the commands' flags: go test ./cmd/chainshot -run TestReadmeMatchesHelp -update -->\n"
	referenceEnd   = "<!-- end of the command reference -->\n"
)

// commandReference is the README's command reference: each command that
// runs, with its arguments, then its flags as --help shows them, short
// names in brackets, wrapped.
func commandReference() string {
	var sb strings.Builder
	sb.WriteString("```\n")
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, cmd := range cmds {
			path := strings.TrimSpace(prefix + " " + cmd.Name)
			if len(cmd.Subcommands) > 0 {
				walk(path, cmd.Subcommands)
				continue
			}
			writeReference(&sb, path, cmd)
		}
	}
	walk("", commands())
	sb.WriteString("```\n")
	return sb.String()
}

var repeatedFlag = regexp.MustCompile(`^(--\S+ \S+) \[ --\S+ \S+ \]$`)

// writeReference writes one command's entry in the command reference.
func writeReference(sb *strings.Builder, path string, cmd *cli.Command) {
	fmt.Fprintf(sb, "chainshot %s", path)
	if args := strings.TrimSpace(cmd.ArgsUsage); args != "" {
		fmt.Fprintf(sb, " %s", args)
	}
	sb.WriteString("\n")
	line := "   "
	for _, f := range cmd.Flags {
		if vf, ok := f.(cli.VisibleFlag); ok && !vf.IsVisible() {
			continue
		}
		names, _, _ := strings.Cut(cli.FlagStringer(f), "\t")
		// a flag that may be repeated: "--vs SPEC [ --vs SPEC ]" → "--vs SPEC..."
		names = repeatedFlag.ReplaceAllString(names, "$1...")
		parts := strings.Split(names, ", ")
		item := parts[0]
		for _, p := range parts[1:] {
			short, _, _ := strings.Cut(p, " ")
			item += " (" + short + ")"
		}
		if len(line)+1+len(item) > 88 {
			sb.WriteString(line + "\n")
			line = "   "
		}
		line += " " + item
	}
	if line != "   " {
		sb.WriteString(line + "\n")
	}
}

// TestReadmeMatchesHelp: the command reference of docs/command-line.md
// matches --help: it is made from the commands (-update rewrites it);
// every command the user's documents name ("chainshot solve", "chainshot
// react match") exists; every flag a command's help shows is in them;
// every flag they name is a flag of some command (an old spelling only in
// the Renamed flags table).
func TestReadmeMatchesHelp(t *testing.T) {
	generatedBlock(t, "docs/command-line.md", referenceStart, referenceEnd, commandReference())
	readme := allUserDocs(t)
	paths := commandPaths("", commands(), map[string]*cli.Command{})
	known := map[string]bool{"help": true, "version": true}
	hidden := map[string]bool{}
	_, renamed, ok := strings.Cut(readme, "## Renamed flags")
	if !ok {
		t.Fatal("no user's document has a section \"Renamed flags\"")
	}
	renamed, _, _ = strings.Cut(renamed, "\n#")
	for path, cmd := range paths {
		for _, f := range cmd.Flags {
			vf, _ := f.(cli.VisibleFlag)
			for _, n := range f.Names() {
				if len(n) == 1 {
					continue
				}
				if vf != nil && !vf.IsVisible() {
					hidden[n] = true
					if !renamedRow(renamed, path, n) {
						t.Errorf("chainshot %s --%s, an old spelling kept hidden, has no row naming it and the command in the Renamed flags of docs/command-line.md", path, n)
					}
					continue
				}
				known[n] = true
				if !strings.Contains(readme, "--"+n) {
					t.Errorf("chainshot %s --%s: in no user's document", path, n)
				}
			}
		}
	}
	for _, m := range regexp.MustCompile(`(?:^|[\s(\[\x60|])--([a-z][a-z0-9-]*)`).FindAllStringSubmatch(readme, -1) {
		n := m[1]
		switch {
		case known[n], slurmFlags[n]:
		case hidden[n]:
			if !strings.Contains(renamed, "--"+n) {
				t.Errorf("the user's documents name --%s, an old spelling, outside the Renamed flags", n)
			}
		default:
			t.Errorf("the user's documents name --%s, which no command has", n)
		}
	}
	for _, m := range regexp.MustCompile(`chainshot ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?`).FindAllStringSubmatch(readme, -1) {
		top, sub := m[1], m[2]
		cmd, ok := paths[top]
		if !ok {
			if !slices.Contains([]string{"help"}, top) {
				t.Errorf("the user's documents name \"chainshot %s\", which is no command", top)
			}
			continue
		}
		if len(cmd.Subcommands) > 0 && sub != "" {
			if _, ok := paths[top+" "+sub]; !ok {
				t.Errorf("the user's documents name \"chainshot %s %s\", which is no command", top, sub)
			}
		}
	}
}

// slurmFlags are sbatch's options, which the README's cluster section
// and its job scripts name.
var slurmFlags = map[string]bool{"array": true, "dependency": true, "job-name": true, "cpus-per-task": true, "output": true, "open-mode": true}

// renamedRow reports whether a row of the Renamed flags note names the
// old flag --name and the command at path (by its last word: "gen",
// "experiment"; "solve" in a list of commands counts).
func renamedRow(note, path, name string) bool {
	fields := strings.Fields(path)
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(fields[len(fields)-1]) + `\b`)
	flag := regexp.MustCompile(`--` + regexp.QuoteMeta(name) + `(?:[^a-z0-9-]|$)`)
	for _, line := range strings.Split(note, "\n") {
		old, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " | ")
		if strings.HasPrefix(line, "| ") && flag.MatchString(old) && word.MatchString(old) {
			return true
		}
	}
	return false
}

// TestEvalChoices: every evaluation chainreact has is a choice of react
// analyze --eval and is named in the react group's help, and every choice
// parses (issue 18, item 9).
func TestEvalChoices(t *testing.T) {
	react := commandPaths("", commands(), map[string]*cli.Command{})["react"]
	for _, e := range ai.Evals() {
		name := e.String()
		if !regexp.MustCompile(`\b` + name + `\b`).MatchString(evalChoices()) {
			t.Errorf("--eval's choices %q lack %s", evalChoices(), name)
		}
		if !regexp.MustCompile(`\b` + name + `\b`).MatchString(react.Description) {
			t.Errorf("chainshot react --help does not name the evaluation %s", name)
		}
	}
	for _, name := range strings.FieldsFunc(strings.ReplaceAll(evalChoices(), " or ", ","), func(r rune) bool { return r == ',' || r == ' ' }) {
		if _, err := ai.ParseEval(name); err != nil {
			t.Errorf("--eval's choice %q: %v", name, err)
		}
	}
}

// TestReadmeClusterScripts: docs/cluster.md shows the job scripts of
// docs/slurm as they are, byte for byte: the ones .ci/slurm-e2e.sh runs
// on a real Slurm cluster.
func TestReadmeClusterScripts(t *testing.T) {
	readme, err := os.ReadFile("../../docs/cluster.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"tournament.sbatch", "merge.sbatch"} {
		script, err := os.ReadFile("../../docs/slurm/" + name)
		if err != nil {
			t.Fatal(err)
		}
		marker := "<!-- docs/slurm/" + name + ", as the end-to-end test runs it (TestReadmeClusterScripts) -->\n```bash\n"
		_, rest, ok := strings.Cut(string(readme), marker)
		if !ok {
			t.Errorf("docs/cluster.md has no block of docs/slurm/%s (%q)", name, marker)
			continue
		}
		block, _, _ := strings.Cut(rest, "```\n")
		if block != string(script) {
			t.Errorf("docs/cluster.md's block of docs/slurm/%s differs from the file:\n%s", name, block)
		}
	}
}
