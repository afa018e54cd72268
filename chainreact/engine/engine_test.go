package engine_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/engine"
)

// TestServeEngine runs a protocol session through ServeEngine, no command
// line involved.
func TestServeEngine(t *testing.T) {
	p, _ := ai.NewPlayer("greedy", 1)
	in := "name\nboardsize 2 2\nplay 1 1 # a comment\nplay 1 1\nplay 9 9\nplayers 9\nfrob\nshowboard\nquit\nname\n"
	var out strings.Builder
	if err := engine.ServeEngine(strings.NewReader(in), &out, p, engine.EngineInfo{Name: "test", Version: "1"}); err != nil {
		t.Fatal(err)
	}
	want := "= test\n\n=\n\n=\n\n" +
		"? illegal move: the cell belongs to another player\n\n" +
		"? 9 9 is off the 2x2 board (row 1 is the bottom)\n\n" +
		"? 9 players: want 2 to 8\n\n" +
		"? unknown command \"frob\"\n\n" +
		"= \nplayers: R G\nnext: G\n .  .\n1R  .\n\n" +
		"=\n\n"
	if out.String() != want {
		t.Fatalf("session:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestEnginePlayer drives a shell script that speaks the protocol: the
// player sends the board and the moves so far, then genmove, and reads
// the reply.
func TestEnginePlayer(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no sh")
	}
	script := `while read l; do echo "$l" >&2; case "$l" in genmove) echo "= 2 2";; *) echo "=";; esac; echo; done`
	p, err := ai.NewPlayer("engine:"+script, 1)
	if err != nil {
		t.Fatal(err)
	}
	e := p.(*engine.EnginePlayer)
	b, _ := chainreact.NewBoard(2, 2, 2)
	m0, _ := b.MoveAt(1, 1)
	b.Play(m0)
	if m := e.Choose(&b, []chainreact.Move{m0}); b.FormatMove(m) != "2 2" || e.Err() != nil {
		t.Fatalf("move %s, err %v", b.FormatMove(m), e.Err())
	}
	if m := e.Choose(&b, nil); m != chainreact.NoMove || e.Err() == nil {
		t.Fatalf("no history: move %d, err %v", m, e.Err())
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	bad, err := ai.NewPlayer("engine:"+`read l; echo "? no"; echo`, 1)
	if bad != nil || err == nil || !strings.Contains(err.Error(), `name: engine says "no"`) {
		t.Fatalf("an engine that refuses name: %v, %v", bad, err)
	}
}

// TestEngineThatEnds: a program that ends before it answers is reported
// with how it ended and the last line of its standard error (issue 26,
// item 10: "engine:nosuchprog" said "the engine stopped answering (EOF)"
// and hid the shell's "not found").
func TestEngineThatEnds(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no sh")
	}
	for _, tc := range []struct{ command, want string }{
		{"nosuchprog-chainshot-test", "nosuchprog-chainshot-test: not found"},
		{"echo bad flag >&2; exit 3", "the engine ended (exit status 3) before answering: bad flag"},
		{"read l; echo lost >&2; exit 4", "name: the engine ended (exit status 4) before answering: lost"},
		{"read l; echo '= x'; echo; read l; exit 0", "boardsize 2 2: the engine ended before answering"},
	} {
		p, err := ai.NewPlayer("engine:"+tc.command, 1)
		if err == nil {
			b, _ := chainreact.NewBoard(2, 2, 2)
			if p.Choose(&b, []chainreact.Move{}) == chainreact.NoMove {
				err = p.(*engine.EnginePlayer).Err()
			}
			p.(*engine.EnginePlayer).Close()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("engine:%s: error %v, want one that says %q", tc.command, err, tc.want)
		}
	}
}

// TestEngineThatNeverEnds: a program that writes one endless line and
// never reads "quit" is refused at its first reply, in the protocol's
// terms, and killed QuitGrace after it was told to quit: the command
// that started it ends (react match --p1 'engine:cat /dev/zero' waited
// forever).
func TestEngineThatNeverEnds(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the program's tree is killed through /proc")
	}
	errc := make(chan error, 1)
	go func() {
		p, err := ai.NewPlayer("engine:cat /dev/zero", 1)
		if p != nil {
			p.(*engine.EnginePlayer).Close()
		}
		errc <- err
	}()
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(err.Error(), "name: a line over 4096 bytes") {
			t.Fatalf("error %v, want the endless reply refused", err)
		}
	case <-time.After(engine.QuitGrace + 30*time.Second):
		t.Fatal("the program that never ends was never killed")
	}
}

// TestEngineCPU checks an engine's CPU time is read across the shell and
// the program it starts: a script that burns about 0.3 s of CPU in a
// child process before answering genmove.
func TestEngineCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("read from /proc")
	}
	script := `while read l; do case "$l" in genmove) i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo "= 1 1";; *) echo "=";; esac; echo; done`
	p, err := ai.NewPlayer("engine:sh -c '"+script+"'", 1)
	if err != nil {
		t.Fatal(err)
	}
	e := p.(*engine.EnginePlayer)
	defer e.Close()
	c0, ok := e.CPU()
	if !ok {
		t.Fatal("no CPU reading")
	}
	b, _ := chainreact.NewBoard(3, 3, 2)
	if m := e.Choose(&b, []chainreact.Move{}); m != 0 {
		t.Fatalf("move %d, err %v", m, e.Err())
	}
	c1, _ := e.CPU()
	if d := c1 - c0; d < 50*time.Millisecond {
		t.Fatalf("the engine's move took %v of CPU time by /proc, want the child's work counted", d)
	}
}

// hangingEngine answers every command but genmove, on which it starts a
// child that sleeps for an hour: a program deep in a long search.
const hangingEngine = `engine:sh -c 'while read l; do case "$l" in genmove) sleep 3600;; *) echo "=";; esac; echo; done'`

// TestEngineStopsWithItsContext: an engine still thinking when its
// context ends is killed with the processes it started, and its move is
// NoMove with an error that wraps the context's; Close then returns at
// once (a child left alive would hold the engine's standard error open,
// and Close would wait for it).
func TestEngineStopsWithItsContext(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no sh")
	}
	p, err := ai.NewPlayer(hangingEngine, 1)
	if err != nil {
		t.Fatal(err)
	}
	e := p.(*engine.EnginePlayer)
	var _ ai.ContextChooser = e
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	b, _ := chainreact.NewBoard(3, 3, 2)
	t0 := time.Now()
	// an engine left alive would answer in an hour: the test fails after
	// 5 s and leaves it behind
	chosen := make(chan chainreact.Move, 1)
	go func() { chosen <- e.ChooseContext(ctx, &b, []chainreact.Move{}) }()
	var m chainreact.Move
	select {
	case m = <-chosen:
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting for the engine 5 s after its context ended at 200ms: it was not killed")
	}
	if took := time.Since(t0); m != chainreact.NoMove || !errors.Is(e.Err(), context.DeadlineExceeded) {
		t.Fatalf("context ended at 200ms: move %d, err %v, after %v", m, e.Err(), took)
	}
	closed := make(chan error, 1)
	go func() { closed <- e.Close() }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close still waiting 5 s after the move was stopped: a process of the engine's is alive")
	}
	if m := e.ChooseContext(context.Background(), &b, []chainreact.Move{}); m != chainreact.NoMove {
		t.Errorf("a stopped engine played %d", m)
	}
}
