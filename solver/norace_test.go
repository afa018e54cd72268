//go:build !race

package solver

const raceScale = 1
