package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestOutputFlagsGuardWhatIsNotTheirs is the output gate's table over the
// whole command tree: every output flag of every command (profiles
// included; the tree is walked, so a new command or flag is covered) is
// given, in turn, an existing file that is not its own, a link to one,
// the file another output flag of the same run names, and a device. The
// first three are refused before any work (exit status 2, the flag
// named) and the file is left as it was; the device is written through.
// A FIFO is TestOutputsWaitForAFIFOUntilStopped's, a file another run
// holds TestResultsFilesHaveOneWriter's.
func TestOutputFlagsGuardWhatIsNotTheirs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program four times for each output flag")
	}
	dir := hostileDir(t)
	const foreign = "my notes: not chainshot's\n"
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	var mu sync.Mutex
	tried := map[string]int{}
	for path, cmd := range leaves("", commands()) {
		if untilStopped[path] {
			continue
		}
		valid, ok := validArgs[path]
		if !ok {
			continue // TestHostileArguments asks for an entry
		}
		var outs []*outputFlag
		for _, f := range cmd.Flags {
			if of, ok := f.(*outputFlag); ok && of.kind != nil {
				outs = append(outs, of)
			}
		}
		for i, of := range outs {
			name := of.Name
			ext := ".out"
			if exts, ok := pictureExtensions[name]; ok {
				ext = exts[0]
			}
			base := strings.ReplaceAll(path, " ", "-") + "-" + name
			argv := func(flags ...string) []string {
				a := append(append(strings.Fields(path), valid.flags...), fifoExtra[path+" --"+name]...)
				return append(append(a, flags...), valid.args...)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				refused := func(what, file string, flags ...string) {
					code, stdout, stderr := runChainshot(t, dir, argv(flags...))
					if code != 2 || !strings.Contains(stderr, "--"+name) && !strings.Contains(stderr, "-"+of.Aliases0()) {
						t.Errorf("chainshot %s (%s): exit %d, stderr %q; want 2 naming --%s\nstdout: %.200s", strings.Join(argv(flags...), " "), what, code, stderr, name, stdout)
					}
					if file != "" {
						if got, err := os.ReadFile(filepath.Join(dir, file)); err != nil || string(got) != foreign {
							t.Errorf("chainshot %s (%s) changed %s: %q, %v", strings.Join(argv(flags...), " "), what, file, got, err)
						}
					}
					mu.Lock()
					tried[what]++
					mu.Unlock()
				}
				// An existing file that is not the flag's own kind.
				file := base + "-foreign" + ext
				os.WriteFile(filepath.Join(dir, file), []byte(foreign), 0o644)
				refused("a foreign file", file, "--"+name, file)
				// A link to one: followed, and the target left alone.
				link := base + "-link" + ext
				os.Symlink(file, filepath.Join(dir, link))
				refused("a link to a foreign file", file, "--"+name, link)
				if st, err := os.Lstat(filepath.Join(dir, link)); err != nil || st.Mode()&os.ModeSymlink == 0 {
					t.Errorf("chainshot %s --%s %s: the link was replaced", path, name, link)
				}
				// The file another output flag of the run names.
				if len(outs) > 1 {
					other := outs[(i+1)%len(outs)]
					same := base + "-same" + ext
					if exts, ok := pictureExtensions[other.Name]; ok && !strings.HasSuffix(same, exts[0]) {
						same = base + "-same" + exts[0]
						if _, mine := pictureExtensions[name]; mine && exts[0] != ext {
							goto device // no one file name both flags take
						}
					}
					refused("one file for two outputs", "", "--"+name, same, "--"+other.Name, same)
				}
			device:
				// A device is written through, as the flag's own kind (a
				// flag of two formats, --chart, takes its format from the
				// file name and so wants one).
				if _, no := fifoRefused[path+" --"+name]; !no && len(pictureExtensions[name]) < 2 {
					code, _, stderr := runChainshot(t, dir, argv("--"+name, "/dev/null"))
					if code != 0 && !(code == 1 && strings.Contains(stderr, "FAIL")) {
						t.Errorf("chainshot %s --%s /dev/null: exit %d: %s", path, name, code, stderr)
					}
					mu.Lock()
					tried["a device"]++
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	var got []string
	for what, n := range tried {
		got = append(got, fmt.Sprintf("%s: %d", what, n))
	}
	sort.Strings(got)
	t.Logf("tried %s", strings.Join(got, ", "))
	if tried["a foreign file"] < 15 || tried["one file for two outputs"] < 10 {
		t.Errorf("too few output flags tried (%v): the walk missed them", got)
	}
}

// Aliases0 is the flag's first alias, or its name.
func (f *outputFlag) Aliases0() string {
	if len(f.Aliases) > 0 {
		return f.Aliases[0]
	}
	return f.Name
}

// TestResumeRefusesForeignFiles: every record file that grows (an output
// flag whose kind Grows, of every command that takes --resume: the tree
// is walked, so one added later is covered), given with --resume a file
// that is not its own kind (a JSON object of someone's settings or a line
// of notes, with or without a final newline), is refused with exit status
// 2, the file named and left as it was. (react match and react rate took
// such a line without its newline for "a cut last line", dropped it and
// wrote their records in its place.)
func TestResumeRefusesForeignFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program for each record file and foreign content")
	}
	dir := hostileDir(t)
	foreign := map[string]string{
		"settings": `{"name": "my settings", "important": true}`,
		"notes":    "my notes",
		"notes nl": "my notes\n",
	}
	n := 0
	for path, cmd := range leaves("", commands()) {
		valid, ok := validArgs[path]
		if !ok || !slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool { return f.Names()[0] == "resume" }) {
			continue
		}
		for _, f := range cmd.Flags {
			of, ok := f.(*outputFlag)
			if !ok || of.kind == nil {
				continue
			}
			if k, err := of.kind("x.jsonl"); err != nil || !k.Grows {
				continue
			}
			for what, text := range foreign {
				n++
				file := strings.ReplaceAll(path+"-"+of.Name+"-"+what, " ", "-") + ".jsonl"
				if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				argv := append(append(strings.Fields(path), valid.flags...), "--"+of.Name, file, "--resume")
				argv = append(argv, valid.args...)
				code, _, stderr := runChainshot(t, dir, argv)
				if code != 2 || !strings.Contains(stderr, file) {
					t.Errorf("chainshot %s (%s): exit %d, stderr %q; want 2 naming %s", strings.Join(argv, " "), what, code, stderr, file)
				}
				if got, err := os.ReadFile(filepath.Join(dir, file)); err != nil || string(got) != text {
					t.Errorf("chainshot %s (%s) changed the file: %q, %v", strings.Join(argv, " "), what, got, err)
				}
			}
		}
	}
	if n < 5*len(foreign) {
		t.Errorf("only %d runs: the walk missed the record files of tournament, solve, bench, react match, react rate, react solve", n)
	}
}
