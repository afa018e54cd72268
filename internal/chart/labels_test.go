package chart_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"chainshot/internal/chart"
	"chainshot/internal/figures"
)

// TestAnytimeLabelsKeepClear lays out the anytime chart of the standard
// set, with the published totals (results.StandardPublished, through
// figures.Anytime) and a sweep of curves: today's, others that reach the
// same top, curves passing on or just under the dashed levels (80,000
// under 80,030; 84,414 and 84,500 among the close 84,414 and 84,718), one
// running past the published budgets' cluster, one above every level and
// a single point. Every label of the chart is laid out once, inside the
// data area, without a halo, and its box overlaps no other label's box,
// crosses no level line nor curve segment (sampled along its length) and
// covers no glyph. (docs/anytime.png drew 84,414's label through the
// 84,718 line, and other data struck 78,012's through the 80,030 line.)
func TestAnytimeLabelsKeepClear(t *testing.T) {
	type pt struct {
		s float64
		n int
	}
	for _, pts := range [][]pt{
		{{1, 68953}, {5, 75454}, {30, 79158}, {120, 80618}},
		{{1, 70000}, {5, 77084}, {30, 80100}, {120, 80618}},
		{{1, 72000}, {5, 78000}, {30, 80000}, {120, 84500}},
		{{1, 76000}, {5, 78100}, {30, 80000}, {120, 80618}},
		{{1, 77900}, {5, 78012}, {30, 80030}, {120, 84414}},
		{{1, 79990}, {5, 80000}, {30, 80618}, {120, 84600}},
		{{0.2, 60000}, {1, 66000}, {5, 73998}, {30, 77934}, {120, 80618}, {600, 84718}},
		{{1, 84000}, {5, 85000}, {30, 86000}, {120, 87000}},
		{{5, 71172}},
	} {
		var curve []chart.BudgetPoint
		var name []string
		for _, p := range pts {
			curve = append(curve, chart.BudgetPoint{Seconds: p.s, Total: p.n, Cleared: 19, Boards: 20})
			name = append(name, fmt.Sprintf("%gs:%d", p.s, p.n))
		}
		t.Run(strings.Join(name, ","), func(t *testing.T) {
			f, err := figures.Anytime("Anytime curve", "chainshot auto", curve, true)
			if err != nil {
				t.Fatal(err)
			}
			lay, err := chart.LayOutLabels(f, 0)
			if err != nil {
				t.Fatal(err)
			}
			checkLabels(t, f.Panels[0], lay)
		})
	}
}

// checkLabels checks the labels laid out in lay against panel p's data.
func checkLabels(t *testing.T, p chart.Panel, lay chart.LabelLayout) {
	t.Helper()
	var want, got []string
	var levels []float64
	var segs [][2]vg.Point
	for _, s := range p.Series {
		switch s.Kind {
		case chart.Points:
			want = append(want, s.Labels...)
		case chart.Levels:
			want = append(want, s.Labels...)
			levels = append(levels, s.Y...)
		case chart.Line:
			for k := 1; k < len(s.X); k++ {
				segs = append(segs, [2]vg.Point{{X: lay.X(s.X[k-1]), Y: lay.Y(s.Y[k-1])}, {X: lay.X(s.X[k]), Y: lay.Y(s.Y[k])}})
			}
		}
	}
	for _, l := range lay.Labels {
		got = append(got, l.Text)
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("labels laid out:\n%q\nwant the chart's:\n%q", got, want)
	}
	a := lay.Area
	for i, l := range lay.Labels {
		b := l.Box
		if b.Min.X < a.Min.X || b.Max.X > a.Max.X || b.Min.Y < a.Min.Y || b.Max.Y > a.Max.Y {
			t.Errorf("%q at %s leaves the data area %s", l.Text, inPx(b), inPx(a))
		}
		if l.Halo {
			t.Errorf("%q found no clear place (drawn on a halo)", l.Text)
		}
		for _, o := range lay.Labels[:i] {
			if overlap(b, o.Box) {
				t.Errorf("%q at %s overlaps %q at %s", l.Text, inPx(b), o.Text, inPx(o.Box))
			}
		}
		for _, v := range levels {
			if y := lay.Y(v); y > b.Min.Y && y < b.Max.Y {
				t.Errorf("%q at %s is struck through by the level %g (y %.1f px)", l.Text, inPx(b), v, float64(y/px))
			}
		}
		for _, s := range segs {
			if p, ok := segmentIn(s, b); ok {
				t.Errorf("%q at %s is crossed by the curve's segment %s, at (%.1f, %.1f) px", l.Text, inPx(b),
					inPx(vg.Rectangle{Min: s[0], Max: s[1]}), float64(p.X/px), float64(p.Y/px))
			}
		}
		for _, m := range lay.Marks {
			if overlap(b, m) {
				t.Errorf("%q at %s covers a glyph at %s", l.Text, inPx(b), inPx(m))
			}
		}
	}
}

// overlap reports whether rectangles a and b share more than an edge.
func overlap(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// segmentIn returns a point of segment s, sampled every tenth of a point
// along it, that lies inside rectangle r.
func segmentIn(s [2]vg.Point, r vg.Rectangle) (vg.Point, bool) {
	d := s[1].Sub(s[0])
	n := int(max(abs(d.X), abs(d.Y))*10) + 1
	for i := 0; i <= n; i++ {
		p := s[0].Add(d.Scale(vg.Length(float64(i) / float64(n))))
		if p.X > r.Min.X && p.X < r.Max.X && p.Y > r.Min.Y && p.Y < r.Max.Y {
			return p, true
		}
	}
	return vg.Point{}, false
}

func abs(v vg.Length) vg.Length { return max(v, -v) }

// px is a pixel of the charts' PNGs (96 an inch).
const px = vg.Inch / 96

// inPx writes r (or a segment from r.Min to r.Max) in pixels, y up from
// the figure's foot.
func inPx(r vg.Rectangle) string {
	return fmt.Sprintf("(%.1f, %.1f)-(%.1f, %.1f) px", float64(r.Min.X/px), float64(r.Min.Y/px), float64(r.Max.X/px), float64(r.Max.Y/px))
}
