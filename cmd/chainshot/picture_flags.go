package main

import (
	"chainshot/internal/status"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// pictureExtensions are the picture flags of every command and the file
// names each takes: one rule for all (issue 26, item 11), checked before
// any command runs (checkPictureFlags). A flag named by its format writes
// that format; --chart writes the format its extension names.
var pictureExtensions = map[string][]string{
	"png":   {".png"},
	"gif":   {".gif"},
	"chart": {".png", ".svg"},
}

// checkPictureFlags refuses a picture flag whose file name does not end
// in an extension the flag writes ("--gif x.png" would write a GIF under
// a PNG's name): exit status 2, naming the flag. A device or a FIFO
// (/dev/stdout) takes the one format of a --png or --gif as it is.
func checkPictureFlags(c *cli.Context) error {
	if c.Command == nil {
		return nil
	}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		exts, ok := pictureExtensions[name]
		if !ok || !c.IsSet(name) {
			continue
		}
		path := c.String(name)
		if path == "" || slices.Contains(exts, strings.ToLower(filepath.Ext(path))) {
			continue
		}
		if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() && !st.IsDir() && len(exts) == 1 {
			continue
		}
		return status.BadInput("%s: %s: %s: want a file name ending in %s", commandPath(c), typedFlag(c, f.Names()), path, orList(exts))
	}
	return nil
}
