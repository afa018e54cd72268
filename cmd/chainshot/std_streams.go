package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
)

// printf writes to w, ignoring errors: the streams are the terminal or a
// pipe, and a failed write there has nowhere better to be reported.
func printf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, format, args...)
}

// streams are the run's streams (iostreams.IO) with the command line as
// given, for messages that name a flag as it was typed.
type streams struct {
	*iostreams.IO
	// args are the command line as given.
	args []string
	// claims are the run's output flags, claimed before its action
	// (claimOutputs), by flag name.
	claims map[string]*outfile.Claim
	// cmd is the path of the command running ("chainshot react play"),
	// which starts every error message.
	cmd string
}

// ioFrom returns the streams of the running app.
func ioFrom(c *cli.Context) *streams {
	return c.App.Metadata["streams"].(*streams)
}
