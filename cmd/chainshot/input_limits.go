package main

import (
	"chainshot/internal/input"
	"os"
)

// Input limits. Each input file is read up to what its kind can hold
// legally, and no further, so that /dev/zero, a FIFO that never ends or
// a huge file is refused with one message, in little memory. Data-set
// files have theirs in package datasets (datasets.MaxFileBytes), results
// lines in package results (results.MaxLineBytes); results files are
// read a line at a time, whatever their length.
const (
	// maxPositionBytes: a Chain Reaction position has at most 16x16
	// cells of a few characters each, under 2 KiB with its headers.
	maxPositionBytes = 64 << 10
)

// readInput reads the file at path, a kind of file (in words: "an
// Expendibots case"), at most max bytes; past that, the error says the
// limit and why (holds: what such a file holds at most).
func readInput(path string, max int64, kind, holds string) ([]byte, error) {
	return input.Source{Notes: os.Stderr}.ReadAll(path, input.Kind{Name: kind, Max: max, MaxLine: int(max), Holds: holds})
}
