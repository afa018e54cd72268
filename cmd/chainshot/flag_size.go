package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// Board sizes are "RxC" everywhere: rows by columns ("--size 15x15",
// "--size 9x6").

// sizeFlag is a --size flag that takes RxC with rows and columns from lo
// to maxRows and maxCols, checked when it is given.
func sizeFlag(value string, lo, maxRows, maxCols int, usage string) *cli.StringFlag {
	f := &cli.StringFlag{Name: "size", Value: value, Usage: usage}
	f.Action = func(c *cli.Context, v string) error {
		if _, _, ok := parseRxC(v, lo, maxRows, maxCols); !ok {
			return flagError(c, f, fmt.Sprintf("%q", v), fmt.Sprintf("RxC, rows by columns, %d to %d rows and %d to %d columns, like %s", lo, maxRows, lo, maxCols, value))
		}
		return nil
	}
	return f
}

// parseRxC reads "RxC" (or "RXC"), rows and columns each from lo to their
// maximum.
func parseRxC(s string, lo, maxRows, maxCols int) (rows, cols int, ok bool) {
	r, c, found := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !found || err1 != nil || err2 != nil || rows < lo || cols < lo || rows > maxRows || cols > maxCols {
		return 0, 0, false
	}
	return rows, cols, true
}
