package archtest

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// module is the module's path; the test runs two directories below its
// root.
const (
	module = "chainshot"
	root   = "../.."
)

// floors lists, for each package of a tree the rules cover, the packages
// of the module its code may import (tests aside); the standard library
// is always allowed, anything else never. A package joins by adding a
// row: every package under a covered tree must have one.
var floors = []struct {
	pkg   string
	may   []string
	about string
}{
	{"chainreact", []string{"cpuclock"}, "the rules: standard library only (and the CPU clock)"},
	{"chainreact/internal/halt", nil, "stopping long work from outside"},
	{"chainreact/internal/ref", nil, "the tests' reference rules: no code shared with the engine"},
	{"chainreact/exact", []string{"chainreact", "chainreact/internal/halt"}, "the solver knows the rules, no player"},
	{"chainreact/engine", []string{"chainreact"}, "the protocol knows the rules, no player"},
	{"chainreact/ai", []string{"chainreact", "chainreact/exact", "chainreact/engine", "chainreact/internal/halt", "cpuclock"}, "players: no match"},
	{"chainreact/match", []string{"chainreact", "chainreact/ai", "cpuclock"}, "matches play players"},
}

// covered are the trees whose every package must have a row in floors.
var covered = []string{"chainreact"}

// systems are the platforms whose files are read: a file built only
// elsewhere (engine_other.go) may import what a Linux build does not.
var systems = []string{"linux", "darwin", "windows"}

// TestImportFloors checks each package's imports against its row.
func TestImportFloors(t *testing.T) {
	for _, f := range floors {
		allowed := map[string]bool{}
		for _, p := range f.may {
			allowed[module+"/"+p] = true
		}
		for _, imp := range imports(t, f.pkg) {
			switch {
			case allowed[imp]:
			case imp == module || strings.HasPrefix(imp, module+"/"):
				t.Errorf("%s imports %s: it may import only %v of the module (%s)", f.pkg, imp, f.may, f.about)
			case !isStandard(imp):
				t.Errorf("%s imports %s: only the standard library outside the module (%s)", f.pkg, imp, f.about)
			}
		}
	}
}

// TestEveryPackageHasAFloor checks that every package of a covered tree
// has a row, so that a package added there states its rules.
func TestEveryPackageHasAFloor(t *testing.T) {
	rows := map[string]bool{}
	for _, f := range floors {
		if rows[f.pkg] {
			t.Errorf("%s has two rows", f.pkg)
		}
		rows[f.pkg] = true
	}
	var found []string
	for _, tree := range covered {
		err := filepath.WalkDir(filepath.Join(root, tree), func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if name := d.Name(); name == "testdata" || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			if hasCode(t, path) {
				rel, _ := filepath.Rel(root, path)
				found = append(found, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(found)
	for _, p := range found {
		if !rows[p] {
			t.Errorf("package %s has no row in floors: say what it may import", p)
		}
	}
	for p := range rows {
		if !slices.Contains(found, p) {
			t.Errorf("floors has a row for %s, which is no package", p)
		}
	}
}

// imports returns the imports of pkg's code, tests aside, on every
// platform of systems.
func imports(t *testing.T, pkg string) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, goos := range systems {
		ctx := build.Default
		ctx.GOOS = goos
		p, err := ctx.ImportDir(filepath.Join(root, pkg), 0)
		if err != nil {
			t.Fatalf("%s on %s: %v", pkg, goos, err)
		}
		for _, imp := range p.Imports {
			seen[imp] = true
		}
	}
	var out []string
	for imp := range seen {
		out = append(out, imp)
	}
	sort.Strings(out)
	return out
}

// hasCode reports whether dir holds Go files other than tests.
func hasCode(t *testing.T, dir string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			return true
		}
	}
	return false
}

// isStandard reports whether an import path is the standard library's:
// its first element has no dot.
func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
