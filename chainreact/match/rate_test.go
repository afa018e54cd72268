package match

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFitRatingsTwoPlayers: with two players the fit has a closed form,
// the Elo of the score with the prior's virtual games counted:
// 30-10 becomes 31-11, 400·log10(31/11) = 180.0.
func TestFitRatingsTwoPlayers(t *testing.T) {
	r, err := FitRatings(2, []PairResult{{A: 0, B: 1, WinsA: 30, WinsB: 10}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := 400 * math.Log10(31.0/11)
	if math.Abs(r[0].Elo-want) > 1e-6 || r[1].Elo != 0 {
		t.Fatalf("ratings %+v, want %.3f and 0", r, want)
	}
	// the interval: the variance of a logit estimated from 42 games at
	// p = 31/42 is 1/(42·p·(1-p))
	p := 31.0 / 42
	se := 400 / math.Ln10 * math.Sqrt(1/(42*p*(1-p)))
	if math.Abs(r[0].Hi-r[0].Elo-1.959964*se) > 1e-3 || math.Abs(r[0].Elo-r[0].Lo-1.959964*se) > 1e-3 {
		t.Fatalf("interval [%v, %v] around %v, want ±%v", r[0].Lo, r[0].Hi, r[0].Elo, 1.959964*se)
	}
	// every game won: finite, thanks to the prior
	r, err = FitRatings(2, []PairResult{{A: 0, B: 1, WinsA: 20}}, 1)
	if err != nil || math.IsInf(r[0].Elo, 0) || r[0].Elo < 400*math.Log10(21) {
		t.Fatalf("20-0: %+v %v", r, err)
	}
}

// TestFitRatingsRecovers draws games from known ratings along a ladder
// (each player against its two next neighbours, as react rate plays
// them) and checks the fit finds the ratings within its intervals.
func TestFitRatingsRecovers(t *testing.T) {
	truth := []float64{0, 150, 250, 420, 500, 700}
	rng := rand.New(rand.NewPCG(5, 6))
	var res []PairResult
	for a := range truth {
		for b := a + 1; b < len(truth) && b <= a+2; b++ {
			pr := PairResult{A: a, B: b}
			for g := 0; g < 2000; g++ {
				if rng.Float64() < ScoreOf(truth[a]-truth[b]) {
					pr.WinsA++
				} else {
					pr.WinsB++
				}
			}
			res = append(res, pr)
		}
	}
	r, err := FitRatings(len(truth), res, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range truth {
		if r[i].Lo > want || r[i].Hi < want || r[i].Hi-r[i].Lo > 80 {
			t.Errorf("player %d: %.1f [%.1f, %.1f], truth %v", i, r[i].Elo, r[i].Lo, r[i].Hi, want)
		}
	}
	if _, err := FitRatings(4, []PairResult{{0, 1, 3, 2}, {2, 3, 1, 1}}, 0); err == nil || !strings.Contains(err.Error(), "not all connected") {
		t.Errorf("two separate pairs: %v", err)
	}
}
