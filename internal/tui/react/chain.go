package react

import (
	"strings"

	"chainshot/chainreact"
	"chainshot/internal/render"
)

// A chain is a move's reaction drawn as the pictures draw it, from the
// engine's trace: the board once the orb has landed, the played cell
// marked, then the board after each wave with the cells that exploded
// marked. The last wave's board is the position after the move.
type chain struct {
	frames []wave
	k      int
}

// wave is one frame of a chain.
type wave struct {
	board   chainreact.Board
	burst   map[chainreact.Move]bool
	caption string
}

// newChain returns the frames of the reaction tr, or nil when nothing
// exploded.
func newChain(tr chainreact.Trace, names string) *chain {
	if len(tr.Waves) == 0 {
		return nil
	}
	c := &chain{}
	c.frames = append(c.frames, wave{board: tr.Landed, burst: map[chainreact.Move]bool{tr.Move: true},
		caption: string(names[tr.Player]) + " plays " + tr.Before.FormatMove(tr.Move) + ": the orb lands"})
	for i, w := range tr.Waves {
		var sb strings.Builder
		render.ReactWave(&sb, &tr.Before, i, w)
		caption := strings.TrimSuffix(sb.String(), "\n")
		if i == len(tr.Waves)-1 && tr.Stopped {
			caption += "; the reaction stops: one player is left"
		}
		burst := map[chainreact.Move]bool{}
		for _, e := range w.Exploded {
			burst[e] = true
		}
		c.frames = append(c.frames, wave{board: w.After, burst: burst, caption: caption})
	}
	return c
}

func (c *chain) frame() *wave { return &c.frames[c.k] }

// next moves on to the next frame; false when the last has been shown.
func (c *chain) next() bool {
	c.k++
	return c.k < len(c.frames)
}
