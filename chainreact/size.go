package chainreact

import (
	"fmt"
	"strconv"
	"strings"
)

// SizeWant says what ParseSize takes, for a message: "RxC, rows by
// columns, 2 to 16 rows and 2 to 16 columns, like 9x6".
var SizeWant = fmt.Sprintf("RxC, rows by columns, 2 to %d rows and 2 to %d columns, like 9x6", MaxRows, MaxCols)

// ParseSize reads a board size as commands and files write it, "RxC",
// rows by columns ("9x6", "9X6"): 2 to MaxRows rows and 2 to MaxCols
// columns. FormatSize writes it.
func ParseSize(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 2 || cols < 2 || rows > MaxRows || cols > MaxCols {
		return 0, 0, fmt.Errorf("chainreact: board size %q: want %s", s, SizeWant)
	}
	return rows, cols, nil
}

// FormatSize writes a board size as ParseSize reads it: "9x6".
func FormatSize(rows, cols int) string { return fmt.Sprintf("%dx%d", rows, cols) }
