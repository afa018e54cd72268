package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/pkg/profile"
	"github.com/urfave/cli/v2"

	"chainshot/internal/filekinds"
	"chainshot/internal/status"
)

// profileFlags are the profiling flags of the long-running commands.
func profileFlags() []cli.Flag {
	return []cli.Flag{
		outFlag(&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile to `FILE` (pprof)"}, filekinds.Profile),
		outFlag(&cli.StringFlag{Name: "memprofile", Usage: "write a memory profile to `FILE` (pprof)"}, filekinds.Profile),
	}
}

// profiled wraps a command's action in the profile its flags ask for.
func profiled(action cli.ActionFunc) cli.ActionFunc {
	return func(c *cli.Context) error {
		stop, err := startProfile(c)
		if err != nil {
			return err
		}
		err = action(c)
		if serr := stop(); err == nil {
			err = serr
		}
		return err
	}
}

// startProfile starts the profile the flags ask for; stop writes it.
func startProfile(c *cli.Context) (stop func() error, err error) {
	cpu, mem := c.String("cpuprofile"), c.String("memprofile")
	if cpu != "" && mem != "" {
		return nil, status.BadInput("%s: give --cpuprofile or --memprofile, not both (one profile at a time)", commandPath(c))
	}
	if cpu == "" && mem == "" {
		return func() error { return nil }, nil
	}
	mode, file, flag := profile.CPUProfile, "cpu.pprof", "cpuprofile"
	if mem != "" {
		mode, file, flag = profile.MemProfile, "mem.pprof", "memprofile"
	}
	claim := ioFrom(c).output(flag) // claimed before the action ran
	cmd, flag := commandPath(c), typedFlag(c, []string{flag})
	// The profile is written in a folder of the system's, then copied
	// through the claim: nothing of it is made beside the output, which
	// may be a device, a FIFO or a folder the run can write a file in
	// but not make a folder in.
	dir, err := os.MkdirTemp("", "chainshot-profile")
	if err != nil {
		return nil, status.Fail("%s: %s: cannot make a temporary folder for the profile: %v", cmd, flag, reason(err))
	}
	p := profile.Start(mode, profile.ProfilePath(dir), profile.NoShutdownHook, profile.Quiet)
	return func() error {
		p.Stop()
		defer os.RemoveAll(dir)
		err := claim.WriteFile(func(w io.Writer) error {
			f, err := os.Open(filepath.Join(dir, file))
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(w, f)
			return err
		})
		if err != nil {
			return status.Fail("%s: %s: %v", cmd, flag, err)
		}
		return nil
	}, nil
}
