package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"chainshot/solver"

	"github.com/urfave/cli/v2"
)

const readmePath = "../../README.md"

func readReadme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

const (
	algoTableStart = "<!-- The table is made from solver.Algorithms and solve --help: go test ./cmd/chainshot -run TestReadmeAlgorithms -update -->\n"
	algoTableEnd   = "<!-- end of the algorithm table -->\n"
)

// algorithmTable is the README's table of --algo: the words of "chainshot
// solve --help", from solver.Algorithms.
func algorithmTable() string {
	var sb strings.Builder
	sb.WriteString("| name | what it does |\n| --- | --- |\n")
	for i, a := range solver.Algorithms() {
		name := "`" + a.Name + "`"
		if i == 0 {
			name += " (default)"
		}
		fmt.Fprintf(&sb, "| %s | %s |\n", name, algoDescription(a))
	}
	return sb.String()
}

// TestReadmeAlgorithms: the README's table of the algorithms says what
// "solve --help" says, word for word (issue 26, item 13: the help
// described auto without its tabu-colour searches); -update rewrites it.
func TestReadmeAlgorithms(t *testing.T) {
	readme := readReadme(t)
	start, end := strings.Index(readme, algoTableStart), strings.Index(readme, algoTableEnd)
	if start < 0 || end < start {
		t.Fatalf("README has no algorithm table between %q and %q", algoTableStart, algoTableEnd)
	}
	want := algorithmTable()
	if got := readme[start+len(algoTableStart) : end]; got != want {
		if *update {
			readme = readme[:start+len(algoTableStart)] + want + readme[end:]
			if err := os.WriteFile(readmePath, []byte(readme), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the README's algorithm table differs from solve --help (rewrite it with -update):\n%s", want)
	}
	help := flatten(solveCommand().Description)
	for _, a := range solver.Algorithms() {
		if !strings.Contains(help, flatten(algoDescription(a))) {
			t.Errorf("solve --help does not describe %s as the README does: %q", a.Name, algoDescription(a))
		}
	}
}

// An example is one command line of the README, with the output the
// README shows after it (a "$ " line of a block), if any.
type example struct {
	line   string   // as a reader would type it (no "$ ")
	output []string // the lines shown after it
	where  string   // "line N of README.md"
}

var (
	fence = regexp.MustCompile("^```([a-z]*)$")
	// A template, not a command: a placeholder (FILE, DIR, N, RxC,
	// K/N), an ellipsis or optional parts in brackets.
	placeholder = regexp.MustCompile(`\b[A-Z][A-Z0-9_]*\b|\bRxC\b|\.\.\.|…|\[-`)
	inlineCode  = regexp.MustCompile("`(chainshot [^`]+)`")
)

// readmeExamples returns the README's example commands: every line of an
// sh block, every "$ " line of another block with the lines it shows,
// and every command in inline code that is not a template. The command
// reference (made from the commands) and go's own commands are left out.
func readmeExamples(readme string) []example {
	var out []example
	lines := strings.Split(readme, "\n")
	inRef := false
	lang, inBlock := "", false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		where := fmt.Sprintf("line %d of README.md", i+1)
		switch {
		case strings.HasPrefix(line, "<!-- The command reference"):
			inRef = true
		case strings.HasPrefix(line, "<!-- end of the command reference"):
			inRef = false
		}
		if m := fence.FindStringSubmatch(line); m != nil {
			if inBlock {
				inBlock = false
			} else {
				inBlock, lang = true, m[1]
			}
			continue
		}
		if inRef {
			continue
		}
		if inBlock {
			switch {
			case strings.HasPrefix(line, "$ "):
				ex := example{line: strings.TrimPrefix(line, "$ "), where: where}
				for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && !fence.MatchString(lines[i+1]) {
					i++
					ex.output = append(ex.output, lines[i])
				}
				out = append(out, ex)
			case lang == "sh" && strings.TrimSpace(line) != "":
				out = append(out, example{line: line, where: where})
			}
			continue
		}
		for _, m := range inlineCode.FindAllStringSubmatch(line, -1) {
			// a command with arguments, not a mention ("`chainshot react solve` proves ...")
			fields := strings.Fields(m[1])
			if !placeholder.MatchString(m[1]) && len(fields) > 1+len(strings.Fields(commandOfLine(fields))) {
				out = append(out, example{line: m[1], where: where})
			}
		}
	}
	return out
}

// exampleCaps are what the test adds to an example of these commands so
// that the suite stays quick: the example's syntax, files and output are
// tested, not its full budget. A capped example may exit 1 (its budget ran
// out first); every other example must exit 0 (or 2 where the README
// shows the error it prints).
var exampleCaps = map[string]string{
	"solve":            "--max-nodes 3000",
	"play":             "--max-nodes 3000",
	"tournament":       "--max-nodes 3000",
	"bench":            "--max-nodes 300 --speed-time 10ms",
	"react match":      "--games 2",
	"react experiment": "--games 1 --size 3x3 --depth1 1 --depth2 1",
	"react solve":      "--max-nodes 50000",
	"boom solve":       "--budget 2s",
}

// notRun are the commands the test does not run, and why.
var notRun = map[string]string{
	"serve": "a server that runs until Ctrl-C (TestServeCommand runs it)",
}

// publicFiles are the README's public files (its table), by name, with
// their sha256.
func publicFiles(t *testing.T, readme string) map[string]string {
	files := map[string]string{}
	_, section, ok := strings.Cut(readme, "## The public files the examples use")
	if !ok {
		t.Fatal("README has no section \"The public files the examples use\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\|.*\\| ([0-9a-f]{64}) \\|$")
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		files[m[1]] = m[2]
	}
	if len(files) == 0 {
		t.Fatal("the README's public files table has no rows")
	}
	return files
}

// sharedCopies gives the public files from ../shared/data, when it is
// beside the repository: the Expendibots cases as they are, the standard
// set rebuilt as published (one file, colour numbers) from its folder of
// one letter file a board.
var sharedCopies = map[string]func(shared string) ([]byte, error){
	"test-level-4.json": func(shared string) ([]byte, error) {
		return os.ReadFile(filepath.Join(shared, "data/expendibots/official/test-level-4.json"))
	},
	"comments-2.json": func(shared string) ([]byte, error) {
		return os.ReadFile(filepath.Join(shared, "data/expendibots/community/Sheepiyoo_expendibots_A/comments-2.json"))
	},
	"StandardTestset.txt": func(shared string) ([]byte, error) {
		digits := strings.NewReplacer("R", "0 ", "G", "1 ", "B", "2 ", "L", "3 ", "O", "4 ")
		var blocks []string
		for k := 1; k <= 20; k++ {
			data, err := os.ReadFile(filepath.Join(shared, fmt.Sprintf("data/samegame-standard/sg%02d.txt", k)))
			if err != nil {
				return nil, err
			}
			var sb strings.Builder
			for _, l := range strings.Split(string(data), "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
					sb.WriteString(digits.Replace(strings.ReplaceAll(l, " ", "")) + "\n")
				}
			}
			blocks = append(blocks, sb.String())
		}
		return []byte(strings.Join(blocks, "\n") + "\n\n"), nil
	},
}

// TestReadmeExamples runs every example command of the README as a
// reader would, in a folder holding a copy of docs/ (issue 26, item 1):
// through sh, with this chainshot on PATH, "quit" on standard input, one
// after another so that a file an example writes is there for the next.
// It checks the exit status and the lines the README shows after a "$ "
// command (numbers with a decimal point may differ). An example on a
// public file runs when ../shared is beside the repository, the file
// given from there and checked against the README's sha256; without it,
// those examples are skipped and named. go's own commands and the
// download lines (curl) are not run; neither is a server.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the README's examples run some 60 commands")
	}
	readme := readReadme(t)
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "docs"), os.DirFS("../../docs")); err != nil {
		t.Fatal(err)
	}
	public := publicFiles(t, readme)
	var missing []string
	for name, sum := range public {
		copyOf, ok := sharedCopies[name]
		if !ok {
			t.Errorf("the README's public file %s: the test knows no copy of it under ../shared (add one to sharedCopies)", name)
			continue
		}
		data, err := copyOf(sharedDir())
		if err != nil {
			missing = append(missing, name)
			continue
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s built from ../shared has sha256 %x; the README says %s", name, got, sum)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	examples := readmeExamples(readme)
	if len(examples) < 30 {
		t.Fatalf("found %d examples in the README: the pattern finds too few", len(examples))
	}
	var skipped []string
	ran := 0
	for _, ex := range examples {
		line := ex.line
		// "go build -o chainshot ./cmd/chainshot && ./chainshot ...":
		// the test's own chainshot stands for the one built.
		if before, after, ok := strings.Cut(line, "&& ./chainshot "); ok && strings.HasPrefix(before, "go build") {
			line = "chainshot " + after
		}
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0, fields[0] == "go", fields[0] == "curl", fields[0] == "sha256sum" && len(missing) > 0:
			continue
		}
		if reason, ok := notRun[commandOfLine(fields)]; ok {
			t.Logf("%s: not run: %s", ex.where, reason)
			continue
		}
		if needs := needsMissing(line, missing); needs != "" {
			skipped = append(skipped, fmt.Sprintf("%s (%s)", ex.where, needs))
			continue
		}
		// A pipe into a program this machine lacks ("| dot -Tsvg"): the
		// chainshot part runs alone.
		if before, after, ok := strings.Cut(line, " | "); ok {
			if prog := strings.Fields(after); len(prog) > 0 {
				if _, err := exec.LookPath(prog[0]); err != nil {
					t.Logf("%s: no %s here: runs %q alone", ex.where, prog[0], before)
					line = before
				}
			}
		}
		capped := false
		if caps, ok := exampleCaps[commandOfLine(fields)]; ok {
			line = withCaps(line, caps)
			capped = true
		}
		ran++
		code, out := runExample(t, dir, line)
		wantCode := 0
		for _, o := range ex.output {
			if strings.HasPrefix(o, "chainshot ") {
				wantCode = 2 // the README shows the error
			}
		}
		if code != wantCode && !(capped && code == 1) {
			t.Errorf("%s: %s\n\texit status %d, want %d; it printed:\n%s", ex.where, line, code, wantCode, clipText(out))
			continue
		}
		for _, o := range ex.output {
			re := regexp.MustCompile(regexp.MustCompile(`[0-9]+\\\.[0-9]+`).ReplaceAllString(regexp.QuoteMeta(o), `[0-9]+\.[0-9]+`))
			if !re.MatchString(out) {
				t.Errorf("%s: %s\n\tprints no line %q; it printed:\n%s", ex.where, line, o, clipText(out))
			}
		}
	}
	t.Logf("ran %d examples", ran)
	if len(skipped) > 0 {
		t.Skipf("ran %d examples; without ../shared beside the repository (%s), skipped %d that need a public file: %s",
			ran, strings.Join(missing, ", "), len(skipped), strings.Join(skipped, "; "))
	}
}

// sharedDir is ../shared beside the repository, or $CHAINSHOT_TEST_SHARED
// (a folder that does not exist tries the test as a fresh clone has it).
func sharedDir() string {
	if d := os.Getenv("CHAINSHOT_TEST_SHARED"); d != "" {
		return d
	}
	return "../../../shared"
}

// commandOfLine is the command path a line runs: "react match", "solve".
func commandOfLine(fields []string) string {
	if len(fields) < 2 || fields[0] != "chainshot" {
		return ""
	}
	all := commandPaths("", commands(), map[string]*cli.Command{})
	path := ""
	for i := 2; i <= len(fields); i++ {
		if _, ok := all[strings.Join(fields[1:i], " ")]; ok {
			path = strings.Join(fields[1:i], " ")
		}
	}
	return path
}

// needsMissing names the missing public file a line uses, "" for none.
func needsMissing(line string, missing []string) string {
	for _, f := range missing {
		if strings.Contains(line, f) {
			return f
		}
	}
	return ""
}

// withCaps adds caps to a command line's chainshot command, before any
// pipe, redirection, "&&" or comment.
func withCaps(line, caps string) string {
	cut := len(line)
	for _, op := range []string{" |", " >", " <", " &&", " #"} {
		if i := strings.Index(line, op); i >= 0 && i < cut {
			cut = i
		}
	}
	return strings.TrimRight(line[:cut], " ") + " " + caps + line[cut:]
}

// runExample runs one line through sh in dir, "quit" on its standard
// input, for at most two minutes; it returns the exit status and what it
// printed on stdout and stderr.
func runExample(t *testing.T, dir, line string) (int, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader("quit\n")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return -1, string(out) + "\n(killed after two minutes)"
	}
	if err != nil && cmd.ProcessState == nil {
		t.Fatalf("%s: %v", line, err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}
