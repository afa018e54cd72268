package chainreact

import "context"

// MoveAnalysis is one legal move with its values, all from the mover's
// point of view.
type MoveAnalysis struct {
	Move Move
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
	Best  Move
	Value int    // the best move's search value
	PV    []Move // the principal line, starting with Best
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
func Analyze(b *Board, depth int, eval Eval) Analysis {
	s := &searchPlayer{kind: kindBest, eval: eval, depth: depth, qdepth: bestQ, tt: make([]ttEntry, 1<<ttBits)}
	s.root = b.ToMove()
	s.gen = 1
	a := Analysis{Eval: eval, Depth: depth, Winner: -1, Leader: -1, Best: NoMove}
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
	a.PV = []Move{a.Best}
	c := *b
	c.Play(a.Best)
	for len(a.PV) < depth+4 && !c.Over() {
		e := &s.tt[c.Hash()&(1<<ttBits-1)]
		if e.key != c.Hash() || e.gen != s.gen || e.move == NoMove || !c.Legal(e.move) {
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

// Proofs are the exact solver's verdicts on a two-player position and on
// the position after each of its moves, as far as a node limit allows.
type Proofs struct {
	// Position is the verdict on the position itself.
	Position SolveResult
	// Moves[i] is the verdict on the position after moves[i].
	Moves []SolveResult
}

// Prove solves b and the position after each of moves with one solver,
// each solve within nodes positions (0: no limit), the later ones reusing
// what the earlier proved. b must have two players.
func Prove(b *Board, moves []Move, nodes uint64) (Proofs, error) {
	s := NewSolver(SolveOptions{MaxNodes: nodes, TableMB: oracleTableMB})
	var p Proofs
	for _, m := range moves {
		c := *b
		c.Play(m)
		r, err := s.Solve(context.Background(), &c)
		if err != nil {
			return Proofs{}, err
		}
		p.Moves = append(p.Moves, r)
	}
	r, err := s.Solve(context.Background(), b)
	p.Position = r
	return p, err
}
