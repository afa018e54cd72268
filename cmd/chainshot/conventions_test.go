package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestConventions walks every command of the tree, react's and serve
// included, and wants one flag for one idea (issue 18, item 8): --size
// takes RxC; --jobs is -j, 0 meaning one per CPU; --seed is -s; --budget
// is CPU time, -b, with --wall beside it; a visible --out is -o and a
// FILE; a folder is a --...-dir flag; the old spellings stay hidden.
func TestConventions(t *testing.T) {
	for path, cmd := range leaves("", commands()) {
		names := map[string]cli.Flag{}
		for _, f := range cmd.Flags {
			for _, n := range f.Names() {
				names[n] = f
			}
		}
		visible := func(f cli.Flag) bool {
			vf, ok := f.(cli.VisibleFlag)
			return !ok || vf.IsVisible()
		}
		usage := func(f cli.Flag) string {
			df, _ := f.(cli.DocGenerationFlag)
			if df == nil {
				return ""
			}
			return df.GetUsage()
		}
		for _, f := range cmd.Flags {
			name := f.Names()[0]
			if !visible(f) {
				continue
			}
			fail := func(want string) { t.Errorf("chainshot %s --%s: %s", path, name, want) }
			switch name {
			case "size":
				if firstBackquoted(usage(f)) != "RxC" {
					fail("wants the placeholder RxC")
				}
			case "jobs":
				if !slices.Contains(f.Names(), "j") || !strings.Contains(usage(f), "0: one per CPU") {
					fail("wants -j and 0 meaning one per CPU")
				}
			case "seed":
				if !slices.Contains(f.Names(), "s") {
					fail("wants -s")
				}
			case "budget":
				if _, ok := f.(*cli.DurationFlag); !ok || !slices.Contains(f.Names(), "b") || !strings.Contains(usage(f), "CPU time") {
					fail("wants a duration of CPU time with -b")
				}
				if _, ok := names["wall"]; !ok {
					fail("wants --wall beside it, for wall-clock time")
				}
			case "out":
				if !slices.Contains(f.Names(), "o") || firstBackquoted(usage(f)) != "FILE" {
					fail("wants -o and a FILE (a folder is a --...-dir flag)")
				}
			case "workers", "rows", "cols":
				fail("is an old spelling: keep it hidden")
			}
			if firstBackquoted(usage(f)) == "DIR" && !strings.HasSuffix(name, "-dir") {
				fail("takes a DIR: call it --...-dir")
			}
		}
	}
}
