package main

import (
	"bytes"
	"image/png"
	"testing"
)

// TestHeatmap checks the heatmap is a PNG with two 5×5 panels and that a
// measured rate shows: H1 beating H2 every time is green above the
// diagonal and red below it.
func TestHeatmap(t *testing.T) {
	rows := make([]table2Row, len(seed002Table2))
	rows[0].rateA, rows[0].seedRateA = 1, 0.35
	var buf bytes.Buffer
	if err := png.Encode(&buf, heatmap(rows)); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 2*16+2*5*48+32 || h != 2*16+5*48 {
		t.Fatalf("size %dx%d", w, h)
	}
	// row H1, column H2 of the measured panel: green
	r, g, _, _ := img.At(16+48+24, 16+24).RGBA()
	if g <= r {
		t.Errorf("H1 vs H2 cell is not green: r %d g %d", r, g)
	}
	// row H2, column H1: red
	r, g, _, _ = img.At(16+24, 16+48+24).RGBA()
	if r <= g {
		t.Errorf("H2 vs H1 cell is not red: r %d g %d", r, g)
	}
}
