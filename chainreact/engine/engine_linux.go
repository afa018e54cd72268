package engine

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

// clockTicks is the unit of the times in /proc/PID/stat (USER_HZ, 100 on
// every Linux this runs on).
const clockTicks = 100

// proc is what the tree walks need of one process in /proc.
type proc struct {
	ppid  int
	ticks int64 // CPU time, user plus system, with that of finished children
}

// procs reads every process of /proc; false when it cannot be read.
func procs() (map[int]proc, bool) {
	dir, err := os.ReadDir("/proc")
	if err != nil {
		return nil, false
	}
	all := map[int]proc{}
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
		all[id] = p
	}
	return all, true
}

// tree returns process pid and every process below it, from all.
func tree(all map[int]proc, pid int) []int {
	var ids []int
	for id := range all {
		// is pid id or an ancestor of it?
		for a, hops := id, 0; a > 1 && hops < 64; a, hops = all[a].ppid, hops+1 {
			if a == pid {
				ids = append(ids, id)
				break
			}
		}
	}
	return ids
}

// treeCPU returns the CPU time, user plus system, of process pid and of
// every process below it, with that of their finished children, from
// /proc. The engine stays in this program's process group, so that a
// Ctrl-C reaches it too.
func treeCPU(pid int) (time.Duration, bool) {
	all, ok := procs()
	if !ok {
		return 0, false
	}
	if _, ok := all[pid]; !ok {
		return 0, false
	}
	var ticks int64
	for _, id := range tree(all, pid) {
		ticks += all[id].ticks
	}
	return time.Duration(ticks) * time.Second / clockTicks, true
}

// killTree kills process pid and every process below it (the shell the
// engine runs under and the program it started), the ones below first.
func killTree(pid int) {
	all, _ := procs()
	ids := tree(all, pid)
	for _, id := range ids {
		if id != pid {
			syscall.Kill(id, syscall.SIGKILL)
		}
	}
	syscall.Kill(pid, syscall.SIGKILL)
}
