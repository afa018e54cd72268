package check

import (
	"math/rand/v2"
	"testing"
)

// Both stores agree with a Go map over many keys (the narrow one grows
// many times): every value set is read back, the last one set for a key
// set twice, a key's cells with the other player to move apart, Never among them; a key never set is absent; each lists
// every entry once.
func TestStoreAgreesWithAMap(t *testing.T) {
	for _, cells := range []int{NarrowCells, NarrowCells + 1} {
		s, want := newStore(cells), map[Key]int16{}
		if (s.narrow != nil) != (cells <= NarrowCells) {
			t.Fatalf("%d cells: narrow %v", cells, s.narrow != nil)
		}
		rng := rand.New(rand.NewPCG(1, uint64(cells)))
		key := func() Key { return Key{rng.Uint64() & (1<<54 - 1), rng.Uint64() >> 63 << 63} }
		var keys []Key
		for i := range 200_000 {
			k := key()
			switch {
			case i%5 == 0 && len(keys) > 0:
				k = keys[rng.IntN(len(keys))] // set again
			case i%5 == 1 && len(keys) > 0:
				k = keys[rng.IntN(len(keys))] // the same cells, the other player to move
				k[1] ^= 1 << 63
			}
			v := int16(rng.IntN(neverCode - 1))
			if i%7 == 0 {
				v = Never
			}
			s.set(k, v)
			want[k] = v
			keys = append(keys, k)
		}
		if s.len() != len(want) {
			t.Errorf("%d cells: %d entries, want %d", cells, s.len(), len(want))
		}
		for k, v := range want {
			if got, ok := s.get(k); !ok || got != v {
				t.Fatalf("%d cells: key %x: %d, %v; want %d", cells, k, got, ok, v)
			}
		}
		for range 10_000 {
			if k := key(); !mapHas(want, k) {
				if v, ok := s.get(k); ok {
					t.Fatalf("%d cells: key %x never set reads %d", cells, k, v)
				}
			}
		}
		n := 0
		s.each(func(k Key, v int16) {
			n++
			if want[k] != v {
				t.Fatalf("%d cells: each gives key %x %d, want %d", cells, k, v, want[k])
			}
		})
		if n != len(want) {
			t.Errorf("%d cells: each gives %d entries, want %d", cells, n, len(want))
		}
	}
}

func mapHas(m map[Key]int16, k Key) bool { _, ok := m[k]; return ok }

// A value the narrow store cannot hold is refused, not wrapped.
func TestNarrowStoreRefusesWideValues(t *testing.T) {
	for _, v := range []int16{-1, neverCode - 1, Never - 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("value %d: no panic", v)
				}
			}()
			newStore(NarrowCells).set(Key{1, 0}, v)
		}()
	}
}

// A cache stops growing at its most and then forgets, but never reads a
// key's value wrong: every key read back has the value last set for it,
// or is absent; most keys set last are still there.
func TestCacheForgetsButNeverLies(t *testing.T) {
	defer func(n int) { cacheSlots = n }(cacheSlots)
	cacheSlots = 1 << 12
	c, want := newCache(NarrowCells), map[Key]int16{}
	rng := rand.New(rand.NewPCG(2, 3))
	var keys []Key
	for i := range 100_000 {
		k := Key{rng.Uint64() & (1<<54 - 1), rng.Uint64() >> 63 << 63}
		if i%3 == 0 && len(keys) > 0 {
			k = keys[rng.IntN(len(keys))]
		}
		v := int16(rng.IntN(neverCode - 1))
		c.set(k, v)
		want[k] = v
		keys = append(keys, k)
	}
	if len(c.narrow.slots) != cacheSlots {
		t.Fatalf("the cache has %d slots, want its most, %d", len(c.narrow.slots), cacheSlots)
	}
	found := 0
	for k, v := range want {
		if got, ok := c.get(k); ok {
			found++
			if got != v {
				t.Fatalf("key %x reads %d, want %d or absent", k, got, v)
			}
		}
	}
	if found > cacheSlots || found < cacheSlots/2 {
		t.Errorf("%d keys found in a cache of %d slots", found, cacheSlots)
	}
	recent := 0
	for _, k := range keys[len(keys)-100:] {
		if _, ok := c.get(k); ok {
			recent++
		}
	}
	if recent < 90 {
		t.Errorf("%d of the last 100 keys set are there, want 90 or more", recent)
	}
}
