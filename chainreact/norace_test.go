//go:build !race

package chainreact

const raceDetector = false
