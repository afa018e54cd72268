package termsafe

import (
	"bytes"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"two\nlines\tand a tab", "two\nlines\tand a tab"},
		{"x\x1b]0;pwned\a\x1b[2J", `x\u001b]0;pwned\u0007\u001b[2J`},
		{"colour \x1b[31mred\x1b[0m", `colour \u001b[31mred\u001b[0m`},
		{"over\rwrite\b", `over\u000dwrite\u0008`},
		{"del\x7f", `del\u007f`},
		{"c1 \u009b2J", `c1 \u009b2J`},
		{"bidi \u202egnp.exe", `bidi \u202egnp.exe`},
		{"isolate \u2066x\u2069", `isolate \u2066x\u2069`},
		{"bad utf-8 \xff\xfe", `bad utf-8 \xff\xfe`},
		{"wide: ×–é漢", "wide: ×–é漢"},
		{"nul\x00", `nul\u0000`},
	}
	for _, tt := range tests {
		if got := String(tt.in); got != tt.want {
			t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWriterKeepsColoursOnly(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a \x1b[1;31mR\x1b[0m b", "a \x1b[1;31mR\x1b[0m b"},
		{"\x1b[2J clear", `\u001b[2J clear`},
		{"\x1b]0;title\a", `\u001b]0;title\u0007`},
		{"\x1b[31", `\u001b[31`}, // cut at the end: no colour
		{"\x1b[" + strings.Repeat("1;", 40) + "m", `\u001b[` + strings.Repeat("1;", 40) + "m"},
		{"ok\n", "ok\n"},
		{"\xff", `\xff`},
		{"é", "é"},
	}
	for _, tt := range tests {
		// Whole, then split at every byte: the result is the same.
		for split := 0; split <= len(tt.in); split++ {
			var b bytes.Buffer
			w := NewWriter(&b)
			for _, part := range []string{tt.in[:split], tt.in[split:]} {
				if n, err := w.Write([]byte(part)); err != nil || n != len(part) {
					t.Fatalf("Write(%q) = %d, %v", part, n, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != tt.want {
				t.Errorf("split %d of %q: got %q, want %q", split, tt.in, got, tt.want)
			}
		}
	}
}

func FuzzWriter(f *testing.F) {
	f.Add([]byte("a\x1b[31mb\x1b]0;x\a\u202e\xff"), 3)
	f.Fuzz(func(t *testing.T, data []byte, split int) {
		if split < 0 || split > len(data) {
			split = len(data) / 2
		}
		var b bytes.Buffer
		w := NewWriter(&b)
		w.Write(data[:split])
		w.Write(data[split:])
		w.Flush()
		out := b.Bytes()
		// Every ESC left is the start of a colour sequence.
		for i := 0; i < len(out); i++ {
			if out[i] == 0x1b {
				n, complete := sgrLen(out[i:])
				if n == 0 || !complete {
					t.Fatalf("an ESC that starts no colour passed: %q", out)
				}
			} else if out[i] < 0x20 && out[i] != '\n' && out[i] != '\t' {
				t.Fatalf("control byte %#x passed: %q", out[i], out)
			}
		}
	})
}
