package render

import (
	"fmt"
	"strings"

	"chainshot/expendibots"
	"chainshot/internal/words"
)

// ANSI colours for "boom show" on a terminal.
const (
	// ANSIWhite, ANSIBlack and ANSIDim colour the stacks and the empty squares.
	ANSIWhite = "\x1b[1;97m"
	ANSIBlack = "\x1b[1;91m"
	ANSIDim   = "\x1b[2m"
)

// Expendibots draws b with y = 7 at the top: "w2" is a white stack of 2,
// "b1" a black stack of 1, "." an empty square.
func Expendibots(b expendibots.Board, color bool) string {
	var sb strings.Builder
	paint := func(code, text string) {
		if color {
			sb.WriteString(code + text + ANSIReset)
		} else {
			sb.WriteString(text)
		}
	}
	sb.WriteString("y\n")
	for y := expendibots.Size - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%d |", y)
		for x := range expendibots.Size {
			v := b.At(x, y)
			label, code := ".", ANSIDim
			switch {
			case v > 0:
				label, code = fmt.Sprintf("w%d", v), ANSIWhite
			case v < 0:
				label, code = fmt.Sprintf("b%d", -v), ANSIBlack
			}
			sb.WriteByte(' ')
			paint(code, label)
			if x < expendibots.Size-1 {
				sb.WriteString(strings.Repeat(" ", max(0, 3-len(label))))
			}
		}
		sb.WriteString("\n")
	}
	sb.WriteString("  +" + strings.Repeat("-", 4*expendibots.Size) + "\n   ")
	for x := range expendibots.Size {
		fmt.Fprintf(&sb, " %d  ", x)
	}
	sb.WriteString("x\n")
	return sb.String()
}

// ExpendibotsSummary counts a case's tokens and stacks: "white 5 tokens in 4
// stacks, black 15 tokens in 12 stacks".
func ExpendibotsSummary(b expendibots.Board) string {
	var ws, bs int
	for _, st := range b.Stacks() {
		if st.Colour == expendibots.White {
			ws++
		} else {
			bs++
		}
	}
	w, bl := b.Tokens()
	return fmt.Sprintf("white %s in %s, black %s in %s", words.Plural(w, "token"), words.Plural(ws, "stack"), words.Plural(bl, "token"), words.Plural(bs, "stack"))
}
