//go:build race

package exact

// underRace says the tests run under the race detector, which slows a
// solve about tenfold: the table tests then take smaller boards.
const underRace = true
