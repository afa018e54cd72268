//go:build race

package check

// underRace says the tests run under the race detector, which slows a
// check about tenfold and has nothing to find in this package (it runs
// no goroutines): the tests that run the others again then skip.
const underRace = true
