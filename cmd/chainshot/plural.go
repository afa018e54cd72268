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
