package ai

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/cpuclock"
)

// loadCores keeps every core busy, with as many spinning processes as
// there are cores, until the returned function is called: the limits
// below must hold on a loaded machine, where wall time and CPU time part
// ways. The spinners are other processes, as the load of a shared
// machine is.
func loadCores(t *testing.T) (stop func()) {
	var procs []*exec.Cmd
	for i := 0; i < runtime.NumCPU(); i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperSpin$")
		cmd.Env = append(os.Environ(), "CHAINREACT_SPIN=1", "GOMAXPROCS=1")
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting a spinner: %v", err)
		}
		procs = append(procs, cmd)
	}
	return func() {
		for _, p := range procs {
			p.Process.Kill()
			p.Wait()
		}
	}
}

// TestHelperSpin is the spinner of loadCores: it burns CPU for at most a
// minute when CHAINREACT_SPIN is set, and does nothing otherwise.
func TestHelperSpin(t *testing.T) {
	if os.Getenv("CHAINREACT_SPIN") == "" {
		return
	}
	x := uint64(1)
	for end := time.Now().Add(time.Minute); time.Now().Before(end); {
		for k := 0; k < 1_000_000; k++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	fmt.Fprint(io.Discard, x)
}

// timedPositions are positions to think on: 9x6 from the opening to late
// in the game, a full 12x12 and an eight-player 16x16 board, where a node
// costs the most.
func timedPositions() []chainreact.Board {
	rng := rand.New(rand.NewPCG(21, 22))
	var out []chainreact.Board
	var buf []chainreact.Move
	for _, s := range []struct{ rows, cols, players, ply int }{
		{9, 6, 2, 10}, {9, 6, 2, 40}, {9, 6, 2, 70}, {12, 12, 2, 150}, {16, 16, 8, 250},
	} {
		for {
			b, _ := chainreact.NewBoard(s.rows, s.cols, s.players)
			for !b.Over() && b.Ply() < s.ply {
				buf = b.AppendMoves(buf[:0])
				b.Play(buf[rng.IntN(len(buf))])
			}
			if !b.Over() {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// Margins of a move's time limit: a move may pass its limit by the time
// between two readings of the clock and the unwinding of the search.
// CPU time is the thread's own, so load does not stretch it; wall time
// also counts the moments the thread waits for a core.
//
// A player with an oracle (perfect, best:oracle=O) gets a wider margin:
// the exact solver sets up its table (16 MB, its pages faulted in) on a
// board's first move, where no clock is read. Once it searches, it reads
// the move's clock about every millisecond (exact's pollSpan; it read it
// every 4096 positions, 40 ms and more of a cold table on 9x6, which
// overran this margin under load).
const (
	cpuMargin    = 10 * time.Millisecond
	oracleMargin = 30 * time.Millisecond
)

// TestTimeLimitsUnderLoad plays moves with every kind of player that
// takes a time limit (PlayerKinds: a kind added later is covered) while
// other processes keep every core busy.
//
// time=T: each move uses at most T of its thread's CPU time plus a
// margin, and most of T (a time= read from the wall clock would get half
// of its CPU time or less here).
//
// wall=T: each move uses most of T of wall time, and once T of wall time
// has passed it stops within a margin of its own CPU time (read from its
// thread's clock by a watcher at the deadline; Linux): the wall time it
// spends waiting for a core on a loaded machine is the machine's.
func TestTimeLimitsUnderLoad(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("plays timed moves for a few seconds, at the program's speed")
	}
	const limit = 40 * time.Millisecond
	positions := timedPositions()
	stop := loadCores(t)
	defer stop()
	runtime.LockOSThread() // the CPU clock read here is this thread's
	defer runtime.UnlockOSThread()
	tid := threadID()
	kinds := 0
	for _, k := range PlayerKinds() {
		for _, opt := range []string{"time", "wall"} {
			if !slices.Contains(k.Options, opt) {
				continue
			}
			kinds++
			spec := fmt.Sprintf("%s:%s=%s", k.Name, opt, limit)
			p, err := NewPlayer(spec, 1)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			margin := cpuMargin
			if strings.Contains(p.Spec(), "oracle=") {
				margin += oracleMargin
			}
			var used []time.Duration
			for i := range positions {
				b := positions[i]
				cpu0, wall0 := cpuclock.ThreadOrProcess(), time.Now()
				atDeadline := make(chan time.Duration, 1)
				if opt == "wall" {
					time.AfterFunc(limit, func() {
						c, ok := threadCPUOf(tid)
						if !ok {
							c = 1 << 62
						}
						atDeadline <- c
					})
				}
				m := p.Choose(&b, nil)
				cpu, wall := cpuclock.ThreadOrProcess()-cpu0, time.Since(wall0)
				where := fmt.Sprintf("%s on %dx%d at ply %d (%v CPU, %v wall)", spec, b.Rows(), b.Cols(), b.Ply(), cpu, wall)
				if !b.Legal(m) {
					t.Fatalf("%s: illegal move %d", where, m)
				}
				if opt == "time" {
					if cpu > limit+margin {
						t.Errorf("%s: over %v + %v of CPU time", where, limit, margin)
					}
					used = append(used, cpu)
					continue
				}
				used = append(used, wall)
				if wall > limit {
					if after := cpu0 + cpu - <-atDeadline; after > margin {
						t.Errorf("%s: %v of CPU time after the wall deadline, over %v", where, after, margin)
					}
				}
			}
			slices.Sort(used)
			if med := used[len(used)/2]; med < limit*8/10 {
				t.Errorf("%s: median move %v of %s time, want most of %v (%v)", spec, med, opt, limit, used)
			}
		}
	}
	if kinds < 4 {
		t.Fatalf("only %d timed player kinds", kinds)
	}
}
