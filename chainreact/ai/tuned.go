package ai

import (
	"math/bits"

	"chainshot/chainreact"
)

// The tuned evaluation: a linear function of cheap mask features, with
// one weight vector per game phase, fitted by logistic regression to the
// results of self-play games (tune_test.go, -tune).

// numFeatures is the number of features of one position.
const numFeatures = 12

// numPhases is the number of game phases with their own weights.
const numPhases = 3

// featureNames names the features, for the tuning harness.
var featureNames = [numFeatures]string{
	"orbs", "critical", "cells", "corners", "edges", "threats",
	"exposed", "tempo", "tempo*critcontact", "tempo*contact", "strike", "counter",
}

// captures returns, for each side, the most cells of the other side that
// one reaction could reach: over the blocks of critical cells (any owner)
// holding a critical cell of that side, the other side's cells in the
// block or next to it.
func captures(g *chainreact.Geometry, crit, mine, theirs uint64) (forMine, forTheirs int) {
	todo := crit
	for todo != 0 {
		blk := todo & -todo
		for {
			grown := blk | g.Around(blk)&crit
			if grown == blk {
				break
			}
			blk = grown
		}
		todo &^= blk
		reach := blk | g.Around(blk)
		if blk&mine != 0 {
			forMine = max(forMine, bits.OnesCount64(reach&theirs))
		}
		if blk&theirs != 0 {
			forTheirs = max(forTheirs, bits.OnesCount64(reach&mine))
		}
	}
	return forMine, forTheirs
}

// features computes the features of b, a board that keeps masks, for
// player p against the others (weights fitted on two players). Each is
// mine minus theirs, or signed by who is to move, so that p's evaluation
// is minus the opponent's:
//
//	0 orbs       orbs held
//	1 critical   critical cells (one orb short of exploding)
//	2 cells      cells held
//	3 corners    corner cells held
//	4 edges      edge cells (not corners) held
//	5 threats    pairs (my critical cell, enemy cell next to it)
//	6 exposed    enemy cells next to a critical cell of mine
//	7 tempo      +1 when p is to move, −1 otherwise
//	8            tempo × pairs of critical cells, one each, side by side:
//	             whoever moves first explodes first
//	9            tempo × pairs of cells, one each, side by side
//	10 strike    the mover's capture (most enemy cells one reaction
//	             reaches), + for p
//	11 counter   the other player's capture, + for p
func features(b *chainreact.Board, p int, f *[numFeatures]int) {
	g := b.Geometry()
	mine, theirs := sides(b, p)
	crit := b.CriticalCells()
	mc, tc := mine&crit, theirs&crit
	f[0] = h1Orbs(b, p)
	f[1] = bits.OnesCount64(mc) - bits.OnesCount64(tc)
	f[2] = bits.OnesCount64(mine) - bits.OnesCount64(theirs)
	f[3] = bits.OnesCount64(mine&g.Corners()) - bits.OnesCount64(theirs&g.Corners())
	f[4] = bits.OnesCount64(mine&g.Edges()) - bits.OnesCount64(theirs&g.Edges())
	f[5] = g.Pairs(mc, theirs) - g.Pairs(tc, mine)
	f[6] = bits.OnesCount64(theirs&g.Around(mc)) - bits.OnesCount64(mine&g.Around(tc))
	tempo := -1
	if b.ToMove() == p {
		tempo = 1
	}
	f[7] = tempo
	f[8] = tempo * g.Pairs(mc, tc)
	f[9] = tempo * g.Pairs(mine, theirs)
	capMine, capTheirs := captures(g, crit, mine, theirs)
	if tempo > 0 {
		f[10], f[11] = capMine, -capTheirs
	} else {
		f[10], f[11] = -capTheirs, capMine
	}
}

// phaseOf is the game phase of b for the tuned weights: the orbs on the
// board against the board's capacity, in thirds.
func phaseOf(b *chainreact.Board) int {
	return min(3*b.Ply()/b.Capacity(), numPhases-1)
}

// tuned is the tuned evaluation of b, a two-player board that keeps
// masks, for player p, in thousandths of a logit of p's chance to win.
func tuned(b *chainreact.Board, p int) int {
	var f [numFeatures]int
	features(b, p, &f)
	w := &tunedWeights[phaseOf(b)]
	v := 0
	for i, x := range f {
		v += w[i] * x
	}
	return v
}

// tunedWeights are the weights by phase, ×1000: round 2 of
// go test ./chainreact/ai -run TestTune -v -timeout 2h -args -tune 3000 -rounds 2
// (tune_test.go).
var tunedWeights = [numPhases][numFeatures]int{
	{52, 40, -51, 162, 52, -67, 118, 33, 56, -2, -4, -28},
	{39, 5, -21, 193, 21, -28, 65, 47, -33, -6, 89, 25},
	{-43, 46, 159, 103, -31, -28, 87, 676, -11, -40, 69, 28},
}
