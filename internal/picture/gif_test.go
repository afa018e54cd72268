package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"strings"
	"testing"

	"chainshot/board"
)

// randomBoard returns a rows x cols board of colors colours drawn from
// seed, column by column from the left, each bottom up.
func randomBoard(t testing.TB, rows, cols, colors int, seed uint64) board.Board {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	grid := make([][]board.Color, rows)
	for i := range grid {
		grid[i] = make([]board.Color, cols)
	}
	for c := range cols {
		for h := range rows {
			grid[rows-1-h][c], _ = board.ColorOf("RGBLO"[r.IntN(colors)])
		}
	}
	b, err := board.New(grid)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pickGroup returns the first group of b, in board.AppendGroups order,
// whose size times sign is largest: sign 1 finds a largest group (to
// score well), -1 a smallest (to make games long). ok is false when the
// game is over.
func pickGroup(b *board.Board, sign int) (g board.Group, ok bool) {
	for _, x := range b.AppendGroups(nil) {
		if !ok || x.Size*sign > g.Size*sign {
			g, ok = x, true
		}
	}
	return g, ok
}

// replay returns n frames of games on rows x cols boards, played smallest
// group first by the rules of package board: each frame but the last
// shows its move's group; a finished game is followed by a fresh board.
func replay(t testing.TB, rows, cols, n int) []ChainShotFrame {
	var frames []ChainShotFrame
	seed := uint64(1)
	b := randomBoard(t, rows, cols, 5, seed)
	total := 0
	for len(frames) < n-1 {
		g, ok := pickGroup(&b, -1)
		if !ok {
			seed++
			b = randomBoard(t, rows, cols, 5, seed)
			continue
		}
		total += board.Score(g.Size)
		frames = append(frames, ChainShotFrame{
			Grid:    strings.Fields(b.Format()),
			Pick:    Cell{Row: int(g.Move.Row) + 1, Col: int(g.Move.Col) + 1},
			Caption: fmt.Sprintf("move %d: %v  +%d  total %d", len(frames)+1, g.Move, board.Score(g.Size), total),
		})
		b.Remove(g.Move)
	}
	return append(frames, ChainShotFrame{Grid: strings.Fields(b.Format()), Caption: fmt.Sprintf("end: %d points", total)})
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
	cs := replay(t, 6, 7, 12)
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
	l, err := newChainReactionLayout(frames, opts.Title, minWidth, opts)
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
	frames := replay(t, 25, 25, 120)
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
