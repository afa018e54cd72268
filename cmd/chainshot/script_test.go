package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"chainshot": func() {
			stdout, stderr, done := messageLog(os.Args)
			code := run(os.Args, os.Stdin, stdout, stderr)
			done()
			os.Exit(code)
		},
	})
}

// TestScripts runs the command-line scripts in testdata/script: the real
// program, fed by stdin, its stdout, stderr and exit status checked.
//
// $DOCS is the repository's docs folder, whose pictures the README shows.
//
// The condition [pty] holds where "script" runs a command on a
// pseudo-terminal. Beside testscript's own commands:
//
//   - "status N cmd args..." runs cmd and fails unless it exits with
//     status N.
//   - "waitfile FILE REGEXP" waits (up to a minute) until FILE's contents
//     match REGEXP: a signal sent then does not depend on the machine's
//     speed, as a sleep would.
//   - "mkfull PATH" makes PATH a device like /dev/full (every write fails:
//     no space left): a device node of its own where the test may make
//     one, else a link to /dev/full.
//   - "closedpipe cmd args..." runs cmd with standard output a pipe whose
//     reader has gone, its stderr as the script's stderr, and prints how
//     it ended ("exit status 0", "signal: broken pipe") on stdout.
//   - "sigint WHEN FILE cmd args..." runs cmd with FILE on a standard
//     input that stays open, waits until WHEN holds, sends it SIGINT
//     (Ctrl-C), and gives its stdout and stderr as the script's, then
//     "exit status N" as the last line of stdout. WHEN is "out=REGEXP"
//     (its stdout or stderr matches) or "file=GLOB" (a file in the
//     script's folder matches): what it has written, never a sleep.
func TestScripts(t *testing.T) {
	logDir := t.TempDir()
	// After every script has run: the messages they saw, checked as a class.
	t.Cleanup(func() { checkMessages(t, logDir) })
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			env.Setenv(messageLogEnv, logDir)
			docs, err := filepath.Abs("../../docs")
			if err != nil {
				return err
			}
			env.Setenv("DOCS", docs)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond != "pty" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			return hasPty(), nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitfile":   waitFile,
			"mkfull":     mkFull,
			"closedpipe": closedPipe,
			"sigint":     sigint,
			"status": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: status N command [args...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("status: %v", err)
				}
				err = ts.Exec(args[1], args[2:]...)
				got := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					got = ee.ExitCode()
				} else if err != nil {
					ts.Fatalf("status: %v", err)
				}
				if (got == want) == neg {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			},
		},
	})
}

// hasPty reports whether "script" can run a command on a pseudo-terminal
// here: the condition [pty] of the scripts.
func hasPty() bool {
	dir, err := os.MkdirTemp("", "pty")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("script", "-qec", "test -t 2", filepath.Join(dir, "typescript"))
	return cmd.Run() == nil
}

// waitFile is the script command "waitfile FILE REGEXP".
func waitFile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 || neg {
		ts.Fatalf("usage: waitfile FILE REGEXP")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(path); err == nil && re.Match(data) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	data, _ := os.ReadFile(path)
	ts.Fatalf("waitfile: after a minute %s holds %q, no match for %s", args[0], data, args[1])
}

// mkFull is the script command "mkfull PATH".
func mkFull(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 || neg {
		ts.Fatalf("usage: mkfull PATH")
	}
	path := ts.MkAbs(args[0])
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		ts.Check(os.Symlink("/dev/full", path))
	}
}

// closedPipe is the script command "closedpipe cmd args...".
func closedPipe(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 || neg {
		ts.Fatalf("usage: closedpipe cmd args...")
	}
	r, w, err := os.Pipe()
	ts.Check(err)
	r.Close()
	defer w.Close()
	path, err := exec.LookPath(args[0])
	ts.Check(err)
	cmd := exec.Command(path, args[1:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = os.Environ()
	for _, kv := range []string{"PATH", "HOME", "NO_COLOR", "TMPDIR"} {
		cmd.Env = append(cmd.Env, kv+"="+ts.Getenv(kv))
	}
	cmd.Stdout = w
	cmd.Stderr = ts.Stderr()
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		fmt.Fprintln(ts.Stdout(), "exit status 0")
	case errors.As(err, &ee):
		fmt.Fprintln(ts.Stdout(), ee.ProcessState.String())
	default:
		ts.Fatalf("closedpipe: %v", err)
	}
}

// lockedBuffer is a buffer written by a process and read by the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

// sigint is the script command "sigint REGEXP FILE cmd args...".
func sigint(ts *testscript.TestScript, neg bool, args []string) {
	var stdout, stderr lockedBuffer
	if len(args) < 3 || neg {
		ts.Fatalf("usage: sigint out=REGEXP|file=GLOB FILE cmd args...")
	}
	kind, pattern, _ := strings.Cut(args[0], "=")
	var ready func() bool
	switch kind {
	case "out":
		re, err := regexp.Compile(pattern)
		ts.Check(err)
		ready = func() bool { return re.Match(stdout.Bytes()) || re.Match(stderr.Bytes()) }
	case "file":
		ready = func() bool {
			m, _ := filepath.Glob(filepath.Join(ts.MkAbs("."), pattern))
			return len(m) > 0
		}
	default:
		ts.Fatalf("usage: sigint out=REGEXP|file=GLOB FILE cmd args...")
	}
	input, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	path, err := exec.LookPath(args[2])
	ts.Check(err)
	cmd := exec.Command(path, args[3:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = os.Environ()
	for _, kv := range []string{"PATH", "HOME", "NO_COLOR", "TMPDIR"} {
		cmd.Env = append(cmd.Env, kv+"="+ts.Getenv(kv))
	}
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	stdin, err := cmd.StdinPipe()
	ts.Check(err)
	defer stdin.Close() // open until the process has ended
	ts.Check(cmd.Start())
	_, err = stdin.Write(input)
	ts.Check(err)
	deadline := time.Now().Add(time.Minute)
	for !ready() {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			ts.Fatalf("sigint: after a minute, no %s; stdout holds %q, stderr %q", args[0], stdout.Bytes(), stderr.Bytes())
		}
		time.Sleep(10 * time.Millisecond)
	}
	ts.Check(cmd.Process.Signal(os.Interrupt))
	err = cmd.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		ts.Fatalf("sigint: %v", err)
	}
	ts.Stdout().Write(stdout.Bytes())
	ts.Stderr().Write(stderr.Bytes())
	fmt.Fprintln(ts.Stdout(), cmd.ProcessState.String())
}
