package main

import (
	"fmt"
	"strings"

	"chainshot/expendibots"
	"chainshot/internal/render"

	"github.com/urfave/cli/v2"
)

func boomShowCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "draw the board with its coordinates",
		ArgsUsage: "FILE.json",
		Description: "White stacks are w1, w2 ..., black ones b1, b2 ...; (0, 0) is the bottom left." +
			examples("chainshot boom show test-level-4.json"),
		Action: boomShow,
	}
}

// ANSI colours for "boom show" on a terminal.
const (
	ansiWhite = "\x1b[1;97m"
	ansiBlack = "\x1b[1;91m"
	ansiDim   = "\x1b[2m"
)

// drawBoard draws b with y = 7 at the top: "w2" is a white stack of 2,
// "b1" a black stack of 1, "." an empty square.
func drawBoard(b expendibots.Board, color bool) string {
	var sb strings.Builder
	paint := func(code, text string) {
		if color {
			sb.WriteString(code + text + render.ANSIReset)
		} else {
			sb.WriteString(text)
		}
	}
	sb.WriteString("y\n")
	for y := expendibots.Size - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%d |", y)
		for x := range expendibots.Size {
			v := b.At(x, y)
			label, code := ".", ansiDim
			switch {
			case v > 0:
				label, code = fmt.Sprintf("w%d", v), ansiWhite
			case v < 0:
				label, code = fmt.Sprintf("b%d", -v), ansiBlack
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

func boomShow(c *cli.Context) error {
	if err := wantArgs(c, "show", "FILE.json"); err != nil {
		return err
	}
	path := c.Args().First()
	b, err := loadBoomCase(c, "show", path)
	if err != nil {
		return err
	}
	s := ioFrom(c)
	_, err = fmt.Fprintf(s.Out, "%s: %s\n%s", path, describeCase(b), drawBoard(b, s.Color))
	return err
}
