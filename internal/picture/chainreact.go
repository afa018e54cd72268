package picture

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
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
	// Move is the square just played, marked by a triangle in its
	// bottom-right corner; the zero Cell marks none.
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
	blendSet{inks: append(playerOrder[:], orbLine, coordInk, ink), papers: []color.RGBA{boardBg, explodeBg}},
	blendSet{inks: []color.RGBA{orbLine}, papers: playerOrder[:]},
	// Text: captions, coordinates and the legend on paper; counts on orbs.
	blendSet{inks: []color.RGBA{ink, coordInk}, papers: []color.RGBA{paper}},
	blendSet{inks: []color.RGBA{white, ink}, papers: playerOrder[:]},
	// The legend's orbs on paper.
	blendSet{inks: []color.RGBA{orbLine}, papers: []color.RGBA{paper}},
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
// caption and coordinates, and of the legend below the panels.
type chainReactionLayout struct {
	rows, cols, cell int
	width, height    int // of a panel
	x0, y0           int // the board's top-left corner in the panel
	players          int // players shown in the legend
	colors           [MaxPlayers]color.RGBA
	names            [MaxPlayers]string
	// marks and moved say whether some frame marks squares about to
	// explode, or a square just played: the legend explains only those.
	marks, moved            bool
	explodeLabel, moveLabel string
}

// newChainReactionLayout lays out frames as panels at least minW wide.
func newChainReactionLayout(frames []ChainReactionFrame, title string, minW int, opts Options) (chainReactionLayout, error) {
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
	l.cell = orDefault(opts.Cell, min(40, max(32, 480/max(l.rows, l.cols))))
	if l.cell < 16 || l.cell > 200 || l.rows*l.cell > 4000 || l.cols*l.cell > 4000 {
		return l, fmt.Errorf("picture: %dx%d board of %d-pixel squares is too large or too small to draw", l.rows, l.cols, l.cell)
	}
	for _, f := range frames {
		l.moved = l.moved || l.inBoard(f.Move)
		l.marks = l.marks || len(l.exploding(f)) > 0
	}
	l.explodeLabel, l.moveLabel = opts.ExplodeLabel, opts.MoveLabel
	if l.explodeLabel == "" {
		l.explodeLabel = "about to explode"
	}
	if l.moveLabel == "" {
		l.moveLabel = "just played"
	}
	l.colors, l.names = playerColors(opts.Players)
	side, below := coordMargins(strconv.Itoa(l.rows), l.cell)
	boardW := 2*side + l.cols*l.cell
	captions := make([]string, len(frames))
	for i, f := range frames {
		captions[i] = f.Caption
	}
	headerH := 0
	l.width, headerH = header(title, captions, boardW, minW)
	l.x0 = (l.width - l.cols*l.cell) / 2
	l.y0 = headerH
	l.height = l.y0 + l.rows*l.cell + below
	return l, nil
}

// inBoard reports whether c is a square of the board.
func (l *chainReactionLayout) inBoard(c Cell) bool {
	return c.Row >= 1 && c.Row <= l.rows && c.Col >= 1 && c.Col <= l.cols
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

// exploding returns the grid squares (row from the top, column) that f
// marks: f.Explode's squares on the board, or, when f.Explode is nil,
// every square holding at least its critical mass.
func (l *chainReactionLayout) exploding(f ChainReactionFrame) [][2]int {
	var out [][2]int
	if f.Explode == nil {
		for i := 0; i < l.rows; i++ {
			for j := 0; j < l.cols; j++ {
				if o := orbsAt(f.Grid, i, j); o.Count > 0 && o.Count >= l.critical(i, j) {
					out = append(out, [2]int{i, j})
				}
			}
		}
		return out
	}
	for _, e := range f.Explode {
		if l.inBoard(e) {
			out = append(out, [2]int{l.rows - e.Row, e.Col - 1})
		}
	}
	return out
}

// markExplode marks square r as about to explode: pale yellow with a
// heavy border.
func markExplode(img *image.RGBA, r image.Rectangle, c int) {
	fillRect(img, r, explodeBg)
	strokeRect(img, r.Inset(2), max(2, c/14), ink)
}

// markMove marks square r as just played: a triangle in its bottom-right
// corner.
func markMove(img *image.RGBA, r image.Rectangle, c int) {
	s := float64(c) * 0.34
	mx, my := float64(r.Max.X), float64(r.Max.Y)
	polygon(img, []point{{mx, my}, {mx - s, my}, {mx, my - s}}, ink)
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
	for _, e := range l.exploding(f) {
		markExplode(img, square(e[0], e[1]), c)
	}
	for j := 0; j <= l.cols; j++ {
		fillRect(img, image.Rect(x0+j*c, y0, x0+j*c+1, board.Max.Y+1), gridLine)
	}
	for i := 0; i <= l.rows; i++ {
		fillRect(img, image.Rect(x0, y0+i*c, board.Max.X+1, y0+i*c+1), gridLine)
	}
	if l.inBoard(f.Move) {
		markMove(img, square(l.rows-f.Move.Row, f.Move.Col-1), c)
	}
	for i := 0; i < l.rows; i++ {
		for j := 0; j < l.cols; j++ {
			o := orbsAt(f.Grid, i, j)
			if o.Count <= 0 {
				continue
			}
			l.drawOrbs(img, square(i, j), o)
		}
	}
	drawCoords(img, x0, y0, l.rows, l.cols, c,
		func(i int) string { return strconv.Itoa(l.rows - i) },
		func(j int) string { return strconv.Itoa(j + 1) })
}

// drawOrbs draws o's orbs in square r: one, two or three dots, or one big
// dot with the count for four or more; the owner's letter is in the
// top-left corner, so owners can be told apart without colour.
func (l *chainReactionLayout) drawOrbs(img *image.RGBA, r image.Rectangle, o Orbs) {
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
		if col == playerOrder[1] || col == playerOrder[7] || col == playerOrder[0] || col == playerOrder[2] {
			txt = white
		}
		n := strconv.Itoa(o.Count)
		st := textStyle{size: c * 0.34, bold: true}
		for st.size > 8 && float64(textWidth(n, st)) > c*0.6-4 {
			st.size--
		}
		drawTextCentered(img, int(cx), int(cy+c*0.06), n, st, txt)
	}
	drawText(img, r.Min.X+3, r.Min.Y+2, l.names[o.Owner], ownerStyle(l.cell), ink)
}

// legendEntry is one entry of the legend: a key drawn in a box of the
// legend's height, then its text.
type legendEntry struct {
	text string
	key  func(img *image.RGBA, box image.Rectangle)
}

// legendEntries returns the legend: a dot and the letter of each player,
// then what the marks on the squares mean, if any frame has them.
func (l *chainReactionLayout) legendEntries() []legendEntry {
	var out []legendEntry
	for k := 0; k < l.players; k++ {
		col := l.colors[k]
		out = append(out, legendEntry{text: l.names[k], key: func(img *image.RGBA, b image.Rectangle) {
			r := float64(b.Dy()) * 0.4
			cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
			disc(img, cx, cy, r, orbLine)
			disc(img, cx, cy, r-1.25, col)
		}})
	}
	if l.marks {
		out = append(out, legendEntry{text: l.explodeLabel, key: func(img *image.RGBA, b image.Rectangle) {
			fillRect(img, b, boardBg)
			markExplode(img, b, b.Dx())
		}})
	}
	if l.moved {
		out = append(out, legendEntry{text: l.moveLabel, key: func(img *image.RGBA, b image.Rectangle) {
			fillRect(img, b, boardBg)
			strokeRect(img, b, 1, gridLine)
			markMove(img, b, b.Dx())
		}})
	}
	return out
}

const legendGap = 18 // between legend entries

// legendKey is the side of a legend entry's key box.
func legendKey() int { return textHeight(legendStyle) + 4 }

func entryWidth(e legendEntry) int {
	return legendKey() + 6 + textWidth(e.text, legendStyle)
}

// legendRows flows the legend's entries into rows no wider than width.
func (l *chainReactionLayout) legendRows(width int) [][]legendEntry {
	var rows [][]legendEntry
	var row []legendEntry
	w := 0
	for _, e := range l.legendEntries() {
		ew := entryWidth(e)
		if len(row) > 0 && w+legendGap+ew > width {
			rows = append(rows, row)
			row, w = nil, 0
		}
		if len(row) > 0 {
			w += legendGap
		}
		row = append(row, e)
		w += ew
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// legendMinWidth is the narrowest a picture can be and still hold each
// legend entry whole.
func (l *chainReactionLayout) legendMinWidth() int {
	w := 0
	for _, e := range l.legendEntries() {
		w = max(w, entryWidth(e))
	}
	return w + 2*pad
}

// legendHeight is the height of the legend in a picture width wide.
func (l *chainReactionLayout) legendHeight(width int) int {
	n := len(l.legendRows(width - 2*pad))
	if n == 0 {
		return 0
	}
	return 2*pad + n*legendKey() + (n-1)*6
}

// drawLegend draws the legend in rows centred in img's width, the top at y.
func (l *chainReactionLayout) drawLegend(img *image.RGBA, y int) {
	width := img.Rect.Dx()
	y += pad
	k := legendKey()
	for _, row := range l.legendRows(width - 2*pad) {
		w := 0
		for i, e := range row {
			if i > 0 {
				w += legendGap
			}
			w += entryWidth(e)
		}
		x := img.Rect.Min.X + (width-w)/2
		for _, e := range row {
			box := image.Rect(x, y, x+k, y+k)
			e.key(img, box)
			drawTextMiddle(img, x+k+6, y+k/2, e.text, legendStyle, ink)
			x += entryWidth(e) + legendGap
		}
		y += k + 6
	}
}

// ChainReactionStripPNG draws a chain reaction as a strip of frames, left
// to right with an arrow between them, Options.PerRow frames a row, as in
// Figure 1 of the Chain Reaction report: typically the board before the
// move, then the board after each wave of explosions. Squares about to
// explode and the square just played are marked; a legend names the
// players and the marks.
func ChainReactionStripPNG(w io.Writer, frames []ChainReactionFrame, opts Options) error {
	if len(frames) == 0 {
		return errNoFrames
	}
	l, err := newChainReactionLayout(frames, "", 0, opts)
	if err != nil {
		return err
	}
	perRow := min(orDefault(opts.PerRow, 5), len(frames))
	nRows := (len(frames) + perRow - 1) / perRow
	const gap = 36 // between panels, for the arrow
	width := perRow*l.width + (perRow-1)*gap
	width = max(width, l.legendMinWidth(), minWidth, min(naturalWidth(opts.Title, titleStyle)+2*textPad, maxCapW),
		min(longestWord(opts.Title, titleStyle)+2*textPad, maxWordW))
	top := 0
	var t textBlock
	if opts.Title != "" {
		t = wrap(opts.Title, width-2*textPad, titleStyle)
		top = topPad + t.height() + titleGap
	}
	height := top + nRows*l.height + l.legendHeight(width)
	if int64(width)*int64(height) > 1<<24 {
		return fmt.Errorf("picture: a strip of %d frames is too large to draw; set fewer per row or smaller squares", len(frames))
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fillRect(img, img.Rect, paper)
	t.draw(img, width/2, topPad, ink)
	x0 := (width - (perRow*l.width + (perRow-1)*gap)) / 2
	for k, f := range frames {
		row, col := k/perRow, k%perRow
		ox, oy := x0+col*(l.width+gap), top+row*l.height
		l.draw(img, ox, oy, f, "")
		if k < len(frames)-1 && col < perRow-1 {
			// The arrow to the next frame, at mid-board height; at a row's
			// end there is none, and the next row continues.
			ay := float64(oy+l.y0) + float64(l.rows*l.cell)/2
			ax := float64(ox + l.width)
			line(img, ax+4, ay, ax+gap-10, ay, 3, coordInk)
			arrowHead(img, ax+4, ay, ax+gap-4, ay, 10, coordInk)
		}
	}
	l.drawLegend(img, top+nRows*l.height)
	return encodePNG(w, img, chainReactionPalette)
}

// ChainReactionGIF draws a chain reaction as an animated GIF, one frame
// per entry of frames (typically the board before the move, then after
// each wave); the last frame holds for Options.Hold.
func ChainReactionGIF(w io.Writer, frames []ChainReactionFrame, opts Options) error {
	if len(frames) == 0 {
		return errNoFrames
	}
	l, err := newChainReactionLayout(frames, opts.Title, minWidth, opts)
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
	width := max(l.width, l.legendMinWidth())
	return image.Rect(0, 0, width, l.height+l.legendHeight(width))
}

// drawGIFFrame draws f as a panel with the legend below, filling img.
func (l *chainReactionLayout) drawGIFFrame(img *image.RGBA, f ChainReactionFrame, title string) {
	width := img.Rect.Dx()
	fillRect(img, img.Rect, paper)
	l.draw(img, (width-l.width)/2, 0, f, title)
	l.drawLegend(img, l.height)
}

// ownerStyle is the style of the owner's letter in a square's corner:
// readable on the smallest default square (32 pixels), larger with it.
func ownerStyle(cell int) textStyle {
	return textStyle{size: math.Max(11, float64(cell)*0.3), bold: true}
}
