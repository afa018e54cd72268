package solver

import "math"

// expExact returns e**x computed the same way on every machine: math.Exp
// runs assembly that differs by architecture and, on amd64, by whether
// the processor has fused multiply-add, and a weight one ulp off changes
// which move a playout draws. This is the classic reduction (x = k ln 2
// + r, e**r by a minimax polynomial; the algorithm of FreeBSD's
// e_exp.c, as in Go's portable math.Exp), with every product rounded
// on its own (an explicit float64 conversion stops the compiler fusing
// it into an addition), so the result is the same IEEE double
// everywhere. Its error is under 1 ulp, like math.Exp's.
func expExact(x float64) float64 {
	const (
		ln2Hi     = 6.93147180369123816490e-01
		ln2Lo     = 1.90821492927058770002e-10
		log2e     = 1.44269504088896338700e+00
		overflow  = 7.09782712893383973096e+02
		underflow = -7.45133219101941108420e+02
		nearZero  = 1.0 / (1 << 28)

		p1 = 1.66666666666666657415e-01
		p2 = -2.77777777770155933842e-03
		p3 = 6.61375632143793436117e-05
		p4 = -1.65339022054652515390e-06
		p5 = 4.13813679705723846039e-08
	)
	// Weights stay well inside ±700; the rest (and NaN) take the
	// general path.
	if !(-700 < x && x < 700) {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 1):
			return x
		case math.IsInf(x, -1):
			return 0
		case x > overflow:
			return math.Inf(1)
		case x < underflow:
			return 0
		}
	} else if -nearZero < x && x < nearZero {
		return 1 + x
	}
	var k int
	switch {
	case x < 0:
		k = int(float64(log2e*x) - 0.5)
	case x > 0:
		k = int(float64(log2e*x) + 0.5)
	}
	hi := x - float64(float64(k)*ln2Hi)
	lo := float64(float64(k) * ln2Lo)
	r := hi - lo
	t := float64(r * r)
	q := p4 + float64(t*p5)
	q = p3 + float64(t*q)
	q = p2 + float64(t*q)
	q = p1 + float64(t*q)
	c := r - float64(t*q)
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	if -1000 < k && k < 1000 {
		// y * 2**k is exact here, as math.Ldexp is: y is near 1.
		return y * math.Float64frombits(uint64(k+1023)<<52)
	}
	return math.Ldexp(y, k)
}
