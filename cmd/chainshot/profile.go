package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/pkg/profile"
	"github.com/urfave/cli/v2"

	"chainshot/cmd/chainshot/outfile"
)

// profileFlags are the profiling flags of the long-running commands.
func profileFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile to `FILE` (pprof)"},
		&cli.StringFlag{Name: "memprofile", Usage: "write a memory profile to `FILE` (pprof)"},
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
		return nil, badInput("chainshot %s: give --cpuprofile or --memprofile, not both (one profile at a time)", c.Command.Name)
	}
	if cpu == "" && mem == "" {
		return func() error { return nil }, nil
	}
	path, mode, file := cpu, profile.CPUProfile, "cpu.pprof"
	if mem != "" {
		path, mode, file = mem, profile.MemProfile, "mem.pprof"
	}
	dir, err := os.MkdirTemp(filepath.Dir(path), ".profile")
	if err != nil {
		return nil, badInput("chainshot %s: cannot write profile %s: %v", c.Command.Name, path, err)
	}
	p := profile.Start(mode, profile.ProfilePath(dir), profile.NoShutdownHook, profile.Quiet)
	return func() error {
		p.Stop()
		defer os.RemoveAll(dir)
		err := outfile.WriteFile(path, func(w io.Writer) error {
			f, err := os.Open(filepath.Join(dir, file))
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(w, f)
			return err
		})
		if err != nil {
			return failed("chainshot: cannot write profile %s: %v", path, reason(err))
		}
		return nil
	}, nil
}
