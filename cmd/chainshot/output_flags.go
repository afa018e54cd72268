package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/internal/filekinds"
	"chainshot/internal/interrupt"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
)

// outputFlag is a flag that names an output file or folder. Every
// command's output flags are claimed through the run's gate
// (outfile.Gate) before the command's action runs (claimOutputs): one
// file per flag, no file another run holds, a whole file replaced only
// by its own kind. A command gets these promises by declaring its output
// flags with outFlag or folderFlag; TestOutputFlagsGuardWhatIsNotTheirs walks every
// command to see that none writes a file through a plain flag.
type outputFlag struct {
	*cli.StringFlag
	// kind is the kind of file the flag writes, by its path (a chart is
	// a PNG or an SVG by its extension); nil for a folder.
	kind func(path string) (outfile.Kind, error)
}

// outFlag declares f an output flag of kind k.
func outFlag(f *cli.StringFlag, k outfile.Kind) *outputFlag {
	return &outputFlag{StringFlag: f, kind: func(string) (outfile.Kind, error) { return k, nil }}
}

// outFlagBy declares f an output flag whose kind its path says.
func outFlagBy(f *cli.StringFlag, kind func(path string) (outfile.Kind, error)) *outputFlag {
	return &outputFlag{StringFlag: f, kind: kind}
}

// folderFlag declares f an output folder: it is made if missing before
// the action runs; the action claims each file it writes in it.
func folderFlag(f *cli.StringFlag) *outputFlag { return &outputFlag{StringFlag: f} }

// pictureExtensions are the picture flags of every command and the file
// names each takes: one rule for all, checked before any command runs
// (claimOutputs). A flag named by its format writes that format; --chart
// writes the format its extension names.
var pictureExtensions = map[string][]string{
	"png":   {".png"},
	"gif":   {".gif"},
	"chart": {".png", ".svg"},
}

// pictureFlag declares f an output flag of the picture formats its name
// takes (pictureExtensions).
func pictureFlag(f *cli.StringFlag) *outputFlag {
	return outFlagBy(f, byExtension(pictureExtensions[f.Name]...))
}

// byExtension returns the kind function of a flag that writes the
// picture formats exts (".png", ".gif", ".svg") by the path's extension.
// A device or FIFO takes the first format as it is.
func byExtension(exts ...string) func(string) (outfile.Kind, error) {
	kinds := map[string]outfile.Kind{".png": filekinds.PNG, ".gif": filekinds.GIF, ".svg": filekinds.SVG}
	return func(path string) (outfile.Kind, error) {
		ext := strings.ToLower(filepath.Ext(path))
		if slices.Contains(exts, ext) {
			return kinds[ext], nil
		}
		if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() && !st.IsDir() && len(exts) == 1 {
			return kinds[exts[0]], nil
		}
		return outfile.Kind{}, fmt.Errorf("%s: want a file name ending in %s", path, orList(exts))
	}
}

// claimOutputs claims every output flag c's command was given, before
// its action runs; a refusal is bad input naming the flag (exit status
// 2). The claims are the run's until it ends (streams.Close); an action
// finds its own with streams.output.
func claimOutputs(c *cli.Context) error {
	if c.Command == nil {
		return nil
	}
	s := ioFrom(c)
	cmd := commandPath(c)
	for _, f := range c.Command.Flags {
		of, ok := f.(*outputFlag)
		name := f.Names()[0]
		if !ok || !c.IsSet(name) || c.String(name) == "" {
			continue
		}
		path := c.String(name)
		if of.kind == nil {
			if err := makeFolder(path); err != nil {
				return status.BadInput("%s: %s %s: %v", cmd, typedFlag(c, f.Names()), path, err)
			}
			continue
		}
		k, err := of.kind(path)
		if err != nil {
			return status.BadInput("%s: %s: %v", cmd, typedFlag(c, f.Names()), err)
		}
		if k.Grows {
			// A journal's command stops on Ctrl-C with every finished
			// record kept and says so: from before its file exists.
			interrupt.Handle()
		}
		claim, err := s.claim(cmd, name, path, k)
		if err != nil {
			return err
		}
		if s.claims == nil {
			s.claims = map[string]*outfile.Claim{}
		}
		s.claims[name] = claim
	}
	return nil
}

// output returns the claim of the output flag name, nil when the flag
// was not given.
func (s *streams) output(name string) *outfile.Claim { return s.claims[name] }

// stringFlag returns f as the string flag it is or wraps (an output flag
// is one), or false.
func stringFlag(f cli.Flag) (*cli.StringFlag, bool) {
	switch g := f.(type) {
	case *cli.StringFlag:
		return g, true
	case *outputFlag:
		return g.StringFlag, true
	}
	return nil, false
}
