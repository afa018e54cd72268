package match

import (
	"errors"
	"fmt"
	"math"
)

// PairResult is the result of the games between players A and B of a
// rating list: A won WinsA of them, B WinsB.
type PairResult struct {
	A, B         int
	WinsA, WinsB int
}

// Rating is a player's logistic Elo on a rating list, with its 95%
// interval.
type Rating struct {
	Elo, Lo, Hi float64
}

// RatingPrior is the prior of FitRatings: each pairing played counts as
// if each side had also won this many more games, as BayesElo's prior of
// virtual draws does, so that a player who won or lost every game still
// has a finite rating.
const RatingPrior = 1

// FitRatings fits logistic Elo ratings to the results of a rating list
// of n players by maximum likelihood (the Bradley-Terry model: A beats B
// with probability 1/(1+10^((R_B-R_A)/400))), with RatingPrior virtual
// wins each way in every pairing played; player anchor is rated 0. Each
// interval is ±1.96 standard errors, from the curvature of the
// log-likelihood at its maximum (Fisher information), relative to the
// anchor. The players must be connected by their pairings.
func FitRatings(n int, results []PairResult, anchor int) ([]Rating, error) {
	if n < 2 || anchor < 0 || anchor >= n {
		return nil, fmt.Errorf("chainreact: a rating list of %d players anchored on player %d", n, anchor)
	}
	// wins[a][b]: games a won against b, the prior included
	wins := make([][]float64, n)
	for i := range wins {
		wins[i] = make([]float64, n)
	}
	for _, r := range results {
		if r.A < 0 || r.B < 0 || r.A >= n || r.B >= n || r.A == r.B || r.WinsA < 0 || r.WinsB < 0 {
			return nil, fmt.Errorf("chainreact: bad pairing %+v", r)
		}
		if r.WinsA+r.WinsB == 0 {
			continue
		}
		if wins[r.A][r.B]+wins[r.B][r.A] == 0 {
			wins[r.A][r.B], wins[r.B][r.A] = RatingPrior, RatingPrior
		}
		wins[r.A][r.B] += float64(r.WinsA)
		wins[r.B][r.A] += float64(r.WinsB)
	}
	// the free players, all but the anchor
	free := make([]int, 0, n-1)
	for i := 0; i < n; i++ {
		if i != anchor {
			free = append(free, i)
		}
	}
	r := make([]float64, n) // ratings in natural log-odds units
	var hess [][]float64
	for it := 0; it < 100; it++ {
		grad, h := ratingDerivatives(r, wins, free)
		step, err := solveLinear(h, grad)
		if err != nil {
			return nil, errors.New("chainreact: the rating list's players are not all connected by games")
		}
		size := 0.0
		for k, i := range free {
			// Newton's step, damped to at most 2 logits a player
			d := math.Max(-2, math.Min(2, step[k]))
			r[i] += d
			size = math.Max(size, math.Abs(d))
		}
		hess = h
		if size < 1e-10 {
			break
		}
	}
	_, hess = ratingDerivatives(r, wins, free)
	cov, err := invert(hess)
	if err != nil {
		return nil, errors.New("chainreact: the rating list's players are not all connected by games")
	}
	const z = 1.959963984540054
	scale := 400 / math.Ln10
	out := make([]Rating, n)
	for k, i := range free {
		se := math.Sqrt(math.Max(cov[k][k], 0))
		out[i] = Rating{Elo: scale * r[i], Lo: scale * (r[i] - z*se), Hi: scale * (r[i] + z*se)}
	}
	return out, nil
}

// ratingDerivatives returns the gradient of the log-likelihood over the
// free players' ratings and the negated Hessian (positive definite when
// the players are connected).
func ratingDerivatives(r []float64, wins [][]float64, free []int) ([]float64, [][]float64) {
	n := len(r)
	index := make([]int, n)
	for i := range index {
		index[i] = -1
	}
	for k, i := range free {
		index[i] = k
	}
	grad := make([]float64, len(free))
	h := make([][]float64, len(free))
	for k := range h {
		h[k] = make([]float64, len(free))
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			games := wins[a][b] + wins[b][a]
			if games == 0 {
				continue
			}
			p := 1 / (1 + math.Exp(r[b]-r[a])) // a beats b
			g := wins[a][b] - games*p          // d/dr_a of the log-likelihood
			w := games * p * (1 - p)
			ka, kb := index[a], index[b]
			if ka >= 0 {
				grad[ka] += g
				h[ka][ka] += w
			}
			if kb >= 0 {
				grad[kb] -= g
				h[kb][kb] += w
			}
			if ka >= 0 && kb >= 0 {
				h[ka][kb] -= w
				h[kb][ka] -= w
			}
		}
	}
	return grad, h
}

// solveLinear solves a·x = y by Gaussian elimination with partial
// pivoting.
func solveLinear(a [][]float64, y []float64) ([]float64, error) {
	n := len(y)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append([]float64(nil), a[i]...), y[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(m[i][c]) > math.Abs(m[p][c]) {
				p = i
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, errors.New("singular")
		}
		m[c], m[p] = m[p], m[c]
		for i := 0; i < n; i++ {
			if i == c {
				continue
			}
			f := m[i][c] / m[c][c]
			for j := c; j <= n; j++ {
				m[i][j] -= f * m[c][j]
			}
		}
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = m[i][n] / m[i][i]
	}
	return x, nil
}

// invert returns the inverse of a, column by column.
func invert(a [][]float64) ([][]float64, error) {
	n := len(a)
	inv := make([][]float64, n)
	for i := range inv {
		inv[i] = make([]float64, n)
	}
	for c := 0; c < n; c++ {
		e := make([]float64, n)
		e[c] = 1
		col, err := solveLinear(a, e)
		if err != nil {
			return nil, err
		}
		for i := range col {
			inv[i][c] = col[i]
		}
	}
	return inv, nil
}
