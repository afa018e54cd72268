package picture

import (
	"image"
	"io"
	"testing"
)

// BenchmarkChainShotFrame draws one 25x25 frame with a group highlighted
// into an RGBA image (no encoding).
func BenchmarkChainShotFrame(b *testing.B) {
	frames := replay(b, 25, 25, 2)
	l, err := newChainShotLayout(frames, Options{})
	if err != nil {
		b.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	mark := make([]bool, l.rows*l.cols)
	for b.Loop() {
		l.draw(img, frames[0], "", mark)
	}
}

// BenchmarkChainShotGIFFrame draws and adds one 25x25 frame to a GIF
// (drawing, palette mapping and the delta), without the final encoding.
func BenchmarkChainShotGIFFrame(b *testing.B) {
	frames := replay(b, 25, 25, 40)
	l, err := newChainShotLayout(frames, Options{})
	if err != nil {
		b.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	mark := make([]bool, l.rows*l.cols)
	var gw *gifWriter
	i := 0
	for b.Loop() {
		if i%len(frames) == 0 {
			gw = newGIFWriter(img.Rect, chainShotPalette)
		}
		l.draw(img, frames[i%len(frames)], "", mark)
		gw.add(img, 10)
		i++
	}
}

// BenchmarkChainShotGIF120 encodes a whole 25x25 replay of 120 frames.
func BenchmarkChainShotGIF120(b *testing.B) {
	frames := replay(b, 25, 25, 120)
	for b.Loop() {
		if err := ChainShotGIF(io.Discard, frames, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChainShotPNG encodes one 25x25 board as a PNG.
func BenchmarkChainShotPNG(b *testing.B) {
	frames := replay(b, 25, 25, 2)
	for b.Loop() {
		if err := ChainShotPNG(io.Discard, frames[0], Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChainReactionStrip draws a strip of four 3x4 frames.
func BenchmarkChainReactionStrip(b *testing.B) {
	frames := chainFrames(b)
	for b.Loop() {
		if err := ChainReactionStripPNG(io.Discard, frames, Options{Players: "RB"}); err != nil {
			b.Fatal(err)
		}
	}
}
