package picture

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
)

// axisStyle names the Expendibots axes, x and y.
var axisStyle = textStyle{size: 14, bold: true}

// ExpendibotsSize is the side of the Expendibots board.
const ExpendibotsSize = 8

// Square is an Expendibots square: X the column from 0 (left) to 7, Y the
// row from 0 (bottom) to 7 (top), as the game's JSON gives them.
type Square struct {
	X, Y int
}

// Stack is N tokens of one colour on square (X, Y).
type Stack struct {
	X, Y, N int
	// Black is true for a black stack, false for a white one.
	Black bool
}

// ExpendibotsFrame is one picture of an Expendibots board.
type ExpendibotsFrame struct {
	// Stacks are the tokens on the board.
	Stacks []Stack
	// Boom lists the squares whose tokens just blew up, drawn as bursts.
	Boom []Square
	// From and To, when both are set, draw the move just made as an arrow.
	From, To *Square
	// Caption is drawn above the board, e.g. "2/4: BOOM at (3, 4).".
	Caption string
}

var (
	lightSquare = rgb(0xf1ede4)
	darkSquare  = rgb(0xddd6c6)
	blackToken  = rgb(0x262626)
	moveArrow   = rgb(0x0072b2) // Okabe–Ito blue
)

var expendibotsPalette = makePalette(
	[]color.RGBA{paper, ink, coordInk, white, lightSquare, darkSquare, blackToken, moveArrow, burstOut, burstIn},
	blendSet{inks: []color.RGBA{ink, blackToken, white, moveArrow, burstOut, burstIn}, papers: []color.RGBA{lightSquare, darkSquare}},
	blendSet{inks: []color.RGBA{burstIn, moveArrow, ink}, papers: []color.RGBA{burstOut, white, blackToken}},
	// Text: captions and coordinates on paper, heights on tokens.
	blendSet{inks: []color.RGBA{ink, coordInk}, papers: []color.RGBA{paper}},
	blendSet{inks: []color.RGBA{white}, papers: []color.RGBA{blackToken}},
)

type expendibotsLayout struct {
	cell          int
	width, height int
	x0, y0        int
}

func newExpendibotsLayout(frames []ExpendibotsFrame, opts Options) (expendibotsLayout, error) {
	var l expendibotsLayout
	l.cell = orDefault(opts.Cell, 48)
	if l.cell < 16 || l.cell > 400 {
		return l, fmt.Errorf("picture: %d-pixel squares are too large or too small to draw", l.cell)
	}
	in := func(s Square) bool { return s.X >= 0 && s.X < ExpendibotsSize && s.Y >= 0 && s.Y < ExpendibotsSize }
	captions := make([]string, len(frames))
	for k, f := range frames {
		captions[k] = f.Caption
		for _, s := range f.Stacks {
			if !in(Square{s.X, s.Y}) || s.N < 1 {
				return l, fmt.Errorf("picture: frame %d: stack of %d at (%d, %d), want 1 or more tokens on x and y from 0 to 7", k+1, s.N, s.X, s.Y)
			}
		}
		for _, s := range f.Boom {
			if !in(s) {
				return l, fmt.Errorf("picture: frame %d: boom at (%d, %d), want x and y from 0 to 7", k+1, s.X, s.Y)
			}
		}
		for _, s := range []*Square{f.From, f.To} {
			if s != nil && !in(*s) {
				return l, fmt.Errorf("picture: frame %d: move square (%d, %d), want x and y from 0 to 7", k+1, s.X, s.Y)
			}
		}
	}
	// The axes' names: "y" above the row numbers, "x" right of the
	// column numbers, in the margins the numbers leave.
	side, below := coordMargins("7", l.cell)
	side = max(side, textWidth("x", axisStyle)+coordGap+pad)
	headerH := 0
	l.width, headerH = header(opts.Title, captions, 2*side+ExpendibotsSize*l.cell, minWidth)
	l.x0 = (l.width - ExpendibotsSize*l.cell) / 2
	l.y0 = headerH + textHeight(axisStyle) + coordGap
	l.height = l.y0 + ExpendibotsSize*l.cell + below
	return l, nil
}

// centre returns the centre of square s in pixels.
func (l *expendibotsLayout) centre(s Square) (float64, float64) {
	c := float64(l.cell)
	return float64(l.x0) + (float64(s.X)+0.5)*c, float64(l.y0) + (float64(ExpendibotsSize-1-s.Y)+0.5)*c
}

func (l *expendibotsLayout) draw(img *image.RGBA, f ExpendibotsFrame, title string) {
	fillRect(img, img.Rect, paper)
	drawHeader(img, title, f.Caption)
	c := l.cell
	for y := 0; y < ExpendibotsSize; y++ {
		for x := 0; x < ExpendibotsSize; x++ {
			col := lightSquare
			if (x+y)%2 == 0 {
				col = darkSquare
			}
			px, py := l.x0+x*c, l.y0+(ExpendibotsSize-1-y)*c
			fillRect(img, image.Rect(px, py, px+c, py+c), col)
		}
	}
	cf := float64(c)
	for _, s := range f.Boom {
		cx, cy := l.centre(s)
		polygon(img, star(cx, cy, cf*0.48, cf*0.24, 8), burstOut)
		polygon(img, star(cx, cy, cf*0.30, cf*0.14, 8), burstIn)
	}
	if f.From != nil && f.To != nil && *f.From != *f.To {
		x0, y0 := l.centre(*f.From)
		x1, y1 := l.centre(*f.To)
		ring(img, x0, y0, cf*0.2, 2.5, moveArrow)
		// Stop short of the target's token so the head shows.
		dx, dy := x1-x0, y1-y0
		d := math.Hypot(dx, dy)
		stop := cf*0.38 + 2
		tx, ty := x1-dx/d*stop, y1-dy/d*stop
		sx, sy := x0+dx/d*cf*0.2, y0+dy/d*cf*0.2
		line(img, sx, sy, tx-dx/d*cf*0.2, ty-dy/d*cf*0.2, 3.5, moveArrow)
		arrowHead(img, sx, sy, tx, ty, cf*0.3, moveArrow)
	}
	for _, s := range f.Stacks {
		cx, cy := l.centre(Square{s.X, s.Y})
		r := cf * 0.36
		fill, text := white, ink
		if s.Black {
			fill, text = blackToken, white
		}
		disc(img, cx, cy, r, ink)
		disc(img, cx, cy, r-2, fill)
		n := strconv.Itoa(s.N)
		st := textStyle{size: cf * 0.38, bold: true}
		for st.size > 8 && float64(textWidth(n, st)) > 2*r-6 {
			st.size--
		}
		drawTextCentered(img, int(cx), int(cy), n, st, text)
	}
	drawCoords(img, l.x0, l.y0, ExpendibotsSize, ExpendibotsSize, c,
		func(i int) string { return strconv.Itoa(ExpendibotsSize - 1 - i) },
		func(j int) string { return strconv.Itoa(j) })
	cs := coordStyle(c)
	yw := textWidth("y", axisStyle)
	drawText(img, l.x0-coordGap-textWidth("7", cs)/2-yw/2, l.y0-coordGap-textHeight(axisStyle), "y", axisStyle, coordInk)
	drawText(img, l.x0+ExpendibotsSize*c+coordGap, l.y0+ExpendibotsSize*c+coordGap, "x", axisStyle, coordInk)
}

// ExpendibotsPNG draws one Expendibots board as a PNG image: x from 0 to
// 7 along the bottom, y from 0 to 7 up the left side (y = 7 at the top),
// white and black stacks with their heights, booms as bursts and a move as
// an arrow.
func ExpendibotsPNG(w io.Writer, f ExpendibotsFrame, opts Options) error {
	l, err := newExpendibotsLayout([]ExpendibotsFrame{f}, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	l.draw(img, f, opts.Title)
	return encodePNG(w, img, expendibotsPalette)
}

// ExpendibotsGIF draws a sequence of Expendibots boards as an animated
// GIF, one frame per entry of frames: typically the start, then the board
// after each action with its caption, the last frame held for
// Options.Hold.
func ExpendibotsGIF(w io.Writer, frames []ExpendibotsFrame, opts Options) error {
	if len(frames) == 0 {
		return errNoFrames
	}
	l, err := newExpendibotsLayout(frames, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	gw := newGIFWriter(img.Rect, expendibotsPalette)
	for i, f := range frames {
		l.draw(img, f, opts.Title)
		delay := orDefault(opts.Delay, 90)
		if i == len(frames)-1 {
			delay = orDefault(opts.Hold, holdDelay)
		}
		gw.add(img, delay)
	}
	return gw.encode(w)
}
