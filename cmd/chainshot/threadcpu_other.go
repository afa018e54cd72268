//go:build !linux

package main

import "time"

// threadCPU cannot read a thread's CPU time here.
func threadCPU() (time.Duration, bool) { return 0, false }
