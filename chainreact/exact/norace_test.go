//go:build !race

package exact

// underRace: see race_test.go.
const underRace = false
