package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCIScriptRuns: .ci/run is executable in the work tree and in git
// (mode 100755), so "./.ci/run" runs it (issue 26, item 3: it was 100644,
// "Permission denied").
func TestCIScriptRuns(t *testing.T) {
	const path = "../../.ci/run"
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o111 != 0o111 {
		t.Errorf("%s has mode %v: want it executable by everyone (chmod +x, git update-index --chmod=+x)", path, st.Mode().Perm())
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git here: the mode in git is not checked")
	}
	out, err := exec.Command(git, "-C", "../..", "ls-files", "-s", ".ci/run").Output()
	if err != nil || len(out) == 0 {
		t.Skipf("not a git work tree (%v): the mode in git is not checked", err)
	}
	if mode, _, _ := strings.Cut(string(out), " "); mode != "100755" {
		t.Errorf("git has .ci/run with mode %s: want 100755 (git update-index --chmod=+x .ci/run)", mode)
	}
}

// TestSkipsSayWhy: every test that skips says why in words a reader of
// "go test -v" understands, a string of its own first (issue 26, item 2:
// go test ./... names no skip; the README gives the -v command that lists
// them, and each must then explain itself). A skip that gives only an
// error, or none, says nothing of what is missing.
func TestSkipsSayWhy(t *testing.T) {
	call := regexp.MustCompile(`\.(Skip|Skipf|SkipNow)\(`)
	n := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			for _, m := range call.FindAllStringSubmatchIndex(line, -1) {
				n++
				arg := strings.TrimSpace(line[m[1]:])
				if line[m[2]:m[3]] == "SkipNow" || !(strings.HasPrefix(arg, `"`) || strings.HasPrefix(arg, "`")) {
					t.Errorf("%s:%d: %s: a skip without a reason of its own in words", path, i+1, strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if readme, err := os.ReadFile("../../README.md"); err != nil || !strings.Contains(string(readme), "go test -v ./... 2>&1 | grep -B1 -- '--- SKIP'") {
		t.Errorf("the README does not give the command that lists the skipped tests with their reasons (%v)", err)
	}
	if n < 10 {
		t.Errorf("found %d skips: the pattern finds too few", n)
	}
}

// TestFilesSayWhatTheyHold: a file that builds a command is named
// cmd_<command>.go, and every other file of the package is in
// ARCHITECTURE.md's table of the files of cmd/chainshot (issue 27, item
// 4: run.go, records.go, search.go said nothing of what they served), so
// that a file added later is named by the same rule or explained there.
func TestFilesSayWhatTheyHold(t *testing.T) {
	arch, err := os.ReadFile("../../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(arch), "## The files of `cmd/chainshot`")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no section \"The files of `cmd/chainshot`\"")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	named := regexp.MustCompile("`([a-z_*]+\\.go)`").FindAllStringSubmatch(table, -1)
	builds := regexp.MustCompile(`(?m)^func [a-zA-Z]+Command\(\) \*cli\.Command`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		isCmd := strings.HasPrefix(f, "cmd_")
		if builds.Match(src) && !isCmd {
			t.Errorf("%s builds a command: name it cmd_<command>.go", f)
		}
		if isCmd {
			continue
		}
		found := false
		for _, m := range named {
			if ok, _ := filepath.Match(m[1], f); ok {
				found = true
			}
		}
		if !found {
			t.Errorf("%s is not in ARCHITECTURE.md's table of the files of cmd/chainshot: say there what it holds", f)
		}
	}
}

// TestCommandFilesDoNotDependOnEachOther: no two cmd_*.go files use
// each other's names (issue 39: cmd_react_solve.go called doProof while
// cmd_react_proof.go used solveJSON from it). A group's file may name its
// subcommands' builders; what commands share lives in a file of its own
// (react_args.go, usage.go ...), or below package main.
func TestCommandFilesDoNotDependOnEachOther(t *testing.T) {
	files, err := filepath.Glob("cmd_*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	declared := map[string]string{} // a top-level name: its file
	uses := map[string]map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = f
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							declared[n.Name] = f
						}
					case *ast.TypeSpec:
						declared[sp.Name.Name] = f
					}
				}
			}
		}
		uses[f] = map[string]bool{}
		ast.Inspect(af, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				uses[f][id.Name] = true
			}
			return true
		})
	}
	dep := func(a, b string) string { // a name of b that a uses
		for name := range uses[a] {
			if declared[name] == b {
				return name
			}
		}
		return ""
	}
	for a := range uses {
		for b := range uses {
			if a < b {
				if x, y := dep(a, b), dep(b, a); x != "" && y != "" {
					t.Errorf("%s uses %s of %s, and %s uses %s of %s: move what they share into a file of its own", a, x, b, b, y, a)
				}
			}
		}
	}
	if len(uses) < 20 {
		t.Errorf("only %d command files read", len(uses))
	}
}

// TestBuildProfileIsThere: the program is built with its CPU profile,
// default.pgo beside main (BENCHMARKS.md, "Speed": about 5% faster
// searches), made by docs/pgo.sh. go build reads it by itself and fails
// on a broken one; removed, the builds would quietly lose the speed.
func TestBuildProfileIsThere(t *testing.T) {
	data, err := os.ReadFile("default.pgo")
	if err != nil {
		t.Fatalf("%v: make it with bash docs/pgo.sh", err)
	}
	// A pprof profile is gzipped protobuf.
	if len(data) < 1024 || data[0] != 0x1f || data[1] != 0x8b {
		t.Fatalf("default.pgo is %d bytes, not a gzipped CPU profile: make it again with bash docs/pgo.sh", len(data))
	}
	if _, err := os.Stat("../../docs/pgo.sh"); err != nil {
		t.Fatalf("%v: the script that makes default.pgo", err)
	}
}
