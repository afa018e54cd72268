package halt

import (
	"testing"
	"time"
)

// TestPacer: units slower than the span bring the readings down to one
// a unit; fast units take them back up to Max, and no further.
func TestPacer(t *testing.T) {
	p := Pacer{Span: time.Millisecond, Max: 64}
	p.Start(0, 64)
	count := uint64(0)
	for k := 0; k < 8; k++ { // each unit takes 2 ms: 64 halves to 1 in 6 readings
		count = p.Next()
		time.Sleep(2 * time.Millisecond)
		if !p.Due(count) {
			t.Fatalf("reading %d not due at its count %d", k, count)
		}
	}
	if got := p.Next() - count; got != 1 {
		t.Fatalf("after slow units, a reading every %d units, want 1", got)
	}
	if p.Due(count) {
		t.Fatal("a reading due twice at one count")
	}
	for k := 0; k < 10000 && p.Next()-count < 64; k++ {
		count = p.Next()
		p.Due(count)
	}
	if got := p.Next() - count; got != 64 {
		t.Fatalf("after fast units, a reading every %d units, want Max (64)", got)
	}
	count = p.Next()
	p.Due(count)
	if got := p.Next() - count; got > 64 {
		t.Fatalf("a reading every %d units, over Max (64)", got)
	}
}
