package picture

import "image/color"

// BeadColor returns the colour a picture gives the ChainShot bead of
// letter (R G B L O, either case) and the ink of the letter drawn on it;
// ok is false for a letter that is no bead. A terminal's screen takes
// its colours from here, so the pictures and the screen agree.
func BeadColor(letter byte) (bead, letterInk color.RGBA, ok bool) {
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	bead, ok = beadColors[letter]
	if !ok {
		return unknownBead, white, false
	}
	return bead, beadInk(letter), true
}

// PlayerColors returns the colour a picture gives each Chain Reaction
// player, the players named by their letters as in Options.Players.
func PlayerColors(players string) [MaxPlayers]color.RGBA {
	cols, _ := playerColors(players)
	return cols
}

// HighlightColor is the yellow behind a highlighted group or square.
func HighlightColor() color.RGBA { return highlight }
