package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// hostileInputs are contents every input file of every command must be
// refused with, in little memory: what a user's mistake or a hostile
// file looks like.
func hostileInputs(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string][]byte{
		"binary":         bytes.Repeat([]byte{0x00, 0x9b, 0xff, 0x1b, 0x07, 0x7f}, 10000),
		"50 MB of lines": bytes.Repeat([]byte("{\"x\":1}\n"), 50<<20/8),
		"a 10 MB line":   bytes.Repeat([]byte("["), 10<<20),
		"invalid UTF-8":  []byte("\xff\xfe\xfd\n\xc3\x28\n"),
		"NUL bytes":      bytes.Repeat([]byte{0}, 4096),
		"deep nesting":   []byte(strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000) + "\n"),
		"huge numbers":   []byte(strings.Repeat("99999999999999999999999999999 ", 1000) + "\n"),
		"escapes":        []byte("x\x1b]0;pwned\x07\x1b[2J\n"),
	}
	paths := map[string]string{}
	for name, data := range files {
		p := filepath.Join(dir, "in-"+strings.ReplaceAll(name, " ", "-"))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = p
	}
	return paths
}

// TestReadersRefuseHostileContent: every argument of every command that
// names an input file (the tree is walked, so a command added later is
// covered) is given each of hostileInputs. Each is refused with exit
// status 2 and one line on stderr naming the file, nothing on stdout, no
// control byte of the file reaching the terminal, in bounded memory
// (TestInputLimits gives them /dev/zero, a 20 MB line and a FIFO).
func TestReadersRefuseHostileContent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program for each input and each hostile content")
	}
	dir := hostileDir(t)
	inputs := hostileInputs(t, dir)
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	for path, cmd := range leaves("", commands()) {
		valid := validArgs[path]
		// One command's runs take turns: they share its --out, which
		// a run holds while another would read its input.
		var turn sync.Mutex
		for _, slot := range inputSlots(cmd) {
			if slot >= len(valid.args) {
				continue // TestInputLimits says so
			}
			for what, in := range inputs {
				mu.Lock()
				n++
				mu.Unlock()
				wg.Add(1)
				go func() {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					turn.Lock()
					defer turn.Unlock()
					args := append([]string{}, valid.args...)
					args[slot] = in
					argv := append(append(strings.Fields(path), valid.flags...), args...)
					code, stdout, stderr, rss := runMeasured(t, dir, argv)
					msg := judgeHostile(code, stdout, stderr, "chainshot "+path+": ", filepath.Base(in))
					if msg == "" && rss > maxInputRSS {
						msg = fmt.Sprintf("%d MB of memory, over %d MB", rss>>20, maxInputRSS>>20)
					}
					if msg == "" && (strings.ContainsAny(stderr, "\x1b\x07\x00") || strings.Contains(stderr, "\u009b")) {
						msg = "a control byte of the file reached the terminal"
					}
					if msg != "" {
						t.Errorf("chainshot %s (%s): %s\nstdout: %.200q\nstderr: %.300q", strings.Join(argv, " "), what, msg, stdout, stderr)
					}
				}()
			}
		}
	}
	wg.Wait()
	if n < 60 {
		t.Errorf("only %d runs: the walk missed the inputs", n)
	}
}

// echoes are commands that print strings read from a file or a line, each
// with the file it reads: a results line whose data set is named with
// terminal commands (a title, a clear screen, a reversed text).
var echoes = []struct {
	name string
	argv []string
}{
	{"verify", []string{"verify", "evil.jsonl"}},
	{"results merge", []string{"results", "merge", "evil.jsonl"}},
	{"results compare", []string{"results", "compare", "evil.jsonl", "good.jsonl"}},
}

// TestEchoedStringsAreEscaped: no byte a terminal takes as a command,
// read from a file, reaches the terminal raw (verify and results merge
// printed "\x1b]0;pwned\a\x1b[2J", setting the window's title and
// clearing the screen): they pass through the one escape, termsafe.
func TestEchoedStringsAreEscaped(t *testing.T) {
	dir := hostileDir(t)
	evil := `{"file":"x\u001b]0;pwned\u0007\u001b[2J\u202e\u009b","moves":[],"score":0,"beads_left":3}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "evil.jsonl"), []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range echoes {
		_, stdout, stderr := runChainshot(t, dir, e.argv)
		for _, out := range []string{stdout, stderr} {
			if strings.ContainsAny(out, "\x1b\x07\u202e\u009b") {
				t.Errorf("chainshot %s: a terminal command passed raw: %q", strings.Join(e.argv, " "), out)
			}
		}
		if !strings.Contains(stdout+stderr, `\u001b]0;pwned`) {
			t.Errorf("chainshot %s: the name is not shown escaped: %q %q", strings.Join(e.argv, " "), stdout, stderr)
		}
	}
}

// TestInputFIFOsSayWhatTheyWait: every input argument of every command,
// given a FIFO no program writes (tournament's folder holding one
// included), says on stderr that it waits for a writer, and the first
// SIGTERM ends it at once with exit status 130 (they hung in silence).
func TestInputFIFOsSayWhatTheyWait(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program once for each input")
	}
	dir := hostileDir(t)
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	n := 0
	run := func(what string, argv []string) {
		n++
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if msg := stopWhileWaitingFor(dir, argv, "write"); msg != "" {
				t.Errorf("chainshot %s (%s): %s", strings.Join(argv, " "), what, msg)
			}
		}()
	}
	for path, cmd := range leaves("", commands()) {
		valid := validArgs[path]
		for _, slot := range inputSlots(cmd) {
			if slot >= len(valid.args) {
				continue
			}
			fifo := filepath.Join(dir, strings.ReplaceAll(path, " ", "-")+"-"+fmt.Sprint(slot)+".in.fifo")
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{}, valid.args...)
			args[slot] = fifo
			run("a FIFO", append(append(strings.Fields(path), valid.flags...), args...))
		}
	}
	folder := filepath.Join(dir, "boards")
	os.Mkdir(folder, 0o755)
	if err := syscall.Mkfifo(filepath.Join(folder, "a.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("a folder with a FIFO", []string{"tournament", "--max-nodes", "50", folder})
	wg.Wait()
	if n < 10 {
		t.Errorf("only %d inputs tried", n)
	}
}
