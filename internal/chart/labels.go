package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A panel's labels (a Points series' texts beside its glyphs, a Levels
// series' beside its lines) are laid out together once the data are
// drawn, in the order of their series and points, the points' before the
// levels' (a level's label can go anywhere along its line). Each label
// takes the first of its candidate places whose box lies inside the data
// area, labelPad clear of every level line, curve segment, glyph and
// leader line, and overlaps no label placed before (nor comes within
// labelSpace of one beside it). A point's candidates, in order:
//
//	on its side (right, or left where LabelLeft asks), level with the
//	glyph, then nudged up or down as far as keeps the glyph level with
//	the text; the same on the other side; at the glyph's lower, then
//	upper right corner; above it; below it; then on either side nudged
//	further, nearest first, with a leader line from the glyph.
//
// A level's: above, then below its line at its left end; the same further
// right along the line, step by step; then nudged up or down, with a
// leader line from a dot on its line.
//
// A label with no clear place takes its first candidate that overlaps no
// other label (or else its first) and is written on a white halo.

const (
	labelGap   = 5 * px  // between a glyph and its label
	levelGap   = 3 * px  // between a level's line and its label
	labelPad   = 2 * px  // the least clearance round a label's box
	labelSpace = 8 * px  // the least room between two labels side by side
	labelStep  = 3 * px  // a nudge's step, up or down
	labelLead  = 8 * px  // the extra room a nudged label leaves for its leader
	levelFrom  = 6 * px  // where a level's label starts, from the area's left
	levelStep  = 12 * px // how far a level's label slides along its line a try
	maxNudge   = 60 * px // the furthest a label is nudged off its anchor
)

// label is a text to write beside its anchor.
type label struct {
	text  string
	color color.Color
	// at is the anchor: a point's glyph centre, or a level's line at the
	// data area's left edge.
	at vg.Point
	// x0 and x1 are the centres of the leftmost and rightmost glyphs of
	// the point's cluster (see dodge), r their radius.
	x0, x1, r vg.Length
	level     bool
	left      bool // a point's label is tried on its left first
}

// placed is a label laid out: the box its text fills and, for a label
// moved off its anchor, the leader line from the anchor to it.
type placed struct {
	label
	box       vg.Rectangle
	leader    segment
	hasLeader bool
	// halo is set for a label that found no clear place: it is written
	// on a white patch.
	halo bool
}

// segment is a straight line from a to b.
type segment struct{ a, b vg.Point }

// scene is what labels must keep clear of, and the area they must stay in.
type scene struct {
	area   vg.Rectangle
	levels []vg.Length // the y of each level's line, across the area
	segs   []segment   // curves' segments and leader lines
	marks  []vg.Rectangle
	boxes  []vg.Rectangle // labels placed
}

// labelStyle is the text style of the labels of points and levels.
func labelStyle() draw.TextStyle { return textStyle(regular(legendSize), Ink) }

// boxSize returns the size of a label's box: its text's width, and its
// font's ascent and descent.
func boxSize(text string) (w, h vg.Length) {
	sty := labelStyle()
	ext := sty.FontExtents()
	return sty.Width(text), ext.Ascent + ext.Descent
}

// layoutLabels lays out the labels of p's Points and Levels series, drawn
// by pl on the data canvas c, and returns them with the boxes chosen.
func layoutLabels(c draw.Canvas, pl *plot.Plot, p Panel) []placed {
	sc, labels := p.labelScene(c, pl)
	out := make([]placed, 0, len(labels))
	for _, l := range labels {
		w, h := boxSize(l.text)
		cands := l.candidates(sc.area, w, h)
		pick, clear := -1, false
		for i, cd := range cands {
			if sc.fits(cd) {
				pick, clear = i, true
				break
			}
		}
		if !clear {
			pick = 0
			for i, cd := range cands {
				if sc.inside(cd.box) && !sc.hitsBoxes(cd.box) {
					pick = i
					break
				}
			}
		}
		pc := cands[pick]
		pc.halo = !clear
		sc.boxes = append(sc.boxes, pc.box)
		if pc.hasLeader {
			sc.segs = append(sc.segs, pc.leader)
		}
		out = append(out, pc)
	}
	return out
}

// labelScene returns what p draws on c that labels must keep clear of,
// and p's labels in the order they are placed.
func (p Panel) labelScene(c draw.Canvas, pl *plot.Plot) (scene, []label) {
	tx, ty := pl.Transforms(&c)
	sc := scene{area: c.Rectangle}
	var pts, lvs []label
	cols := p.colors()
	for i, s := range p.Series {
		switch s.Kind {
		case Line:
			r := glyph(s.Shape, cols[i]).Radius
			for k := range s.X {
				pt := vg.Point{X: tx(s.X[k]), Y: ty(s.Y[k])}
				sc.marks = append(sc.marks, square(pt, r))
				if k > 0 {
					sc.segs = append(sc.segs, segment{vg.Point{X: tx(s.X[k-1]), Y: ty(s.Y[k-1])}, pt})
				}
			}
		case Points:
			r := glyph(s.Shape, cols[i]).Radius
			at, left, right := pointGlyphs(s, tx, ty, r)
			for k, pt := range at {
				sc.marks = append(sc.marks, square(pt, r))
				pts = append(pts, label{text: s.Labels[k], color: Ink, at: pt, x0: left[k], x1: right[k], r: r,
					left: s.LabelLeft != nil && s.LabelLeft[k]})
			}
		case Levels:
			for k, v := range s.Y {
				y := ty(v)
				sc.levels = append(sc.levels, y)
				lvs = append(lvs, label{text: s.Labels[k], color: cols[i], at: vg.Point{X: c.Min.X, Y: y}, level: true})
			}
		}
	}
	return sc, append(pts, lvs...)
}

// pointGlyphs returns where the glyphs of radius r of Points series s go
// (apart where they would overlap, see dodge), and for each the centres
// of its cluster's leftmost and rightmost glyphs.
func pointGlyphs(s Series, tx, ty func(float64) vg.Length, r vg.Length) (at []vg.Point, left, right []vg.Length) {
	at = make([]vg.Point, len(s.X))
	for k := range s.X {
		at[k] = vg.Point{X: tx(s.X[k]), Y: ty(s.Y[k])}
	}
	left, right = dodge(at, r)
	return at, left, right
}

func square(pt vg.Point, r vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: pt.X - r, Y: pt.Y - r}, Max: vg.Point{X: pt.X + r, Y: pt.Y + r}}
}

// candidates returns the places l's box of w by h may take, in the order
// they are tried (see the comment at the top of this file).
func (l label) candidates(area vg.Rectangle, w, h vg.Length) []placed {
	box := func(x, y vg.Length) placed { // from the lower left corner
		return placed{label: l, box: vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}}}
	}
	if l.level {
		return l.levelCandidates(area, w, h, box)
	}
	var out []placed
	y := l.at.Y - h/2
	right, left := l.x1+l.r+labelGap, l.x0-l.r-labelGap-w
	sides := []vg.Length{right, left}
	if l.left {
		sides = []vg.Length{left, right}
	}
	// Beside the glyph, nudged no further than keeps the glyph's centre
	// level with the text: no leader needed.
	for _, x := range sides {
		out = append(out, box(x, y))
		for d := labelStep; d <= h/2-labelStep; d += labelStep {
			out = append(out, box(x, y+d), box(x, y-d))
		}
	}
	// At the glyph's right corners, below first (a rising curve leaves
	// that corner free). Not at the left ones: in a stack of labels left
	// of their points, one above or below its point's row reads as the
	// next row's.
	c := l.r + labelPad + px
	out = append(out, box(l.at.X+c, l.at.Y-c-h), box(l.at.X+c, l.at.Y+c))
	out = append(out, box(l.at.X-w/2, l.at.Y+l.r+labelGap), box(l.at.X-w/2, l.at.Y-l.r-labelGap-h))
	// Nudged further, with a leader line from the glyph's edge.
	for _, x := range sides {
		lead := x + labelLead
		if x == left {
			lead = x - labelLead
		}
		for d := h / 2; d <= maxNudge; d += labelStep {
			for _, dy := range []vg.Length{d, -d} {
				cd := box(lead, y+dy)
				to := vg.Point{X: cd.box.Min.X - px, Y: l.at.Y + dy}
				if x == left {
					to.X = cd.box.Max.X + px
				}
				dx, dy := float64(to.X-l.at.X), float64(to.Y-l.at.Y)
				f := float64(l.r+px) / math.Hypot(dx, dy)
				from := vg.Point{X: l.at.X + vg.Length(dx*f), Y: l.at.Y + vg.Length(dy*f)}
				cd.leader, cd.hasLeader = segment{from, to}, true
				out = append(out, cd)
			}
		}
	}
	return out
}

// levelCandidates returns the places of a level's label (see candidates).
func (l label) levelCandidates(area vg.Rectangle, w, h vg.Length, box func(x, y vg.Length) placed) []placed {
	var out []placed
	y := l.at.Y
	xs := []vg.Length{area.Min.X + levelFrom}
	for x := xs[0] + levelStep; x+w <= area.Max.X-labelPad; x += levelStep {
		xs = append(xs, x)
	}
	for _, x := range xs {
		out = append(out, box(x, y+levelGap), box(x, y-levelGap-h))
	}
	for d := labelStep; d <= maxNudge; d += labelStep {
		for _, x := range xs {
			foot := x + 4*px
			up, down := box(x, y+levelGap+d), box(x, y-levelGap-h-d)
			up.leader, up.hasLeader = segment{vg.Point{X: foot, Y: y}, vg.Point{X: foot, Y: up.box.Min.Y}}, true
			down.leader, down.hasLeader = segment{vg.Point{X: foot, Y: y}, vg.Point{X: foot, Y: down.box.Max.Y}}, true
			out = append(out, up, down)
		}
	}
	return out
}

// fits reports whether a candidate's box lies inside the area, clear of
// everything placed and drawn, and its leader, if any, crosses no label,
// glyph or level line but its own.
func (sc *scene) fits(cd placed) bool {
	b := pad(cd.box, labelPad)
	if !sc.inside(cd.box) || sc.hitsBoxes(cd.box) {
		return false
	}
	for _, y := range sc.levels {
		if y >= b.Min.Y && y <= b.Max.Y {
			return false
		}
	}
	for _, s := range sc.segs {
		if crosses(s, b) {
			return false
		}
	}
	for _, m := range sc.marks {
		if overlaps(m, b) {
			return false
		}
	}
	if !cd.hasLeader {
		return true
	}
	ld := cd.leader
	for _, o := range sc.boxes {
		if crosses(ld, o) {
			return false
		}
	}
	own := square(cd.at, cd.r)
	for _, m := range sc.marks {
		if m != own && crosses(ld, m) {
			return false
		}
	}
	// A level's leader may cross its neighbours' lines (a dot marks its
	// own); a point's may not.
	for _, y := range sc.levels {
		if !cd.level && y >= min(ld.a.Y, ld.b.Y) && y <= max(ld.a.Y, ld.b.Y) {
			return false
		}
	}
	return true
}

// inside reports whether b lies in the area, labelPad inside its edges.
func (sc *scene) inside(b vg.Rectangle) bool {
	a := pad(sc.area, -labelPad)
	return b.Min.X >= a.Min.X && b.Max.X <= a.Max.X && b.Min.Y >= a.Min.Y && b.Max.Y <= a.Max.Y
}

// hitsBoxes reports whether b overlaps a label placed, or comes within
// labelSpace of one on its side. Labels may touch above and below: a box
// holds its font's whole ascent, room enough between lines.
func (sc *scene) hitsBoxes(b vg.Rectangle) bool {
	for _, a := range sc.boxes {
		if a.Min.X < b.Max.X+labelSpace && b.Min.X < a.Max.X+labelSpace && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y {
			return true
		}
	}
	return false
}

// pad returns r grown by d on every side (shrunk, for d < 0).
func pad(r vg.Rectangle, d vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: r.Min.X - d, Y: r.Min.Y - d}, Max: vg.Point{X: r.Max.X + d, Y: r.Max.Y + d}}
}

// overlaps reports whether rectangles a and b share any point.
func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X <= b.Max.X && b.Min.X <= a.Max.X && a.Min.Y <= b.Max.Y && b.Min.Y <= a.Max.Y
}

// crosses reports whether any point of segment s lies in rectangle r
// (Liang and Barsky's clipping).
func crosses(s segment, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(s.b.X-s.a.X), float64(s.b.Y-s.a.Y)
	clip := func(p, q float64) bool {
		switch {
		case p == 0:
			return q >= 0
		case p < 0:
			t0 = math.Max(t0, q/p)
		default:
			t1 = math.Min(t1, q/p)
		}
		return t0 <= t1
	}
	return clip(-dx, float64(s.a.X-r.Min.X)) && clip(dx, float64(r.Max.X-s.a.X)) &&
		clip(-dy, float64(s.a.Y-r.Min.Y)) && clip(dy, float64(r.Max.Y-s.a.Y))
}

// labelLayer draws a panel's labels, laid out by layoutLabels, over its
// data.
type labelLayer struct{ p Panel }

func (ll labelLayer) Plot(c draw.Canvas, pl *plot.Plot) {
	for _, l := range layoutLabels(c, pl, ll.p) {
		l.draw(c)
	}
}

// draw writes the label in its box (its baseline the font's descent above
// the box's foot), with its leader line or its halo.
func (l placed) draw(c draw.Canvas) {
	sty := labelStyle()
	face := font.DefaultCache.Lookup(sty.Font, sty.Font.Size)
	if l.hasLeader {
		c.StrokeLine2(draw.LineStyle{Color: Grey, Width: 0.8 * px}, l.leader.a.X, l.leader.a.Y, l.leader.b.X, l.leader.b.Y)
		if l.level {
			c.DrawGlyph(draw.GlyphStyle{Color: l.color, Radius: 2 * px, Shape: draw.CircleGlyph{}}, l.leader.a)
		}
	}
	if l.halo {
		c.SetColor(color.White)
		c.Fill(pad(l.box, labelPad).Path())
	}
	c.SetColor(l.color)
	c.FillString(face, vg.Point{X: l.box.Min.X, Y: l.box.Min.Y + face.Extents().Descent}, l.text)
}
