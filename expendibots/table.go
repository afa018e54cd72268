package expendibots

// node is one stored position with how the search reached it.
type node struct {
	p      pos
	parent int32  // index of the node it came from, -1 at the root
	act    Action // the action from the parent
	g      int16  // actions from the root (astar: the fewest found so far)
	h      uint8  // astar's lower bound
	closed bool   // astar: expanded, and not reopened since
}

// table is the searches' store of positions: nodes in the order found,
// in chunks of 1<<chunkBits so that growing never copies them, and slots,
// an open-addressing hash set of the positions with each one's node, so
// that a lookup reads one slot and no node. A node takes 40 bytes and a
// slot 32 (64 at the table's fullest), about 100 bytes a position.
type table struct {
	chunks [][]node
	n      int // nodes stored
	slots  []slot
}

// slot is one entry of table's hash set: a position and its node's index
// plus one (0 for an empty slot).
type slot struct {
	p   pos
	ref int32
}

const chunkBits = 15 // 32768 nodes, 1.3 MB, a chunk

// len returns the number of positions stored.
func (t *table) len() int { return t.n }

// at returns node i.
func (t *table) at(i int32) *node { return &t.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

// reset empties the table and keeps its memory.
func (t *table) reset() {
	t.n = 0
	for i := range t.chunks {
		t.chunks[i] = t.chunks[i][:0]
	}
	clear(t.slots)
}

// insert returns the index of position p and whether it is new; a new
// position is appended with only p set.
func (t *table) insert(p *pos) (int32, bool) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := p.hash() & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.ref == 0 {
			k := int32(t.n)
			ci := int(k >> chunkBits)
			if ci == len(t.chunks) {
				size := 1 << chunkBits
				if ci == 0 {
					size = 256 // small searches stay small
				}
				t.chunks = append(t.chunks, make([]node, 0, size))
			}
			t.chunks[ci] = append(t.chunks[ci], node{p: *p})
			t.n++
			*s = slot{p: *p, ref: k + 1}
			return k, true
		}
		if s.p == *p {
			return s.ref - 1, false
		}
	}
}

func (t *table) grow() {
	old := t.slots
	t.slots = make([]slot, max(1024, 2*len(old)))
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s.ref == 0 {
			continue
		}
		i := s.p.hash() & mask
		for t.slots[i].ref != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// path returns the actions from the root to node i.
func (t *table) path(i int32) []Action {
	var rev []Action
	for ; t.at(i).parent >= 0; i = t.at(i).parent {
		rev = append(rev, t.at(i).act)
	}
	out := make([]Action, len(rev))
	for k, a := range rev {
		out[len(rev)-1-k] = a
	}
	return out
}
