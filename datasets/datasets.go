// Package datasets holds chainshot's built-in ChainShot data sets (embedded
// with go:embed), the random board generator, and loading of data sets by
// file, folder or built-in name.
//
// Built in are the six sample boards of the ChainShot handout, letter for
// letter as printed, and a ladder of generated boards from very easy (5x5,
// 3 colours) to extremely hard (25x25, 5 colours). Three samples are
// defective as printed; their built-in names end in "-repaired" and they
// load with board.Options.Repair, whose rule the board package documents:
// the digit 0 is read as O, a long row loses its extra beads, a short row
// repeats its last bead.
package datasets

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"chainshot/board"
	"chainshot/internal/input"
)

//go:embed builtin/*.txt
var builtinFS embed.FS

// Dataset is a built-in data set.
type Dataset struct {
	Name        string
	Description string
	// File is the embedded file the data set is read from.
	File string
	// Repaired says the file is defective as printed and is loaded with
	// the repair rule.
	Repaired bool
}

// Data returns the data set's file contents.
func (d Dataset) Data() []byte {
	b, err := builtinFS.ReadFile("builtin/" + d.File)
	if err != nil {
		panic("datasets: built-in file missing: " + d.File) // a build defect, not input
	}
	return b
}

// Builtin returns every built-in data set: the handout samples, then the
// ladder from easiest to hardest.
func Builtin() []Dataset {
	out := []Dataset{
		{"sample1", "handout sample 1, 5x5, 3 colours", "sample1.txt", false},
		{"sample2", "handout sample 2, 5x5, 3 colours", "sample2.txt", false},
		{"sample3-repaired", "handout sample 3, 7x7, 3 colours; as printed, file line 1 has 8 beads (last dropped) and line 5 spells O as 0 (read as O)", "sample3.txt", true},
		{"sample4-repaired", "handout sample 4, 7x7, 4 colours; as printed, file lines 1 and 4 have 6 beads (last bead repeated)", "sample4.txt", true},
		{"sample5", "handout sample 5, 10x10, 5 colours", "sample5.txt", false},
		{"sample6-repaired", "handout sample 6, 10x10, 5 colours; as printed, file line 5 has 9 beads (last bead repeated)", "sample6.txt", true},
	}
	for _, r := range ladder {
		out = append(out, Dataset{r.name, fmt.Sprintf("generated %dx%d, %d colours, %s (seed %d)", r.rows, r.cols, r.colors, r.level, r.seed), r.name + ".txt", false})
	}
	return out
}

// Lookup returns the built-in data set with the given name. The printed
// name of a repaired sample ("sample3") finds it too.
func Lookup(name string) (Dataset, bool) {
	for _, d := range Builtin() {
		if d.Name == name || (d.Repaired && strings.TrimSuffix(d.Name, "-repaired") == name) {
			return d, true
		}
	}
	return Dataset{}, false
}

// Set is one board loaded from a file or a built-in data set.
type Set struct {
	// Name is the path or built-in name, with "#k" added when a file holds
	// several boards.
	Name     string
	Board    board.Board
	Warnings []string
	Repairs  []string
	Builtin  bool
}

// ErrNotFound is returned by Load for a name that is neither a file nor a
// built-in data set.
var ErrNotFound = errors.New("no such file or built-in data set")

// Load reads the boards of a data set named by a file, a built-in name,
// or either followed by "#K", the K-th board of a file that holds
// several (as Load names them: "multi.txt#2"). A file of that exact
// name, "#" included, comes first; then a built-in data set of that name.
func Load(name string) ([]Set, error) { return LoadFrom(input.Source{}, name) }

// LoadFrom is Load with files read by src (package input: capped at
// FileKind.Max, a note on a FIFO it waits for).
func LoadFrom(src input.Source, name string) ([]Set, error) {
	sets, err := loadWhole(src, name)
	if !errors.Is(err, ErrNotFound) {
		return sets, err
	}
	base, k, ok := splitIndex(name)
	if !ok {
		return nil, err
	}
	all, berr := loadWhole(src, base)
	if berr != nil {
		if errors.Is(berr, ErrNotFound) {
			return nil, err
		}
		return nil, berr
	}
	if k > len(all) {
		return nil, fmt.Errorf("datasets: %s: %s holds %d board%s, so #%d is not one of them (#1 to #%d)", name, base, len(all), plural(len(all)), k, len(all))
	}
	return all[k-1 : k], nil
}

// LoadBuiltin reads a built-in data set, whatever the files in the
// current folder are called: for boards the program itself relies on.
func LoadBuiltin(name string) ([]Set, error) {
	d, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("datasets: %s: no such built-in data set", name)
	}
	return parse(d.Data(), d.Name, board.Options{Repair: d.Repaired}, true)
}

// loadWhole reads every board of a file or built-in data set.
func loadWhole(src input.Source, name string) ([]Set, error) {
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return nil, fmt.Errorf("datasets: %s is a folder, not a data set (\"chainshot tournament %s\" solves every data set in it)", name, name)
	}
	data, err := src.ReadAll(name, FileKind)
	if err == nil {
		return parse(data, name, board.Options{}, false)
	}
	if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return nil, fmt.Errorf("datasets: %w", err)
	}
	if _, ok := Lookup(name); ok {
		return LoadBuiltin(name)
	}
	switch names := builtinsNamed(name); {
	case len(names) == 1:
		return LoadBuiltin(names[0]) // a built-in name given by its start
	case len(names) > 1 && (name == GroupSamples || name == GroupLadder):
		return nil, fmt.Errorf("datasets: %s is the built-in group of %d data sets (%s); name one, or run them all with \"chainshot tournament %s\": %w",
			name, len(names), strings.Join(names, ", "), name, ErrGroup)
	case len(names) > 1:
		return nil, fmt.Errorf("datasets: %s: %w: the start of %d built-in names (%s); name one", name, ErrNotFound, len(names), strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("datasets: %s: %w (see \"chainshot datasets\")", name, ErrNotFound)
}

// ErrGroup says a name is a built-in group where one data set is wanted.
var ErrGroup = errors.New("a group, not one data set")

// builtinsNamed returns the built-in data sets a name stands for when it
// is none of theirs: those whose name starts with it ("ladder05" for
// ladder05-10x10-4c), or the group "samples" or "ladder".
func builtinsNamed(name string) []string {
	prefix := name
	if name == GroupSamples || name == GroupLadder {
		prefix = strings.TrimSuffix(name, "s")
	}
	var out []string
	for _, d := range Builtin() {
		if name != "" && strings.HasPrefix(d.Name, prefix) {
			out = append(out, d.Name)
		}
	}
	return out
}

// MaxFileBytes is the largest data-set file read: some 500 boards of
// 32x32 beads, the largest there are, in the standard benchmark's form.
// A larger file (/dev/zero, a FIFO that never ends) is refused once that
// much is read, in little memory.
const MaxFileBytes = 1 << 20

// FileKind is a data-set file as the capped reader (package input) reads
// it.
var FileKind = input.Kind{Name: "a data-set file", Max: MaxFileBytes, MaxLine: MaxFileBytes,
	Holds: fmt.Sprintf("a board is at most %dx%d beads, about 2 KiB written out", board.MaxSize, board.MaxSize)}

// splitIndex splits "NAME#K" into NAME and K >= 1.
func splitIndex(name string) (base string, k int, ok bool) {
	i := strings.LastIndexByte(name, '#')
	if i <= 0 {
		return "", 0, false
	}
	k, err := strconv.Atoi(name[i+1:])
	if err != nil || k < 1 || name[i+1] == '+' {
		return "", 0, false
	}
	return name[:i], k, true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func parse(data []byte, name string, opt board.Options, builtin bool) ([]Set, error) {
	all, err := board.ParseAll(data, name, opt)
	if err != nil {
		return nil, err
	}
	out := make([]Set, len(all))
	for i, p := range all {
		n := name
		if len(all) > 1 {
			n = fmt.Sprintf("%s#%d", name, i+1)
		}
		out[i] = Set{Name: n, Board: p.Board, Warnings: p.Warnings, Repairs: p.Repairs, Builtin: builtin}
	}
	return out, nil
}

// Groups of built-in data sets, usable where a folder is.
const (
	GroupSamples = "samples" // the six handout samples
	GroupLadder  = "ladder"  // the generated ladder
)

// Files returns the data-set files named by args: a folder stands for
// every *.txt file in it, sorted by name (not recursing); "samples" and
// "ladder", when no such file or folder exists, stand for those built-in
// groups; a file or built-in name stands for itself.
func Files(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil && (a == GroupSamples || a == GroupLadder) {
			out = append(out, builtinsNamed(a)...)
			continue
		}
		if err != nil || !st.IsDir() {
			out = append(out, a)
			continue
		}
		entries, err := os.ReadDir(a)
		if err != nil {
			return nil, fmt.Errorf("datasets: %v", err)
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") && !strings.HasPrefix(e.Name(), ".") {
				names = append(names, filepath.Join(a, e.Name()))
			}
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("datasets: folder %s holds no *.txt data sets", a)
		}
		sort.Strings(names)
		out = append(out, names...)
	}
	return out, nil
}
