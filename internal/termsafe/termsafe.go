// Package termsafe keeps text that came from a file or a request from
// driving the terminal it is printed on. It is the one escape of the
// program: standard output and standard error pass through its Writer,
// and a message that quotes a string from a file may call String.
//
// A terminal takes some bytes as commands: ESC starts a sequence that
// may set the window's title, clear the screen, move the cursor or make
// a link; BEL rings; a carriage return or backspace writes over what is
// shown; C1 controls (U+0080 to U+009F) are sequences on some terminals;
// the bidirectional overrides make text read in another order than it
// is stored. Each of them is shown as an escape instead, as Go and JSON
// both write it in a string: ESC as \u001b, U+202E as \u202e (so a JSON
// line stays JSON, meaning the same). Bytes that are not UTF-8 are shown
// as \xNN. Newlines and tabs are kept.
//
// The program's own colours are Select Graphic Rendition sequences (ESC
// [ numbers m): the Writer lets exactly those through, so a board can be
// drawn in colour through it. They only colour text. The program's own
// status lines and progress bars, which rewrite a line in place, are
// written to the terminal beside the Writer, never through it, and every
// text they show is passed through String first.
package termsafe

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// String returns s with every byte and rune a terminal would take as a
// command shown as an escape (see the package comment); newlines and
// tabs are kept, and so is nothing else that controls: not even a
// colour.
func String(s string) string {
	var out []byte
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			out = fmt.Appendf(out, `\x%02x`, s[i])
			i++
			continue
		}
		out = appendRune(out, r, s[i:i+n])
		i += n
	}
	return string(out)
}

// unsafeRune reports whether the terminal would take r as a command.
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// appendRune appends r, whose encoding is enc, or its escape.
func appendRune(out []byte, r rune, enc string) []byte {
	switch {
	case !unsafeRune(r):
		return append(out, enc...)
	}
	return fmt.Appendf(out, `\u%04x`, r)
}

// Writer passes text on to the writer under it with every command
// byte escaped as String does, but for SGR colour sequences, which it
// passes as they are. A sequence or a rune split between two writes is
// held until the next write completes it (or Flush).
type Writer struct {
	w    io.Writer
	held []byte // the start of a sequence or rune not yet complete
}

// NewWriter returns a Writer over w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Under returns the writer under t.
func (t *Writer) Under() io.Writer { return t.w }

// maxSGR is the longest colour sequence held while it is incomplete;
// a longer one is no colour the program writes, and is escaped.
const maxSGR = 32

// Write writes p, escaped; it reports len(p) when every byte was
// written or held.
func (t *Writer) Write(p []byte) (int, error) {
	buf := append(t.held, p...)
	t.held = nil
	var out []byte
	i := 0
	for i < len(buf) {
		c := buf[i]
		if c == 0x1b {
			n, complete := sgrLen(buf[i:])
			if !complete {
				t.held = append([]byte(nil), buf[i:]...)
				break
			}
			if n > 0 {
				out = append(out, buf[i:i+n]...)
				i += n
				continue
			}
		}
		if c < utf8.RuneSelf {
			out = appendRune(out, rune(c), string(c))
			i++
			continue
		}
		if !utf8.FullRune(buf[i:]) {
			t.held = append([]byte(nil), buf[i:]...)
			break
		}
		r, n := utf8.DecodeRune(buf[i:])
		if r == utf8.RuneError && n <= 1 {
			out = fmt.Appendf(out, `\x%02x`, c)
			i++
			continue
		}
		out = appendRune(out, r, string(buf[i:i+n]))
		i += n
	}
	if len(out) > 0 {
		if _, err := t.w.Write(out); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes what is held, escaped: an incomplete sequence or rune at
// the end of the output is no colour and no character.
func (t *Writer) Flush() error {
	if len(t.held) == 0 {
		return nil
	}
	s := String(string(t.held))
	t.held = nil
	_, err := io.WriteString(t.w, s)
	return err
}

// sgrLen returns the length of the SGR sequence at the start of b (ESC
// '[' then digits and semicolons, then 'm'), or 0 if b starts with
// something else; complete is false when b ends before the sequence
// could be told apart.
func sgrLen(b []byte) (n int, complete bool) {
	if len(b) < 2 {
		return 0, false
	}
	if b[1] != '[' {
		return 0, true
	}
	for i := 2; i < len(b); i++ {
		if i >= maxSGR {
			return 0, true // longer than any colour the program writes
		}
		switch c := b[i]; {
		case c >= '0' && c <= '9' || c == ';':
		case c == 'm':
			return i + 1, true
		default:
			return 0, true
		}
	}
	return 0, false
}
