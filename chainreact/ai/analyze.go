package ai

import "chainshot/chainreact"

// MoveAnalysis is one legal move with its values, all from the mover's
// point of view.
type MoveAnalysis struct {
	Move chainreact.Move
	// Heuristic[e] is evaluation e of the position after the move.
	Heuristic [numEvals]int
	// Search is the alpha-beta value of the move at the analysis depth
	// (the move plus depth−1 plies, with quiescence), under Analysis.Eval.
	Search int
}

// Analysis is the scenario analysis of a position.
type Analysis struct {
	Eval  Eval
	Depth int
	Moves []MoveAnalysis
	Best  chainreact.Move
	Value int               // the best move's search value
	PV    []chainreact.Move // the principal line, starting with Best
	// Winner is the player the search proves will win, or -1.
	Winner int
	// Leader is the player the best value favours when nothing is
	// proven: the mover if Value > 0, -1 if even, else an opponent (for
	// two players, the other one).
	Leader int
	Nodes  uint64
}

// Analyze evaluates every legal move of b (not over) under each
// evaluation and under alpha-beta search to the given depth with eval.
func Analyze(b *chainreact.Board, depth int, eval Eval) Analysis {
	s := &searchPlayer{kind: kindBest, eval: eval, depth: depth, qdepth: bestQ, tt: make([]ttEntry, 1<<ttBits)}
	s.root = b.ToMove()
	s.gen = 1
	a := Analysis{Eval: eval, Depth: depth, Winner: -1, Leader: -1, Best: chainreact.NoMove}
	mover := b.ToMove()
	moves := b.AppendMoves(nil)
	best := -infinity
	for _, m := range moves {
		c := *b
		c.Play(m)
		ma := MoveAnalysis{Move: m}
		for e := Eval(0); e < numEvals; e++ {
			ma.Heuristic[e] = e.Score(&c, mover)
		}
		ma.Search = s.alphaBeta(&c, depth-1, -infinity, infinity, 1)
		if ma.Search > best {
			best, a.Best = ma.Search, m
		}
		a.Moves = append(a.Moves, ma)
	}
	a.Value = best
	a.Nodes = s.count
	// principal line: follow the table's best moves
	a.PV = []chainreact.Move{a.Best}
	c := *b
	c.Play(a.Best)
	for len(a.PV) < depth+4 && !c.Over() {
		e := &s.tt[c.Hash()&(1<<ttBits-1)]
		if e.key != c.Hash() || e.gen != s.gen || e.move == chainreact.NoMove || !c.Legal(e.move) {
			break
		}
		a.PV = append(a.PV, e.move)
		c.Play(e.move)
	}
	switch {
	case best >= mateScore-maxPly:
		a.Winner = mover
	case best <= -mateScore+maxPly && b.Players() == 2:
		a.Winner = 1 - mover
	}
	switch {
	case best > 0:
		a.Leader = mover
	case best < 0 && b.Players() == 2:
		a.Leader = 1 - mover
	}
	return a
}
