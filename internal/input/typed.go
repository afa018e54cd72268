package input

import "io"

// TypedLine is a line a player typed on standard input (or a script
// gave), or the error that ended the input.
type TypedLine struct {
	Text string
	Err  error
}

// MaxTyped is the longest line a player may type: a move, a command or
// a file's name.
const MaxTyped = 4 << 10

// typedKind is what Typed reads.
var typedKind = Kind{Name: "what a player types", MaxLine: MaxTyped, Holds: "a move, a command or a file's name"}

// TypedTooLong is the error of a line typed over MaxTyped, where its
// number is not known (a prompt that reads one line).
func TypedTooLong() error { return &Error{Path: "stdin", Err: LineTooLong(typedKind)} }

// Typed returns the lines of r as they are read, each at most MaxTyped
// bytes, the channel closed at the end of input (after a line with Err
// when an error, such as a line over the cap, ended it): the one reader
// of what the games' players type. The reading goroutine ends with the
// input (or the program).
func Typed(r io.Reader) <-chan TypedLine {
	lines := make(chan TypedLine)
	go func() {
		defer close(lines)
		err := Lines(r, "stdin", typedKind, func(l Line) error {
			lines <- TypedLine{Text: string(l.Text)}
			return nil
		})
		if err != nil {
			lines <- TypedLine{Err: err}
		}
	}()
	return lines
}
