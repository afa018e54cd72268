package exact

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the solver's table with huge pages
// where it can (transparent huge pages in "madvise" mode): a table probed
// at random costs a TLB miss a probe on small pages. On a 1 GB table the
// 2x7 solve took 32% less CPU time (docs/history/react-exact-solver.md).
// Failure is harmless.
func adviseHugePages(t []uint64) {
	if len(t) == 0 {
		return
	}
	const madvHugepage = 14 // MADV_HUGEPAGE
	b := unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), len(t)*8)
	_ = syscall.Madvise(b, madvHugepage)
}
