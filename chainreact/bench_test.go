package chainreact

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"testing"
	"time"

	"chainshot/cpuclock"
)

// BenchmarkRandomGame plays random two-player 9x6 games; games/s is
// 1e9 / ns/op, games/cpu-s counts the thread's CPU time instead of the
// wall clock (on a loaded machine, the figure to read).
func BenchmarkRandomGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	buf := make([]Move, 0, MaxCells)
	plies := 0
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := cpuclock.ThreadOrProcess()
	for i := 0; i < b.N; i++ {
		bd, _ := NewBoard(9, 6, 2)
		for !bd.Over() {
			buf = bd.AppendMoves(buf[:0])
			bd.Play(buf[rng.IntN(len(buf))])
		}
		plies += bd.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.N)/(cpuclock.ThreadOrProcess()-cpu0).Seconds(), "games/cpu-s")
}

// BenchmarkRandomGame12x12 plays random two-player 12x12 games: boards of
// more than 64 cells, whose reactions run through react's own loop rather
// than reactSmall's.
func BenchmarkRandomGame12x12(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 14))
	buf := make([]Move, 0, MaxCells)
	plies := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		bd, _ := NewBoard(12, 12, 2)
		for !bd.Over() {
			buf = bd.AppendMoves(buf[:0])
			bd.Play(buf[rng.IntN(len(buf))])
		}
		plies += bd.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// xorshift64 is the generator of the peer's driver
// (docs/peers/notshridhar_randgames.c), so that both sides of
// BenchmarkRandomGamesAgainstPeer draw their moves alike.
type xorshift64 uint64

func (x *xorshift64) next() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

// randomGamesFor plays random two-player 9x6 games for about d of the
// calling thread's CPU time (the caller is locked to its thread), each
// move drawn as the peer's driver draws it, and returns the games, plies
// and CPU time.
func randomGamesFor(rng *xorshift64, d time.Duration) (games, plies int, cpu time.Duration) {
	buf := make([]Move, 0, MaxCells)
	start := cpuclock.ThreadOrProcess()
	for cpu < d {
		for k := 0; k < 100; k++ {
			bd, _ := NewBoard(9, 6, 2)
			for !bd.Over() {
				buf = bd.AppendMoves(buf[:0])
				bd.Play(buf[rng.next()%uint64(len(buf))])
			}
			plies += bd.Ply()
			games++
		}
		cpu = cpuclock.ThreadOrProcess() - start
	}
	return games, plies, cpu
}

// BenchmarkRandomGamesAgainstPeer measures random 9x6 games a CPU second,
// this engine's and notshridhar/chain-reaction-ai's C engine's, side by
// side in one run: five rounds of a CPU second each, alternating, the
// median of each and the ratio of the medians. Both sides list the legal
// moves and draw one with the same generator (xorshift64, modulo). The peer's side is the
// driver docs/peers/notshridhar_randgames.c, built outside the
// repository (docs/peers/README.md), named by CHAINREACT_PEER_RANDGAMES;
// without it the benchmark is skipped. Run it once:
//
//	CHAINREACT_PEER_RANDGAMES=/work/peers/notshridhar_randgames \
//	  go test ./chainreact -run XXX -bench AgainstPeer -benchtime 1x
func BenchmarkRandomGamesAgainstPeer(b *testing.B) {
	peer := os.Getenv("CHAINREACT_PEER_RANDGAMES")
	if peer == "" {
		b.Skip("CHAINREACT_PEER_RANDGAMES names no peer driver (docs/peers/README.md)")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rng := xorshift64(88172645463325252)
	var ours, theirs []float64
	for round := 0; round < 5; round++ {
		g, p, cpu := randomGamesFor(&rng, time.Second)
		ours = append(ours, float64(g)/cpu.Seconds())
		out, err := exec.Command(peer, "1").Output()
		if err != nil {
			b.Fatalf("%s: %v", peer, err)
		}
		var pg, pp int
		var psec float64
		if _, err := fmt.Sscan(string(out), &pg, &pp, &psec); err != nil || psec <= 0 {
			b.Fatalf("%s printed %q: want GAMES PLIES CPU_SECONDS", peer, out)
		}
		theirs = append(theirs, float64(pg)/psec)
		b.Logf("round %d: ours %.0f games/CPU-s (%.1f plies a game), the peer's %.0f (%.1f plies a game)",
			round+1, ours[round], float64(p)/float64(g), theirs[round], float64(pp)/float64(pg))
	}
	slices.Sort(ours)
	slices.Sort(theirs)
	b.ReportMetric(ours[2], "ours-games/cpu-s")
	b.ReportMetric(theirs[2], "peer-games/cpu-s")
	b.ReportMetric(ours[2]/theirs[2], "ratio")
}
