package main

import (
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"chainshot/internal/status"
)

// Some flags mean something only beside another: --resume continues the
// file of --out (of --proof for react solve), --split and --shard shape a
// proof. needs declares it once, where the flag is made, and every
// command refuses such a flag given alone before any work, in one voice
// (checkNeeds, from installUsage): "chainshot react match: --resume goes
// with --out: give --out FILE too".

// flagNeeds maps a flag to the name of the flag it goes with.
var flagNeeds sync.Map

// needs declares that flag f goes with the flag named other.
func needs[F cli.Flag](f F, other string) F {
	flagNeeds.Store(cli.Flag(f), other)
	return f
}

// checkNeeds refuses a flag given without the flag it goes with (a bool
// flag given as false asks for nothing).
func checkNeeds(c *cli.Context) error {
	if c.Command == nil {
		return nil
	}
	for _, f := range c.Command.Flags {
		v, ok := flagNeeds.Load(f)
		if !ok {
			continue
		}
		name, other := f.Names()[0], v.(string)
		if !c.IsSet(name) || c.IsSet(other) {
			continue
		}
		if b, ok := f.(*cli.BoolFlag); ok && !c.Bool(b.Name) {
			continue
		}
		want := "--" + other
		for _, o := range c.Command.Flags {
			if u, ok := o.(interface{ GetUsage() string }); ok && o.Names()[0] == other {
				if _, rest, ok := strings.Cut(u.GetUsage(), "`"); ok { // its placeholder: `FILE`
					if placeholder, _, ok := strings.Cut(rest, "`"); ok {
						want += " " + placeholder
					}
				}
			}
		}
		return status.BadInput("%s: %s goes with --%s: give %s too", commandPath(c), typedFlag(c, f.Names()), other, strings.TrimSpace(want))
	}
	return nil
}
