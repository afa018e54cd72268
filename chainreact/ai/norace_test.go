//go:build !race

package ai

const raceDetector = false
