// Package words writes the small phrases every message of the program
// shares, so that they read the same everywhere: counts ("1 bead", "2
// beads"), numbers with thousands separators, wrapped paragraphs, and
// errors without the package prefix of the domain packages.
package words

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Plural counts n things: "1 move", "2 moves", "0 beads". noun is the
// singular; the plural adds an s, which every noun the tool counts takes.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// AllOf is "all 3 lines", or "the 1 line" when there is one.
func AllOf(n int, noun string) string {
	if n == 1 {
		return "the 1 " + noun
	}
	return "all " + Plural(n, noun)
}

// IsAre is the verb for n things.
func IsAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Thousands writes n with commas between thousands: "20,000".
func Thousands(n uint64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// PluralThousands is Plural with thousands separators: "1 position",
// "20,000 positions".
func PluralThousands(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Thousands(n) + " " + noun + "s"
}

// Wrap wraps text at width columns, later lines starting with indent.
func Wrap(text string, width int, indent string) string {
	return WrapAt(text, width, 0, indent)
}

// WrapAt is Wrap for a text that starts at column start of its first line.
func WrapAt(text string, width, start int, indent string) string {
	var sb strings.Builder
	line := start
	for i, w := range strings.Fields(text) {
		if i > 0 && line+1+len(w) > width {
			sb.WriteString("\n" + indent)
			line = len(indent)
		} else if i > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(w)
		line += len(w)
	}
	return sb.String()
}

// PackagePrefixes are the prefixes of the packages' errors ("board:
// sample3.txt:1:8: ragged row ..."): in a message of the command line,
// the command path takes their place.
var PackagePrefixes = []string{"board: ", "chainreact: ", "datasets: ", "expendibots: ", "results: ", "picture: ", "outfile: ", "chart: ", "solver: "}

// WithoutPackage drops the packages' prefixes from a message: at its
// start ("datasets: nosuch.txt: ...") and after a colon ("FAIL: board:
// ...").
func WithoutPackage(msg string) string {
	for _, p := range PackagePrefixes {
		msg = strings.ReplaceAll(strings.TrimPrefix(msg, p), ": "+p, ": ")
	}
	return msg
}

// Clip shortens a long value quoted in a message to at most n bytes:
// a value longer than n keeps its first n-3 bytes, cut back to the
// start of a character so that the message stays valid UTF-8, and ends
// in "...". Every message that quotes what a user or a file gave clips
// it here, so that no message grows with its input.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(n-3, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
