package ai

import (
	"context"

	"chainshot/chainreact"
)

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
	// Stopped says that AnalyzeContext's context ended the search while
	// it searched depth Depth+1: the values are those of Depth, the last
	// depth searched in full (every move at it).
	Stopped bool
}

// Analyze evaluates every legal move of b (not over) under each
// evaluation and under alpha-beta search to the given depth with eval.
func Analyze(b *chainreact.Board, depth int, eval Eval) Analysis {
	a, _ := newAnalysisSearch(b, eval).analyze(b, depth)
	return a
}

// AnalyzeContext is Analyze, cut short when ctx ends: it searches every
// move to depth 1, then 2, and so on up to depth, and when ctx ends
// during a depth it returns the last depth searched in full, Stopped
// set (depth 1 is always searched in full). Without an end to ctx it is
// Analyze.
func AnalyzeContext(ctx context.Context, b *chainreact.Board, depth int, eval Eval) Analysis {
	s := newAnalysisSearch(b, eval)
	if ctx.Done() == nil {
		a, _ := s.analyze(b, depth)
		return a
	}
	a, _ := s.analyze(b, 1)
	defer s.halt.Watch(ctx)()
	for d := 2; d <= depth; d++ {
		next, ok := s.analyze(b, d)
		if !ok {
			a.Stopped, a.Nodes = true, next.Nodes
			break
		}
		a = next
	}
	return a
}

// newAnalysisSearch is the search of an analysis of b.
func newAnalysisSearch(b *chainreact.Board, eval Eval) *searchPlayer {
	s := &searchPlayer{kind: kindBest, eval: eval, qdepth: bestQ, tt: make([]ttEntry, 1<<ttBits)}
	s.root = b.ToMove()
	s.gen = 1
	return s
}

// analyze is the analysis of b to depth with s, and false when the
// search was stopped before every move was searched.
func (s *searchPlayer) analyze(b *chainreact.Board, depth int) (Analysis, bool) {
	s.depth, s.stopped = depth, false
	eval := s.eval
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
		if s.stopped {
			a.Nodes = s.count
			return a, false
		}
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
	return a, true
}
