package cpuclock

import (
	"testing"
	"time"
)

// TestBudget: each budget clock reads the time since it was made, on its
// own clock: CPU time grows with work and not with a sleep, wall time
// with a sleep.
func TestBudget(t *testing.T) {
	for p0 := Process(); Process()-p0 < 100*time.Millisecond; {
		// work first: a clock that read the process's whole CPU time
		// would not start near 0
	}
	cpu, wall := Budget(false), Budget(true)
	if c, w := cpu(), wall(); c < 0 || c > 50*time.Millisecond || w < 0 || w > 50*time.Millisecond {
		t.Fatalf("at once: cpu %v, wall %v; want near 0", c, w)
	}
	c0 := cpu()
	time.Sleep(300 * time.Millisecond)
	if d := cpu() - c0; d > 100*time.Millisecond {
		t.Errorf("a sleep of 300 ms took %v on the CPU clock", d)
	}
	if w := wall(); w < 300*time.Millisecond {
		t.Errorf("a sleep of 300 ms: the wall clock says %v", w)
	}
	c0 = cpu()
	for x := 0; cpu()-c0 < 50*time.Millisecond; x++ {
		if x > 1e10 {
			t.Fatal("50 ms of work never showed on the CPU clock")
		}
	}
}
