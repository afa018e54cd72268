package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"testing"
)

// sameGame is a small ChainShot engine for the tests, kept apart from the
// board package so this package stands alone: grid[c] is column c from the
// bottom up.
type sameGame [][]byte

func newSameGame(rows, cols, colors int, seed uint64) sameGame {
	r := rand.New(rand.NewPCG(seed, 7))
	g := make(sameGame, cols)
	for c := range g {
		for range rows {
			g[c] = append(g[c], "RGBLO"[r.IntN(colors)])
		}
	}
	return g
}

// group returns the squares (column, height) of the group at (c, h).
func (g sameGame) group(c, h int) [][2]int {
	color := g[c][h]
	seen := map[[2]int]bool{{c, h}: true}
	stack := [][2]int{{c, h}}
	for i := 0; i < len(stack); i++ {
		p := stack[i]
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if q[0] >= 0 && q[0] < len(g) && q[1] >= 0 && q[1] < len(g[q[0]]) && !seen[q] && g[q[0]][q[1]] == color {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	return stack
}

// smallest returns the move (column, height) of a smallest group of two
// or more, to make games long; ok is false when the game is over.
func (g sameGame) smallest() (c, h int, ok bool) { return g.pick(-1) }

// largest returns the move of a largest group, to score well.
func (g sameGame) largest() (c, h int, ok bool) { return g.pick(1) }

// pick returns the move of the first group of two or more whose size
// times sign is largest.
func (g sameGame) pick(sign int) (c, h int, ok bool) {
	best := -1 << 30
	for ci := range g {
		for hi := range g[ci] {
			if n := len(g.group(ci, hi)); n >= 2 && n*sign > best {
				best, c, h, ok = n*sign, ci, hi, true
			}
		}
	}
	return c, h, ok
}

// remove plays (c, h): the group goes, beads fall, empty columns close.
func (g sameGame) remove(c, h int) sameGame {
	gone := map[[2]int]bool{}
	for _, p := range g.group(c, h) {
		gone[p] = true
	}
	var out sameGame
	for ci, col := range g {
		var kept []byte
		for hi, b := range col {
			if !gone[[2]int{ci, hi}] {
				kept = append(kept, b)
			}
		}
		if len(kept) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

// grid returns the board top row first, rows x cols, '.' for empty.
func (g sameGame) grid(rows, cols int) []string {
	lines := make([]string, rows)
	for i := range lines {
		b := bytes.Repeat([]byte{'.'}, cols)
		for c := range g {
			if h := rows - 1 - i; h < len(g[c]) {
				b[c] = g[c][h]
			}
		}
		lines[i] = string(b)
	}
	return lines
}

// replay returns n frames of greedy games on rows x cols boards: each
// frame but the last shows its move's group; a finished game is followed
// by a fresh board.
func replay(rows, cols, n int) []ChainShotFrame {
	var frames []ChainShotFrame
	seed := uint64(1)
	g := newSameGame(rows, cols, 5, seed)
	total := 0
	for len(frames) < n-1 {
		c, h, ok := g.smallest()
		if !ok {
			seed++
			g = newSameGame(rows, cols, 5, seed)
			continue
		}
		size := len(g.group(c, h))
		total += (size - 2) * (size - 2)
		frames = append(frames, ChainShotFrame{
			Grid:    g.grid(rows, cols),
			Pick:    Cell{Row: h + 1, Col: c + 1},
			Caption: fmt.Sprintf("move %d: %d %d  +%d  total %d", len(frames)+1, h+1, c+1, (size-2)*(size-2), total),
		})
		g = g.remove(c, h)
	}
	return append(frames, ChainShotFrame{Grid: g.grid(rows, cols), Caption: fmt.Sprintf("end: %d points", total)})
}

// composite decodes a GIF and returns each frame as shown, every frame
// drawn over the ones before (the package only uses DisposalNone).
func composite(t *testing.T, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("output is not a GIF: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var shown []*image.RGBA
	for i, f := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Fatalf("frame %d: disposal %d, want none", i, g.Disposal[i])
		}
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
		shown = append(shown, image.NewRGBA(canvas.Rect))
		copy(shown[i].Pix, canvas.Pix)
	}
	return g, shown
}

// asPNG decodes the PNG that encode writes.
func asPNG(t *testing.T, encode func(*bytes.Buffer) error) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := encode(&buf); err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestGIFFramesMatchPNGs checks that every frame of each animation, as a
// viewer shows it (deltas drawn over the previous frames), has the very
// pixels of the same board drawn alone as a PNG, and that there is one
// frame per board given, the last one held.
func TestGIFFramesMatchPNGs(t *testing.T) {
	opts := Options{Title: "replay", Delay: 50, Hold: 500}
	cs := replay(6, 7, 12)
	boom := boomFrames()
	// Chain Reaction frames are compared against one-frame GIFs: a strip
	// has arrows and a different layout.
	react := chainFrames(t)
	ropts := opts
	ropts.Players = "RB"
	tests := []struct {
		name   string
		n      int
		gif    func(*bytes.Buffer) error
		single func(i int) func(*bytes.Buffer) error
	}{
		{"chainshot", len(cs), func(b *bytes.Buffer) error { return ChainShotGIF(b, cs, opts) },
			func(i int) func(*bytes.Buffer) error {
				return func(b *bytes.Buffer) error {
					// Same size as the animation: lay out with every caption.
					return chainShotSingle(b, cs, i, opts)
				}
			}},
		{"expendibots", len(boom), func(b *bytes.Buffer) error { return ExpendibotsGIF(b, boom, opts) },
			func(i int) func(*bytes.Buffer) error {
				return func(b *bytes.Buffer) error { return expendibotsSingle(b, boom, i, opts) }
			}},
		{"chainreaction", len(react), func(b *bytes.Buffer) error { return ChainReactionGIF(b, react, ropts) },
			func(i int) func(*bytes.Buffer) error {
				return func(b *bytes.Buffer) error { return chainReactionSingle(b, react, i, ropts) }
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tt.gif(&buf); err != nil {
				t.Fatal(err)
			}
			g, shown := composite(t, buf.Bytes())
			if len(g.Image) != tt.n {
				t.Fatalf("%d frames, want %d", len(g.Image), tt.n)
			}
			if last := g.Delay[len(g.Delay)-1]; last != opts.Hold {
				t.Errorf("last frame delay %d, want %d", last, opts.Hold)
			}
			if g.Delay[0] != opts.Delay {
				t.Errorf("first frame delay %d, want %d", g.Delay[0], opts.Delay)
			}
			for i := range tt.n {
				want := asPNG(t, tt.single(i))
				if p, ok := firstDiff(shown[i], want); !ok {
					t.Fatalf("frame %d differs from its PNG at %v", i, p)
				}
			}
		})
	}
}

// chainShotSingle writes frame i of frames as a PNG laid out like the
// whole animation.
func chainShotSingle(b *bytes.Buffer, frames []ChainShotFrame, i int, opts Options) error {
	l, err := newChainShotLayout(frames, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	l.draw(img, frames[i], opts.Title, make([]bool, l.rows*l.cols))
	return encodePNG(b, img, chainShotPalette)
}

func chainReactionSingle(b *bytes.Buffer, frames []ChainReactionFrame, i int, opts Options) error {
	l, err := newChainReactionLayout(frames, opts.Title, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(l.gifBounds())
	l.drawGIFFrame(img, frames[i], opts.Title)
	return encodePNG(b, img, chainReactionPalette)
}

func expendibotsSingle(b *bytes.Buffer, frames []ExpendibotsFrame, i int, opts Options) error {
	l, err := newExpendibotsLayout(frames, opts)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	l.draw(img, frames[i], opts.Title)
	return encodePNG(b, img, expendibotsPalette)
}

// TestChainShotGIFSize checks that a 25x25 replay of 120 frames stays
// under 3 MB, and that each frame's caption is the one given.
func TestChainShotGIFSize(t *testing.T) {
	frames := replay(25, 25, 120)
	var buf bytes.Buffer
	if err := ChainShotGIF(&buf, frames, Options{Title: "25x25 replay"}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 120 {
		t.Errorf("%d frames, want 120", len(g.Image))
	}
	const limit = 3 << 20
	if buf.Len() > limit {
		t.Errorf("25x25 replay of 120 frames is %d bytes, want at most %d", buf.Len(), limit)
	}
	t.Logf("25x25 replay, 120 frames, %dx%d: %d bytes", g.Config.Width, g.Config.Height, buf.Len())
}
