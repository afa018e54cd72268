package tui

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// Ask prints prompt on w and reads one line from r, a byte at a time so
// that nothing after the line is taken from the terminal the game then
// reads. ok is false when the input ended; ctx ending (Ctrl-C) returns
// ctx's error.
func Ask(ctx context.Context, r io.Reader, w io.Writer, prompt string) (line string, ok bool, err error) {
	fmt.Fprint(w, prompt)
	type answer struct {
		line string
		ok   bool
	}
	got := make(chan answer, 1)
	go func() {
		var sb strings.Builder
		var b [1]byte
		for sb.Len() < 4<<10 {
			n, err := r.Read(b[:])
			if n == 1 && b[0] == '\n' {
				break
			}
			if n == 1 {
				sb.WriteByte(b[0])
			}
			if err != nil {
				got <- answer{sb.String(), sb.Len() > 0}
				return
			}
		}
		got <- answer{sb.String(), true}
	}()
	select {
	case a := <-got:
		if !a.ok {
			fmt.Fprintln(w)
		}
		return strings.TrimSpace(a.line), a.ok, nil
	case <-ctx.Done():
		fmt.Fprintln(w)
		return "", false, ctx.Err()
	}
}
