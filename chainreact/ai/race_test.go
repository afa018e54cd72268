//go:build race

package ai

// raceDetector is set when the tests run under the race detector, which
// slows every node ten to twenty times: timings are then not the
// program's.
const raceDetector = true
