package engine

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/internal/words"
)

// firstMove plays the first legal move.
type firstMove struct{}

func (firstMove) Choose(b *chainreact.Board, _ []chainreact.Move) chainreact.Move {
	return b.AppendMoves(nil)[0]
}

// endless is input that never ends and has no newline: /dev/zero.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestServeEngineCaps: a command line longer than any of the protocol is
// answered with a reason and read past in little memory; the session
// goes on; a line without end ends it, past MaxDrain. A reply that is
// endless or too long is refused on the other side in the protocol's
// terms, at once.
func TestServeEngineCaps(t *testing.T) {
	in := "name\n" + strings.Repeat("x", MaxDrain-1) + "\nversion\n"
	var out strings.Builder
	if err := ServeEngine(strings.NewReader(in), &out, firstMove{}, EngineInfo{Name: "test", Version: "1"}); err != nil {
		t.Fatal(err)
	}
	want := "= test\n\n? a line over 4096 bytes, longer than any of the protocol\n\n= 1\n\n"
	if out.String() != want {
		t.Errorf("session:\n%q\nwant:\n%q", out.String(), want)
	}
	// a reason quotes a long command in part: its line stays under the cap
	out.Reset()
	if err := ServeEngine(strings.NewReader(strings.Repeat("y", 4000)+"\n"), &out, firstMove{}, EngineInfo{}); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, `? unknown command "yyy`) || len(got) > 100 {
		t.Errorf("the reply to a long unknown command: %q", words.Clip(got, 80))
	}
	// a line without end: the session ends, refused
	out.Reset()
	if err := ServeEngine(io.MultiReader(strings.NewReader("name\n"), endless{}), &out, firstMove{}, EngineInfo{Name: "test"}); err == nil || err.Error() != errEndless.Error() || out.String() != "= test\n\n" {
		t.Errorf("an endless line: %v, session %q", err, out.String())
	}
	// an endless reply: refused once it passes MaxLine
	if _, err := readReply(bufio.NewReader(endless{})); err == nil || err.Error() != errLong.Error() {
		t.Errorf("an endless reply: %v", err)
	}
	for _, tc := range []struct{ reply, want string }{
		{"= " + strings.Repeat("1", 5000) + "\n\n", "a line over 4096 bytes"},
		{"=\n" + strings.Repeat("x\n", 100) + "\n", "a reply of more than 64 lines"},
		{"hello\n\n", `reply "hello" does not start with = or ?`},
		{"? no\n\n", `engine says "no"`},
		{"= 1 1\n\n", ""},
	} {
		got, err := readReply(bufio.NewReader(strings.NewReader(tc.reply)))
		if tc.want == "" {
			if err != nil || got != "1 1" {
				t.Errorf("%q: %q, %v", tc.reply, got, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", words.Clip(tc.reply, 80), err, tc.want)
		}
	}
}

// FuzzServeEngine: any input is answered or ends the session, never a
// panic; every reply is "= ..." or "? ..." and its empty line, its
// reasons in the protocol's terms (no Go error).
func FuzzServeEngine(f *testing.F) {
	f.Add([]byte("name\nboardsize 3 3\nplay 1 1\ngenmove\nshowboard\nquit\n"))
	f.Add([]byte("players 9\nboardsize 99999999999999999999 2\nplay x y\n"))
	f.Add([]byte("boardsize 2 2\nplay 1 1\nplay 2 2\nplay 1 1\ngenmove\ngenmove\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		if err := ServeEngine(bytes.NewReader(data), &out, firstMove{}, EngineInfo{Name: "n", Version: "v"}); err != nil {
			t.Fatalf("ServeEngine: %v", err)
		}
		if strings.Contains(out.String(), "strconv") || strings.Contains(out.String(), "bufio") {
			t.Fatalf("a Go error in a reply: %q", out.String())
		}
		br := bufio.NewReader(&out)
		for br.Buffered() > 0 || out.Len() > 0 {
			if _, err := readReply(br); err != nil {
				if _, ok := err.(*ReasonError); !ok {
					t.Fatalf("a reply that is not the protocol's: %v", err)
				}
			}
		}
	})
}

// FuzzReadReply: any bytes from an engine are read as a reply or
// refused, never a panic, every error in the protocol's terms.
func FuzzReadReply(f *testing.F) {
	f.Add([]byte("= 1 1\n\n"))
	f.Add([]byte("? no\n\n"))
	f.Add([]byte("=\nplayers: R G\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := readReply(bufio.NewReader(bytes.NewReader(data)))
		if err != nil {
			if strings.Contains(err.Error(), "bufio") {
				t.Fatalf("%q: %v", data, err)
			}
			return
		}
		if len(got) > MaxReplyLines*(MaxLine+1) {
			t.Fatalf("%q: a reply of %d bytes passed the caps", data, len(got))
		}
	})
}
