package solver

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"chainshot/board"
)

// ranksAbove is the game's ranking, written here again so that the
// solver's own (board.Better, value) is checked against it: fewer beads
// left first, then the higher score.
func ranksAbove(b1, s1, b2, s2 int) bool {
	if b1 != b2 {
		return b1 < b2
	}
	return s1 > s2
}

// scoresAbove is the SameGame literature's ranking, written out again for
// the tests: the score, 1000 more for a cleared board.
func scoresAbove(b1, s1, b2, s2 int) bool {
	lit := func(b, s int) int {
		if b == 0 {
			return s + 1000
		}
		return s
	}
	return lit(b1, s1) > lit(b2, s2)
}

// rankAbove is the tests' own account of each Rank; a Rank added to
// Ranks without one here fails the tests that use it.
func rankAbove(t *testing.T, r Rank) func(b1, s1, b2, s2 int) bool {
	switch r {
	case RankBeads:
		return ranksAbove
	case RankScore:
		return scoresAbove
	}
	t.Fatalf("rank %v: the tests have no account of it", r)
	return nil
}

// TestReturnedLineIsBestOffered: for every rank and every algorithm of
// the registry, on boards of several kinds, the line returned is the best
// of every line the search's workers offered by that rank (the handout's:
// fewest beads, then highest score; the literature's: the score, +1000 for
// a clear), and replays to its figures; every offered line replays to the
// figures offered with it. Across the table the searches offer lines
// where the other rank would choose otherwise, or the test could not fail.
func TestReturnedLineIsBestOffered(t *testing.T) {
	for _, rank := range Ranks() {
		t.Run(rank.String(), func(t *testing.T) { returnedIsBestOffered(t, rank) })
	}
}

func returnedIsBestOffered(t *testing.T, rank Rank) {
	above := rankAbove(t, rank)
	other := ranksAbove
	if rank == RankBeads {
		other = scoresAbove
	}
	boards := []board.Board{
		randomBoard(t, 6, 6, 3, 21),
		randomBoard(t, 10, 10, 4, 22),
		randomBoard(t, 12, 12, 5, 23),
		randomBoard(t, 15, 15, 5, 24),
		randomBoard(t, 8, 16, 4, 25),
	}
	disagree := 0
	for bi, b := range boards {
		for _, a := range Algorithms() {
			for _, nodes := range []int64{50, 2000 / raceScale} {
				name := fmt.Sprintf("%s/board%d/%d", a.Name, bi, nodes)
				type offer struct {
					moves        []board.Move
					beads, score int
				}
				var offers []offer
				su := setup{offered: func(_ int, m []board.Move, beads, score int) {
					offers = append(offers, offer{slices.Clone(m), beads, score})
				}}
				r, err := solve(context.Background(), b, a.Name, Options{MaxNodes: nodes, Seed: 3, Workers: 2, Rank: rank}, su)
				if err != nil {
					t.Fatal(err)
				}
				checkReplay(t, b, r)
				if len(offers) == 0 {
					t.Fatalf("%s: no line offered", name)
				}
				best := offers[0]
				otherBest := offers[0]
				for _, o := range offers {
					end, score, err := board.Replay(b, o.moves)
					if err != nil || score != o.score || end.Beads() != o.beads {
						t.Fatalf("%s: an offered line replays to %d beads %d points (%v), offered as %d beads %d points",
							name, end.Beads(), score, err, o.beads, o.score)
					}
					if above(o.beads, o.score, best.beads, best.score) {
						best = o
					}
					if other(o.beads, o.score, otherBest.beads, otherBest.score) {
						otherBest = o
					}
				}
				if otherBest.beads != best.beads || otherBest.score != best.score {
					disagree++
				}
				if r.BeadsLeft != best.beads || r.Score != best.score {
					t.Fatalf("%s: returned %d beads %d points; the best line offered left %d beads for %d points",
						name, r.BeadsLeft, r.Score, best.beads, best.score)
				}
			}
		}
	}
	if disagree == 0 {
		t.Fatal("no search offered lines the other rank orders otherwise: the test cannot tell the rankings apart")
	}
}

// TestOfferedLinesEndTheGame: every line every algorithm of the registry
// offers as its best plays to the end of the game (no group left), even
// when the budget ends in the middle of a line: a search finishes the line
// (or does not offer it), since a line that stops early is no result.
func TestOfferedLinesEndTheGame(t *testing.T) {
	boards := []board.Board{randomBoard(t, 6, 6, 3, 31), randomBoard(t, 12, 12, 5, 32), randomBoard(t, 8, 16, 4, 33)}
	for bi, b := range boards {
		for _, a := range Algorithms() {
			for _, nodes := range []int64{1, 7, 50, 2000 / raceScale} {
				n := 0
				su := setup{alone: true, offered: func(_ int, m []board.Move, beads, score int) {
					n++
					end, _, err := board.Replay(b, m)
					if err != nil || !end.IsOver() {
						t.Errorf("%s/board%d/%d nodes: an offered line of %d moves stops before the game ends (%v)", a.Name, bi, nodes, len(m), err)
					}
				}}
				if _, err := solve(context.Background(), b, a.Name, Options{MaxNodes: nodes, Seed: 5, Workers: 2}, su); err != nil {
					t.Fatal(err)
				}
				if n == 0 && nodes >= 50 {
					t.Errorf("%s/board%d/%d nodes: no line offered", a.Name, bi, nodes)
				}
			}
		}
	}
}

// TestRankValueOrdersAsTheRank: for every rank, the searches' internal
// value of a line (Value, and guide without a bead penalty) and Better
// order lines as the tests' own account of the rank does: for the
// handout's any bead fewer beats any score, for the literature's a clear
// is worth 1000. Names parse back to their rank.
func TestRankValueOrdersAsTheRank(t *testing.T) {
	lines := [][2]int{{0, 0}, {0, 5000}, {1, 0}, {1, 999}, {1, 1000}, {1, 1001}, {1, 1 << 20}, {2, 3}, {2, 4}, {30, 900}, {200, 0}, {225, 0}}
	for _, r := range Ranks() {
		above := rankAbove(t, r)
		if got, err := ParseRank(r.String()); err != nil || got != r {
			t.Errorf("ParseRank(%q) = %v, %v", r.String(), got, err)
		}
		for _, x := range lines {
			for _, y := range lines {
				want := above(x[0], x[1], y[0], y[1])
				if got := r.Value(x[0], x[1]) > r.Value(y[0], y[1]); got != want {
					t.Errorf("%v: Value(%d beads, %d points) > Value(%d, %d) = %v, want %v", r, x[0], x[1], y[0], y[1], got, want)
				}
				if got := guide(x[0], x[1], 0, r) > guide(y[0], y[1], 0, r); got != want {
					t.Errorf("%v: guide(%d beads, %d points, 0) > guide(%d, %d, 0) = %v, want %v", r, x[0], x[1], y[0], y[1], got, want)
				}
				if got := r.Better(x[0], x[1], y[0], y[1]); got != want {
					t.Errorf("%v: Better(%d beads, %d points, %d, %d) = %v, want %v", r, x[0], x[1], y[0], y[1], got, want)
				}
			}
		}
	}
	if _, err := ParseRank("points"); err == nil {
		t.Error("ParseRank(\"points\") gave no error")
	}
}

// TestOptimalClaimedOnlyWhenProved: a result says Optimal only when an
// exhaustive search proved it (dfs, or auto's dfs on a small board, or a
// game already over), and then it is the optimum brute force finds; a
// dfs given room to finish does claim it. Many small boards, every
// algorithm, node budgets from 1 (nothing searched) up.
func TestOptimalClaimedOnlyWhenProved(t *testing.T) {
	sizes := []struct{ rows, cols, colors int }{
		{3, 3, 2}, {4, 4, 3}, {5, 5, 3}, {4, 5, 2}, {3, 6, 4}, {5, 4, 3}, {2, 7, 3},
	}
	claims, unproved := 0, 0
	for i := 0; i < 60/raceScale; i++ {
		sz := sizes[i%len(sizes)]
		b := randomBoard(t, sz.rows, sz.cols, sz.colors, uint64(300+i))
		rank := Ranks()[i/len(sizes)%len(Ranks())]
		above := rankAbove(t, rank)
		wantB, wantS := bruteForce(b, map[string][2]int{}, above)
		for _, a := range Algorithms() {
			for _, nodes := range []int64{1, 30, 1 << 30} {
				if nodes == 1<<30 && a.Name != "dfs" {
					continue // only dfs ends on its own
				}
				r, err := Solve(context.Background(), b, a.Name, Options{Seed: 1, MaxNodes: nodes, Workers: 2, Rank: rank})
				if err != nil {
					t.Fatal(err)
				}
				checkReplay(t, b, r)
				exact := !above(wantB, wantS, r.BeadsLeft, r.Score)
				if !exact {
					unproved++
				}
				if !r.Optimal {
					if a.Name == "dfs" && nodes == 1<<30 {
						t.Fatalf("board %d: dfs finished without claiming its line optimal", i)
					}
					continue
				}
				claims++
				if !exact {
					t.Fatalf("board %d (%dx%d, %d colours): %s with %d nodes claims optimal for %d beads %d points; the optimum (rank %v) is %d beads %d points",
						i, sz.rows, sz.cols, sz.colors, a.Name, nodes, r.BeadsLeft, r.Score, rank, wantB, wantS)
				}
				if a.Name != "dfs" && a.Name != "auto" && !b.IsOver() {
					t.Fatalf("board %d: %s, which never searches exhaustively, claims optimal", i, a.Name)
				}
			}
		}
	}
	if claims == 0 || unproved == 0 {
		t.Fatalf("%d optimal claims, %d lines short of the optimum: the test needs both", claims, unproved)
	}
}
