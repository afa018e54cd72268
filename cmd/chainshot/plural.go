package main

import "fmt"

// plural counts n things: "1 move", "2 moves", "0 beads". noun is the
// singular; the plural adds an s, which every noun the tool counts takes.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// allOf is "all 3 lines", or "the 1 line" when there is one.
func allOf(n int, noun string) string {
	if n == 1 {
		return "the 1 " + noun
	}
	return "all " + plural(n, noun)
}

// isAre is the verb for n things.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// pluralThousands is plural with thousands separators: "1 position",
// "20,000 positions".
func pluralThousands(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return reactThousands(n) + " " + noun + "s"
}
