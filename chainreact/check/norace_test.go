//go:build !race

package check

// underRace: see race_test.go.
const underRace = false
