package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/exact"
	"chainshot/internal/bounds"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"github.com/urfave/cli/v2"
)

var reactColours = map[byte]string{'R': "31", 'G': "32", 'B': "34", 'Y': "33", 'P': "35", 'O': "91", 'C': "36", 'W': "37"}

// writeReactBoard draws the board with coordinates, row 1 at the bottom,
// in colour when colour is true. marks are cells to bracket.
func writeReactBoard(w io.Writer, p *chainreact.Position, colour bool, marks map[chainreact.Move]bool) {
	b := &p.Board
	var sb strings.Builder
	for r := b.Rows(); r >= 1; r-- {
		fmt.Fprintf(&sb, "%3d |", r)
		for c := 1; c <= b.Cols(); c++ {
			m, _ := b.MoveAt(r, c)
			o, k := b.Cell(int(m))
			cell := "  ."
			if o >= 0 {
				cell = fmt.Sprintf("%2d%c", k, p.Names[o])
				if colour {
					code := reactColours[p.Names[o]]
					if code == "" {
						code = "1"
					}
					if k == b.CriticalMass(int(m))-1 {
						code += ";1" // critical cells in bold
					}
					cell = fmt.Sprintf("\x1b[%sm%s\x1b[0m", code, cell)
				}
			}
			if marks[m] {
				cell = "[" + strings.TrimLeft(cell, " ") + "]"
				cell = strings.Repeat(" ", max(0, 5-len(stripANSI(cell)))) + cell
			} else {
				cell = "  " + cell
			}
			sb.WriteString(cell)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("    +" + strings.Repeat("-", 5*b.Cols()) + "\n     ")
	for c := 1; c <= b.Cols(); c++ {
		fmt.Fprintf(&sb, "%5d", c)
	}
	sb.WriteString("\n")
	io.WriteString(w, sb.String())
}

func stripANSI(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

func reactAnalyzeCommand() *cli.Command {
	return &cli.Command{
		Name:      "analyze",
		Aliases:   []string{"analyse"},
		Usage:     "scenario analysis of a position file: every move under each heuristic and under search, the best line, the census",
		ArgsUsage: "POSITION",
		Description: "POSITION is a text file: a players line, a next line, then the rows, top row\n" +
			"first, each cell \".\" or orbs and owner such as 2R (docs/chain-reaction.txt is one).\n\n" +
			"Examples:\n" +
			"  chainshot react analyze docs/chain-reaction.txt\n" +
			"  chainshot react analyze docs/chain-reaction.txt --move \"5 2\" --png chain.png",
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "search depth, `N` plies"}, bounds.Int{Min: 1, Max: 8, Unit: "plies"}),
			&cli.StringFlag{Name: "eval", Value: "brilliant", Usage: "the search's evaluation, a `NAME`: " + evalChoices()},
			bounded(&cli.Uint64Flag{Name: "prove", Value: 20000, Usage: "`N` positions the exact solver may search for each move, to mark proved wins and losses (two players; 0: off)"}, bounds.Int{Min: 0, Max: 1e12, Unit: "positions"}),
			&cli.StringFlag{Name: "move", Usage: "show the chain this `MOVE` (\"r c\", row 1 at the bottom) sets off, wave by wave"},
			pictureFlag(&cli.StringFlag{Name: "gif", Usage: "with --move, also draw the chain wave by wave as an animated GIF in `FILE`"}),
			pictureFlag(&cli.StringFlag{Name: "png", Usage: "with --move, also draw the chain as a strip of frames in `FILE` (PNG)"}),
		},
		Action: doReactAnalyze,
	}
}

// evalChoices lists the evaluations --eval takes, from chainreact's own
// list: "brilliant, weighted, ... or tuned".
func evalChoices() string {
	var names []string
	for _, e := range ai.Evals() {
		names = append(names, e.String())
	}
	return orList(names)
}

// analyzeOptions are react analyze's flags, checked.
type analyzeOptions struct {
	depth    int
	eval     ai.Eval
	prove    uint64
	move     string
	pictures map[string]string // "gif", "png" → file
}

func analyzeOptionsFrom(cmd string, c *cli.Context) (analyzeOptions, error) {
	o := analyzeOptions{depth: c.Int("depth"), prove: c.Uint64("prove"), move: c.String("move"), pictures: map[string]string{}}
	if c.NArg() != 1 {
		return o, status.BadInput("%s: want one POSITION file, got %d arguments", cmd, c.NArg())
	}
	var err error
	if o.eval, err = ai.ParseEval(c.String("eval")); err != nil {
		return o, status.BadInput("%s: --eval: %v", cmd, err)
	}
	for _, flag := range []string{"gif", "png"} {
		if path := c.String(flag); path != "" {
			if o.move == "" {
				return o, status.BadInput("%s: --%s draws a chain reaction: give the move with --move \"r c\"", cmd, flag)
			}
			if err := checkOutputDir(path); err != nil {
				return o, status.BadInput("%s: --%s: %v", cmd, flag, err)
			}
			o.pictures[flag] = path
		}
	}
	return o, nil
}

func doReactAnalyze(c *cli.Context) error {
	const cmd = "chainshot react analyze"
	s := ioFrom(c)
	o, err := analyzeOptionsFrom(cmd, c)
	if err != nil {
		return err
	}
	file := c.Args().First()
	p, err := loadPosition(cmd, file)
	if err != nil {
		return err
	}
	b := &p.Board
	// the move is checked before anything is printed
	m := chainreact.NoMove
	if o.move != "" {
		if m, err = analyzeMove(b, o.move); err != nil {
			return status.BadInput("%s: --move %s", cmd, err)
		}
	}
	out := s.Out
	fmt.Fprintf(out, "position %s: %dx%d, %d players (%s), %s played\n", file, b.Rows(), b.Cols(), b.Players(), p.Names, words.Plural(b.Ply(), "orb"))
	writeReactBoard(out, &p, s.Color, nil)
	writeCensus(out, &p)
	if b.Over() {
		fmt.Fprintf(out, "the game is over: %c has won\n", p.Names[b.Winner()])
		return nil
	}
	fmt.Fprintf(out, "%c to move\n", p.Names[b.ToMove()])
	if m != chainreact.NoMove {
		for _, flag := range []string{"gif", "png"} {
			if path := o.pictures[flag]; path != "" {
				if err := writeChainPicture(s.output(flag), flag == "png", &p, m); err != nil {
					return err
				}
			}
		}
		showChain(out, &p, m, s.Color)
		return nil
	}
	a := ai.Analyze(b, o.depth, o.eval)
	var proofs *exact.Proofs
	if o.prove > 0 && b.Players() == 2 {
		moves := make([]chainreact.Move, len(a.Moves))
		for i, ma := range a.Moves {
			moves[i] = ma.Move
		}
		pr, err := exact.Prove(c.Context, b, moves, o.prove)
		if err != nil {
			return status.Fail("%s: %v", cmd, err)
		}
		settleFirstMove(&pr, moves)
		proofs = &pr
	}
	writeAnalysis(out, &p, a, proofs, o.prove)
	return nil
}

// writeAnalysis prints the moves table, the best line and the predicted
// winner, with the solver's verdicts when there are proofs.
func writeAnalysis(out io.Writer, p *chainreact.Position, a ai.Analysis, proofs *exact.Proofs, prove uint64) {
	b := &p.Board
	mover := b.ToMove()
	fmt.Fprintf(out, "\nmoves, valued for %c after the move; search = alpha-beta, depth %d, eval %s, with quiescence", p.Names[mover], a.Depth, a.Eval)
	if proofs != nil {
		fmt.Fprintf(out, ";\nproved = the exact solver's verdict for %c and the game's last ply (? if not settled in %s)", p.Names[mover], words.PluralThousands(prove, "position"))
	}
	fmt.Fprintf(out, ":\n%6s", "move")
	for _, e := range ai.Evals() {
		fmt.Fprintf(out, " %9s", e)
	}
	fmt.Fprintf(out, " %9s", "search")
	if proofs != nil {
		fmt.Fprintf(out, " %9s", "proved")
	}
	fmt.Fprintln(out)
	for i, ma := range a.Moves {
		fmt.Fprintf(out, "%6s", b.FormatMove(ma.Move))
		for _, e := range ai.Evals() {
			fmt.Fprintf(out, " %9s", fmtValue(ma.Heuristic[e]))
		}
		fmt.Fprintf(out, " %9s", fmtValue(ma.Search))
		if proofs != nil {
			fmt.Fprintf(out, " %9s", fmtProof(proofs.Moves[i], mover))
		}
		fmt.Fprintln(out)
	}
	var line []string
	c2 := *b
	for _, m := range a.PV {
		line = append(line, fmt.Sprintf("%c:%s", p.Names[c2.ToMove()], c2.FormatMove(m)))
		c2.Play(m)
	}
	if m, i, ok := provedBest(proofs, a.Moves, mover); ok && m != a.Best {
		// The solver's word goes before the search's.
		fmt.Fprintf(out, "best move: %s (proved: %s; the search preferred %s, value %s)\n",
			b.FormatMove(m), fmtProof(proofs.Moves[i], mover), b.FormatMove(a.Best), fmtValue(a.Value))
	} else {
		fmt.Fprintf(out, "best move: %s (search value %s)\n", b.FormatMove(a.Best), fmtValue(a.Value))
	}
	fmt.Fprintf(out, "principal line of the search: %s\n", strings.Join(line, ", "))
	switch {
	case proofs != nil && proofs.Position.Winner >= 0:
		// proved below: no prediction beside it
	case a.Winner >= 0:
		fmt.Fprintf(out, "predicted winner: %c (proven by the search)\n", p.Names[a.Winner])
	case a.Leader >= 0:
		fmt.Fprintf(out, "predicted winner: %c (not proven; the search value favours %c)\n", p.Names[a.Leader], p.Names[a.Leader])
	default:
		fmt.Fprintln(out, "predicted winner: none (the search value is even)")
	}
	if proofs != nil {
		writeProof(out, p, proofs.Position)
	}
	fmt.Fprintf(out, "%s searched\n", words.Plural(int(a.Nodes), "position"))
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

// provedBest returns the move the solver's proofs choose, with its index
// in moves, when they settle the position: the first move of the proved
// line, else the quickest proved win of the mover. ok is false when the
// proofs leave the choice to the search.
func provedBest(proofs *exact.Proofs, moves []ai.MoveAnalysis, mover int) (m chainreact.Move, i int, ok bool) {
	if proofs == nil || proofs.Position.Winner < 0 {
		return chainreact.NoMove, -1, false
	}
	if r := proofs.Position; r.Exact && len(r.PV) > 0 {
		for i, ma := range moves {
			if ma.Move == r.PV[0] {
				return ma.Move, i, true
			}
		}
	}
	best := -1
	for i, r := range proofs.Moves {
		if r.Winner == mover && (best < 0 || r.PliesMax < proofs.Moves[best].PliesMax) {
			best = i
		}
	}
	if best < 0 {
		return chainreact.NoMove, -1, false
	}
	return moves[best].Move, best, true
}

// fmtProof writes the solver's verdict on the position after a move, for
// the player who moved: "win 13" (the game's last ply), "loss 14", "win"
// when only the winner is proved, "?" when nothing is.
func fmtProof(r exact.SolveResult, mover int) string {
	if r.Winner < 0 {
		return "?"
	}
	v := "loss"
	if r.Winner == mover {
		v = "win"
	}
	if r.Exact {
		return fmt.Sprintf("%s %d", v, r.Plies)
	}
	return v
}

// writeProof prints the solver's verdict on the position.
func writeProof(out io.Writer, p *chainreact.Position, r exact.SolveResult) {
	switch {
	case r.Exact:
		var line []string
		c := p.Board
		for _, m := range r.PV {
			line = append(line, fmt.Sprintf("%c:%s", p.Names[c.ToMove()], c.FormatMove(m)))
			c.Play(m)
		}
		fmt.Fprintf(out, "proved: %c wins under perfect play, the last move on ply %d: %s\n", p.Names[r.Winner], r.Plies, strings.Join(line, ", "))
	case r.Winner >= 0:
		fmt.Fprintf(out, "proved: %c wins under perfect play, the last move on ply %d to %d\n", p.Names[r.Winner], r.PliesMin, r.PliesMax)
	default:
		fmt.Fprintf(out, "proved: nothing yet (the solver stopped after %s)\n", words.PluralThousands(r.Nodes, "position"))
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

// fmtValue writes search values, naming proven wins and losses.
func fmtValue(v int) string {
	switch {
	case v >= ai.WinScore:
		return "win"
	case v <= -ai.WinScore:
		return "loss"
	case v == 10000:
		return "won"
	case v == -10000:
		return "lost"
	}
	return strconv.Itoa(v)
}

// moreStates names the states of the players after the second: S and two
// primes for the third player, three for the fourth, and so on.
func moreStates(p *chainreact.Position) string {
	var sb strings.Builder
	for pl := 2; pl < p.Board.Players(); pl++ {
		fmt.Fprintf(&sb, ", S%s<class><orbs> for %c", strings.Repeat("'", pl), p.Names[pl])
	}
	return sb.String()
}

func writeCensus(out io.Writer, p *chainreact.Position) {
	cen := chainreact.TakeCensus(&p.Board)
	fmt.Fprintf(out, "census by the cell automaton's states: S<class><orbs> for %c, S'<class><orbs> for %c%s;\n", p.Names[0], p.Names[1], moreStates(p))
	fmt.Fprintln(out, "class 1, 2, 3 = a corner, an edge, an inner cell (critical mass 2, 3, 4):")
	for class := 1; class <= 3; class++ {
		fmt.Fprintf(out, "  class %d: empty %d", class, cen.Empty[class-1])
		for pl := 0; pl < cen.Players; pl++ {
			for k := 1; k <= class; k++ {
				if n := cen.Cells[pl][class-1][k]; n > 0 {
					fmt.Fprintf(out, ", %s(%c) %d", chainreact.StateName(pl, class, k), p.Names[pl], n)
				}
			}
		}
		fmt.Fprintln(out)
	}
	for pl := 0; pl < cen.Players; pl++ {
		fmt.Fprintf(out, "  %c holds %s (corners %d, edges %d, inside %d)\n", p.Names[pl], words.Plural(p.Board.Orbs(pl), "orb"),
			cen.Orbs[pl][0], cen.Orbs[pl][1], cen.Orbs[pl][2])
	}
}

// showChain plays m on a copy and prints its reaction wave by wave and
// what it captures.
func showChain(out io.Writer, p *chainreact.Position, m chainreact.Move, colour bool) {
	before := p.Board
	after := *p
	tr := after.Board.PlayTrace(m)
	fmt.Fprintf(out, "\n%c plays %s\n", p.Names[before.ToMove()], before.FormatMove(m))
	writeWaves(out, &before, tr)
	var captured []string
	orbs := 0
	for i := 0; i < before.Cells(); i++ {
		o0, k0 := before.Cell(i)
		o1, _ := after.Board.Cell(i)
		// An enemy cell the reaction reached is captured, whether it ends
		// the mover's or empty because it exploded in turn.
		if o0 >= 0 && o0 != before.ToMove() && o1 != o0 {
			captured = append(captured, fmt.Sprintf("%s (%d%c)", before.FormatMove(chainreact.Move(i)), k0, p.Names[o0]))
			orbs += k0
		}
	}
	if len(captured) == 0 {
		fmt.Fprintln(out, "captures nothing")
	} else {
		fmt.Fprintf(out, "captures %s, %s: %s\n", words.Plural(len(captured), "cell"), words.Plural(orbs, "orb"), strings.Join(captured, ", "))
	}
	writeReactBoard(out, &after, colour, nil)
	if after.Board.Over() {
		fmt.Fprintf(out, "%c wins\n", after.Names[after.Board.Winner()])
	}
}

// writeWave writes the i-th wave (0-based) of a move played on b: "wave
// 2: 1 2; 2 1 explode".
func writeWave(out io.Writer, b *chainreact.Board, i int, w chainreact.Wave) {
	var cells []string
	for _, m := range w.Exploded {
		cells = append(cells, b.FormatMove(m))
	}
	verb := "explode"
	if len(cells) == 1 {
		verb = "explodes"
	}
	fmt.Fprintf(out, "wave %d: %s %s\n", i+1, strings.Join(cells, "; "), verb)
}

func writeWaves(out io.Writer, b *chainreact.Board, tr chainreact.Trace) {
	if len(tr.Waves) == 0 {
		fmt.Fprintln(out, "no explosion")
		return
	}
	for i, w := range tr.Waves {
		writeWave(out, b, i, w)
	}
	if tr.Stopped {
		fmt.Fprintln(out, "the reaction stops: one player is left")
	}
}
