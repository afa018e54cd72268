package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"chainshot/internal/words"
)

// The protocol's lines are short: a command is a word and a few numbers,
// a reply a move or a board. Both sides read them with these caps, so a
// program that writes without end is refused in little memory.
const (
	// MaxLine is the longest line either side reads, newline excluded.
	MaxLine = 4 << 10
	// MaxReplyLines is the most lines of one reply (a 16x16 board shown
	// takes 18).
	MaxReplyLines = 64
	// MaxDrain is the most of a long line the engine's side reads past,
	// to answer it and go on; past it the input is not the protocol.
	MaxDrain = 1 << 20
)

// ProtocolError is a line or reply that breaks the protocol's form.
type ProtocolError struct{ Msg string }

func (e *ProtocolError) Error() string { return e.Msg }

// errLong is a line over MaxLine bytes.
var errLong = &ProtocolError{fmt.Sprintf("a line over %d bytes, longer than any of the protocol", MaxLine)}

// errEndless is a line over MaxDrain bytes: no protocol's.
var errEndless = &ProtocolError{fmt.Sprintf("a line over %d bytes: not the engine protocol", MaxDrain)}

// readLine reads one line of at most MaxLine bytes, its newline (and a
// \r before it) dropped. A longer line is errLong: at once when drain is
// false; when it is true, once the line is read to its end (not kept),
// so that the reader can answer it and go on, but errEndless once
// MaxDrain bytes of it are read. At the end of the input it returns
// io.EOF (after the last line, if it had no newline).
func readLine(br *bufio.Reader, drain bool) (string, error) {
	var line []byte
	long, read := false, 0
	for {
		chunk, err := br.ReadSlice('\n')
		read += len(chunk)
		if !long && len(line)+len(chunk) > MaxLine+1 {
			long, line = true, nil
		}
		if !long {
			line = append(line, chunk...)
		}
		switch {
		case long && !drain:
			return "", errLong
		case long && read > MaxDrain:
			return "", errEndless
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && (len(line) == 0 && !long || !errors.Is(err, io.EOF)):
			return "", err
		case long:
			return "", errLong
		}
		return strings.TrimRight(string(line), "\r\n"), nil
	}
}

// readReply reads one reply of the engine protocol: "= result" or "?
// reason", any lines after, up to the empty line that ends it; each line
// at most MaxLine bytes (a longer one refused at once), at most
// MaxReplyLines of them. It returns the
// result (its lines joined by newlines) or the engine's reason as an
// error.
func readReply(br *bufio.Reader) (string, error) {
	var lines []string
	for {
		l, err := readLine(br, false)
		if err != nil {
			return "", err
		}
		if l == "" && len(lines) > 0 {
			break
		}
		if l != "" || len(lines) > 0 {
			if len(lines) == MaxReplyLines {
				return "", &ProtocolError{fmt.Sprintf("a reply of more than %d lines, longer than any of the protocol", MaxReplyLines)}
			}
			lines = append(lines, l)
		}
	}
	first := lines[0]
	switch {
	case strings.HasPrefix(first, "="):
		lines[0] = strings.TrimSpace(first[1:])
		return strings.Join(lines, "\n"), nil
	case strings.HasPrefix(first, "?"):
		return "", &ReasonError{Reason: strings.TrimSpace(first[1:])}
	}
	return "", &ProtocolError{fmt.Sprintf("reply %q does not start with = or ?", words.Clip(first, 80))}
}

// ReasonError is an engine's "? reason" reply.
type ReasonError struct{ Reason string }

func (e *ReasonError) Error() string { return fmt.Sprintf("engine says %q", e.Reason) }
