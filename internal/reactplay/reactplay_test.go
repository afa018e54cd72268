package reactplay

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/internal/iostreams"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// TestReactPlayDrawsEveryWave: with waves on, react play draws the board
// once the orb has landed and after every wave, the exploded cells
// marked, as the pictures do (issue 26, item 7: it listed the waves and
// drew only the final board). Hot-seat games of random legal moves on
// several sizes, fed to Run; every board is the engine's.
func TestReactPlayDrawsEveryWave(t *testing.T) {
	waves := 0
	for _, size := range [][2]int{{2, 2}, {3, 3}, {3, 4}, {4, 4}, {5, 3}} {
		for seed := uint64(1); seed <= 3; seed++ {
			pos, err := chainreact.NewPosition(size[0], size[1], 2)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			var input, want strings.Builder
			b := &pos.Board
			for !b.Over() {
				moves := b.AppendMoves(nil)
				m := moves[rng.IntN(len(moves))]
				fmt.Fprintf(&input, "%s\n", b.FormatMove(m))
				tr := b.PlayTrace(m)
				fmt.Fprintf(&want, "%c plays %s\n", pos.Names[tr.Player], tr.Before.FormatMove(m))
				if len(tr.Waves) == 0 {
					render.ReactBoard(&want, &pos, false, map[chainreact.Move]bool{m: true})
					continue
				}
				want.WriteString("the orb lands:\n")
				render.ReactBoard(&want, &chainreact.Position{Board: tr.Landed, Names: pos.Names}, false, map[chainreact.Move]bool{m: true})
				for i, w := range tr.Waves {
					waves++
					render.ReactWave(&want, &tr.Before, i, w)
					marks := map[chainreact.Move]bool{}
					for _, e := range w.Exploded {
						marks[e] = true
					}
					render.ReactBoard(&want, &chainreact.Position{Board: w.After, Names: pos.Names}, false, marks)
				}
				if tr.Stopped {
					want.WriteString("the reaction stops: one player is left\n")
				}
			}
			fmt.Fprintf(&want, "%c wins after %s\n", pos.Names[b.Winner()], words.Plural(b.Ply(), "move"))
			var stdout, stderr bytes.Buffer
			start, _ := chainreact.NewPosition(size[0], size[1], 2)
			o := Options{Cmd: "test", Pos: start, Specs: []string{"", "human"}, Waves: true}
			if err := Run(context.Background(), iostreams.New(strings.NewReader(input.String()), &stdout, &stderr), o); err != nil {
				t.Fatalf("%dx%d seed %d: %v: %s", size[0], size[1], seed, err, stderr.String())
			}
			got := stdout.String()
			if !strings.HasSuffix(got, want.String()) {
				t.Errorf("%dx%d seed %d: the game's output is not the engine's trace drawn wave by wave:\n%s\nwant it to end with:\n%s", size[0], size[1], seed, got, want.String())
			}
		}
	}
	if waves < 20 {
		t.Errorf("the games drew %d waves: too few to test", waves)
	}
}

// TestRunSaysWhoPlaysAndStops: the game says first who plays each seat;
// a hint names the move, the player that would play it, and what it
// does; Ctrl-C (the run's context ending) while a human is asked stops
// the game with its moves so far, status 130.
func TestRunSaysWhoPlaysAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	defer w.Close()
	var stdout, stderr syncBuffer
	start, _ := chainreact.NewPosition(3, 3, 2)
	done := make(chan error)
	go func() {
		done <- Run(ctx, iostreams.New(r, &stdout, &stderr), Options{Cmd: "test", Pos: start, Specs: []string{"", "random"}, Seed: 1})
	}()
	io.WriteString(w, "hint\n1 1\n")
	for deadline := time.Now().Add(10 * time.Second); strings.Count(stderr.String(), "R to move") < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no third prompt after 10 s:\n%s", stderr.String())
		}
	}
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		w.Close()
		t.Fatal("the game goes on 10 s after Ctrl-C")
	}
	if !status.Is(err, status.Interrupted) {
		t.Fatalf("stopped: %v", err)
	}
	out := stdout.String()
	for _, re := range []string{
		`(?m)^R: you \(seat 1\); G: random \(AI, seat 2\)$`,
		`(?m)^hint: [0-9] [0-9] \(best:nodes=40000,\S* would play it; it sets off no explosion\)$`,
		`(?m)^game stopped \(interrupted\) after 2 moves: R 1 1, G [0-9] [0-9]$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("stdout lacks %s:\n%s", re, out)
		}
	}
}

// syncBuffer is a buffer written by one goroutine and read by another.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
