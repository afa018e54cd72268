//go:build race

package solver

// raceScale divides the tests' node budgets under the race detector,
// which slows the searches about tenfold.
const raceScale = 5
