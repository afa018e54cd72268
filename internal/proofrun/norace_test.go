//go:build !race

package proofrun

// underRace: see race_test.go.
const underRace = false
