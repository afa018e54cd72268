package chainreact

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// ownGroup starts the engine's command in a process group of its own, so
// that its CPU time can be read across the shell and what it starts.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// clockTicks is the unit of the times in /proc/PID/stat (USER_HZ, 100 on
// every Linux this runs on).
const clockTicks = 100

// groupCPU returns the CPU time, user plus system, of the processes of
// process group pgid, with that of their finished children, from /proc.
func groupCPU(pgid int) (time.Duration, bool) {
	dir, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	var ticks int64
	found := false
	for _, d := range dir {
		if _, err := strconv.Atoi(d.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue // ended meanwhile
		}
		// the fields after the command name, which is in parentheses
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		// state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
		// cmajflt utime stime cutime cstime: pgrp is f[2], utime f[11]
		if len(f) < 15 || string(f[2]) != strconv.Itoa(pgid) {
			continue
		}
		found = true
		for _, k := range f[11:15] {
			n, _ := strconv.ParseInt(string(k), 10, 64)
			ticks += n
		}
	}
	return time.Duration(ticks) * time.Second / clockTicks, found
}
