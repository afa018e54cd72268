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

// floors lists every package of the module but the command, each on a
// floor: a package's code (tests aside) may import only packages of the
// module on lower floors, the standard library, and the outside modules
// its row names. So the rules of each game (floors 0-2) know no file,
// terminal or command; the mechanisms every command uses (outputs,
// inputs, journals, escapes, bounds) sit below the runners that use
// them; and nothing imports the command. A package joins by adding a
// row: every package of the module must have one.
var floors = []struct {
	pkg   string
	floor int
	ext   []string // outside modules it may import, by path prefix
	about string
}{
	// 0: leaves.
	{"cpuclock", 0, nil, "the CPU-time clocks"},
	{"chainreact/internal/halt", 0, nil, "stopping long work from outside"},
	{"chainreact/internal/ref", 0, nil, "the tests' reference rules: no code shared with the engine"},
	{"internal/termsafe", 0, nil, "the one escape"},
	{"internal/bounds", 0, nil, "the ranges of counts and sizes"},
	{"internal/words", 0, nil, "the phrases of messages"},
	{"internal/textpos", 0, nil, "where in a file: line and column, in characters"},
	{"internal/interrupt", 0, nil, "Ctrl-C and SIGTERM, caught once"},
	{"internal/shard", 0, nil, "--shard and the scheduler's shard"},
	{"internal/version", 0, nil, "the release and the commit"},
	{"internal/shareddata", 0, nil, "the tests' public data sets"},
	{"internal/fonts", 0, []string{"golang.org/x/image/"}, "the Go fonts"},
	{"internal/archtest", 0, nil, "this test's package"},
	// 1: the rules of the games; the readers and writers of files.
	{"board", 1, nil, "ChainShot's rules"},
	{"chainreact", 1, nil, "Chain Reaction's rules"},
	{"expendibots", 1, nil, "Expendibots' rules"},
	{"internal/strictjson", 1, nil, "the one strict JSON decoder"},
	{"internal/input", 1, []string{"golang.org/x/term"}, "the one capped reader"},
	{"internal/outfile", 1, nil, "the output gate"},
	{"internal/chart", 1, []string{"gonum.org/v1/plot", "golang.org/x/image/"}, "charts, knowing no game"},
	// 2: searches; formats; the mechanisms over the readers and writers.
	{"solver", 2, nil, "ChainShot's searches: no file, no terminal"},
	{"datasets", 2, nil, "ChainShot's data sets"},
	{"results", 2, nil, "ChainShot's results lines"},
	{"chainreact/exact", 2, nil, "the exact solver knows the rules, no player"},
	{"chainreact/engine", 2, nil, "the protocol knows the rules, no player"},
	{"chainreact/check", 2, nil, "the second check knows the rules, not the exact solver"},
	{"internal/status", 2, nil, "exit statuses"},
	{"internal/journal", 2, nil, "the one record file that grows and resumes"},
	{"internal/picture", 2, []string{"golang.org/x/image/"}, "pictures, knowing no game"},
	// 3.
	{"chainreact/ai", 3, nil, "players: no match"},
	{"internal/iostreams", 3, []string{"golang.org/x/term"}, "a run's streams"},
	{"internal/filekinds", 3, nil, "every kind of file read or written"},
	{"internal/verify", 3, nil, "results lines replayed"},
	{"internal/figures", 3, nil, "the charts of runs: ChainShot's, seed 002's figures"},
	{"internal/gamepic", 3, nil, "the games' pictures"},
	// 4.
	{"chainreact/match", 4, nil, "matches play players"},
	{"internal/resultsfile", 4, nil, "results files read, merged, compared"},
	{"internal/render", 4, nil, "the games as text"},
	{"internal/solverun", 4, nil, "react solve on one position"},
	// 5: the runners of the commands; the server.
	{"internal/runs", 5, []string{"github.com/schollz/progressbar/"}, "runs over data sets"},
	{"internal/play", 5, nil, "ChainShot by hand"},
	{"internal/boomrun", 5, nil, "the Expendibots commands' work"},
	{"internal/web", 5, nil, "the server: no command line"},
	{"internal/analysis", 5, nil, "react analyze's work"},
	{"internal/matchrun", 5, nil, "react match and its records, react replay"},
	{"internal/rating", 5, nil, "react rate's list and its pairings"},
	{"internal/proofrun", 5, nil, "react solve --proof: proof files, workers, merge"},
	{"internal/experiment", 5, nil, "seed 002's experiment run for real"},
	{"internal/reactplay", 5, nil, "Chain Reaction by hand"},
	// 6: the full-screen games, over the line interfaces they share words with.
	{"internal/tui", 4, tuiModules, "what the full-screen games share: no game"},
	{"internal/tui/shot", 6, tuiModules, "ChainShot full screen"},
	{"internal/tui/react", 6, tuiModules, "Chain Reaction full screen"},
	{"internal/tui/tuitest", 5, tuiModules, "drives the full-screen games in their tests"},
	{"internal/proofcheck", 6, nil, "react check: a proof file checked a second way"},
}

// tuiModules are the outside modules of the full-screen games: bubbletea
// and lipgloss, and termenv, lipgloss's colour profiles.
var tuiModules = []string{"github.com/charmbracelet/bubbletea", "github.com/charmbracelet/lipgloss", "github.com/muesli/termenv"}

// covered are the trees whose every package must have a row in floors:
// the whole module but the command.
var covered = []string{"board", "chainreact", "cpuclock", "datasets", "expendibots", "internal", "results", "solver"}

// systems are the platforms whose files are read: a file built only
// elsewhere (engine_other.go) may import what a Linux build does not.
var systems = []string{"linux", "darwin", "windows"}

// TestImportFloors checks each package's imports against its row.
func TestImportFloors(t *testing.T) {
	floorOf := map[string]int{}
	for _, f := range floors {
		floorOf[module+"/"+f.pkg] = f.floor
	}
	for _, f := range floors {
		if !hasCode(t, filepath.Join(root, f.pkg)) {
			continue // a package of tests only (archtest)
		}
		for _, imp := range imports(t, f.pkg) {
			inModule := imp == module || strings.HasPrefix(imp, module+"/")
			floor, known := floorOf[imp]
			switch {
			case inModule && !known:
				t.Errorf("%s imports %s, which has no floor", f.pkg, imp)
			case inModule && floor >= f.floor:
				t.Errorf("%s (floor %d) imports %s (floor %d): only lower floors (%s)", f.pkg, f.floor, imp, floor, f.about)
			case !inModule && !isStandard(imp) && !slices.ContainsFunc(f.ext, func(p string) bool { return strings.HasPrefix(imp, p) }):
				t.Errorf("%s imports %s: of outside modules only %v (%s)", f.pkg, imp, f.ext, f.about)
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
