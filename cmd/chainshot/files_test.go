package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/results"
	"chainshot/solver"
)

// hostileDir makes a folder with the files validArgs name.
func hostileDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range hostileFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fileFlags returns the names of cmd's flags that take a FILE: every
// one names an output (TestHostileArguments holds them to that).
func fileFlags(cmd *cli.Command) []string {
	var names []string
	for _, f := range cmd.Flags {
		if sf, ok := stringFlag(f); ok && firstBackquoted(sf.Usage) == "FILE" {
			names = append(names, sf.Name)
		}
	}
	return names
}

// resultsFlags are the flags that name a results file a command writes:
// --out and --csv.
var resultsFlags = []string{"out", "csv"}

// TestResultsFilesHaveOneWriter: every command of the tree that writes a
// results file (its --out or --csv: the tree is walked, so a command
// added later is covered) refuses, before any work, a file another
// process is writing (this test holds its lock), with exit status 2 and
// one line naming the holder's pid; the file is left as it was. Script
// results_lock does the same with two chainshot runs, and a kill -9.
func TestResultsFilesHaveOneWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program once for each results flag")
	}
	dir := hostileDir(t)
	n := 0
	for path, cmd := range leaves("", commands()) {
		for _, flag := range fileFlags(cmd) {
			if !containsString(resultsFlags, flag) {
				continue
			}
			n++
			t.Run(path+" --"+flag, func(t *testing.T) {
				file := filepath.Join(dir, strings.ReplaceAll(path, " ", "-")+"."+flag)
				const before = "held\n"
				os.WriteFile(file, []byte(before), 0o644)
				lock, err := outfile.LockFile(file)
				if err != nil {
					t.Fatal(err)
				}
				defer lock.Unlock()
				valid := validArgs[path]
				argv := append(append(append(strings.Fields(path), valid.flags...), "--"+flag, file), valid.args...)
				code, stdout, stderr := runChainshot(t, dir, argv)
				want := fmt.Sprintf("chainshot %s: --%s %s is being written by pid %d", path, flag, file, os.Getpid())
				if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, want) {
					t.Errorf("chainshot %s: exit status %d, stdout %q, stderr %q; want 2 and %q", strings.Join(argv, " "), code, stdout, stderr, want)
				}
				if got, _ := os.ReadFile(file); string(got) != before {
					t.Errorf("the held file now holds %q", got)
				}
			})
		}
	}
	if n < 8 {
		t.Errorf("%d results flags found; solve, tournament, bench and results merge have 8", n)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fifoExtra are the arguments a command needs before it writes the
// output of a flag at all (play writes a profile only with --auto).
var fifoExtra = map[string][]string{
	"play --cpuprofile":   {"--auto"},
	"play --memprofile":   {"--auto"},
	"react analyze --gif": {"--move", "1 1"},
	"react solve --table": {"--proof", "table-proof.jsonl"}, // --table goes with --proof
	"react analyze --png": {"--move", "1 1"},
	// the runs are at once, and each holds the files of its --out-dir
	"react experiment --cpuprofile": {"--out-dir", "experiment-cpu"},
	"react experiment --memprofile": {"--out-dir", "experiment-mem"},
}

// fifoRefused are the outputs that are also read back, and so refuse a
// FIFO (or any file that is not a regular file) at once, with exit
// status 2, instead of waiting for its reader.
var fifoRefused = map[string]string{
	"react solve --proof": "a proof file is read back to resume",
	"react solve --table": "a solver table is read back by the next sitting",
}

// TestOutputsWaitForAFIFOUntilStopped: every output of every command
// (each flag that takes a FILE, over the whole command tree), given a
// FIFO that no program reads, says on stderr that it waits for a reader,
// and the first SIGTERM ends it at once with exit status 130 (the
// blocking open of a FIFO would wait for ever, signals or not).
func TestOutputsWaitForAFIFOUntilStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program once for each output flag")
	}
	dir := hostileDir(t)
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	n := 0
	for path, cmd := range leaves("", commands()) {
		for _, flag := range fileFlags(cmd) {
			n++
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				fifo := filepath.Join(dir, strings.ReplaceAll(path, " ", "-")+"-"+flag+".fifo.png") // --chart wants .png
				if err := syscall.Mkfifo(fifo, 0o644); err != nil {
					t.Errorf("mkfifo: %v", err)
					return
				}
				valid := validArgs[path]
				argv := append(append(strings.Fields(path), valid.flags...), fifoExtra[path+" --"+flag]...)
				argv = append(append(argv, "--"+flag, fifo), valid.args...)
				if why, ok := fifoRefused[path+" --"+flag]; ok {
					code, _, stderr := runChainshot(t, dir, argv)
					want := fmt.Sprintf("chainshot %s: --%s: cannot write %s: not a regular file (%s)", path, flag, fifo, why)
					if code != 2 || !strings.HasPrefix(stderr, want) {
						t.Errorf("chainshot %s: exit status %d, stderr %q; want 2 and %q (%s)", strings.Join(argv, " "), code, stderr, want, why)
					}
					return
				}
				if msg := stopWhileWaiting(dir, argv); msg != "" {
					t.Errorf("chainshot %s: %s", strings.Join(argv, " "), msg)
				}
			}()
		}
	}
	wg.Wait()
	if n < 20 {
		t.Errorf("only %d output flags found", n)
	}
}

// stopWhileWaiting runs chainshot with argv in dir, waits until it says
// it waits for a FIFO's reader, sends SIGTERM and returns what is wrong
// with how it ended, or "".
func stopWhileWaiting(dir string, argv []string) string {
	return stopWhileWaitingFor(dir, argv, "read")
}

// stopWhileWaitingFor is stopWhileWaiting for a FIFO the program waits
// to "read" from (an output) or to "write" (an input).
func stopWhileWaitingFor(dir string, argv []string, side string) string {
	cmd := exec.Command("chainshot", argv...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader("quit\n")
	var stdout, stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		return err.Error()
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	note := "note: waiting for a program to " + side + " the FIFO "
	deadline := time.After(20 * time.Second) // the runs are short: the outputs open within a second
	for !bytes.Contains(stderr.Bytes(), []byte(note)) {
		select {
		case <-ended:
			return fmt.Sprintf("ended without waiting for the FIFO's reader: %v\nstdout: %s\nstderr: %s", cmd.ProcessState, stdout.Bytes(), stderr.Bytes())
		case <-deadline:
			cmd.Process.Kill()
			return fmt.Sprintf("no note of the wait after 20 s\nstderr: %s", stderr.Bytes())
		case <-time.After(10 * time.Millisecond):
		}
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		return "still waiting 10 s after SIGTERM"
	}
	if took := time.Since(sent); took > 5*time.Second {
		return fmt.Sprintf("ended %v after SIGTERM", took)
	}
	if code := cmd.ProcessState.ExitCode(); code != status.Interrupted || !bytes.Contains(stderr.Bytes(), []byte("interrupted while waiting for a program to "+side+" the FIFO")) {
		return fmt.Sprintf("exit status %d, stderr %q; want %d and the interruption named", code, stderr.Bytes(), status.Interrupted)
	}
	return ""
}

// inputSlots returns the positions of cmd's arguments that name an
// input file, from its ArgsUsage ("FILE.json ACTIONS.txt": 0 and 1).
func inputSlots(cmd *cli.Command) []int {
	var slots []int
	for i, word := range strings.Fields(cmd.ArgsUsage) {
		for _, kind := range []string{"FILE", "POSITION", "RESULTS", "ACTIONS", "RECORDS", "PROOF"} {
			if strings.Contains(word, kind) {
				slots = append(slots, i)
				break
			}
		}
	}
	return slots
}

// feedFIFO makes a FIFO at path and writes to it, without end, whatever
// opens it for reading, until stop is closed.
func feedFIFO(t *testing.T, path string, stop <-chan struct{}) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		chunk := bytes.Repeat([]byte("RGB"), 4096)
		for {
			select {
			case <-stop:
				return
			default:
			}
			f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
			if err != nil { // no reader yet
				time.Sleep(5 * time.Millisecond)
				continue
			}
			for {
				if _, err := f.Write(chunk); err != nil {
					break // the reader has gone
				}
			}
			f.Close()
		}
	}()
}

// maxInputRSS bounds the memory of a run given an endless or huge input:
// the program's own (some 20 MB) and the limits' worth of input, where
// the huge file alone is 20 MB.
const maxInputRSS = 64 << 20

// TestInputLimits: every argument of every command that names an input
// file (the tree is walked, so a command added later is covered), given
// /dev/zero, a one-line file of 20 MB, or a FIFO that never ends, is
// refused with exit status 2 and one line naming the file (for the first
// two, with the limit in KiB or MiB), in bounded memory.
func TestInputLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times for each input")
	}
	dir := hostileDir(t)
	huge := filepath.Join(dir, "huge.txt")
	if err := os.WriteFile(huge, bytes.Repeat([]byte("R"), 20<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	n := 0
	for path, cmd := range leaves("", commands()) {
		valid := validArgs[path]
		for _, slot := range inputSlots(cmd) {
			if slot >= len(valid.args) {
				t.Errorf("chainshot %s: validArgs has no argument %d to replace", path, slot+1)
				continue
			}
			n++
			fifo := filepath.Join(dir, strings.ReplaceAll(path, " ", "-")+"-"+strconv.Itoa(slot)+".fifo")
			feedFIFO(t, fifo, stop)
			for _, in := range []string{"/dev/zero", huge, fifo} {
				args := append([]string{}, valid.args...)
				args[slot] = in
				argv := append(append(strings.Fields(path), valid.flags...), args...)
				code, stdout, stderr, rss := runMeasured(t, dir, argv)
				msg := judgeHostile(code, stdout, stderr, "chainshot "+path+": ", in)
				if msg == "" && in != fifo && !strings.Contains(stderr, " KiB") && !strings.Contains(stderr, " MiB") {
					msg = "the message does not say the limit"
				}
				if msg == "" && rss > maxInputRSS {
					msg = fmt.Sprintf("%d MB of memory, over %d MB", rss>>20, maxInputRSS>>20)
				}
				if msg != "" {
					t.Errorf("chainshot %s: %s\nstdout: %q\nstderr: %q", strings.Join(argv, " "), msg, stdout, stderr)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d input arguments found", n)
	}
}

// runMeasured runs the program in dir with stdin "quit", for at most a
// minute, and returns its exit status (-1 when killed), stdout, stderr
// and peak memory (resident set, bytes). A run that grows past twice maxInputRSS is
// killed there, so that a broken limit fails the test instead of eating
// the machine's memory.
func runMeasured(t *testing.T, dir string, argv []string) (code int, stdout, stderr string, rss int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "chainshot", argv...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader("quit\n")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatalf("chainshot %v: %v", argv, err)
	}
	done := make(chan struct{})
	killed := false
	var peak atomic.Int64 // the child's high-water mark, read as it runs
	go func() {
		status := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status"
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
			hwm := residentBytes(status, "VmHWM:")
			if hwm > peak.Load() {
				peak.Store(hwm)
			}
			if residentBytes(status, "VmRSS:") > 2*maxInputRSS {
				killed = true
				cmd.Process.Kill()
				return
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("chainshot %v: %v", argv, err)
	}
	// Not the rusage of wait4: Linux counts in a child's ru_maxrss the
	// memory of the parent it was forked from (exec keeps the old mm's
	// high-water mark), so a test process that has grown to 78 MB would
	// see every child at 78 MB. VmHWM is the new program's own.
	rss = peak.Load()
	if killed {
		errb.WriteString("\n(killed: its memory grew past " + strconv.Itoa(2*maxInputRSS>>20) + " MB)")
	}
	if ctx.Err() != nil {
		errb.WriteString("\n(killed after a minute)")
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String(), rss
}

// residentBytes reads a size field (VmRSS:, VmHWM:) from a
// /proc/PID/status file, 0 if it cannot.
func residentBytes(status, field string) int64 {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// TestResumeDropsTheCutLastLine: a resumed run cuts off the last line
// that a kill left half written, before it appends: the file ends with
// whole lines only, the cut data set is run again, and every line
// verifies.
func TestResumeDropsTheCutLastLine(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, string) {
		code, _, stderr := runChainshot(t, dir, args)
		return code, stderr
	}
	if code, stderr := run("tournament", "--max-nodes", "300", "--out", "r.jsonl", "sample1"); code != 0 {
		t.Fatalf("first run: %d %s", code, stderr)
	}
	path := filepath.Join(dir, "r.jsonl")
	whole, _ := os.ReadFile(path)
	cut := `{"file":"sample2","rows":5,"cols":5,"moves":[[4,1],[2`
	os.WriteFile(path, append(append([]byte{}, whole...), cut...), 0o644)
	code, stderr := run("tournament", "--max-nodes", "300", "--out", "r.jsonl", "--resume", "sample1", "sample2")
	if code != 0 || !strings.Contains(stderr, "r.jsonl:2: the last line is cut short") {
		t.Fatalf("resumed run: exit status %d, stderr %q", code, stderr)
	}
	got, _ := os.ReadFile(path)
	if !bytes.HasPrefix(got, whole) || bytes.Contains(got, []byte(cut)) || bytes.Count(got, []byte("\n")) != 2 {
		t.Errorf("the file after the resume:\n%s", got)
	}
	if code, stdout, _ := runChainshot(t, dir, []string{"verify", "r.jsonl"}); code != 0 || !strings.Contains(stdout, "all 2 lines verified") {
		t.Errorf("verify: %d %s", code, stdout)
	}
}

// TestSettingsDiffsNameEveryField: a recorded setting that differs from
// the run's, whichever field of results.Settings it is (so a field added
// later is covered), is named by exactly one flag in a resume's refusal.
func TestSettingsDiffsNameEveryField(t *testing.T) {
	base := results.Settings{Algo: "auto", Budget: 30, Seed: 1}
	typ := reflect.TypeOf(base)
	for i := 0; i < typ.NumField(); i++ {
		other := base
		f := reflect.ValueOf(&other).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("score")
		case reflect.Float64:
			f.SetFloat(f.Float() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Int64:
			f.SetInt(f.Int() + 7)
		case reflect.Uint64:
			f.SetUint(f.Uint() + 7)
		default:
			t.Fatalf("results.Settings.%s is a %v: teach this test to change it", typ.Field(i).Name, f.Kind())
		}
		if d := results.SettingsDiffs(other, base); len(d) != 1 {
			t.Errorf("results.Settings.%s differs: the refusal names %v, want one flag", typ.Field(i).Name, d)
		}
	}
}

// TestRecordedRankOrdersAsTheSolver: for every rank of the solver, the
// field a results line records (nothing for the handout's) makes
// Record.Better order lines as the solver's rank does, so that merge and
// resume keep the line the search would.
func TestRecordedRankOrdersAsTheSolver(t *testing.T) {
	lines := [][2]int{{0, 0}, {0, 5000}, {1, 999}, {1, 1000}, {1, 1001}, {3, 30423}}
	for _, r := range solver.Ranks() {
		field := results.RankField(r.String())
		if (field == "") != (r == solver.RankBeads) {
			t.Errorf("rank %v is recorded as %q", r, field)
		}
		for _, x := range lines {
			for _, y := range lines {
				a := results.Record{BeadsLeft: x[0], Score: x[1], Rank: field}
				b := results.Record{BeadsLeft: y[0], Score: y[1], Rank: field}
				if got, want := a.Better(b), r.Better(x[0], x[1], y[0], y[1]); got != want {
					t.Errorf("rank %v: %v better than %v: results says %v, the solver %v", r, x, y, got, want)
				}
			}
		}
	}
}
