package tui

import (
	"context"
	"fmt"
	"io"
	"strings"

	"chainshot/internal/input"
)

// Ask prints prompt on w and reads one line from r, a byte at a time so
// that nothing after the line is taken from the terminal the game then
// reads, at most input.MaxTyped bytes (what input.Typed takes of a line
// typed). ok is false when the input ended; ctx ending (Ctrl-C) returns
// ctx's error; a longer line or a failed read, an *input.Error.
func Ask(ctx context.Context, r io.Reader, w io.Writer, prompt string) (line string, ok bool, err error) {
	fmt.Fprint(w, prompt)
	type answer struct {
		line string
		ok   bool
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		var sb strings.Builder
		var b [1]byte
		for {
			n, err := r.Read(b[:])
			if n == 1 && b[0] == '\n' {
				break
			}
			if n == 1 {
				sb.WriteByte(b[0])
			}
			if sb.Len() > input.MaxTyped {
				got <- answer{err: input.TypedTooLong()}
				return
			}
			if err == io.EOF {
				got <- answer{sb.String(), sb.Len() > 0, nil}
				return
			}
			if err != nil {
				got <- answer{err: &input.Error{Path: "stdin", Err: err}}
				return
			}
		}
		got <- answer{sb.String(), true, nil}
	}()
	select {
	case a := <-got:
		if !a.ok {
			fmt.Fprintln(w)
		}
		return strings.TrimSpace(a.line), a.ok, a.err
	case <-ctx.Done():
		fmt.Fprintln(w)
		return "", false, ctx.Err()
	}
}
