package picture

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"
)

// MaxPlayers is the most Chain Reaction players a picture tells apart.
const MaxPlayers = 8

// Orbs is one Chain Reaction square: Count orbs of player Owner (an index
// from 0 to MaxPlayers-1, named by Options.Players). A Count of 0 is an
// empty square, whatever its Owner.
type Orbs struct {
	Count, Owner int
}

// ChainReactionFrame is one picture of a Chain Reaction board.
type ChainReactionFrame struct {
	// Grid is the board, top row first.
	Grid [][]Orbs
	// Explode lists the squares about to explode, which are marked. When
	// Explode is nil, every square holding at least its critical mass (its
	// number of orthogonal neighbours) is marked; a non-nil empty slice
	// marks none.
	Explode []Cell
	// Move is the square just played, marked in its corner; the zero Cell
	// marks none.
	Move Cell
	// Caption is drawn above the board, e.g. "wave 2: 3 explode".
	Caption string
}

// The player colours, Okabe and Ito's palette: the default order, and the
// colour a player's letter asks for.
var (
	playerOrder = [MaxPlayers]color.RGBA{
		rgb(0xd55e00), rgb(0x0072b2), rgb(0x009e73), rgb(0xe69f00),
		rgb(0xcc79a7), rgb(0x56b4e9), rgb(0xf0e442), rgb(0x000000),
	}
	letterColor = map[byte]int{
		'R': 0, 'B': 1, 'G': 2, 'O': 3, 'P': 4, 'S': 5, 'C': 5, 'Y': 6, 'K': 7, 'L': 7,
	}
	explodeBg = rgb(0xfff3b0) // a pale yellow behind a square about to explode
	orbLine   = rgb(0x2a2a2a)
)

var chainReactionPalette = makePalette(
	[]color.RGBA{paper, ink, coordInk, gridLine, white, explodeBg},
	blendSet{inks: append(playerOrder[:], orbLine, coordInk), papers: []color.RGBA{boardBg, explodeBg}},
	blendSet{inks: []color.RGBA{orbLine}, papers: playerOrder[:]},
)

// playerColors returns each player's colour and letter for the names in
// players (see Options.Players).
func playerColors(players string) (cols [MaxPlayers]color.RGBA, names [MaxPlayers]string) {
	var used [MaxPlayers]bool
	var set [MaxPlayers]bool
	for i := 0; i < MaxPlayers && i < len(players); i++ {
		c := players[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if k, ok := letterColor[c]; ok && !used[k] {
			cols[i], used[k], set[i] = playerOrder[k], true, true
		}
	}
	next := 0
	for i := range cols {
		if i < len(players) {
			names[i] = string(rune(players[i]))
		} else {
			names[i] = strconv.Itoa(i + 1)
		}
		if set[i] {
			continue
		}
		for used[next] {
			next++
		}
		cols[i], used[next] = playerOrder[next], true
	}
	return cols, names
}

// chainReactionLayout is the geometry of one panel: a board with its
// caption and coordinates.
type chainReactionLayout struct {
	rows, cols, cell int
	labelScale       int
	width, height    int // of a panel
	x0, y0           int // the board's top-left corner in the panel
	players          int // players shown in the legend
	colors           [MaxPlayers]color.RGBA
	names            [MaxPlayers]string
}

func newChainReactionLayout(frames []ChainReactionFrame, title string, opts Options) (chainReactionLayout, error) {
	var l chainReactionLayout
	l.players = min(len(opts.Players), MaxPlayers)
	for k, f := range frames {
		l.rows = max(l.rows, len(f.Grid))
		for i, row := range f.Grid {
			l.cols = max(l.cols, len(row))
			for j, o := range row {
				if o.Count < 0 || o.Count > 0 && (o.Owner < 0 || o.Owner >= MaxPlayers) {
					return l, fmt.Errorf("picture: frame %d, row %d, column %d: %d orbs of player %d, want a count of 0 or more and a player from 0 to %d",
						k+1, len(f.Grid)-i, j+1, o.Count, o.Owner, MaxPlayers-1)
				}
				if o.Count > 0 {
					l.players = max(l.players, o.Owner+1)
				}
			}
		}
	}
	if l.rows == 0 || l.cols == 0 {
		return l, fmt.Errorf("picture: empty Chain Reaction board")
	}
	l.cell = orDefault(opts.Cell, min(40, max(24, 480/max(l.rows, l.cols))))
	if l.cell < 16 || l.cell > 200 || l.rows*l.cell > 4000 || l.cols*l.cell > 4000 {
		return l, fmt.Errorf("picture: %dx%d board of %d-pixel squares is too large or too small to draw", l.rows, l.cols, l.cell)
	}
	l.colors, l.names = playerColors(opts.Players)
	l.labelScale = 1
	if l.cell >= 36 {
		l.labelScale = 2
	}
	labelW := textWidth(strconv.Itoa(l.rows), l.labelScale)
	side := labelW + coordGap + pad
	boardW := 2*side + l.cols*l.cell
	captions := make([]string, len(frames))
	for i, f := range frames {
		captions[i] = f.Caption
	}
	headerH := 0
	l.width, headerH = header(title, captions, boardW)
	l.x0 = (l.width - l.cols*l.cell) / 2
	l.y0 = headerH
	l.height = l.y0 + l.rows*l.cell + coordGap + textHeight(l.labelScale) + pad
	return l, nil
}

// critical returns the critical mass of grid row i, column j.
func (l *chainReactionLayout) critical(i, j int) int {
	n := 0
	if i > 0 {
		n++
	}
	if i < l.rows-1 {
		n++
	}
	if j > 0 {
		n++
	}
	if j < l.cols-1 {
		n++
	}
	return n
}

func orbsAt(grid [][]Orbs, i, j int) Orbs {
	if i < 0 || i >= len(grid) || j < 0 || j >= len(grid[i]) {
		return Orbs{}
	}
	return grid[i][j]
}

// draw draws frame f as a panel whose top-left corner is (ox, oy).
func (l *chainReactionLayout) draw(img *image.RGBA, ox, oy int, f ChainReactionFrame, title string) {
	c := l.cell
	x0, y0 := ox+l.x0, oy+l.y0
	panel := image.Rect(ox, oy, ox+l.width, oy+l.height)
	fillRect(img, panel, paper)
	sub := img.SubImage(panel).(*image.RGBA)
	drawHeader(sub, title, f.Caption)
	board := image.Rect(x0, y0, x0+l.cols*c, y0+l.rows*c)
	fillRect(img, board, boardBg)
	square := func(i, j int) image.Rectangle {
		return image.Rect(x0+j*c, y0+i*c, x0+(j+1)*c, y0+(i+1)*c)
	}
	// Squares about to explode: pale yellow with a heavy border.
	explode := func(i, j int) {
		fillRect(img, square(i, j), explodeBg)
		strokeRect(img, square(i, j).Inset(2), max(2, c/14), ink)
	}
	if f.Explode == nil {
		for i := 0; i < l.rows; i++ {
			for j := 0; j < l.cols; j++ {
				if o := orbsAt(f.Grid, i, j); o.Count > 0 && o.Count >= l.critical(i, j) {
					explode(i, j)
				}
			}
		}
	}
	for _, e := range f.Explode {
		if i, j := l.rows-e.Row, e.Col-1; i >= 0 && i < l.rows && j >= 0 && j < l.cols {
			explode(i, j)
		}
	}
	for j := 0; j <= l.cols; j++ {
		fillRect(img, image.Rect(x0+j*c, y0, x0+j*c+1, board.Max.Y+1), gridLine)
	}
	for i := 0; i <= l.rows; i++ {
		fillRect(img, image.Rect(x0, y0+i*c, board.Max.X+1, y0+i*c+1), gridLine)
	}
	if m := f.Move; m != (Cell{}) {
		if i, j := l.rows-m.Row, m.Col-1; i >= 0 && i < l.rows && j >= 0 && j < l.cols {
			r := square(i, j)
			s := float64(c) * 0.3
			polygon(img, []point{{float64(r.Max.X), float64(r.Max.Y)}, {float64(r.Max.X) - s, float64(r.Max.Y)}, {float64(r.Max.X), float64(r.Max.Y) - s}}, ink)
		}
	}
	textScale := 1
	if c >= 36 {
		textScale = 2
	}
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			o := orbsAt(f.Grid, i, j)
			if o.Count <= 0 {
				continue
			}
			l.drawOrbs(img, square(i, j), o, textScale)
		}
	}
	for i := 0; i < l.rows; i++ {
		s := strconv.Itoa(l.rows - i)
		drawText(img, x0-coordGap-textWidth(s, l.labelScale), y0+i*c+(c-textHeight(l.labelScale))/2+1, s, l.labelScale, coordInk)
	}
	for j := 0; j < l.cols; j++ {
		s := strconv.Itoa(j + 1)
		drawText(img, x0+j*c+(c-textWidth(s, l.labelScale))/2+1, board.Max.Y+coordGap, s, l.labelScale, coordInk)
	}
}

// drawOrbs draws o's orbs in square r: one, two or three dots, or one big
// dot with the count for four or more; the owner's letter is in the
// top-left corner, so owners can be told apart without colour.
func (l *chainReactionLayout) drawOrbs(img *image.RGBA, r image.Rectangle, o Orbs, textScale int) {
	col := l.colors[o.Owner]
	c := float64(r.Dx())
	cx, cy := float64(r.Min.X)+c/2+0.5, float64(r.Min.Y)+c/2+0.5
	orb := func(x, y, rad float64) {
		disc(img, x, y, rad, orbLine)
		disc(img, x, y, rad-1.25, col)
	}
	rad := c * 0.16
	switch o.Count {
	case 1:
		orb(cx, cy+c*0.06, rad)
	case 2:
		orb(cx-c*0.17, cy+c*0.06, rad)
		orb(cx+c*0.17, cy+c*0.06, rad)
	case 3:
		orb(cx, cy-c*0.10, rad)
		orb(cx-c*0.17, cy+c*0.19, rad)
		orb(cx+c*0.17, cy+c*0.19, rad)
	default:
		orb(cx, cy+c*0.06, c*0.3)
		txt := ink
		if o.Owner < MaxPlayers && (col == playerOrder[1] || col == playerOrder[7] || col == playerOrder[0] || col == playerOrder[2]) {
			txt = white
		}
		n := strconv.Itoa(o.Count)
		for textScale > 1 && float64(textWidth(n, textScale)) > c*0.6-4 {
			textScale--
		}
		drawTextCentered(img, int(cx)+1, int(cy+c*0.06)+1, n, textScale, txt)
	}
	drawText(img, r.Min.X+3, r.Min.Y+3, l.names[o.Owner], 1, ink)
}

// legendHeight is the height of the players' legend.
func legendHeight() int { return 2*pad + textHeight(capScale) }

// legendWidth is the width of the legend for n players.
func legendWidth(l *chainReactionLayout) int {
	w := 0
	for k := 0; k < l.players; k++ {
		w += legendEntry(l.names[k])
	}
	return w
}

func legendEntry(name string) int {
	return textHeight(capScale) + 4 + textWidth(name, capScale) + 16
}

// drawLegend draws a dot and the name of each player, centred on cx, the
// top at y.
func (l *chainReactionLayout) drawLegend(img *image.RGBA, cx, y int) {
	x := cx - (legendWidth(l)-16)/2
	h := textHeight(capScale)
	for k := 0; k < l.players; k++ {
		r := float64(h) / 2
		disc(img, float64(x)+r, float64(y+pad)+r, r, orbLine)
		disc(img, float64(x)+r, float64(y+pad)+r, r-1.25, l.colors[k])
		drawText(img, x+h+4, y+pad, l.names[k], capScale, ink)
		x += legendEntry(l.names[k])
	}
}

// ChainReactionStripPNG draws a chain reaction as a strip of frames, left
// to right with an arrow between them, Options.PerRow frames a row, as in
// Figure 1 of the Chain Reaction report: typically the board before the
// move, then the board after each wave of explosions. Squares about to
// explode are marked; a legend names the players.
func ChainReactionStripPNG(w io.Writer, frames []ChainReactionFrame, opts Options) error {
	if len(frames) == 0 {
		return errNoFrames
	}
	l, err := newChainReactionLayout(frames, "", opts)
	if err != nil {
		return err
	}
	perRow := min(orDefault(opts.PerRow, 5), len(frames))
	nRows := (len(frames) + perRow - 1) / perRow
	const gap = 36 // between panels, for the arrow
	width := perRow*l.width + (perRow-1)*gap
	width = max(width, legendWidth(&l)+2*pad)
	top := 0
	var t textBlock
	if opts.Title != "" {
		t = wrap(opts.Title, width-2*pad, capScale)
		top = pad + t.height()
	}
	height := top + nRows*l.height + legendHeight()
	if int64(width)*int64(height) > 1<<24 {
		return fmt.Errorf("picture: a strip of %d frames is too large to draw; set fewer per row or smaller squares", len(frames))
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fillRect(img, img.Rect, paper)
	t.draw(img, width/2, pad, ink)
	x0 := (width - (perRow*l.width + (perRow-1)*gap)) / 2
	for k, f := range frames {
		row, col := k/perRow, k%perRow
		ox, oy := x0+col*(l.width+gap), top+row*l.height
		l.draw(img, ox, oy, f, "")
		if k < len(frames)-1 {
			// The arrow to the next frame, at mid-board height; at a row's
			// end it points into the margin, and the next row continues.
			ay := float64(oy+l.y0) + float64(l.rows*l.cell)/2
			ax := float64(ox + l.width)
			if col == perRow-1 {
				ax = float64(ox + l.width - pad)
			}
			if col < perRow-1 {
				line(img, ax+4, ay, ax+gap-10, ay, 3, coordInk)
				arrowHead(img, ax+4, ay, ax+gap-4, ay, 10, coordInk)
			}
		}
	}
	l.drawLegend(img, width/2, height-legendHeight())
	return encodePNG(w, img, chainReactionPalette)
}

// ChainReactionGIF draws a chain reaction as an animated GIF, one frame
// per entry of frames (typically the board before the move, then after
// each wave); the last frame holds for Options.Hold.
func ChainReactionGIF(w io.Writer, frames []ChainReactionFrame, opts Options) error {
	if len(frames) == 0 {
		return errNoFrames
	}
	l, err := newChainReactionLayout(frames, opts.Title, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(l.gifBounds())
	gw := newGIFWriter(img.Rect, chainReactionPalette)
	for i, f := range frames {
		l.drawGIFFrame(img, f, opts.Title)
		delay := orDefault(opts.Delay, 90)
		if i == len(frames)-1 {
			delay = orDefault(opts.Hold, holdDelay)
		}
		gw.add(img, delay)
	}
	return gw.encode(w)
}

// gifBounds is the size of an animation's frames: a panel and the legend.
func (l *chainReactionLayout) gifBounds() image.Rectangle {
	return image.Rect(0, 0, max(l.width, legendWidth(l)+2*pad), l.height+legendHeight())
}

// drawGIFFrame draws f as a panel with the legend below, filling img.
func (l *chainReactionLayout) drawGIFFrame(img *image.RGBA, f ChainReactionFrame, title string) {
	width := img.Rect.Dx()
	fillRect(img, img.Rect, paper)
	l.draw(img, (width-l.width)/2, 0, f, title)
	l.drawLegend(img, width/2, l.height)
}
