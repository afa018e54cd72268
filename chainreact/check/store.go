package check

import "math/bits"

// NarrowCells is the most cells a board may have for its positions to be
// kept one word each (a narrow store): 3 bits a cell and the player to
// move in 55 bits, 9 bits left for the value. 2x9 and 3x6 have 18.
const NarrowCells = 18

// narrowCells is NarrowCells, lowered by the tests that run the wide
// store on small boards.
var narrowCells = NarrowCells

// store maps positions' keys to small values (a move, a ply, Never): a
// Go map of Keys, or on a board of at most narrowCells cells a table of
// one word an entry, under half the map's memory (with the table's
// room to grow): the checks of the boards of 18 cells hold hundreds of
// millions of positions.
type store struct {
	wide   map[Key]int16
	narrow *wordTable
}

func newStore(cells int) store {
	if cells <= narrowCells {
		return store{narrow: newWordTable(0)}
	}
	return store{wide: map[Key]int16{}}
}

// CacheSlots is the most entries of a cache (newCache): a narrow one
// grows to 1 GB, then forgets.
const CacheSlots = 1 << 27

// cacheSlots is CacheSlots, lowered by the tests that make a cache forget.
var cacheSlots = CacheSlots

// newCache returns a store that may forget: a narrow one stops growing
// at cacheSlots entries and then replaces old entries. It serves what
// is kept only to save work (a value found again is the same), never a
// strategy's moves.
func newCache(cells int) store {
	if cells <= narrowCells {
		return store{narrow: newWordTable(cacheSlots)}
	}
	return store{wide: map[Key]int16{}}
}

func (s store) get(k Key) (int16, bool) {
	if s.narrow != nil {
		return s.narrow.get(narrowKey(k))
	}
	v, ok := s.wide[k]
	return v, ok
}

func (s store) set(k Key, v int16) {
	if s.narrow != nil {
		s.narrow.set(narrowKey(k), v)
		return
	}
	s.wide[k] = v
}

func (s store) len() int {
	if s.narrow != nil {
		return s.narrow.n
	}
	return len(s.wide)
}

// narrowKey is k in 55 bits: its cells (54 bits at most), then the
// player to move.
func narrowKey(k Key) uint64 { return k[0] | k[1]>>63<<54 }

// A wordTable entry is a key's 55 bits and a value's code (1 to 511) in
// the low 9 bits; 0 is an empty slot. Values 0 to 509 are coded as v+1,
// Never as 511.
const (
	valueBits = 9
	valueMask = 1<<valueBits - 1
	neverCode = valueMask
)

func code(v int16) uint64 {
	switch {
	case v == Never:
		return neverCode
	case v >= 0 && v < neverCode-1:
		return uint64(v) + 1
	}
	panic("check: a value a narrow store cannot hold")
}

func decode(c uint64) int16 {
	if c == neverCode {
		return Never
	}
	return int16(c - 1)
}

// wordTable is an open-addressing hash table (linear probing) of
// one-word entries, grown by doubling at three quarters full; one with a
// most (a cache) stops growing there, and then a key not found within
// maxProbe slots of its home replaces the entry at its home.
type wordTable struct {
	slots []uint64
	shift uint // 64 − log2(len(slots))
	n     int
	most  int // the most slots, 0: no most
}

// maxProbe is how far a full cache looks for a key.
const maxProbe = 16

func newWordTable(most int) *wordTable {
	const size = 1 << 10
	return &wordTable{slots: make([]uint64, size), shift: uint(64 - bits.TrailingZeros(size)), most: most}
}

// full says the table is a cache that grows no more.
func (t *wordTable) full() bool { return t.most > 0 && len(t.slots) >= t.most }

// home is key's first slot: a multiplicative hash's top bits.
func (t *wordTable) home(key uint64) uint64 { return (key * 0x9e3779b97f4a7c15) >> t.shift }

func (t *wordTable) get(key uint64) (int16, bool) {
	mask := uint64(len(t.slots) - 1)
	for i, probes := t.home(key), 0; ; i, probes = (i+1)&mask, probes+1 {
		e := t.slots[i]
		switch {
		case e == 0 || probes == maxProbe && t.full():
			return 0, false
		case e>>valueBits == key:
			return decode(e & valueMask), true
		}
	}
}

func (t *wordTable) set(key uint64, v int16) {
	if 4*(t.n+1) > 3*len(t.slots) && !t.full() {
		t.grow()
	}
	t.put(key<<valueBits | code(v))
}

// put stores entry e, replacing its key's entry if there is one.
func (t *wordTable) put(e uint64) {
	mask := uint64(len(t.slots) - 1)
	key := e >> valueBits
	for i, probes := t.home(key), 0; ; i, probes = (i+1)&mask, probes+1 {
		if probes == maxProbe && t.full() { // forget the entry at key's home
			t.slots[t.home(key)] = e
			return
		}
		switch old := t.slots[i]; {
		case old == 0:
			t.slots[i] = e
			t.n++
			return
		case old>>valueBits == key:
			t.slots[i] = e
			return
		}
	}
}

func (t *wordTable) grow() {
	old := t.slots
	t.slots, t.shift, t.n = make([]uint64, 2*len(old)), t.shift-1, 0
	for _, e := range old {
		if e != 0 {
			t.put(e)
		}
	}
}

// each calls f with every key and value in the store.
func (s store) each(f func(Key, int16)) {
	if s.narrow == nil {
		for k, v := range s.wide {
			f(k, v)
		}
		return
	}
	for _, e := range s.narrow.slots {
		if e != 0 {
			nk := e >> valueBits
			f(Key{nk & (1<<54 - 1), nk >> 54 << 63}, decode(e&valueMask))
		}
	}
}
