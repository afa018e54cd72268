package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"chainshot": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scripts in testdata/script: the real
// program, fed by stdin, its stdout, stderr and exit status checked.
//
// Beside testscript's own commands:
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
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitfile":   waitFile,
			"mkfull":     mkFull,
			"closedpipe": closedPipe,
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
	for _, kv := range []string{"PATH", "HOME", "NO_COLOR"} {
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
