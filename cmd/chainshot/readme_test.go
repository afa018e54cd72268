package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/internal/shareddata"
	"chainshot/solver"
)

const (
	algoTableStart = "<!-- The table is made from solver.Algorithms and solve --help: go test ./cmd/chainshot -run TestReadmeAlgorithms -update -->\n"
	algoTableEnd   = "<!-- end of the algorithm table -->\n"
)

// algorithmTable is the table of --algo in docs/chainshot.md: the words
// of "chainshot solve --help", from solver.Algorithms.
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

// TestReadmeAlgorithms: the guide's table of the algorithms says what
// "solve --help" says, word for word (the help once described auto
// without its tabu-colour searches); -update rewrites it.
func TestReadmeAlgorithms(t *testing.T) {
	generatedBlock(t, "docs/chainshot.md", algoTableStart, algoTableEnd, algorithmTable())
	help := flatten(solveCommand().Description)
	for _, a := range solver.Algorithms() {
		if !strings.Contains(help, flatten(algoDescription(a))) {
			t.Errorf("solve --help does not describe %s as docs/chainshot.md does: %q", a.Name, algoDescription(a))
		}
	}
}

// An example is one command line of a user's document, with the output
// the document shows after it (a "$ " line of a block), if any.
type example struct {
	line   string   // as a reader would type it (no "$ ")
	output []string // the lines shown after it
	where  string   // "README.md:12"
}

var (
	fence = regexp.MustCompile("^```([a-z]*)$")
	// A template, not a command: a placeholder (FILE, DIR, N, RxC,
	// K/N), an ellipsis or optional parts in brackets.
	placeholder = regexp.MustCompile(`\b[A-Z][A-Z0-9_]*\b|\bRxC\b|\.\.\.|…|\[-`)
	inlineCode  = regexp.MustCompile("`(chainshot [^`]+)`")
)

// docExamples returns a document's example commands: every line of an
// sh block, every "$ " line of another block with the lines it shows,
// and every command in inline code that is not a template. The command
// reference (made from the commands) and go's own commands are left out.
func docExamples(doc userDoc) []example {
	var out []example
	lines := strings.Split(doc.text, "\n")
	inRef := false
	lang, inBlock := "", false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		where := fmt.Sprintf("%s:%d", doc.path, i+1)
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

// publicFiles are the public files of docs/data.md (its table), by
// name, with their sha256.
func publicFiles(t *testing.T, docs []userDoc) map[string]string {
	files := map[string]string{}
	var section string
	for _, d := range docs {
		if _, s, ok := strings.Cut(d.text, "## The public files the examples use"); ok {
			section, _, _ = strings.Cut(s, "\n## ")
		}
	}
	if section == "" {
		t.Fatal("no user's document has a section \"The public files the examples use\"")
	}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\|.*\\| ([0-9a-f]{64}) \\|$")
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		files[m[1]] = m[2]
	}
	if len(files) == 0 {
		t.Fatal("the public files table has no rows")
	}
	return files
}

// sharedCopies give the public files from the shared data
// (shareddata.Root: $CHAINSHOT_DATA or ../shared/data): the Expendibots
// cases as they are, the standard set rebuilt as published (one file,
// colour numbers) from its folder of one letter file a board. A file as
// published, by its own name in that folder, is taken first.
var sharedCopies = map[string]func(root string) ([]byte, error){
	"test-level-4.json": func(root string) ([]byte, error) {
		return os.ReadFile(filepath.Join(root, "expendibots/official/test-level-4.json"))
	},
	"comments-2.json": func(root string) ([]byte, error) {
		return os.ReadFile(filepath.Join(root, "expendibots/community/Sheepiyoo_expendibots_A/comments-2.json"))
	},
	"StandardTestset.txt": func(root string) ([]byte, error) {
		digits := strings.NewReplacer("R", "0 ", "G", "1 ", "B", "2 ", "L", "3 ", "O", "4 ")
		var blocks []string
		for k := 1; k <= 20; k++ {
			data, err := os.ReadFile(filepath.Join(root, fmt.Sprintf("samegame-standard/sg%02d.txt", k)))
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

// publicCopy is the public file name, from the shared data: as published
// in its root, or rebuilt from the shared copies.
func publicCopy(t *testing.T, name string) ([]byte, error) {
	root := shareddata.Root()
	if data, err := os.ReadFile(filepath.Join(root, name)); err == nil {
		return data, nil
	}
	copyOf, ok := sharedCopies[name]
	if !ok {
		t.Errorf("the public file %s: the test knows no copy of it in the shared data (add one to sharedCopies)", name)
		return nil, os.ErrNotExist
	}
	return copyOf(root)
}

// exampleMaxRSS is the most memory one example may take (its peak
// resident set): an example a student runs on a laptop, and the test
// suite's peak, stay well under 2 GB. (An example once asked for an 8 GB
// table.)
const exampleMaxRSS = 1 << 30

// TestDocExamples runs every example command of the user's documents as
// a reader would: each document's in a folder of its own holding a copy
// of docs/, through sh, with this chainshot on PATH, "quit" on standard
// input, one after another so that a file an example writes is there for
// the next. It checks the exit status, the lines a document shows after a
// "$ " command (numbers with a decimal point may differ; a JSON line must
// have the same fields and values but for times and node counts), each
// example's peak memory, and that no example writes into docs/ or into
// a folder of the repository. An example on a public file runs when the
// shared data holds it (docs/data.md), checked against the document's
// sha256; otherwise it is skipped and named. go's own commands and the
// download lines (curl) are not run; neither is a server.
func TestDocExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the documents' examples run some 80 commands")
	}
	docs := userDocs(t)
	public := map[string][]byte{}
	var missing []string
	for name, sum := range publicFiles(t, docs) {
		data, err := publicCopy(t, name)
		if err != nil {
			missing = append(missing, name)
			continue
		}
		if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s from the shared data has sha256 %x; docs/data.md says %s", name, got, sum)
		}
		public[name] = data
	}
	var skipped []string
	ran := 0
	for _, doc := range docs {
		dir := t.TempDir()
		if err := os.CopyFS(filepath.Join(dir, "docs"), os.DirFS(filepath.Join(repoRoot, "docs"))); err != nil {
			t.Fatal(err)
		}
		for name, data := range public {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before := treeSums(t, filepath.Join(dir, "docs"))
		for _, ex := range docExamples(doc) {
			switch r := runDocExample(t, dir, ex, missing); {
			case r == "ran":
				ran++
			case r != "":
				skipped = append(skipped, r)
			}
		}
		if after := treeSums(t, filepath.Join(dir, "docs")); !maps.Equal(before, after) {
			t.Errorf("%s: its examples write into docs/ (an example writes only where the reader is): %v", doc.path, changed(before, after))
		}
		for _, top := range repoFolders(t) {
			if _, err := os.Stat(filepath.Join(dir, top)); err == nil {
				t.Errorf("%s: its examples write into %s/, a folder of the repository", doc.path, top)
			}
		}
	}
	if found := ran + len(skipped); found < 60 {
		t.Errorf("found %d examples (%d run): the pattern finds too few", found, ran)
	}
	t.Logf("ran %d examples", ran)
	if len(skipped) > 0 {
		t.Skipf("ran %d examples; without the public files %s in the shared data (docs/data.md), skipped %d that need one: %s",
			ran, strings.Join(missing, ", "), len(skipped), strings.Join(skipped, "; "))
	}
}

// runDocExample runs one example in dir and checks it. It returns "ran",
// "" for a line that is not run, or where an example that needs a
// missing public file is.
func runDocExample(t *testing.T, dir string, ex example, missing []string) string {
	line := ex.line
	// "go install ./cmd/chainshot && export PATH=... && chainshot ...":
	// the test's own chainshot stands for the one installed.
	if fields := strings.Fields(line); len(fields) > 0 && fields[0] == "go" {
		i := strings.LastIndex(line, "&& chainshot ")
		if i < 0 {
			return ""
		}
		line = line[i+3:]
	}
	fields := strings.Fields(line)
	switch {
	case len(fields) == 0, fields[0] == "curl", fields[0] == "sha256sum" && len(missing) > 0:
		return ""
	}
	if reason, ok := notRun[commandOfLine(fields)]; ok {
		t.Logf("%s: not run: %s", ex.where, reason)
		return ""
	}
	if needs := needsMissing(line, missing); needs != "" {
		return fmt.Sprintf("%s (%s)", ex.where, needs)
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
	// An example that shows its output runs as written; the others are
	// capped, so that the suite stays quick.
	capped := false
	if caps, ok := exampleCaps[commandOfLine(fields)]; ok && len(ex.output) == 0 {
		line = withCaps(line, caps)
		capped = true
	}
	code, out, rss := runExample(t, dir, line)
	if rss > exampleMaxRSS {
		t.Errorf("%s: %s\n\ttook %d MB of memory, more than %d", ex.where, line, rss>>20, exampleMaxRSS>>20)
	}
	wantCode := 0
	for _, o := range ex.output {
		if strings.HasPrefix(o, "chainshot ") {
			wantCode = 2 // the document shows the error
		}
	}
	if code != wantCode && !(capped && code == 1) {
		t.Errorf("%s: %s\n\texit status %d, want %d; it printed:\n%s", ex.where, line, code, wantCode, clipText(out))
		return "ran"
	}
	for _, o := range ex.output {
		if !printsLine(out, o) {
			t.Errorf("%s: %s\n\tprints no line %q; it printed:\n%s", ex.where, line, o, clipText(out))
		}
	}
	return "ran"
}

// volatileFields are the fields of a JSON line shown in a document that
// may differ from run to run.
var volatileFields = map[string]bool{"cpu_seconds": true, "seconds": true, "nodes": true, "states": true}

// printsLine reports whether out holds the line want: a JSON object with
// the same fields, equal but for volatileFields; any other line with
// only its decimal numbers free.
func printsLine(out, want string) bool {
	var w map[string]any
	if strings.HasPrefix(want, "{") && json.Unmarshal([]byte(want), &w) == nil {
		for _, l := range strings.Split(out, "\n") {
			var g map[string]any
			if json.Unmarshal([]byte(l), &g) != nil || len(g) != len(w) {
				continue
			}
			same := true
			for k, v := range w {
				gv, ok := g[k]
				if !ok || (!volatileFields[k] && !reflect.DeepEqual(gv, v)) {
					same = false
				}
			}
			if same {
				return true
			}
		}
		return false
	}
	re := regexp.MustCompile(regexp.MustCompile(`[0-9]+\\\.[0-9]+`).ReplaceAllString(regexp.QuoteMeta(want), `[0-9]+\.[0-9]+`))
	return re.MatchString(out)
}

// treeSums maps each file under dir to its sha256.
func treeSums(t *testing.T, dir string) map[string]string {
	sums := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		sums[path] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

// changed names the files added, removed or changed between two trees.
func changed(before, after map[string]string) []string {
	var out []string
	for p, s := range after {
		if before[p] != s {
			out = append(out, filepath.Base(p))
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			out = append(out, filepath.Base(p)+" (removed)")
		}
	}
	sort.Strings(out)
	return out
}

// repoFolders are the repository's top-level folders other than docs/
// (results, solver, board ...): an example that makes one is writing
// where the repository's code lives when run from its root.
func repoFolders(t *testing.T) []string {
	entries, err := os.ReadDir(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "docs" && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out
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
// input, for at most two minutes; it returns the exit status, what it
// printed on stdout and stderr, and the peak memory (resident set, in
// bytes) of the largest process it ran.
func runExample(t *testing.T, dir, line string) (int, string, int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader("quit\n")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return -1, string(out) + "\n(killed after two minutes)", 0
	}
	if err != nil && cmd.ProcessState == nil {
		t.Fatalf("%s: %v", line, err)
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss << 10 // kilobytes on Linux
	}
	return cmd.ProcessState.ExitCode(), string(out), rss
}
