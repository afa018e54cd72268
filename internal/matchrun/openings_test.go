package matchrun

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"chainshot/chainreact/match"
)

// endless repeats a line for ever, as "yes" does.
type endless struct {
	line []byte
	at   int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.line[e.at:])
		n += c
		e.at = (e.at + c) % len(e.line)
	}
	return n, nil
}

// TestReadOpeningsCaps: the openings file is read with caps, each said
// in the message: a line longer than any opening, a file fed for ever
// ("yes" on a FIFO), a stream of zeros. Messages never say a Go type or
// bufio's "token too long".
func TestReadOpeningsCaps(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    io.Reader
		want string
	}{
		{"yes", &endless{line: []byte("1 1\n")}, "more than 100,000 openings; a match takes at most 100,000"},
		{"a long line", strings.NewReader("1 1," + strings.Repeat(" ", 70<<10) + "2 2\n"), "o.txt:1: the line is over 64 KiB, longer than any line of an openings file"},
		{"zeros", &endless{line: []byte{0}}, "o.txt:1: the line is over 64 KiB"},
		{"yes with long lines", &endless{line: []byte("1 1" + strings.Repeat(" ", 60<<10) + "\n")}, "o.txt is over 16 MiB, more than an openings file holds"},
	} {
		_, err := readOpenings(tc.r, "o.txt", 9, 6)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "bufio") {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// FuzzReadOpenings: any file is read or refused, never a panic; what is
// read is legal, and written back one a line reads the same.
func FuzzReadOpenings(f *testing.F) {
	f.Add([]byte("# two\n1 1, 9 6\n\n5 3\n"))
	f.Add([]byte("1 1, 1 1\n"))
	f.Add([]byte("\x00\xff\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := readOpenings(bytes.NewReader(data), "f", 9, 6)
		if err != nil {
			if strings.Contains(err.Error(), "bufio") || strings.Contains(err.Error(), "strconv") {
				t.Fatalf("a message not in the file's terms: %v", err)
			}
			return
		}
		var back bytes.Buffer
		for _, moves := range o {
			if err := match.CheckOpening(9, 6, moves); err != nil {
				t.Fatalf("read an illegal opening: %v", err)
			}
			back.WriteString(match.FormatOpening(9, 6, moves) + "\n")
		}
		again, err := readOpenings(&back, "f", 9, 6)
		if err != nil || !slices.EqualFunc(again, o, slices.Equal) {
			t.Fatalf("written back, the openings read otherwise: %v", err)
		}
	})
}
