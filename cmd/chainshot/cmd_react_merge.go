package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/internal/filekinds"
	"chainshot/internal/proofrun"
	"chainshot/internal/status"
)

// reactMergeCommand is "react merge": the lines of proof shards in one file.
func reactMergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join the proof files of react solve --proof shards into one",
		ArgsUsage: "PROOF.jsonl...",
		Description: "Reads proof files of one split proof (made with --shard on several machines, or in\n" +
			"several sittings), checks that they prove the same position with the same split and\n" +
			"that every line replays, and writes every solved line once to --out, a new file.\n" +
			"\"chainshot react solve --proof OUT --resume\" then goes on from it, or says what it proves.\n\n" +
			"Examples:\n" +
			"  chainshot react merge shard*.jsonl --out 4x4.jsonl\n" +
			"  chainshot react solve --size 4x4 --proof 4x4.jsonl --resume",
		Flags: []cli.Flag{
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the merged proof to `FILE` (it must not hold anything yet)"}, filekinds.MergedProof),
		},
		Action: doReactMerge,
	}
}

func doReactMerge(c *cli.Context) error {
	const cmd = "chainshot react merge"
	s := ioFrom(c)
	if c.NArg() == 0 {
		return status.BadInput("%s: want the proof files to join, such as shard*.jsonl", cmd)
	}
	if c.String("out") == "" {
		return status.BadInput("%s: want --out FILE for the merged proof", cmd)
	}
	return proofrun.Merge(s.IO, proofrun.MergeOptions{Cmd: cmd, Paths: c.Args().Slice(), Out: c.String("out"), Claim: s.output("out")})
}
