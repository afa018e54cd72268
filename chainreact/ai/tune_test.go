package ai

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"

	"chainshot/chainreact"
)

// The tuning harness of the tuned evaluation:
//
//	go test ./chainreact/ai -run TestTune -v -timeout 2h -args -tune 3000 -rounds 3
//
// plays that many self-play games per round, each opened by 2 to 8
// random moves, fits the weights to their results and prints them as Go
// source, with the held-out log loss beside the static evaluation's.
// Round 1's games are played with the static evaluation (-tunespec),
// round k's with the tuned one holding round k−1's weights; round k's
// games use seed -tuneseed + k − 1.
var (
	tuneGames  = flag.Int("tune", 0, "TestTune: self-play games a round to fit the tuned evaluation on (0 skips)")
	tuneSpec   = flag.String("tunespec", "best:nodes=3000,eval=static", "TestTune: round 1's self-play player")
	tuneSeed   = flag.Uint64("tuneseed", 1, "TestTune: seed of round 1's games")
	tuneRounds = flag.Int("rounds", 1, "TestTune: rounds, each playing with the last round's weights")
)

type tuneSample struct {
	f      [numFeatures]int
	static int
	phase  int
	win    bool
	game   int
}

func TestTune(t *testing.T) {
	if *tuneGames == 0 {
		t.Skip("no -tune")
	}
	saved := tunedWeights
	defer func() { tunedWeights = saved }()
	spec := *tuneSpec
	for r := 0; r < *tuneRounds; r++ {
		t.Logf("round %d: %d games of %s, seed %d", r+1, *tuneGames, spec, *tuneSeed+uint64(r))
		tunedWeights = tuneRound(t, spec, *tuneSeed+uint64(r))
		spec = "best:nodes=3000,eval=tuned"
	}
}

// tuneRound plays the games of one round and returns the fitted weights.
func tuneRound(t *testing.T, spec string, seed uint64) [numPhases][numFeatures]int {
	samples := tuneSamples(t, spec, seed)
	// the order games finished in varies; the fit's sums must not
	sort.SliceStable(samples, func(i, j int) bool { return samples[i].game < samples[j].game })
	// games with g%5 == 0 are held out
	var train, test []tuneSample
	for _, s := range samples {
		if s.game%5 == 0 {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	t.Logf("%d games, %d training samples, %d held out", *tuneGames, len(train), len(test))
	var w [numPhases][numFeatures]float64
	var ws [numPhases]float64
	for ph := 0; ph < numPhases; ph++ {
		var xs [][]float64
		var ys []float64
		var sx [][]float64
		for _, s := range train {
			if s.phase != ph {
				continue
			}
			x := make([]float64, numFeatures)
			for i, v := range s.f {
				x[i] = float64(v)
			}
			xs = append(xs, x)
			sx = append(sx, []float64{float64(s.static) / 100})
			y := 0.0
			if s.win {
				y = 1
			}
			ys = append(ys, y)
		}
		copy(w[ph][:], fitLogistic(xs, ys, 1e-3))
		ws[ph] = fitLogistic(sx, ys, 1e-3)[0] / 100
	}
	// held-out log loss, tuned against static with its fitted scale
	var lt, ls [numPhases]float64
	var n [numPhases]int
	for _, s := range test {
		z := 0.0
		for i, v := range s.f {
			z += w[s.phase][i] * float64(v)
		}
		zs := ws[s.phase] * float64(s.static)
		lt[s.phase] += logLoss(z, s.win)
		ls[s.phase] += logLoss(zs, s.win)
		n[s.phase]++
	}
	for ph := 0; ph < numPhases; ph++ {
		t.Logf("phase %d: %d held-out samples, log loss tuned %.4f, static %.4f (static scale %.5f)", ph, n[ph], lt[ph]/float64(n[ph]), ls[ph]/float64(n[ph]), ws[ph])
	}
	var out [numPhases][numFeatures]int
	fmt.Printf("var tunedWeights = [numPhases][numFeatures]int{\n")
	for ph := 0; ph < numPhases; ph++ {
		fmt.Printf("\t{")
		for i := range w[ph] {
			if i > 0 {
				fmt.Printf(", ")
			}
			out[ph][i] = int(math.Round(1000 * w[ph][i]))
			fmt.Printf("%d", out[ph][i])
		}
		fmt.Printf("},\n")
	}
	fmt.Printf("}\n")
	for ph := 0; ph < numPhases; ph++ {
		for i, v := range w[ph] {
			t.Logf("phase %d %-18s %8.4f", ph, featureNames[i], v)
		}
	}
	return out
}

// tuneSamples plays the games of a round on two goroutines and returns
// their samples, in the order the games finished.
func tuneSamples(t *testing.T, spec string, seed uint64) []tuneSample {
	var (
		mu      sync.Mutex
		samples []tuneSample
		wg      sync.WaitGroup
		next    int
	)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ps [2]Player
			for k := range ps {
				p, err := NewPlayer(spec, 1)
				if err != nil {
					t.Error(err)
					return
				}
				ps[k] = p
			}
			for {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= *tuneGames {
					return
				}
				local := tuneGame(ps, seed, g)
				mu.Lock()
				samples = append(samples, local...)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return samples
}

// tuneGame plays game g of a round between ps, opened by 2 to 8 random
// moves drawn from the round's seed, and returns a sample for each
// player in each position after the opening.
func tuneGame(ps [2]Player, seed uint64, g int) []tuneSample {
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	ps[0].Reset(rng.Uint64())
	ps[1].Reset(rng.Uint64())
	b, _ := chainreact.NewBoard(9, 6, 2)
	b.TrackMasks()
	var boards []chainreact.Board
	opening := 2 + rng.IntN(7)
	var buf []chainreact.Move
	for !b.Over() {
		var m chainreact.Move
		if b.Ply() < opening {
			buf = b.AppendMoves(buf[:0])
			m = buf[rng.IntN(len(buf))]
		} else {
			m = ps[b.ToMove()].Choose(&b, nil)
		}
		b.Play(m)
		if !b.Over() && b.Ply() >= opening {
			boards = append(boards, b)
		}
	}
	var local []tuneSample
	for i := range boards {
		c := &boards[i]
		for p := 0; p < 2; p++ {
			s := tuneSample{phase: phaseOf(c), win: b.Winner() == p, game: g, static: staticMasks(c, p)}
			features(c, p, &s.f)
			local = append(local, s)
		}
	}
	return local
}

func logLoss(z float64, win bool) float64 {
	if win {
		return math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// fitLogistic fits P(y=1) = sigmoid(w·x) by Newton's method with an L2
// penalty lambda per sample.
func fitLogistic(xs [][]float64, ys []float64, lambda float64) []float64 {
	if len(xs) == 0 {
		return nil
	}
	d := len(xs[0])
	w := make([]float64, d)
	for it := 0; it < 25; it++ {
		g := make([]float64, d)
		h := make([][]float64, d)
		for i := range h {
			h[i] = make([]float64, d)
		}
		for k, x := range xs {
			z := 0.0
			for i := range x {
				z += w[i] * x[i]
			}
			p := 1 / (1 + math.Exp(-z))
			r := p - ys[k]
			q := p * (1 - p)
			for i := range x {
				g[i] += r * x[i]
				for j := range x {
					h[i][j] += q * x[i] * x[j]
				}
			}
		}
		nf := float64(len(xs))
		for i := range g {
			g[i] += lambda * nf * w[i]
			h[i][i] += lambda * nf
		}
		step := solve(h, g)
		done := true
		for i := range w {
			w[i] -= step[i]
			if math.Abs(step[i]) > 1e-7 {
				done = false
			}
		}
		if done {
			break
		}
	}
	return w
}

// solve solves h·x = g by Gaussian elimination with partial pivoting.
func solve(h [][]float64, g []float64) []float64 {
	n := len(g)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(append([]float64{}, h[i]...), g[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}
