package expendibots

import "math/bits"

// pos is a position in the compact form the searches store, three
// machine words:
//
//   - black: the squares holding black. A search never needs a black
//     stack's height: a blast ignores it, and the game is won when no
//     black square is left.
//   - white: the squares holding white.
//   - comp: the white stacks' heights. Walking the white squares in index
//     order, the running total of tokens after each stack is a number
//     1..64 (MaxTokens); bit total-1 of comp is set for each. So the
//     highest bit is the number of white tokens, and comp and white
//     together give every stack's height.
//
// Two positions are the same position exactly when their three words are
// equal, so a pos is its own exact hash key.
type pos struct {
	black, white, comp uint64
}

// compact returns b's compact form.
func compact(b *Board) pos {
	var p pos
	total := 0
	for s, v := range b.sq {
		switch {
		case v < 0:
			p.black |= 1 << uint(s)
		case v > 0:
			p.white |= 1 << uint(s)
			total += int(v)
			p.comp |= 1 << uint(total-1)
		}
	}
	return p
}

// tokens returns the number of white tokens.
func (p *pos) tokens() int { return bits.Len64(p.comp) }

// stacks writes the white stacks, in square order, to st and returns how
// many there are.
func (p *pos) stacks(st *stackList) int {
	n, prev := 0, 0
	c := p.comp
	for m := p.white; m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(c) + 1
		c &= c - 1
		st.sq[n] = Square(bits.TrailingZeros64(m))
		st.h[n] = int8(t - prev)
		prev = t
		n++
	}
	st.n = n
	return n
}

// stackList is a position's white stacks in square order.
type stackList struct {
	n  int
	sq [Size * Size]Square
	h  [Size * Size]int8
}

// hash mixes the three words into one 64-bit hash (the finaliser of
// SplitMix64 on each word, with distinct offsets).
func (p *pos) hash() uint64 {
	return mix64(p.black) ^ mix64(p.white+0x9e3779b97f4a7c15) ^ mix64(p.comp+0x3c6ef372fe94f82a)
}

func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Files a and h, for shifts that must not wrap around a row.
const (
	notFileA = 0xfefefefefefefefe // every square but x = 0
	notFileH = 0x7f7f7f7f7f7f7f7f // every square but x = 7
)

// dilate returns m with every square next to one of m's (the eight
// around it) added.
func dilate(m uint64) uint64 {
	row := m | (m<<1)&notFileA | (m>>1)&notFileH
	return row | row<<8 | row>>8
}

// blast returns the squares a BOOM at s clears (see the function blast).
func (p *pos) blast(s Square) uint64 { return blast(p.black|p.white, s) }

// boomed returns the position after the stacks on the squares set
// explode (st holds p's stacks).
func (p *pos) boomed(st *stackList, set uint64) pos {
	q := pos{black: p.black &^ set, white: p.white &^ set}
	total := 0
	for i := range st.n {
		if set>>uint(st.sq[i])&1 == 0 {
			total += int(st.h[i])
			q.comp |= 1 << uint(total-1)
		}
	}
	return q
}

// moved returns the position after m tokens of stack i (of st, p's
// stacks) move to the empty or white square t.
func (p *pos) moved(st *stackList, i int, m int8, t Square) pos {
	f := st.sq[i]
	q := pos{black: p.black, white: p.white | 1<<uint(t)}
	if st.h[i] == m {
		q.white &^= 1 << uint(f)
	}
	total, placed := 0, false
	for j := range st.n {
		s, h := st.sq[j], st.h[j]
		if !placed && t < s {
			total += int(m)
			q.comp |= 1 << uint(total-1)
			placed = true
		}
		if j == i {
			h -= m
		}
		if s == t {
			h += m
			placed = true
		}
		if h > 0 {
			total += int(h)
			q.comp |= 1 << uint(total-1)
		}
	}
	if !placed {
		total += int(m)
		q.comp |= 1 << uint(total-1)
	}
	return q
}

// board returns p as a Board, every black stack 1 token high (pos does
// not know black heights).
func (p *pos) board() Board {
	var b Board
	for m := p.black; m != 0; m &= m - 1 {
		b.sq[bits.TrailingZeros64(m)] = -1
	}
	var st stackList
	p.stacks(&st)
	for i := range st.n {
		b.sq[st.sq[i]] = st.h[i]
	}
	return b
}

// rays[s][d] lists the squares 1, 2, ... away from s in direction d (up,
// down, left, right), up to the board's edge.
var rays = func() (r [Size * Size][4][]Square) {
	for s := range r {
		x, y := Square(s).X(), Square(s).Y()
		for d := range dirs {
			for k := 1; ; k++ {
				tx, ty := x+dirs[d][0]*k, y+dirs[d][1]*k
				if !OnBoard(tx, ty) {
					break
				}
				r[s][d] = append(r[s][d], Sq(tx, ty))
			}
		}
	}
	return r
}()

// child is a position one action away from another.
type child struct {
	p   pos
	act Action
}

// appendChildren appends to dst every position one action away from p,
// st holding p's stacks: for each white stack in square order, its BOOM,
// then its MOVEs by direction (up, down, left, right), distance and number
// of tokens, the order of AppendActions. It does not allocate when dst
// has room (4n²+1 children for a stack of n).
func (p *pos) appendChildren(st *stackList, dst []child) []child {
	for i := range st.n {
		s, n := st.sq[i], st.h[i]
		dst = append(dst, child{p: p.boomed(st, p.blast(s)), act: Action{Kind: Boom, From: s}})
		for d := range rays[s] {
			ray := rays[s][d]
			for k := 0; k < int(n) && k < len(ray); k++ {
				t := ray[k]
				if p.black>>uint(t)&1 != 0 {
					continue
				}
				for m := int8(1); m <= n; m++ {
					dst = append(dst, child{p: p.moved(st, i, m, t), act: Action{Kind: Move, N: uint8(m), From: s, To: t}})
				}
			}
		}
	}
	return dst
}
