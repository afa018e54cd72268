package main

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	ver "chainshot/internal/version"
)

// version is the tool's release, reported by the Chain Reaction engine
// protocol ("chainshot --version" adds the commit: version.String).
const version = ver.Release

// commands lists every top-level command. Each lives in a file of its own
// (cmd_show.go, cmd_play.go, cmd_solve.go, cmd_react.go, cmd_boom.go ...).
func commands() []*cli.Command {
	return []*cli.Command{
		rulesCommand(),
		showCommand(),
		playCommand(),
		verifyCommand(),
		solveCommand(),
		tournamentCommand(),
		resultsCommand(),
		benchCommand(),
		datasetsCommand(),
		genCommand(),
		boomCommand(),
		reactCommand(),
		serveCommand(),
		completionCommand(),
		manCommand(),
	}
}

// newApp builds the command-line app on the given streams.
func newApp(s *streams) *cli.App {
	app := &cli.App{
		Name:  "chainshot",
		Usage: "play, solve and analyse chain-explosion games (ChainShot, Chain Reaction, Expendibots)",
		Description: "Moves are \"row col\", 1-based, row 1 at the BOTTOM and column 1 at the LEFT.\n" +
			"Flags with a duration need a unit: --budget 30s, --budget 500ms.\n" +
			"A FILE argument may also be the name of a built-in data set (see \"chainshot datasets\").",
		Version:                ver.String(),
		Reader:                 s.In,
		Writer:                 s.Out,
		ErrWriter:              s.Err,
		Commands:               commands(),
		Metadata:               map[string]any{"streams": s},
		HideHelpCommand:        false,
		EnableBashCompletion:   true,
		UseShortOptionHandling: false,
		// urfave/cli would otherwise os.Exit inside Run; exit codes are
		// mapped in run() after Run returns so that defers run.
		ExitErrHandler: func(*cli.Context, error) {},
		// Repeated flags keep their commas: "--vs best:nodes=900,q=2".
		DisableSliceFlagSeparator: true,
	}
	installUsage(app)
	return app
}

// run is the whole program: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s := &streams{IO: iostreams.New(stdin, stdout, stderr), args: args, cmd: "chainshot"}
	app := newApp(s)
	if len(args) == 0 || args[len(args)-1] != "--generate-bash-completion" {
		args = permuteArgs(app, args) // completion wants its flag last
	}
	ctx, stop := interrupt.Install(context.Background())
	err := app.RunContext(ctx, args)
	stop()
	code, msg := status.Code(err)
	if outfile.Interrupted() {
		// Ctrl-C or SIGTERM while an output waited for a FIFO's reader.
		code = status.Interrupted
	}
	if s.OutErr() != nil {
		code, msg = stdoutFailed(err, s.OutErr())
	}
	if msg != "" {
		fmt.Fprintln(s.Err, inOneVoice(s.cmd, msg))
	}
	s.Close()
	return code
}
