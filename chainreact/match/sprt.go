package match

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"chainshot/internal/bounds"
	"chainshot/internal/words"
)

// The statistics of a match, as engine testers compute them
// (cutechess-cli, fastchess, fishtest): Elo from the score with a 95%
// interval, and a sequential probability ratio test.
//
// Games are paired: the two games of a pair start from the same opening
// with the seats swapped, so a pair's score (0, ½ or 1 for the first
// player named: Chain Reaction has no draws) cancels most of the
// advantage of an opening or of moving first. The statistics treat pairs
// as the trials, as fishtest's pentanomial model does (its five outcomes
// 0, ¼, ½, ¾, 1 reduce to three without draws).

// Penta counts finished pairs by the points the first player named
// scored in them: Penta[k] pairs where it won k of the 2 games.
type Penta [3]int

// Pairs returns the number of pairs counted.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] }

// Score returns the first player's mean score per game over the pairs,
// from 0 to 1 (½ when there are none).
func (p Penta) Score() float64 {
	n := p.Pairs()
	if n == 0 {
		return 0.5
	}
	return (float64(p[1]) + 2*float64(p[2])) / (2 * float64(n))
}

// EloOf returns the logistic Elo difference that predicts the score s
// (from 0 to 1): -400·log10(1/s - 1); ±Inf at 0 and 1.
func EloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreOf returns the expected score of a player elo logistic Elo points
// above its opponent: 1 / (1 + 10^(-elo/400)).
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo returns the Elo difference of the first player over the second
// and its 95% interval, from the pairs' scores (the normal approximation
// to the mean pair score, with the pairs' own variance; when every pair
// scored the same, Wilson's interval on the points). The interval has an
// infinite end when the score's reaches 0 or 1.
func (p Penta) Elo() (elo, lo, hi float64) {
	n := float64(p.Pairs())
	s := p.Score()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	v := 0.0
	for k, c := range p {
		d := float64(k)/2 - s
		v += float64(c) * d * d
	}
	if v == 0 {
		// every pair scored the same: no spread to measure, so the
		// interval is Wilson's on the points, as if from single games
		lo, hi := Wilson(p[1]+2*p[2], 2*p.Pairs())
		return EloOf(s), EloOf(lo), EloOf(hi)
	}
	se := math.Sqrt(v/n) / math.Sqrt(n)
	const z = 1.959963984540054
	return EloOf(s), EloOf(s - z*se), EloOf(s + z*se)
}

// SPRT is a sequential probability ratio test of H0: the first player is
// Elo0 logistic Elo stronger than the second, against H1: Elo1 stronger
// (Elo0 < Elo1), with false-positive rate Alpha (accepting H1 when H0
// holds) and false-negative rate Beta, as cutechess-cli's and fastchess's
// "-sprt elo0=E0 elo1=E1 alpha=A beta=B" (model logistic) take it.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// RateBound is the range of an SPRT's error rates, alpha and beta: the
// one bound of --alpha, --beta, the keys of --sprt and a record's test.
var RateBound = bounds.Float{Min: 0.0001, Max: 0.49}

// EloBound is the range of the Elo differences an SPRT tests.
var EloBound = bounds.Float{Min: -1000, Max: 1000}

// Check says what is wrong with the test's parameters, if anything.
func (t SPRT) Check() error {
	switch {
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("elo0 %g is not below elo1 %g: want ELO0 below ELO1", t.Elo0, t.Elo1)
	case EloBound.Check(t.Elo0) != nil || EloBound.Check(t.Elo1) != nil:
		return fmt.Errorf("elo0 %g and elo1 %g: want %s each", t.Elo0, t.Elo1, EloBound.Want())
	case RateBound.Check(t.Alpha) != nil:
		return fmt.Errorf("alpha %g: want %s", t.Alpha, RateBound.Want())
	case RateBound.Check(t.Beta) != nil:
		return fmt.Errorf("beta %g: want %s", t.Beta, RateBound.Want())
	}
	return nil
}

// SPRTForm is what ParseSPRT reads, in words.
const SPRTForm = "ELO0,ELO1 such as 0,10, or elo0=0,elo1=10,alpha=0.05,beta=0.05"

// ParseSPRT reads a test's parameters as a command line gives them:
// "ELO0,ELO1", or cutechess-cli's keys "elo0=E0,elo1=E1,alpha=A,beta=B"
// (commas or spaces between them), the keys overriding alpha and beta.
// An error says what is wrong with s, in its terms.
func ParseSPRT(s string, alpha, beta float64) (SPRT, error) {
	t := SPRT{Alpha: alpha, Beta: beta}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	seen := map[string]bool{}
	var plain []float64
	for _, f := range fields {
		k, v, keyed := strings.Cut(f, "=")
		if !keyed {
			v = f
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("%q is not a number: want %s", words.Clip(v, 40), SPRTForm)
		}
		if !keyed {
			plain = append(plain, x)
			continue
		}
		if seen[k] {
			return t, fmt.Errorf("%s given twice: want %s", k, SPRTForm)
		}
		seen[k] = true
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("unknown key %q: want %s", words.Clip(k, 40), SPRTForm)
		}
	}
	switch {
	case len(plain) == 2 && len(seen) == 0:
		t.Elo0, t.Elo1 = plain[0], plain[1]
	case len(plain) > 0 || !seen["elo0"] || !seen["elo1"]:
		return t, errors.New("want two Elo differences: " + SPRTForm)
	}
	if err := t.Check(); err != nil {
		return t, err
	}
	return t, nil
}

// String writes the test's parameters as ParseSPRT reads them, with
// cutechess-cli's keys: "elo0=0,elo1=10,alpha=0.05,beta=0.05".
func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%s,elo1=%s,alpha=%s,beta=%s", num(t.Elo0), num(t.Elo1), num(t.Alpha), num(t.Beta))
}

// num writes x as ParseSPRT reads it back exactly.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Bounds returns the log-likelihood ratios at which the test stops:
// below lower it accepts H0, above upper H1 (Wald's bounds,
// log(β/(1-α)) and log((1-β)/α)).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict is the state of a sequential test.
type Verdict int

// The verdicts.
const (
	Continue Verdict = iota // neither bound crossed yet
	AcceptH0                // the LLR fell to the lower bound: not Elo1 stronger
	AcceptH1                // the LLR rose to the upper bound: not only Elo0 stronger
)

// String says the verdict as engine testers write it.
func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Verdict returns the test's verdict at log-likelihood ratio llr.
func (t SPRT) Verdict(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr <= lower:
		return AcceptH0
	case llr >= upper:
		return AcceptH1
	}
	return Continue
}

// LLR returns the log-likelihood ratio of H1 against H0 for the pairs
// counted in p: the generalized (maximum-likelihood) ratio of fishtest's
// LLR_logistic over the pairs' scores.
func (t SPRT) LLR(p Penta) float64 {
	return gsprtLLR([]float64{0, 0.5, 1}, []float64{float64(p[0]), float64(p[1]), float64(p[2])}, ScoreOf(t.Elo0), ScoreOf(t.Elo1))
}

// gsprtLLR is the generalized log-likelihood ratio of mean s1 against
// mean s0 for trials with outcomes values[i] seen counts[i] times: the
// log of the likelihood of the counts under the most likely distribution
// on those outcomes with mean s1, over the same with mean s0. Each count
// is raised to at least 1e-3, as fishtest does, so that a distribution
// with any mean inside the outcomes' range exists.
func gsprtLLR(values, counts []float64, s0, s1 float64) float64 {
	n := 0.0
	freq := make([]float64, len(counts))
	for i, c := range counts {
		freq[i] = math.Max(c, 1e-3)
		n += freq[i]
	}
	for i := range freq {
		freq[i] /= n
	}
	// the likelihoods of the counts (divided by n) under each mean
	l0, l1 := constrainedLogLikelihood(values, freq, s0), constrainedLogLikelihood(values, freq, s1)
	return n * (l1 - l0)
}

// constrainedLogLikelihood returns Σ f_i log(p_i / f_i) for the
// distribution p of mean s that maximises it (the log-likelihood of the
// frequencies f under p, less that under f itself): p_i = f_i / (1 +
// λ(v_i - s)), λ the root of Σ p_i (v_i - s) = 0 between the values that
// keep every p_i positive.
func constrainedLogLikelihood(values, freq []float64, s float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, v := range values {
		switch d := v - s; {
		case d > 0:
			lo = math.Max(lo, -1/d)
		case d < 0:
			hi = math.Min(hi, -1/d)
		}
	}
	// g(λ) = Σ f_i d_i / (1 + λ d_i) falls from +∞ to -∞ on (lo, hi)
	g := func(l float64) float64 {
		sum := 0.0
		for i, v := range values {
			d := v - s
			sum += freq[i] * d / (1 + l*d)
		}
		return sum
	}
	const eps = 1e-12
	a, b := lo+eps*(1+math.Abs(lo)), hi-eps*(1+math.Abs(hi))
	for k := 0; k < 200 && b-a > 1e-15*(1+math.Abs(a)); k++ {
		m := (a + b) / 2
		if g(m) > 0 {
			a = m
		} else {
			b = m
		}
	}
	l := (a + b) / 2
	ll := 0.0
	for i, v := range values {
		if freq[i] > 0 {
			ll += freq[i] * math.Log(1/(1+l*(v-s)))
		}
	}
	return ll
}
