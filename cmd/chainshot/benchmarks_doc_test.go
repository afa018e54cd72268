package main

import (
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// benchmarksMaxLines is how long BENCHMARKS.md may grow: today's figures
// and one current section per package, each figure with its command. A
// round's story goes to docs/history/ (issue 40: the file had grown to
// 2,947 lines, 2,100 of them one issue's rounds, after an earlier move had
// cut it).
const benchmarksMaxLines = 400

// TestBenchmarksShort: BENCHMARKS.md holds at most benchmarksMaxLines
// lines, so that a reader meets today's figures, not a lab notebook.
func TestBenchmarksShort(t *testing.T) {
	data, err := os.ReadFile("../../BENCHMARKS.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > benchmarksMaxLines {
		t.Errorf("BENCHMARKS.md has %d lines, more than %d: keep today's figures there, each with its command, and write the round that made them in docs/history/ (a file of its own, a line in docs/history/README.md)", n, benchmarksMaxLines)
	}
}

// TestBenchmarksLinksResolve: every relative link of every Markdown file
// of the repository (the README, the guides of docs/, BENCHMARKS.md,
// docs/history) names a file or folder that exists, and a link to a
// section of a Markdown file names a heading it has. Sections move
// between those files as texts move and rounds end; a link left behind
// fails here.
func TestBenchmarksLinksResolve(t *testing.T) {
	const root = "../.."
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{}
	checked := 0
	for _, f := range files {
		for _, l := range markdownLinks(t, f) {
			target, frag, _ := strings.Cut(l.url, "#")
			path := f
			if target != "" {
				p, err := url.PathUnescape(target)
				if err != nil {
					t.Errorf("%s:%d: link %q: %v", f, l.line, l.url, err)
					continue
				}
				path = filepath.Join(filepath.Dir(f), filepath.FromSlash(p))
			}
			checked++
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s:%d: link %q: no such file or folder", f, l.line, l.url)
				continue
			}
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			path = filepath.Clean(path)
			if anchors[path] == nil {
				anchors[path] = headingAnchors(t, path)
			}
			if !anchors[path][strings.ToLower(frag)] {
				t.Errorf("%s:%d: link %q: %s has no heading with the anchor #%s", f, l.line, l.url, filepath.Base(path), frag)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d links checked: the walk or the link pattern is broken", checked)
	}
}

type mdLink struct {
	url  string
	line int
}

var (
	mdLinkRE   = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)`)
	mdCodeSpan = regexp.MustCompile("`[^`]*`")
	mdFence    = regexp.MustCompile("^\\s*(```|~~~)")
)

// markdownLinks are the relative links of a Markdown file outside code:
// fenced and indented blocks and code spans are skipped, as are links with
// a scheme (https:, mailto:).
func markdownLinks(t *testing.T, path string) []mdLink {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var links []mdLink
	fenced := false
	for i, line := range strings.Split(string(data), "\n") {
		if mdFence.MatchString(line) {
			fenced = !fenced
			continue
		}
		if fenced || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			continue
		}
		line = mdCodeSpan.ReplaceAllString(line, "")
		for _, m := range mdLinkRE.FindAllStringSubmatch(line, -1) {
			u := m[1]
			if strings.Contains(u, ":") {
				continue
			}
			links = append(links, mdLink{u, i + 1})
		}
	}
	return links
}

// headingAnchors are the anchors GitHub gives a Markdown file's headings:
// the heading's text in lower case, without punctuation (letters, digits,
// "-", "_" and spaces are kept), spaces made "-", and "-1", "-2" ... after
// a repeated one.
func headingAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	linkText := regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	seen := map[string]int{}
	anchors := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(string(data), "\n") {
		if mdFence.MatchString(line) {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if !strings.HasPrefix(text, " ") {
			continue
		}
		text = linkText.ReplaceAllString(strings.TrimSpace(text), "$1")
		var sb strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				sb.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
				sb.WriteRune(r)
			}
		}
		a := sb.String()
		if n := seen[a]; n > 0 {
			anchors[a+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}
