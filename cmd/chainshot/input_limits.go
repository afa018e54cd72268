package main

import (
	"fmt"
	"io"
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
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is over %s, more than %s holds (%s)", path, sizeText(max), kind, holds)
	}
	return data, nil
}

// sizeText writes a size of whole KiB or MiB: "64 KiB", "1 MiB".
func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
