package main

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/internal/picture"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "show a ChainShot board with its coordinates, colours and groups",
		ArgsUsage: "FILE|NAME",
		Description: "Prints the board, row 1 at the bottom and column 1 at the left, then its beads by\n" +
			"colour and its removable groups. FILE#K names the K-th board of a file that holds several." +
			examples("chainshot show sample1", "chainshot show board.txt --png board.png"),
		Flags: []cli.Flag{
			pictureFlag(&cli.StringFlag{Name: "png", Usage: "also draw the board as a PNG image in `FILE` (coordinates on the margins, a letter in each bead)"}),
		},
		Action: doShow,
	}
}

func doShow(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() != 1 {
		return status.BadInput("chainshot show: want one FILE or built-in name, got %d arguments", c.NArg())
	}
	set, err := loadOne(s, c.Args().First())
	if err != nil {
		return err
	}
	b := set.Board
	if out := c.String("png"); out != "" {
		err := s.output("png").WriteFile(func(w io.Writer) error {
			return picture.ChainShotPNG(w, picture.ChainShotFrame{
				Grid:    strings.Fields(b.Format()),
				Caption: render.Summary(&b),
			}, picture.Options{Title: filepath.Base(set.Name)})
		})
		if err != nil {
			return status.BadInput("chainshot show: --png: %v", err)
		}
	}
	printf(s.Out, "%s: %dx%d (rows x columns), %s\n", set.Name, b.Rows(), b.Cols(), words.Plural(b.Colors(), "colour"))
	render.Board(s.Out, &b, s.Color, nil)
	groups := b.AppendGroups(nil)
	largest := 0
	for _, g := range groups {
		largest = max(largest, g.Size)
	}
	printf(s.Out, "%s\n", render.Summary(&b))
	if len(groups) == 0 {
		printf(s.Out, "no removable group\n")
	} else {
		printf(s.Out, "%s, the largest of %d beads (worth %d)\n", words.Plural(len(groups), "removable group"), largest, board.Score(largest))
	}
	for _, r := range set.Repairs {
		printf(s.Out, "repaired: %s\n", r)
	}
	return nil
}
