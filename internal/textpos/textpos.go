// Package textpos owns the one rule of every message that points into a
// file: where a defect is, as a 1-based line and column, the column
// counting characters (UTF-8 runes; a byte that is not UTF-8 counts as
// one), as an editor's status line shows it. Every parser turns its byte
// offsets into columns here, so a board file, a JSON line, an action
// file and a position file name the same column for the same place.
package textpos

import "unicode/utf8"

// Col returns the 1-based column of the byte at offset off of line (off
// is clamped to the line: len(line) is the column just past its end).
func Col(line []byte, off int) int {
	return utf8.RuneCount(line[:min(max(off, 0), len(line))]) + 1
}

// ColString is Col of a string.
func ColString(line string, off int) int {
	return utf8.RuneCountInString(line[:min(max(off, 0), len(line))]) + 1
}

// LineCol returns the 1-based line and column of the byte at offset off
// of text, lines ending at '\n' (off is clamped to the text).
func LineCol(text []byte, off int) (line, col int) {
	off = min(max(off, 0), len(text))
	start := 0
	line = 1
	for i, c := range text[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, Col(text[start:], off-start)
}
