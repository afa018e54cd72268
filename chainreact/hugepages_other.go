//go:build !linux

package chainreact

// adviseHugePages does nothing outside Linux.
func adviseHugePages([]uint64) {}
