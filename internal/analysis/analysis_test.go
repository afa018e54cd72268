package analysis

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/iostreams"
)

// TestAnalyzePredictionAgreesWithProof: wherever the exact solver proves
// the position, react analyze's prediction gives way to it and its best
// move agrees (issue 26, item 5: the README's own example printed
// "predicted winner: G (not proven...)" then "proved: R wins under perfect
// play"). Over positions reached by random play on boards small enough
// for the proof to run (2x2 to 3x4), at search depths 1 to 3: no
// "predicted winner" beside a proof; the best move is proved a win when
// the mover is proved the winner, and the first move of the proved line
// when there is one.
func TestAnalyzePredictionAgreesWithProof(t *testing.T) {
	dir := t.TempDir()
	provedRe := regexp.MustCompile(`(?m)^proved: ([A-Z]) wins under perfect play, the last move on ply [0-9]+(?: to [0-9]+)?(?:: ([A-Z]):([0-9]+ [0-9]+))?`)
	bestRe := regexp.MustCompile(`(?m)^best move: ([0-9]+ [0-9]+) `)
	moverRe := regexp.MustCompile(`(?m)^([A-Z]) to move$`)
	proved := 0
	// check runs the analysis of a position file and checks what it
	// says against its proof.
	check := func(name, text string, depth int, prove uint64) {
		var stdout bytes.Buffer
		pos, err := chainreact.ParsePosition(name, strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Cmd: "test", File: name, Pos: pos, Depth: depth, Eval: ai.EvalBrilliant, Prove: prove}
		if err := Run(context.Background(), iostreams.New(nil, &stdout, io.Discard), o); err != nil {
			t.Fatalf("%s, depth %d: %v", name, depth, err)
		}
		out := stdout.String()
		p := provedRe.FindStringSubmatch(out)
		if p == nil {
			return
		}
		proved++
		fail := func(why string) {
			t.Errorf("%s, depth %d: %s:\n%s\n%s", name, depth, why, text, out)
		}
		if strings.Contains(out, "predicted winner") {
			fail("a prediction beside the proof")
		}
		best := bestRe.FindStringSubmatch(out)
		mover := moverRe.FindStringSubmatch(out)
		if best == nil || mover == nil {
			fail("no best move or no player to move")
			return
		}
		if p[2] != "" && best[1] != p[3] {
			fail(fmt.Sprintf("best move %s, but the proved line starts with %s", best[1], p[3]))
		}
		if p[1] == mover[1] && !regexp.MustCompile(`(?m)^ *`+best[1]+` .* win[ 0-9]*$`).MatchString(out) {
			fail(fmt.Sprintf("%s is proved to win, but its best move %s is not a proved win", p[1], best[1]))
		}
	}
	// The README's example position, and the empty 3x4 board, whose
	// moves' own solves stop within 200,000 positions where the
	// position's, made after them, proves R's win.
	for i, text := range []string{
		"players: R G\nnext: G\n.  1G .\n.  2R .\n1R .  .\n",
		"players: R G\nnext: R\n. . . .\n. . . .\n. . . .\n",
	} {
		name := filepath.Join(dir, fmt.Sprintf("fixed-%d.txt", i))
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		check(name, text, 1, 200000)
	}
	if proved != 2 {
		t.Fatalf("the README's position and the empty 3x4 board: %d of 2 proved", proved)
	}
	for _, size := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {2, 4}, {3, 4}} {
		for seed := uint64(1); seed <= 6; seed++ {
			rng := rand.New(rand.NewPCG(seed, uint64(size[0]*10+size[1])))
			pos, err := chainreact.NewPosition(size[0], size[1], 2)
			if err != nil {
				t.Fatal(err)
			}
			b := &pos.Board
			for plies := rng.IntN(b.Cells()); plies > 0 && !b.Over(); plies-- {
				moves := b.AppendMoves(nil)
				b.Play(moves[rng.IntN(len(moves))])
			}
			if b.Over() {
				continue
			}
			var file bytes.Buffer
			if err := pos.Format(&file); err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, fmt.Sprintf("pos-%dx%d-%d.txt", size[0], size[1], seed))
			if err := os.WriteFile(name, file.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, depth := range []int{1, 3} {
				check(name, file.String(), depth, 20000)
			}
		}
	}
	t.Logf("%d analyses proved", proved)
	if proved < 30 {
		t.Errorf("the solver proved %d of the analyses: too few to test", proved)
	}
}
