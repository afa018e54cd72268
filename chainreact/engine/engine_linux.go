package engine

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// clockTicks is the unit of the times in /proc/PID/stat (USER_HZ, 100 on
// every Linux this runs on).
const clockTicks = 100

// treeCPU returns the CPU time, user plus system, of process pid and of
// every process below it, with that of their finished children, from
// /proc. The engine stays in this program's process group, so that a
// Ctrl-C reaches it too.
func treeCPU(pid int) (time.Duration, bool) {
	dir, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	type proc struct {
		ppid  int
		ticks int64
	}
	procs := map[int]proc{}
	for _, d := range dir {
		id, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue // ended meanwhile
		}
		// the fields after the command name, which is in parentheses:
		// state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
		// cmajflt utime stime cutime cstime
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		if len(f) < 15 {
			continue
		}
		p := proc{}
		p.ppid, _ = strconv.Atoi(string(f[1]))
		for _, k := range f[11:15] {
			n, _ := strconv.ParseInt(string(k), 10, 64)
			p.ticks += n
		}
		procs[id] = p
	}
	if _, ok := procs[pid]; !ok {
		return 0, false
	}
	var ticks int64
	for id, p := range procs {
		// is pid id or an ancestor of it?
		for a, hops := id, 0; a > 1 && hops < 64; a, hops = procs[a].ppid, hops+1 {
			if a == pid {
				ticks += p.ticks
				break
			}
		}
	}
	return time.Duration(ticks) * time.Second / clockTicks, true
}
