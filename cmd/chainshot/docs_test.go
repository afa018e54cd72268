package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The user's documents are the README and the guides in docs/ (not
// docs/history, which is the developers' notebook, nor docs/reference.md,
// which is made from the commands). Tests that read them read them all
// through userDocs, so that a text moved from one to another keeps its
// test.

// repoRoot is the repository, seen from this package's folder.
const repoRoot = "../.."

// readmeMaxLines is how long the README may grow: what the tool is, how to
// get it, the two commands, a handful of first commands per game and a
// map of docs/. Everything else is a guide's.
const readmeMaxLines = 220

// A userDoc is one of the user's documents: its path from the repository
// root ("README.md", "docs/chainshot.md") and its text.
type userDoc struct {
	path string
	text string
}

// userDocs returns the README and every guide of docs/, README first, the
// guides by name.
func userDocs(t *testing.T) []userDoc {
	t.Helper()
	guides, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(guides)
	paths := []string{"README.md"}
	for _, g := range guides {
		if rel, _ := filepath.Rel(repoRoot, g); rel != "docs/reference.md" {
			paths = append(paths, filepath.ToSlash(rel))
		}
	}
	var docs []userDoc
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(repoRoot, p))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, userDoc{p, string(data)})
	}
	if len(docs) < 6 {
		t.Fatalf("found %d user documents: the README and docs/*.md", len(docs))
	}
	return docs
}

// allUserDocs is every user document's text, one after another.
func allUserDocs(t *testing.T) string {
	var sb strings.Builder
	for _, d := range userDocs(t) {
		sb.WriteString(d.text)
		sb.WriteString("\n")
	}
	return sb.String()
}

// generatedBlock checks the text of doc (a path from the repository root)
// between the lines start and end against want; with -update it rewrites
// it instead.
func generatedBlock(t *testing.T, doc, start, end, want string) {
	t.Helper()
	path := filepath.Join(repoRoot, doc)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, start), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no block between %q and %q", doc, start, end)
	}
	if text[i+len(start):j] == want {
		return
	}
	if *update {
		text = text[:i+len(start)] + want + text[j:]
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the block after %q differs from what it is made from (rewrite it with -update):\n%s", doc, strings.TrimSpace(start), want)
}

// TestReadmeShort: the README stays a page a newcomer reads in five
// minutes; a reference manual or a lab notebook grew in it once.
func TestReadmeShort(t *testing.T) {
	readme := userDocs(t)[0]
	if n := strings.Count(readme.text, "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: the README points, a guide in docs/ explains", n, readmeMaxLines)
	}
}

// roundWords are the ways the developers number their work: a user's
// document names none of them.
var roundWords = regexp.MustCompile(`(?i)\bissues? #?\d+|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|\d+(?:st|nd|rd|th)) rounds?\b|(?:^|[^-])\brounds? \d+`)

// TestUserDocsNameNoRounds: no issue or round numbers in what a user
// reads; those belong in docs/history.
func TestUserDocsNameNoRounds(t *testing.T) {
	for _, d := range userDocs(t) {
		for i, line := range strings.Split(d.text, "\n") {
			if m := roundWords.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: a user's document names no issue or round (docs/history does)", d.path, i+1, m)
			}
		}
	}
}

// citedTest is a test, fuzz target or test script a document names in
// code: `TestLockHasOneWriter`, `FuzzRead`, `tournament_kill.txtar`.
var citedTest = regexp.MustCompile("`((?:Test|Fuzz)[A-Z][A-Za-z0-9_]*|[a-z0-9_]+\\.txtar)`")

// TestDocsCiteTestsThatExist: every test a user's document cites as
// holding a promise (docs/results-files.md names one for each) is a test
// of the repository, so that a promise is never backed by a test that was
// renamed or removed.
func TestDocsCiteTestsThatExist(t *testing.T) {
	var sources strings.Builder
	err := filepath.WalkDir(repoRoot, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sources.Write(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	scripts, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	haveScript := map[string]bool{}
	for _, s := range scripts {
		haveScript[filepath.Base(s)] = true
	}
	n := 0
	for _, d := range userDocs(t) {
		for _, m := range citedTest.FindAllStringSubmatch(d.text, -1) {
			name := m[1]
			n++
			if strings.HasSuffix(name, ".txtar") {
				if !haveScript[name] {
					t.Errorf("%s cites the test script %s, which cmd/chainshot/testdata/script does not have", d.path, name)
				}
				continue
			}
			if !regexp.MustCompile(`func ` + name + `\(`).MatchString(sources.String()) {
				t.Errorf("%s cites %s, which no _test.go file defines", d.path, name)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d tests cited: the pattern finds too few (docs/results-files.md names one for each promise)", n)
	}
}

// TestReadmeGoVersion: the README asks for the Go that go.mod names, in
// the same words ("Go 1.26.8 or later"); it once said 1.26 against go.mod's
// 1.26.8.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	if want := "Go " + string(m[1]) + " or later"; !strings.Contains(userDocs(t)[0].text, want) {
		t.Errorf("the README does not say %q, as go.mod's go line does", want)
	}
}
