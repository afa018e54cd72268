// Package picture draws the three games as images: a ChainShot board as a
// PNG and a solution replay as an animated GIF, a Chain Reaction as a
// strip of frames (PNG) or an animation (GIF), wave by wave, with a legend
// of the players and of the marks on the squares, and Expendibots actions
// as a GIF. Text is set in the Go fonts (golang.org/x/image/font/gofont,
// with a hyphen that is not a minus sign: package fonts), at sizes that
// read at 100%: titles in Go Bold, captions, coordinates and legends in Go
// Regular; a rune the fonts lack shows as a box. A square's letter (a
// bead's colour, an owner) is at least 12 pixels (minLetter): ChainShot
// squares are 44 pixels on small boards down to 28 on 20x20 and larger,
// so a 25x25 board is about 750 pixels wide. A picture is at least 360
// pixels wide, with 20 pixels of paper beside its title, which fits on
// one line up to 560 pixels; titles and captions wrap at spaces, and a
// picture widens for its longest word, so no word is cut.
//
// The package knows no game's rules beyond what it draws: callers pass
// plain data (letters, orb counts, stacks) and a caption for each frame.
//
// Coordinates are drawn on the margins as each game numbers them:
//
//	ChainShot, Chain Reaction        Expendibots
//	                                 y
//	3 | . . .                        7 | . . . . . . . .
//	2 | . . .   rows from 1          ...
//	1 | . . .   at the BOTTOM        0 | . . . . . . . .
//	    1 2 3   columns from 1           0 1 2 3 4 5 6 7  x
//	            at the LEFT
//
// Colours come from Okabe and Ito's palette, which people with the common
// kinds of colour blindness can tell apart, and every colour also carries
// a letter: the bead's letter in ChainShot, the owner's letter in a Chain
// Reaction square's corner.
//
// A ChainShot replay of n moves is n+1 frames: frame k shows the board
// before move k+1 with that move's group highlighted, the last frame the
// final board, held longer:
//
//	frames := []picture.ChainShotFrame{}
//	for k, m := range moves { // b is a board.Board, replayed move by move
//		frames = append(frames, picture.ChainShotFrame{
//			Grid:    strings.Fields(b.Format()),
//			Pick:    picture.Cell{Row: int(m.Row) + 1, Col: int(m.Col) + 1},
//			Caption: fmt.Sprintf("move %d/%d: %v  +%d  total %d", k+1, len(moves), m, gain, total),
//		})
//		...
//	}
//	frames = append(frames, picture.ChainShotFrame{Grid: strings.Fields(b.Format()), Caption: "end"})
//	err := claim.WriteFile(func(w io.Writer) error { // the --gif output, claimed (outfile.Gate)
//		return picture.ChainShotGIF(w, frames, picture.Options{Title: "hard1.txt"})
//	})
//
// GIFs share one palette and, after the first frame, store only the
// rectangle that changed, with unchanged pixels transparent: a 25x25
// replay of 120 frames takes about a third of a megabyte.
//
// The package writes to an io.Writer and opens no file: a command's
// picture goes to the output its flag claimed (outfile.Gate), whole or
// not at all.
package picture
