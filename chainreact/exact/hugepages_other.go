//go:build !linux

package exact

// adviseHugePages does nothing outside Linux.
func adviseHugePages([]uint64) {}
