package main

import (
	"errors"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact/ai"
	"chainshot/chainreact/engine"
	"chainshot/internal/status"
)

func reactEngineCommand() *cli.Command {
	return &cli.Command{
		Name:      "engine",
		Usage:     "speak the Chain Reaction engine protocol (GTP-like) on stdin/stdout",
		ArgsUsage: " ",
		Description: "Commands, one a line: name, version, boardsize R C, players N, clear_board,\n" +
			"play r c, genmove, showboard, list_commands, quit. Replies are \"= result\" or\n" +
			"\"? reason\", then an empty line. \"react match --p1 engine:COMMAND\" plays such a\n" +
			"program against another player.\n\n" + playerSpecs,
		Flags: []cli.Flag{
			specFlag("player", ai.DefaultSpec, "the engine's player, a `SPEC` (Players, above)", 0),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "`N` seeds the player"}),
		},
		Action: doReactEngine,
	}
}

func doReactEngine(c *cli.Context) error {
	const cmd = "chainshot react engine"
	s := ioFrom(c)
	player, err := ai.NewPlayer(c.String("player"), c.Uint64("seed")) // checked by its flag
	if err != nil {
		return status.BadInput("%s: --player: %v", cmd, err)
	}
	err = engine.ServeEngine(s.In, s.Out, player, engine.EngineInfo{Name: "chainshot", Version: version})
	var pe *engine.ProtocolError
	switch {
	case errors.As(err, &pe): // input that is not the protocol: bad input
		return status.BadInput("%s: standard input: %v", cmd, err)
	case err != nil:
		return status.Fail("%s: %v", cmd, err)
	}
	return nil
}
