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
// an open-addressing hash index into them. A slot holds the node's index
// plus one in its low 32 bits and the top 32 bits of the position's hash
// in its high ones, so that a probe reads a node only when the hashes
// agree. A node takes 40 bytes and a slot 8 (the slots at most half
// full, and twice as many while they grow): 56 to 72 bytes a position.
type table struct {
	chunks [][]node
	n      int      // nodes stored
	slots  []uint64 // see table
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
	h := p.hash()
	tag := h >> 32 << 32
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
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
			t.slots[i] = tag | uint64(k+1)
			return k, true
		}
		if s&^(1<<32-1) == tag {
			if j := int32(uint32(s)) - 1; t.at(j).p == *p {
				return j, false
			}
		}
	}
}

func (t *table) grow() {
	t.slots = make([]uint64, max(1024, 2*len(t.slots)))
	mask := uint64(len(t.slots) - 1)
	for k := range int32(t.n) {
		h := t.at(k).p.hash()
		i := h & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = h>>32<<32 | uint64(k+1)
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
