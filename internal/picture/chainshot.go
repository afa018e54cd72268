package picture

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"
)

// ChainShotFrame is one picture of a ChainShot board.
type ChainShotFrame struct {
	// Grid is the board, top row first, one letter a bead: R G B L O
	// (upper or lower case); '.' or ' ' is an empty square. Rows may
	// differ in length; missing squares are empty. board.Board's Format,
	// split into lines, is such a grid.
	Grid []string
	// Pick is the move about to be played: the group it names (every
	// bead of its colour connected to it) is highlighted. The zero Cell
	// highlights nothing.
	Pick Cell
	// Highlight lists more squares to highlight, if any.
	Highlight []Cell
	// Caption is drawn above the board, e.g. "move 3/41: 4 7  +16  total
	// 120". "\n" starts a new line; long lines wrap.
	Caption string
}

// The ChainShot bead colours, from Okabe and Ito's palette for colour
// blindness; every bead also carries its letter.
var beadColors = map[byte]color.RGBA{
	'R': rgb(0xd55e00), // vermillion
	'G': rgb(0x009e73), // bluish green
	'B': rgb(0x0072b2), // blue
	'L': rgb(0x303030), // black, lifted so the grid and letter show
	'O': rgb(0xe69f00), // orange
}

// beadLetter is a bead's letter size as a share of the square, and
// chainShotMinCell the least default square that makes it minLetter.
const (
	beadLetter       = 0.44
	chainShotMinCell = 28 // ceil(minLetter / beadLetter)
)

// unknownBead is drawn for a letter that is not a ChainShot colour.
var unknownBead = rgb(0xa0a0a0)

// beadInk is the letter's colour on each bead: black where white would
// be hard to read.
func beadInk(letter byte) color.RGBA {
	if letter == 'O' {
		return ink
	}
	return white
}

var chainShotPalette = makePalette(
	[]color.RGBA{paper, ink, coordInk, gridLine, rgb(0xc9c2b0), white, unknownBead},
	blendSet{
		inks:   []color.RGBA{beadColors['R'], beadColors['G'], beadColors['B'], beadColors['L'], beadColors['O'], unknownBead},
		papers: []color.RGBA{boardBg, highlight},
	},
	// Text: captions and coordinates on paper, letters on beads.
	blendSet{inks: []color.RGBA{ink, coordInk}, papers: []color.RGBA{paper}},
	blendSet{
		inks:   []color.RGBA{white, ink},
		papers: []color.RGBA{beadColors['R'], beadColors['G'], beadColors['B'], beadColors['L'], beadColors['O'], unknownBead},
	},
)

// chainShotLayout is the geometry shared by every frame of a picture.
type chainShotLayout struct {
	rows, cols, cell int
	width, height    int
	headerH          int
	x0, y0           int   // the board's top-left corner
	bead             stamp // a bead, drawn at a square's top-left corner
}

func newChainShotLayout(frames []ChainShotFrame, opts Options) (chainShotLayout, error) {
	var l chainShotLayout
	for _, f := range frames {
		l.rows = max(l.rows, len(f.Grid))
		for _, row := range f.Grid {
			l.cols = max(l.cols, len(row))
		}
	}
	// Small boards get larger squares: about 560 pixels a side, squares
	// from 28 pixels (a bead's letter of minLetter) to 44.
	l.cell = orDefault(opts.Cell, min(44, max(chainShotMinCell, 560/max(l.rows, l.cols, 1))))
	if l.rows == 0 || l.cols == 0 {
		return l, fmt.Errorf("picture: empty ChainShot board")
	}
	if l.cell < 8 || l.cell > 200 || l.rows*l.cell > 4000 || l.cols*l.cell > 4000 {
		return l, fmt.Errorf("picture: %dx%d board of %d-pixel squares is too large or too small to draw", l.rows, l.cols, l.cell)
	}
	side, below := coordMargins(strconv.Itoa(l.rows), l.cell)
	boardW := 2*side + l.cols*l.cell
	captions := make([]string, len(frames))
	for i, f := range frames {
		captions[i] = f.Caption
	}
	l.width, l.headerH = header(opts.Title, captions, boardW, minWidth)
	l.x0 = (l.width - l.cols*l.cell) / 2
	l.y0 = l.headerH
	l.height = l.y0 + l.rows*l.cell + below
	return l, nil
}

// at returns the upper-case letter at grid row i (top first), column j.
func at(grid []string, i, j int) byte {
	if i < 0 || i >= len(grid) || j < 0 || j >= len(grid[i]) {
		return '.'
	}
	c := grid[i][j]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c == ' ' || c == 0 {
		return '.'
	}
	return c
}

// marks returns, for the layout's grid, which squares to highlight.
func (l *chainShotLayout) marks(f ChainShotFrame, mark []bool) {
	clear(mark)
	for _, c := range f.Highlight {
		if i, j := l.rows-c.Row, c.Col-1; i >= 0 && i < l.rows && j >= 0 && j < l.cols {
			mark[i*l.cols+j] = true
		}
	}
	if f.Pick == (Cell{}) {
		return
	}
	i, j := l.rows-f.Pick.Row, f.Pick.Col-1
	letter := at(f.Grid, i, j)
	if letter == '.' {
		return
	}
	stack := []int{i*l.cols + j}
	mark[i*l.cols+j] = true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pi, pj := p/l.cols, p%l.cols
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			ni, nj := pi+d[0], pj+d[1]
			if ni < 0 || ni >= l.rows || nj < 0 || nj >= l.cols {
				continue
			}
			if q := ni*l.cols + nj; !mark[q] && at(f.Grid, ni, nj) == letter {
				mark[q] = true
				stack = append(stack, q)
			}
		}
	}
}

// draw draws frame f into img, which has the layout's size.
func (l *chainShotLayout) draw(img *image.RGBA, f ChainShotFrame, title string, mark []bool) {
	fillRect(img, img.Rect, paper)
	drawHeader(img, title, f.Caption)
	c := l.cell
	board := image.Rect(l.x0, l.y0, l.x0+l.cols*c, l.y0+l.rows*c)
	fillRect(img, board, boardBg)
	l.marks(f, mark)
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			if mark[i*l.cols+j] {
				fillRect(img, image.Rect(l.x0+j*c, l.y0+i*c, l.x0+(j+1)*c, l.y0+(i+1)*c), highlight)
			}
		}
	}
	// Grid lines, every fifth a little darker to help count.
	for j := 0; j <= l.cols; j++ {
		lc := gridLine
		if j%5 == 0 {
			lc = rgb(0xc9c2b0)
		}
		fillRect(img, image.Rect(l.x0+j*c, l.y0, l.x0+j*c+1, board.Max.Y), lc)
	}
	for i := 0; i <= l.rows; i++ {
		lc := gridLine
		if i%5 == 0 {
			lc = rgb(0xc9c2b0)
		}
		y := board.Max.Y - i*c // counted from the bottom, as rows are
		fillRect(img, image.Rect(l.x0, y, board.Max.X+1, y+1), lc)
	}
	// Beads.
	letter := textStyle{size: float64(c) * beadLetter, bold: true}
	r := float64(c)*0.42 - 0.5
	if l.bead.k == nil {
		l.bead = discStamp(float64(c)/2+0.5, float64(c)/2+0.5, r)
	}
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			b := at(f.Grid, i, j)
			if b == '.' {
				continue
			}
			bc, ok := beadColors[b]
			if !ok {
				bc = unknownBead
			}
			l.bead.draw(img, l.x0+j*c, l.y0+i*c, bc)
			drawTextCentered(img, l.x0+j*c+c/2+1, l.y0+i*c+c/2+1, string(rune(b)), letter, beadInk(b))
		}
	}
	// The highlighted group's outline.
	w := max(3, c/7)
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			if !mark[i*l.cols+j] {
				continue
			}
			x, y := l.x0+j*c, l.y0+i*c
			if i == 0 || !mark[(i-1)*l.cols+j] {
				fillRect(img, image.Rect(x, y, x+c+1, y+w), ink)
			}
			if i == l.rows-1 || !mark[(i+1)*l.cols+j] {
				fillRect(img, image.Rect(x, y+c+1-w, x+c+1, y+c+1), ink)
			}
			if j == 0 || !mark[i*l.cols+j-1] {
				fillRect(img, image.Rect(x, y, x+w, y+c+1), ink)
			}
			if j == l.cols-1 || !mark[i*l.cols+j+1] {
				fillRect(img, image.Rect(x+c+1-w, y, x+c+1, y+c+1), ink)
			}
		}
	}
	// Coordinates: rows on the left, 1 at the bottom; columns below.
	drawCoords(img, l.x0, l.y0, l.rows, l.cols, c,
		func(i int) string { return strconv.Itoa(l.rows - i) },
		func(j int) string { return strconv.Itoa(j + 1) })
}

// ChainShotPNG draws one ChainShot board as a PNG image: coordinates on
// the margins (row 1 at the bottom, column 1 at the left), each bead in a
// colour-blind-safe colour with its letter, f.Pick's group highlighted
// and f.Caption above.
func ChainShotPNG(w io.Writer, f ChainShotFrame, opts Options) error {
	frames := []ChainShotFrame{f}
	l, err := newChainShotLayout(frames, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	l.draw(img, f, opts.Title, make([]bool, l.rows*l.cols))
	return encodePNG(w, img, chainShotPalette)
}

// ChainShotGIF draws a ChainShot game as an animated GIF, one frame per
// entry of frames, all the same size. For a replay of n moves pass n+1
// frames: frame k (k < n) shows the board before move k+1 with Pick set to
// that move, so the group about to go is highlighted; the last frame
// shows the final board and holds for opts.Hold.
func ChainShotGIF(w io.Writer, frames []ChainShotFrame, opts Options) error {
	if len(frames) == 0 {
		return errNoFrames
	}
	l, err := newChainShotLayout(frames, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	mark := make([]bool, l.rows*l.cols)
	gw := newGIFWriter(img.Rect, chainShotPalette)
	for i, f := range frames {
		l.draw(img, f, opts.Title, mark)
		delay := orDefault(opts.Delay, 60)
		if i == len(frames)-1 {
			delay = orDefault(opts.Hold, holdDelay)
		}
		gw.add(img, delay)
	}
	return gw.encode(w)
}
