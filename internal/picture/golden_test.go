package picture

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// checkGolden compares the PNG in got with testdata/name.png pixel by
// pixel (decoded, not byte by byte), or rewrites it under -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	gi, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("%s: output is not a PNG: %v", name, err)
	}
	wi, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatalf("%s: golden is not a PNG: %v", path, err)
	}
	if p, ok := firstDiff(gi, wi); !ok {
		t.Errorf("%s: picture differs from %s at %v (size %v, want %v); look at both, then go test -update if the change is right",
			name, path, p, gi.Bounds(), wi.Bounds())
	}
}

// firstDiff compares two images' pixels; it returns false and the first
// differing point when they differ.
func firstDiff(a, b image.Image) (image.Point, bool) {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Max, false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return image.Point{x, y}, false
			}
		}
	}
	return image.Point{}, true
}
