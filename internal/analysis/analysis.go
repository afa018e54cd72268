// Package analysis is "chainshot react analyze": a position's board and
// census, then every move valued under each heuristic and under search,
// with the exact solver's verdicts where it settles them; or, given a
// move, the chain that move sets off, wave by wave, as text and as
// pictures.
package analysis

import (
	"context"
	"fmt"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/gamepic"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/render"
	"chainshot/internal/solverun"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// Options are an analysis's settings.
type Options struct {
	Cmd  string // "chainshot react analyze", for messages
	File string // the position's file, named in the output
	Pos  chainreact.Position
	// Depth and Eval are the search's; Prove is the positions the exact
	// solver may search for each move (0: no proofs).
	Depth int
	Eval  ai.Eval
	Prove uint64
	// Budget, when not 0, stops the search after this much CPU time
	// (wall-clock time with Wall): the moves are then valued at the last
	// depth searched in full.
	Budget time.Duration
	Wall   bool
	// Move, when set, shows the chain that move ("r c") sets off instead
	// of the table of moves.
	Move string
	// GIF and PNG, when set, are the claimed outputs the chain of Move is
	// drawn into: an animated GIF, a strip of frames.
	GIF, PNG *outfile.Claim
}

// Run analyses the position on the run's streams.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	p := &o.Pos
	b := &p.Board
	// the move is checked before anything is printed
	m := chainreact.NoMove
	if o.Move != "" {
		var err error
		if m, err = analyzeMove(b, o.Move); err != nil {
			return status.BadInput("%s: --move %s", o.Cmd, err)
		}
	}
	out := io.Out
	fmt.Fprintf(out, "position %s: %dx%d, %d players (%s), %s played\n", o.File, b.Rows(), b.Cols(), b.Players(), p.Names, words.Plural(b.Ply(), "orb"))
	render.ReactBoard(out, p, io.Color, nil)
	render.ReactCensus(out, p)
	if b.Over() {
		fmt.Fprintf(out, "the game is over: %c has won\n", p.Names[b.Winner()])
		return nil
	}
	fmt.Fprintf(out, "%c to move\n", p.Names[b.ToMove()])
	if m != chainreact.NoMove {
		for _, pic := range []struct {
			claim *outfile.Claim
			strip bool
		}{{o.GIF, false}, {o.PNG, true}} {
			if pic.claim != nil {
				if err := pic.claim.WriteFile(gamepic.ChainReactionPicture(pic.strip, p, m)); err != nil {
					return status.BadInput("%v", err)
				}
			}
		}
		render.ReactChain(out, p, m, io.Color)
		return nil
	}
	var a ai.Analysis
	if o.Budget > 0 { // the proofs after have their own bound, --prove
		budgeted, cancel := context.WithCancelCause(ctx)
		stop := solverun.WatchBudget(o.Budget, cpuclock.Budget(o.Wall), cancel)
		a = ai.AnalyzeContext(budgeted, b, o.Depth, o.Eval)
		stop()
		cancel(nil)
	} else {
		a = ai.Analyze(b, o.Depth, o.Eval)
	}
	var proofs *exact.Proofs
	if o.Prove > 0 && b.Players() == 2 {
		moves := make([]chainreact.Move, len(a.Moves))
		for i, ma := range a.Moves {
			moves[i] = ma.Move
		}
		pr, err := exact.Prove(ctx, b, moves, o.Prove)
		if err != nil {
			return status.Fail("%s: %v", o.Cmd, err)
		}
		settleFirstMove(&pr, moves)
		proofs = &pr
	}
	render.ReactAnalysis(out, p, a, proofs, o.Prove)
	return nil
}

// settleFirstMove fills in the verdict on the first move of the
// position's proved line when that move's own solve stopped first: the
// position's proof, made after it with what the earlier solves stored,
// settles it too (the same winner and last ply).
func settleFirstMove(pr *exact.Proofs, moves []chainreact.Move) {
	r := pr.Position
	if !r.Exact || len(r.PV) == 0 {
		return
	}
	for i, m := range moves {
		if m == r.PV[0] && !pr.Moves[i].Exact {
			pr.Moves[i] = exact.SolveResult{Exact: true, Winner: r.Winner, Plies: r.Plies, PliesMin: r.Plies, PliesMax: r.Plies,
				PV: r.PV[1:], Nodes: pr.Moves[i].Nodes}
		}
	}
}

// analyzeMove reads --move on b: a legal move in a game not over.
func analyzeMove(b *chainreact.Board, mv string) (chainreact.Move, error) {
	m, err := b.ParseMove(mv)
	switch {
	case err != nil:
		return m, fmt.Errorf("%q: %v", mv, err)
	case b.Over():
		return m, fmt.Errorf("%q: the game is over: no move to show", mv)
	case !b.Legal(m):
		return m, fmt.Errorf("%q: cell %s belongs to another player", mv, b.FormatMove(m))
	}
	return m, nil
}
