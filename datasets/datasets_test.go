package datasets

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"chainshot/board"
)

// TestLadderFilesMatchGenerator: the embedded ladder boards are exactly
// what Generate makes from their recorded parameters, so "chainshot gen"
// reproduces them and the generator has not drifted.
func TestLadderFilesMatchGenerator(t *testing.T) {
	for _, r := range ladder {
		want, err := GenerateFile(r.rows, r.cols, r.colors, r.seed)
		if err != nil {
			t.Fatal(err)
		}
		d, ok := Lookup(r.name)
		if !ok {
			t.Fatalf("%s not built in", r.name)
		}
		if string(d.Data()) != string(want) {
			t.Errorf("%s differs from Generate(%d, %d, %d, %d)", r.name, r.rows, r.cols, r.colors, r.seed)
		}
	}
}

func TestEveryBuiltinLoads(t *testing.T) {
	for _, d := range Builtin() {
		sets, err := Load(d.Name)
		if err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		if len(sets) != 1 || !sets[0].Builtin {
			t.Errorf("%s: %d sets", d.Name, len(sets))
		}
		if d.Repaired != (len(sets[0].Repairs) > 0) {
			t.Errorf("%s: repaired=%v but %d repairs", d.Name, d.Repaired, len(sets[0].Repairs))
		}
		if len(sets[0].Warnings) > 0 {
			t.Errorf("%s: warnings %q", d.Name, sets[0].Warnings)
		}
	}
}

// TestDefectiveSamples: the three samples defective as printed are
// refused, each with the file, line, column and the problem.
func TestDefectiveSamples(t *testing.T) {
	cases := map[string]string{
		"sample3.txt": "sample3.txt:1:8: ragged row: 8 beads, but most rows have 7",
		"sample4.txt": "sample4.txt:1:7: ragged row: 6 beads, but most rows have 7",
		"sample6.txt": "sample6.txt:5:10: ragged row: 9 beads, but most rows have 10",
	}
	for file, want := range cases {
		data, err := builtinFS.ReadFile("builtin/" + file)
		if err != nil {
			t.Fatal(err)
		}
		_, err = board.Parse(data, file, board.Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", file, err, want)
		}
	}
	// Sample 3 also spells O as the digit 0 on line 5: with the ragged
	// first row mended by hand, that is the next defect reported.
	data, _ := builtinFS.ReadFile("builtin/sample3.txt")
	fixed := strings.Replace(string(data), "BBBBGGGB", "BBBBGGG", 1)
	_, err := board.Parse([]byte(fixed), "sample3.txt", board.Options{})
	if err == nil || !strings.Contains(err.Error(), "sample3.txt:5:2: unknown bead '0' (the digit zero)") {
		t.Errorf("sample3 with row 1 mended: %v", err)
	}
}

// TestRepairedDescriptionsNameTheLines: a repaired sample's description
// names the file lines its repairs name, as lines, never as rows (issue
// 26, item 8: "row 1 has 8 beads" named the top line, where everywhere
// else row 1 is the bottom row).
func TestRepairedDescriptionsNameTheLines(t *testing.T) {
	numbers := regexp.MustCompile(`\blines? ([0-9]+)(?: and ([0-9]+))?`)
	for _, d := range Builtin() {
		if regexp.MustCompile(`\brows? [0-9]`).MatchString(d.Description) {
			t.Errorf("%s: %q numbers a row: a file's lines are lines (row 1 is the bottom row)", d.Name, d.Description)
		}
		if !d.Repaired {
			continue
		}
		sets, err := Load(d.Name)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		for _, r := range sets[0].Repairs {
			if m := regexp.MustCompile(`^line ([0-9]+)`).FindStringSubmatch(r); m != nil {
				want[m[1]] = true
			}
		}
		got := map[string]bool{}
		for _, m := range numbers.FindAllStringSubmatch(d.Description, -1) {
			for _, n := range m[1:] {
				if n != "" {
					got[n] = true
				}
			}
		}
		if len(want) == 0 || !maps.Equal(got, want) {
			t.Errorf("%s: the description names lines %v, its repairs lines %v (%q)", d.Name, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)), sets[0].Repairs)
		}
	}
}

func TestRepairedSamples(t *testing.T) {
	cases := map[string]string{
		"sample3": "BBBBGGG\nGGBBGBB\nOOOGBBO\nGGOGBOG\nGOOOOGG\nBOOGGOO\nOOGBOBB\n",
		"sample4": "RRGRRGG\nOBBOOGO\nGBBRBOR\nGBBORGG\nRRBBBOR\nBRROOBG\nBRGBRRB\n",
	}
	for name, want := range cases {
		sets, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := sets[0].Board.Format(); got != want {
			t.Errorf("%s repaired:\n%s\nwant:\n%s", name, got, want)
		}
		if !strings.HasSuffix(sets[0].Name, "-repaired") {
			t.Errorf("%s loads as %q: its name must say it was repaired", name, sets[0].Name)
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	a, _ := GenerateFile(9, 7, 4, 42)
	b, _ := GenerateFile(9, 7, 4, 42)
	c, _ := GenerateFile(9, 7, 4, 43)
	if string(a) != string(b) || string(a) == string(c) {
		t.Fatal("same seed must give the same board, another seed another")
	}
	bd, _ := Generate(9, 7, 4, 42)
	if bd.Rows() != 9 || bd.Cols() != 7 || bd.Colors() > 4 {
		t.Fatalf("generated %dx%d with %d colours", bd.Rows(), bd.Cols(), bd.Colors())
	}
	for _, bad := range [][3]int{{0, 5, 3}, {5, 33, 3}, {5, 5, 0}, {5, 5, 6}} {
		if _, err := Generate(bad[0], bad[1], bad[2], 1); err == nil {
			t.Errorf("Generate%v accepted", bad)
		}
	}
}

func TestLoadFileAndFolder(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("RRG\nGBB\nRRG\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("0 1\n1 0\n\n2 2\n2 2\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.md"), []byte("not a board"), 0o644)
	files, err := Files([]string{dir, "sample1", "ladder"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 13 || filepath.Base(files[0]) != "a.txt" || filepath.Base(files[1]) != "b.txt" || files[2] != "sample1" || files[3] != "ladder01-5x5-3c" {
		t.Fatalf("Files = %q", files)
	}
	sets, err := Load(files[0])
	if err != nil || len(sets) != 2 || !strings.HasSuffix(sets[1].Name, "a.txt#2") {
		t.Fatalf("multi-board file: %v %v", sets, err)
	}
	if _, err := Load(filepath.Join(dir, "nope.txt")); err == nil || !strings.Contains(err.Error(), "no such file or built-in") {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := Files([]string{t.TempDir()}); err == nil {
		t.Fatal("an empty folder should be an error")
	}
}

// TestLoadIndex: "FILE#K" names the K-th board of a file, wherever a
// data set is named; a file whose name holds "#" is itself first.
func TestLoadIndex(t *testing.T) {
	dir := t.TempDir()
	multi := filepath.Join(dir, "multi.txt")
	os.WriteFile(multi, []byte("0 1\n1 0\n\n2 2\n2 2\n\n1 1 2\n2 1 1\n"), 0o644)
	single := filepath.Join(dir, "single.txt")
	os.WriteFile(single, []byte("RRG\nGBB\n"), 0o644)
	odd := filepath.Join(dir, "odd#2")
	os.WriteFile(odd, []byte("RG\nGR\n"), 0o644)
	tests := []struct {
		name     string
		wantName string
		wantGrid string
		wantErr  string
	}{
		{multi + "#1", multi + "#1", "RG\nGR\n", ""},
		{multi + "#3", multi + "#3", "GGB\nBGG\n", ""},
		{multi + "#4", "", "", "multi.txt holds 3 boards, so #4 is not one of them (#1 to #3)"},
		{multi + "#0", "", "", "no such file or built-in data set"},
		{multi + "#-1", "", "", "no such file or built-in data set"},
		{multi + "#+1", "", "", "no such file or built-in data set"},
		{multi + "#x", "", "", "no such file or built-in data set"},
		{multi + "#99999999999999999999", "", "", "no such file or built-in data set"},
		{single + "#1", single, "RRG\nGBB\n", ""},
		{single + "#2", "", "", "single.txt holds 1 board, so #2 is not one of them (#1 to #1)"},
		{odd, odd, "RG\nGR\n", ""},
		{"sample2#1", "sample2", "", ""},
		{"sample1#2", "", "", "sample1 holds 1 board"},
		{filepath.Join(dir, "nope.txt#1"), "", "", "nope.txt#1: no such file or built-in data set"},
	}
	for _, tt := range tests {
		sets, err := Load(tt.name)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Load(%q) = %v, want an error with %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil || len(sets) != 1 {
			t.Errorf("Load(%q): %d sets, %v", tt.name, len(sets), err)
			continue
		}
		if sets[0].Name != tt.wantName || (tt.wantGrid != "" && sets[0].Board.Format() != tt.wantGrid) {
			t.Errorf("Load(%q) = %s\n%s", tt.name, sets[0].Name, sets[0].Board.Format())
		}
	}
}

// TestLoadBuiltin: a built-in board loads as built in, even when a file
// of that name is in the current folder.
func TestLoadBuiltin(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("ladder08-15x15-5c", []byte("RG\n"), 0o644)
	sets, err := LoadBuiltin("ladder08-15x15-5c")
	if err != nil || len(sets) != 1 || !sets[0].Builtin || sets[0].Board.Rows() != 15 || sets[0].Board.Cols() != 15 {
		t.Fatalf("LoadBuiltin: %v %v", sets, err)
	}
	if sets, _ := Load("ladder08-15x15-5c"); sets[0].Builtin {
		t.Error("Load prefers the file of the current folder; it loaded the built-in")
	}
	if _, err := LoadBuiltin("nope"); err == nil || !strings.Contains(err.Error(), "no such built-in data set") {
		t.Errorf("LoadBuiltin(nope): %v", err)
	}
}

// TestBuiltinsRoundTrip: every built-in board formats to a file that
// parses back to the same whole board value.
func TestBuiltinsRoundTrip(t *testing.T) {
	for _, d := range Builtin() {
		sets, err := LoadBuiltin(d.Name)
		if err != nil {
			t.Fatal(err)
		}
		again, err := board.Parse([]byte(sets[0].Board.Format()), d.Name, board.Options{})
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if again.Board != sets[0].Board {
			t.Errorf("%s: the round trip changed the board:\n%s", d.Name, again.Board.Format())
		}
	}
}

// TestLoadByTheStartOfAName: a built-in data set is found by the start
// of its name when that start is its alone; a start several share, and a
// group's name where one data set is wanted, say which they are.
func TestLoadByTheStartOfAName(t *testing.T) {
	sets, err := Load("ladder05")
	if err != nil || len(sets) != 1 || sets[0].Name != "ladder05-10x10-4c" {
		t.Fatalf("Load(ladder05) = %v, %v", sets, err)
	}
	if _, err := Load("ladder0"); err == nil || !strings.Contains(err.Error(), "ladder01-5x5-3c") || !errors.Is(err, ErrNotFound) {
		t.Errorf("Load(ladder0) = %v", err)
	}
	if _, err := Load("samples"); !errors.Is(err, ErrGroup) || !strings.Contains(err.Error(), "sample1") {
		t.Errorf("Load(samples) = %v", err)
	}
	if _, err := Load("zzz"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load(zzz) = %v", err)
	}
}
