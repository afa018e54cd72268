package expendibots

import "math/bits"

// This file is astar's lower bound on the actions that still win from a
// position: a bound on the BOOMs plus a bound on the MOVEs, which count
// different actions. Both rest on facts about the black squares alone,
// worked out once for each set of black squares a search meets
// (blackInfo), and then on a little arithmetic over the white stacks of
// each position (bounder.lowerBound).
//
// Groups. The black squares fall into groups, 8-connected sets. Black
// never moves, so a blast that reaches one square of a group clears all
// of it: every group goes in exactly one BOOM. Two groups are never next
// to each other, so the blast that clears a group passes through a white
// stack next to it: when group g goes, a white stack stands on g's zone,
// the squares next to g that are not black.
//
// BOOMs. The groups one BOOM clears form a part, and the BOOMs of a win
// split the groups into parts. The blast of part S is an 8-connected set
// holding S's groups and t(S) or more white squares, t(S) being the fewest
// non-black squares that join S's groups into one 8-connected set (1 for
// a single group: the stack that explodes). Every white square holds a
// token and the blast destroys it; White never gains a token, so a win
// with W tokens splits the groups into parts with sum t(S) <= W, and needs
// at least as many BOOMs as the fewest parts of such a split. t(S) comes
// from the Dreyfus-Wagner programme over subsets of groups with every
// black square free (so it never exceeds the true cost, whatever is
// cleared first), the fewest parts from a programme over subsets. With
// more than maxExact groups, the bound counts clusters instead: groups
// more than W+1 squares apart (Chebyshev) cannot share a blast.
//
// MOVEs. A group with no white stack on its zone is uncovered. For each
// uncovered group g, some move still to come lands on an empty square of
// g's zone that then stays white until g goes: the last such landing is
// g's landing. Groups that go in different BOOMs have different landings
// (a square a blast empties must be landed on again); one landing serves
// several groups only if its square is in all their zones. So the
// landings number at least cover(U), the fewest squares that between them
// lie in a zone of every uncovered group.
//
// Tokens must also travel and meet. Call each white stack now an origin,
// and join two origins whenever a move puts tokens of both in one stack:
// the origins fall into coalitions, every move carries the tokens of one
// coalition, and a coalition of k origins makes exactly k-1 moves that
// join two of its parts for the first time (merges). The moves of
// coalition C that serve the uncovered groups T number at least the
// larger of two counts:
//
//   - by kind: C's k-1 merges, T's cover(T) landings (on the zones of
//     uncovered groups), and the landings outside those zones that are
//     not merges, of which there are at least as many as on the ways of
//     the two origins of a pair to meet (each moving at most its own
//     height a move, the meeting square's second landing being the
//     merge), and as many as on the way of any token to g's zone (moving
//     at most C's height a move) less C's merges.
//   - by travel: the token that lands on g's zone came from an origin o.
//     Alone it moves at most o's height a move, and the merges are still
//     to be made; joined first by the other origin of a pair on some
//     square m, it takes its way to m, the other's way to m, and the way
//     from m at the pair's height.
//
// C also needs a token for each square of the cover. The bound weighs the
// singles and pairs of origins exactly so, and every coalition of three or
// more at once by what each pays at least (two merges, the cover, travel
// at the height of all White's tokens); then shares the uncovered groups
// among coalitions so that the sum is least, letting coalitions share
// origins (a relaxation: it can only lower the sum). Distances ignore the
// black squares, which may be gone by the time a token moves: a move of
// at most h squares covers dx and dy in ceil(dx/h) + ceil(dy/h) moves,
// and a breadth-first search by levels counts the landings outside the
// uncovered groups' zones (worked out once for each set of black squares
// and set of uncovered groups, landingInfo).
//
// Each part is a lower bound on what any win needs, and the parts count
// different actions, so the sum is admissible. TestBoundAdmissible checks
// it against exhaustive search on fresh boards.

// maxExact is the most groups for which t(S) and the fewest parts are
// worked out exactly (3^maxExact steps over 64 squares).
const maxExact = 9

// maxHeight is the longest move: a stack of 7 or more reaches every
// square of its row and column, so heights above 7 count as 7.
const maxHeight = Size - 1

// maxCover is the most groups for which blackInfo tabulates the cover;
// maxAssign the most uncovered groups, and maxOrigins the most white
// stacks, for which the moves bound weighs coalitions. Beyond them the
// moves bound is the cover alone (above maxCover groups, a quarter of
// the uncovered groups: a square is next to at most four groups).
const (
	maxCover   = 16
	maxAssign  = 8
	maxOrigins = 8
)

// blackInfo is what the bound knows about one set of black squares.
type blackInfo struct {
	groups []uint64 // each group's squares
	zone   []uint64 // each group's zone: the squares next to it, not black
	// cover[U] is the fewest squares that between them lie in the zone of
	// every group in U (a bit set of groups); nil above maxCover groups.
	cover []uint8
	// minTokens[k] is the fewest tokens a split of the groups into k parts
	// needs, 255 when there is none; nil above maxExact groups.
	minTokens []uint8
	// zoneMoves[h-1][g][p] is the fewest moves of at most h from p to
	// group g's zone.
	zoneMoves [maxHeight][][Size * Size]uint8
	// free[U] counts landings outside the zones of the uncovered groups U.
	free map[uint32]*landingInfo
	// join[ho-1][hj-1][H-1][g], made on demand, is joined's table.
	join [maxHeight][maxHeight][maxHeight][]*[Size * Size][Size * Size]uint8
}

// landingInfo counts the landings on squares outside a set, free: the
// zones of the groups uncovered in a position.
type landingInfo struct {
	free uint64
	// landings[h-1][p][q] is the fewest landings outside free on a way
	// from p to q by moves of at most h squares (q's own counted).
	landings [maxHeight][Size * Size][Size * Size]uint8
	// zoneLandings[h-1][g][p] is the least landings[h-1][p][q] over the
	// squares q of group g's zone.
	zoneLandings [maxHeight][][Size * Size]uint8
	// meet[ha-1][hb-1][p][q], made on demand (255: not yet), is what a
	// stack of ha on p and one of hb on q pay to meet (see meeting).
	meet [maxHeight][maxHeight]*[Size * Size][Size * Size]uint8
}

// landingsFor returns the landingInfo for the uncovered groups U.
func (bi *blackInfo) landingsFor(U uint32) *landingInfo {
	if li, ok := bi.free[U]; ok {
		return li
	}
	li := &landingInfo{}
	for x := U; x != 0; x &= x - 1 {
		li.free |= bi.zone[bits.TrailingZeros32(x)]
	}
	li.count(bi.zone)
	bi.free[U] = li
	return li
}

// blackCache holds the blackInfo of each set of black squares met.
type blackCache map[uint64]*blackInfo

func (bc blackCache) get(black uint64) *blackInfo {
	if bi, ok := bc[black]; ok {
		return bi
	}
	bi := newBlackInfo(black)
	bc[black] = bi
	return bi
}

// groupsOf returns the 8-connected groups of the squares in m, in order
// of their lowest square.
func groupsOf(m uint64) []uint64 {
	var out []uint64
	for m != 0 {
		g := m & -m
		for {
			next := dilate(g)&m | g
			if next == g {
				break
			}
			g = next
		}
		out = append(out, g)
		m &^= g
	}
	return out
}

func newBlackInfo(black uint64) *blackInfo {
	bi := &blackInfo{groups: groupsOf(black), free: map[uint32]*landingInfo{}}
	for _, g := range bi.groups {
		z := dilate(g) &^ black
		bi.zone = append(bi.zone, z)
	}
	if len(bi.groups) <= maxCover {
		bi.cover = coverTable(bi.zone)
	}
	if len(bi.groups) <= maxExact {
		bi.minTokens = partitionTokens(black, bi.groups)
	}
	for h := 1; h <= maxHeight; h++ {
		bi.zoneMoves[h-1] = make([][Size * Size]uint8, len(bi.groups))
		for g, z := range bi.zone {
			zm := &bi.zoneMoves[h-1][g]
			for p := range Size * Size {
				mv := uint8(255)
				for m := z; m != 0; m &= m - 1 {
					mv = min(mv, plainMoves[h-1][p][bits.TrailingZeros64(m)])
				}
				zm[p] = mv
			}
		}
	}
	return bi
}

// coverTable returns, for every set U of groups, the fewest squares that
// between them lie in the zone of every group of U.
func coverTable(zone []uint64) []uint8 {
	// The sets of groups one square serves.
	var serves []uint32
	seen := map[uint32]bool{}
	for s := range Size * Size {
		var set uint32
		for g, z := range zone {
			if z>>uint(s)&1 != 0 {
				set |= 1 << uint(g)
			}
		}
		if set != 0 && !seen[set] {
			seen[set] = true
			serves = append(serves, set)
		}
	}
	cover := make([]uint8, 1<<uint(len(zone)))
	for u := 1; u < len(cover); u++ {
		low := uint32(u & -u)
		best := uint8(255)
		for _, s := range serves {
			if s&low != 0 {
				best = min(best, 1+cover[uint32(u)&^s])
			}
		}
		cover[u] = best
	}
	return cover
}

// partitionTokens returns minTokens (see blackInfo) for at most maxExact
// groups.
func partitionTokens(black uint64, groups []uint64) []uint8 {
	r := len(groups)
	t := steinerCosts(black, groups)
	full := 1<<uint(r) - 1
	// best[S][k]: fewest tokens to split the groups S into k parts.
	best := make([][]uint8, full+1)
	for s := range best {
		best[s] = make([]uint8, r+1)
		for k := range best[s] {
			best[s][k] = 255
		}
	}
	best[0][0] = 0
	for s := 1; s <= full; s++ {
		low := s & -s
		rest := s &^ low
		for sub := rest; ; sub = (sub - 1) & rest {
			part := low | sub
			if c := int(t[part]); c < 255 {
				for k := 1; k <= r; k++ {
					if b := int(best[s&^part][k-1]); b < 255 && b+c < int(best[s][k]) {
						best[s][k] = uint8(min(254, b+c))
					}
				}
			}
			if sub == 0 {
				break
			}
		}
	}
	return best[full]
}

// steinerCosts returns t[S] for every non-empty set S of groups: the
// fewest non-black squares that join S's groups into one 8-connected set,
// black squares free (1 for a single group; at most 255).
func steinerCosts(black uint64, groups []uint64) []uint8 {
	n := 1 << uint(len(groups))
	const inf = 1 << 12
	// dp[S][v]: the cheapest connected set holding v and touching every
	// group of S, v's own cost counted.
	dp := make([][Size * Size]int16, n)
	for s := 1; s < n; s++ {
		for v := range dp[s] {
			dp[s][v] = inf
		}
		if s&(s-1) == 0 {
			for m := groups[bits.TrailingZeros(uint(s))]; m != 0; m &= m - 1 {
				dp[s][bits.TrailingZeros64(m)] = 0
			}
		} else {
			low := s & -s
			rest := s &^ low
			for sub := (rest - 1) & rest; ; sub = (sub - 1) & rest {
				a, b := low|sub, rest&^sub
				for v := range dp[s] {
					c := dp[a][v] + dp[b][v]
					if black>>uint(v)&1 == 0 {
						c-- // v counted on both sides
					}
					dp[s][v] = min(dp[s][v], c)
				}
				if sub == 0 {
					break
				}
			}
		}
		relax(&dp[s], black)
	}
	t := make([]uint8, n)
	for s := 1; s < n; s++ {
		if s&(s-1) == 0 {
			t[s] = 1
			continue
		}
		best := int16(inf)
		for _, c := range dp[s] {
			best = min(best, c)
		}
		t[s] = uint8(min(255, int(best)))
	}
	return t
}

// relax lowers d[v] to d[u] + cost(v), u next to v, cost 0 on black and 1
// elsewhere, until nothing changes.
func relax(d *[Size * Size]int16, black uint64) {
	for changed := true; changed; {
		changed = false
		for v := range d {
			c := int16(1)
			if black>>uint(v)&1 != 0 {
				c = 0
			}
			for m := neighbours[v]; m != 0; m &= m - 1 {
				if u := bits.TrailingZeros64(m); d[u]+c < d[v] {
					d[v] = d[u] + c
					changed = true
				}
			}
		}
	}
}

// reach returns the squares one move of at most h squares away from a
// square of s.
func reach(s uint64, h int) uint64 {
	var out uint64
	east, west := s, s
	for k := 1; k <= h && k < Size; k++ {
		east = east << 1 & notFileA
		west = west >> 1 & notFileH
		out |= east | west | s<<uint(8*k) | s>>uint(8*k)
	}
	return out
}

// count fills landings and zoneLandings: the landings by levels, a
// level being closed under landings on free squares.
func (li *landingInfo) count(zone []uint64) {
	for h := 1; h <= maxHeight; h++ {
		d := &li.landings[h-1]
		for p := range Size * Size {
			seen := uint64(1) << uint(p)
			front := seen // the squares of this level
			for level := uint8(0); ; level++ {
				for {
					more := reach(seen, h) & li.free &^ seen
					if more == 0 {
						break
					}
					seen |= more
					front |= more
				}
				for m := front; m != 0; m &= m - 1 {
					d[p][bits.TrailingZeros64(m)] = level
				}
				front = reach(seen, h) &^ seen
				if front == 0 {
					break
				}
				seen |= front
			}
		}
		li.zoneLandings[h-1] = make([][Size * Size]uint8, len(zone))
		for g, z := range zone {
			zl := &li.zoneLandings[h-1][g]
			for p := range Size * Size {
				l := uint8(255)
				for m := z; m != 0; m &= m - 1 {
					l = min(l, d[p][bits.TrailingZeros64(m)])
				}
				zl[p] = l
			}
		}
	}
}

// plainMoves[h-1][p][q] is the fewest moves of at most h squares from p
// to q, anything passed over and landed on.
var plainMoves = func() (d [maxHeight][Size * Size][Size * Size]uint8) {
	for h := 1; h <= maxHeight; h++ {
		for p := range Size * Size {
			for q := range Size * Size {
				dx, dy := abs(Square(p).X()-Square(q).X()), abs(Square(p).Y()-Square(q).Y())
				d[h-1][p][q] = uint8((dx+h-1)/h + (dy+h-1)/h)
			}
		}
	}
	return d
}()

func abs(x int) int { return max(x, -x) }

// newTable returns a 64x64 table filled with 255 (not yet known).
func newTable() *[Size * Size][Size * Size]uint8 {
	t := new([Size * Size][Size * Size]uint8)
	for i := range t {
		for j := range t[i] {
			t[i][j] = 255
		}
	}
	return t
}

// meeting returns the fewest landings outside zones, other than the merge,
// on the ways of a stack of ha on p and one of hb on q to a common
// square, each moving at most its own height a move: on the meeting
// square the later landing is the merge.
func (li *landingInfo) meeting(ha, hb int, p, q Square) uint8 {
	ha, hb = min(ha, maxHeight), min(hb, maxHeight)
	t := li.meet[ha-1][hb-1]
	if t == nil {
		t = newTable()
		li.meet[ha-1][hb-1] = t
	}
	cell := &t[p][q]
	if *cell == 255 {
		da, db := &li.landings[ha-1][p], &li.landings[hb-1][q]
		best := 255
		for m := range Size * Size {
			c := int(da[m]) + int(db[m])
			if li.free>>uint(m)&1 == 0 {
				c--
			}
			best = min(best, c)
		}
		*cell = uint8(max(0, best))
	}
	return *cell
}

// joined returns the fewest moves, over every meeting square m, for a
// stack of ho on p to reach m, one of hj on q to reach m, and one of H
// to go on from m to group g's zone.
func (bi *blackInfo) joined(ho, hj, H, g int, p, q Square) uint8 {
	ho, hj, H = min(ho, maxHeight), min(hj, maxHeight), min(H, maxHeight)
	tabs := bi.join[ho-1][hj-1][H-1]
	if tabs == nil {
		tabs = make([]*[Size * Size][Size * Size]uint8, len(bi.groups))
		bi.join[ho-1][hj-1][H-1] = tabs
	}
	t := tabs[g]
	if t == nil {
		t = newTable()
		tabs[g] = t
	}
	cell := &t[p][q]
	if *cell == 255 {
		a, b, e := &plainMoves[ho-1][p], &plainMoves[hj-1][q], &bi.zoneMoves[H-1][g]
		best := 255
		for m := range Size * Size {
			best = min(best, int(a[m])+int(b[m])+int(e[m]))
		}
		*cell = uint8(min(254, best))
	}
	return *cell
}

// booms returns the fewest BOOMs that can clear the groups with w white
// tokens, or dead.
func (bi *blackInfo) booms(w int) uint8 {
	if bi.minTokens != nil {
		for k := 1; k < len(bi.minTokens); k++ {
			if int(bi.minTokens[k]) <= w {
				return uint8(k)
			}
		}
		return dead
	}
	// Clusters: groups at most w+1 squares apart, joined transitively.
	var clusters int
	var done uint64
	for i, g := range bi.groups {
		if done&g != 0 {
			continue
		}
		clusters++
		c := g
		for changed := true; changed; {
			changed = false
			reachOf := c
			for range w + 1 {
				reachOf = dilate(reachOf)
			}
			for _, h := range bi.groups[i+1:] {
				if c&h == 0 && reachOf&h != 0 {
					c |= h
					changed = true
				}
			}
		}
		done |= c
	}
	if clusters > w {
		return dead
	}
	return uint8(clusters)
}

// dead is lowerBound's value for a position that cannot be won.
const dead = 255

// bounder computes lowerBound, keeping what it learns about each set of
// black squares, and its scratch space.
type bounder struct {
	cache blackCache
	st    stackList
	// one[T] is the least any coalition pays to serve the groups T (bits
	// over the uncovered groups, numbered from 0); ex, tr and gm are one
	// coalition's largest excess and travel over T, and T's groups.
	one, ex, tr, best [1 << maxAssign]uint8
	gm                [1 << maxAssign]uint32
	ug                [maxCover]int
	exc, trav         [maxCover]uint8
}

func newBounder() *bounder { return &bounder{cache: blackCache{}} }

// lowerBound returns a lower bound on the actions that win from p (see
// the file's comment), or dead when p cannot be won.
func (bd *bounder) lowerBound(p *pos) uint8 {
	if p.black == 0 {
		return 0
	}
	bi := bd.cache.get(p.black)
	w := p.tokens()
	booms := bi.booms(w)
	if booms == dead {
		return dead
	}
	var U uint32 // uncovered groups
	for g, z := range bi.zone {
		if z&p.white == 0 {
			U |= 1 << uint(g)
		}
	}
	if U == 0 {
		return booms
	}
	m := p.stacks(&bd.st)
	u := bits.OnesCount32(U)
	if bi.cover == nil {
		return uint8(min(254, int(booms)+(u+3)/4)) // a square serves at most 4 groups
	}
	if int(bi.cover[U]) > w {
		return dead // a landing square a token
	}
	if u > maxAssign || m > maxOrigins {
		return uint8(min(254, int(booms)+int(bi.cover[U])))
	}
	moves := bd.moves(bi, bi.landingsFor(U), U, w)
	if moves == dead {
		return dead
	}
	return uint8(min(254, int(booms)+int(moves)))
}

// moves returns the moves bound for the uncovered groups U with w white
// tokens in the stacks bd.st.
func (bd *bounder) moves(bi *blackInfo, li *landingInfo, U uint32, w int) uint8 {
	st := &bd.st
	m := st.n
	u := 0
	for x := U; x != 0; x &= x - 1 {
		bd.ug[u] = bits.TrailingZeros32(x)
		u++
	}
	nt := 1 << uint(u)
	for T := range nt {
		bd.one[T] = 255
	}
	bd.gm[0] = 0
	for T := 1; T < nt; T++ {
		low := T & -T
		bd.gm[T] = bd.gm[T&^low] | 1<<uint(bd.ug[bits.TrailingZeros(uint(low))])
	}
	// Singles.
	for o := range m {
		h, sq := min(int(st.h[o]), maxHeight), st.sq[o]
		for i := range u {
			g := bd.ug[i]
			bd.exc[i] = li.zoneLandings[h-1][g][sq]
			bd.trav[i] = bi.zoneMoves[h-1][g][sq]
		}
		bd.serve(bi, u, int(st.h[o]), 0)
	}
	// Pairs.
	for a := range m {
		for b := a + 1; b < m; b++ {
			ha, hb := int(st.h[a]), int(st.h[b])
			pa, pb := st.sq[a], st.sq[b]
			H := min(ha+hb, maxHeight)
			gather := int(li.meeting(ha, hb, pa, pb))
			for i := range u {
				g := bd.ug[i]
				t := int(min(li.zoneLandings[H-1][g][pa], li.zoneLandings[H-1][g][pb]))
				bd.exc[i] = uint8(max(0, t-1-gather))
				alone := min(bi.zoneMoves[min(ha, maxHeight)-1][g][pa], bi.zoneMoves[min(hb, maxHeight)-1][g][pb]) + 1
				bd.trav[i] = min(alone, bi.joined(ha, hb, H, g, pa, pb), bi.joined(hb, ha, H, g, pb, pa))
			}
			bd.serve(bi, u, ha+hb, 1+gather)
		}
	}
	// Every coalition of three or more origins at once.
	if m >= 3 {
		hw := min(w, maxHeight)
		for i := range u {
			g := bd.ug[i]
			t := uint8(255)
			for o := range m {
				t = min(t, bi.zoneMoves[hw-1][g][st.sq[o]])
			}
			bd.exc[i], bd.trav[i] = 0, t
		}
		bd.serve(bi, u, w, 2)
	}
	// Share the groups among coalitions: best[S] over subsets S.
	f := &bd.best
	f[0] = 0
	for S := 1; S < nt; S++ {
		low := S & -S
		rest := S &^ low
		v := 255
		for sub := rest; ; sub = (sub - 1) & rest {
			v = min(v, int(bd.one[low|sub])+int(f[rest&^sub]))
			if sub == 0 {
				break
			}
		}
		f[S] = uint8(min(255, v))
	}
	return f[nt-1]
}

// serve lowers one[T], for every set T of uncovered groups, to what a
// coalition of H tokens pays to serve T: the larger of its merges and
// meeting (base) plus T's cover plus the largest excess (exc) over T, and
// the largest travel (trav) over T; nothing when T's cover needs more
// than H tokens.
func (bd *bounder) serve(bi *blackInfo, u, H, base int) {
	nt := 1 << uint(u)
	ex, tr := &bd.ex, &bd.tr
	ex[0], tr[0] = 0, 0
	for T := 1; T < nt; T++ {
		low := T & -T
		i := bits.TrailingZeros(uint(low))
		ex[T] = max(ex[T&^low], bd.exc[i])
		tr[T] = max(tr[T&^low], bd.trav[i])
		cov := int(bi.cover[bd.gm[T]])
		if cov > H {
			continue
		}
		v := max(int(tr[T]), base+cov+int(ex[T]))
		bd.one[T] = uint8(min(int(bd.one[T]), v))
	}
}
