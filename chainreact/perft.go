package chainreact

// Perft counts move sequences from b: counts[d-1] is the number of
// sequences of d moves, for d = 1..depth. A sequence that ends the game is
// counted but not continued, as chess perft does with mates.
func Perft(b *Board, depth int) []uint64 {
	counts := make([]uint64, depth)
	var bufs [][]Move
	for d := 0; d < depth; d++ {
		bufs = append(bufs, make([]Move, 0, b.Cells()))
	}
	boards := make([]Board, depth+1)
	perft(b, 0, counts, bufs, boards)
	return counts
}

func perft(b *Board, d int, counts []uint64, bufs [][]Move, boards []Board) {
	moves := b.AppendMoves(bufs[d][:0])
	counts[d] += uint64(len(moves))
	if d+1 == len(counts) {
		return
	}
	for _, m := range moves {
		c := &boards[d+1]
		*c = *b
		c.Play(m)
		if !c.Over() {
			perft(c, d+1, counts, bufs, boards)
		}
	}
}
