package solver

import (
	"fmt"

	"chainshot/board"
)

// Rank is how a search ranks the lines it finds: the one it returns is the
// best by its Rank.
type Rank uint8

const (
	// RankBeads is the ChainShot handout's rule (board.Better): fewest
	// beads left, then the highest score. A cleared board at a low score
	// beats any line leaving one bead.
	RankBeads Rank = iota
	// RankScore is the SameGame literature's: the highest score, a
	// cleared board scoring ClearBonus more. The standard benchmark and
	// the public solvers rank this way.
	RankScore
)

// ClearBonus is what RankScore adds for a cleared board.
const ClearBonus = 1000

// Ranks lists every Rank, in the order --rank names them.
func Ranks() []Rank { return []Rank{RankBeads, RankScore} }

// RankNames lists every Rank's name, in the order of Ranks.
func RankNames() []string {
	var names []string
	for _, r := range Ranks() {
		names = append(names, r.String())
	}
	return names
}

// String is the rank's name on the command line: "beads" or "score".
func (r Rank) String() string {
	switch r {
	case RankBeads:
		return "beads"
	case RankScore:
		return "score"
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// Describe says in words how r ranks lines.
func (r Rank) Describe() string {
	switch r {
	case RankBeads:
		return "fewest beads left, then the highest score (the handout's rule)"
	case RankScore:
		return fmt.Sprintf("the highest score, +%d for a cleared board (the SameGame literature's)", ClearBonus)
	}
	return r.String()
}

// ParseRank returns the Rank named name ("beads" or "score").
func ParseRank(name string) (Rank, error) {
	for _, r := range Ranks() {
		if r.String() == name {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown rank %q", name)
}

// Value packs a finished line's beads left and score into one number that
// orders lines as r ranks them (higher is better).
func (r Rank) Value(beads, score int) int64 {
	if r == RankScore {
		v := int64(score)
		if beads == 0 {
			v += ClearBonus
		}
		return v
	}
	return int64(score) - int64(beads)<<32
}

// Better reports whether a line leaving beadsA and scoring scoreA ranks
// above one leaving beadsB and scoring scoreB.
func (r Rank) Better(beadsA, scoreA, beadsB, scoreB int) bool {
	if r == RankBeads {
		return board.Better(beadsA, scoreA, beadsB, scoreB)
	}
	return r.Value(beadsA, scoreA) > r.Value(beadsB, scoreB)
}
