package runs

import (
	"math/rand/v2"
	"time"

	"chainshot/board"
	"chainshot/cpuclock"
	"chainshot/datasets"
	"chainshot/internal/status"
)

// PlayoutSpeed plays uniformly random games on b for about d of CPU time
// and returns playouts per CPU second: bench's speed figure.
func PlayoutSpeed(b board.Board, d time.Duration) float64 {
	r := rand.New(rand.NewPCG(1, 2))
	moves := make([]board.Move, 0, 256)
	start := cpuclock.Process()
	n := 0
	for cpuclock.Process()-start < d {
		for k := 0; k < 100; k++ {
			bd := b
			for {
				moves = bd.AppendMoves(moves[:0])
				if len(moves) == 0 {
					break
				}
				bd.Remove(moves[r.IntN(len(moves))])
			}
		}
		n += 100
	}
	return float64(n) / (cpuclock.Process() - start).Seconds()
}

// SpeedBoard is the board of the playout-speed test: always the built-in
// one, whatever the files in the current folder are called.
func SpeedBoard() (datasets.Set, error) {
	const name = "ladder08-15x15-5c"
	sets, err := datasets.LoadBuiltin(name)
	if err != nil || len(sets) != 1 {
		return datasets.Set{}, status.Fail("chainshot bench: the built-in speed board %s does not load: %v", name, err)
	}
	return sets[0], nil
}
