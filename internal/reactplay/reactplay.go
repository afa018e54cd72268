// Package reactplay is "chainshot react play": Chain Reaction in the
// terminal, line by line, against AI players or hot-seat. A move is typed
// "row col"; undo, hint, waves, board, rules, help and quit are the other
// commands; the boards go to standard output, the prompts and complaints
// to standard error.
package reactplay

import (
	"context"
	"fmt"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/match"
	"chainshot/internal/input"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// Options are a game's settings.
type Options struct {
	Cmd string // "chainshot react play", for messages
	// Pos is the position the game starts from.
	Pos chainreact.Position
	// Specs are the players by seat: a spec for an AI player, "" or
	// "human" for a person at the keyboard.
	Specs []string
	Seed  uint64 // seeds the AI players
	// Waves draws every chain wave by wave from the start.
	Waves bool
	// Rules is the text the rules command prints.
	Rules string
}

// Run plays the game to its end on the run's streams, asking the humans
// for their moves on io.In. It says first who plays each seat. Ctrl-C (or
// SIGTERM) stops the game, even while an AI player thinks: the game is
// said stopped, with its moves so far, and the status is 130.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	interrupt.Handle()
	ais, hint, err := Players(o)
	if err != nil {
		return err
	}
	g := &game{io: io, ctx: ctx, rules: o.Rules, pos: o.Pos, ais: ais, hint: hint, waves: o.Waves}
	defer g.close()
	g.lines = input.Typed(io.In)
	return g.run(o.Cmd)
}

// Players returns the AI players in their seats (nil for a human), each
// seeded from o.Seed by its seat, and the strongest player, who gives
// the hints. The caller closes the players that run a program (Close).
func Players(o Options) (ais []ai.Player, hint ai.Player, err error) {
	ais = make([]ai.Player, len(o.Specs))
	for p, spec := range o.Specs {
		if spec == "" || spec == "human" {
			continue
		}
		if ais[p], err = ai.NewPlayer(spec, match.GameSeed(o.Seed, p)); err != nil {
			Close(ais)
			return nil, nil, status.Fail("%s: --vs %s: %v", o.Cmd, spec, words.WithoutPackage(err.Error()))
		}
	}
	hint, _ = ai.NewPlayer(ai.DefaultSpec, o.Seed)
	return ais, hint, nil
}

// Close ends the players that run a program.
func Close(players []ai.Player) {
	for _, p := range players {
		if cl, ok := p.(interface{ Close() error }); ok {
			cl.Close()
		}
	}
}

// help is the text of the help command.
const help = `commands:
  r c      play on row r, column c (row 1 is the bottom row)
  undo     take back the moves since your last turn: the AI moves and your own,
           so it is your move again (hot-seat: the last move)
  hint     ask the strongest player for a move, and why
  waves    draw each chain wave by wave (on/off)
  board    show the board again
  rules    the rules of Chain Reaction
  quit     leave the game
`

// game is a game of react play: the position, the AI players in
// their seats (nil for a human), and the history for undo.
type game struct {
	io      *iostreams.IO
	ctx     context.Context        // ends with Ctrl-C
	lines   <-chan input.TypedLine // standard input
	rules   string
	pos     chainreact.Position
	ais     []ai.Player
	hint    ai.Player
	waves   bool
	history []chainreact.Board
	moves   []chainreact.Move
}

// close ends the AI players that run a program.
func (g *game) close() { Close(g.ais) }

// run plays the game to its end, asking the humans for their moves.
func (g *game) run(cmd string) error {
	b := &g.pos.Board
	fmt.Fprintf(g.io.Out, "Chain Reaction %dx%d, %d players: %s\n", b.Rows(), b.Cols(), b.Players(), spaced(g.pos.Names))
	fmt.Fprintf(g.io.Out, "%s\n", Seats(g.pos.Names, g.ais))
	render.ReactBoard(g.io.Out, &g.pos, g.io.Color, nil)
	for !b.Over() {
		p := b.ToMove()
		if g.ais[p] != nil {
			m := Choose(g.ctx, g.ais[p], b, g.moves)
			if g.ctx.Err() != nil {
				return g.stopped()
			}
			g.play(m)
			continue
		}
		fmt.Fprintf(g.io.Err, "%c to move (row col, undo, hint, waves, board, rules, help, quit): ", g.pos.Names[p])
		var l input.TypedLine
		var ok bool
		select {
		case <-g.ctx.Done():
			return g.stopped()
		case l, ok = <-g.lines:
		}
		switch {
		case ok && l.Err != nil:
			fmt.Fprintln(g.io.Err)
			return status.BadInput("%s: %v; the game stopped after %s", cmd, l.Err, g.movesSoFar())
		case !ok:
			fmt.Fprintln(g.io.Err)
			fmt.Fprintln(g.io.Out, "end of input: game left unfinished")
			return status.BadInput("%s: standard input closed before the game ended, after %s", cmd, words.Plural(len(g.moves), "move"))
		}
		if quit := g.command(strings.TrimSpace(l.Text)); quit {
			fmt.Fprintln(g.io.Out, "game left unfinished")
			return nil
		}
	}
	fmt.Fprintf(g.io.Out, "%c wins after %s\n", g.pos.Names[b.Winner()], words.Plural(b.Ply(), "move"))
	return nil
}

// Seats says who plays each seat: "R: you (seat 1); G: best (AI, seat
// 2)", or "human" for each person of a hot-seat game; ais holds the AI
// players by seat, nil for a person.
func Seats(names string, ais []ai.Player) string {
	humans := 0
	for _, p := range ais {
		if p == nil {
			humans++
		}
	}
	var parts []string
	for p := range ais {
		var who string
		switch {
		case ais[p] != nil:
			who = fmt.Sprintf("%s (AI, seat %d)", ais[p].Spec(), p+1)
		case humans == 1:
			who = fmt.Sprintf("you (seat %d)", p+1)
		default:
			who = fmt.Sprintf("human (seat %d)", p+1)
		}
		parts = append(parts, fmt.Sprintf("%c: %s", names[p], who))
	}
	return strings.Join(parts, "; ")
}

// stopped ends a game stopped by Ctrl-C: it says so, with the moves so
// far, and returns status 130.
func (g *game) stopped() error {
	fmt.Fprintln(g.io.Err)
	fmt.Fprintf(g.io.Out, "game stopped (interrupted) after %s\n", g.movesSoFar())
	return status.Quiet(status.Interrupted)
}

// movesSoFar lists the moves played: "3 moves: R 1 1, G 9 6, R 5 3".
func (g *game) movesSoFar() string {
	b, _ := chainreact.NewBoard(g.pos.Board.Rows(), g.pos.Board.Cols(), g.pos.Board.Players())
	if len(g.history) > 0 {
		b = g.history[0]
	}
	return MovesSoFar(b, g.pos.Names, g.moves)
}

// MovesSoFar lists moves played from start, each with its player's
// letter: "3 moves: R 1 1, G 9 6, R 5 3".
func MovesSoFar(start chainreact.Board, names string, moves []chainreact.Move) string {
	if len(moves) == 0 {
		return "0 moves"
	}
	b := start
	var parts []string
	for _, m := range moves {
		parts = append(parts, fmt.Sprintf("%c %s", names[b.ToMove()], b.FormatMove(m)))
		b.Play(m)
	}
	return fmt.Sprintf("%s: %s", words.Plural(len(moves), "move"), strings.Join(parts, ", "))
}

// Choose asks p for its move in b; a player whose search can be stopped
// (ai.ContextChooser) stops when ctx ends.
func Choose(ctx context.Context, p ai.Player, b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	if cp, ok := p.(ai.ContextChooser); ok {
		return cp.ChooseContext(ctx, b, history)
	}
	return p.Choose(b, history)
}

// hintText asks the strongest player for a move, and says why: the
// player that would play it, and what the move does.
func (g *game) hintText() string {
	b := &g.pos.Board
	return HintText(b, Choose(g.ctx, g.hint, b, g.moves), g.hint.Spec())
}

// HintText says why m is the hint in b: the player (spec) that would
// play it, and what the move does: "hint: 3 4 (best would play it; it
// sets off 2 waves and captures 3 cells)".
func HintText(b *chainreact.Board, m chainreact.Move, spec string) string {
	after := *b
	tr := after.PlayTrace(m)
	what := "it sets off no explosion"
	if n := len(tr.Waves); n > 0 {
		captured := 0
		for i := 0; i < b.Cells(); i++ {
			o0, _ := b.Cell(i)
			o1, _ := after.Cell(i)
			if o0 >= 0 && o0 != b.ToMove() && o1 != o0 {
				captured++
			}
		}
		what = fmt.Sprintf("it sets off %s and captures %s", words.Plural(n, "wave"), words.Plural(captured, "cell"))
	}
	if after.Over() {
		what += ", and wins"
	}
	return fmt.Sprintf("hint: %s (%s would play it; %s)", b.FormatMove(m), spec, what)
}

// command runs one line a human typed; it reports whether they quit.
func (g *game) command(line string) (quit bool) {
	b := &g.pos.Board
	out := g.io.Out
	switch strings.ToLower(line) {
	case "":
	case "q", "quit", "exit":
		return true
	case "?", "help":
		fmt.Fprint(g.io.Err, help)
	case "rules":
		fmt.Fprint(g.io.Err, g.rules)
	case "b", "board":
		render.ReactBoard(out, &g.pos, g.io.Color, nil)
	case "w", "waves":
		g.waves = !g.waves
		fmt.Fprintf(g.io.Err, "waves %s\n", map[bool]string{true: "on", false: "off"}[g.waves])
	case "h", "hint":
		fmt.Fprintln(out, g.hintText())
	case "u", "undo":
		g.undo()
	default:
		m, err := b.ParseMove(line)
		if err != nil {
			fmt.Fprintf(g.io.Err, "%v (type help for the commands)\n", err)
			return false
		}
		if !b.Legal(m) {
			o, _ := b.Cell(int(m))
			fmt.Fprintf(g.io.Err, "%s belongs to %c: play on an empty cell or one of yours\n", line, g.pos.Names[o])
			return false
		}
		g.play(m)
	}
	return false
}

// play plays m, prints it (wave by wave when asked) and the board.
func (g *game) play(m chainreact.Move) {
	b := &g.pos.Board
	g.history = append(g.history, *b)
	tr := b.PlayTrace(m)
	g.moves = append(g.moves, m)
	fmt.Fprintf(g.io.Out, "%c plays %s\n", g.pos.Names[tr.Player], tr.Before.FormatMove(m))
	if g.waves && len(tr.Waves) > 0 {
		// As the pictures draw a chain: the board once the orb has
		// landed, then after each wave, the cells that exploded marked;
		// the last wave's board is the position after the move.
		fmt.Fprintln(g.io.Out, "the orb lands:")
		render.ReactBoard(g.io.Out, &chainreact.Position{Board: tr.Landed, Names: g.pos.Names}, g.io.Color, map[chainreact.Move]bool{m: true})
		for i, w := range tr.Waves {
			render.ReactWave(g.io.Out, &tr.Before, i, w)
			marks := map[chainreact.Move]bool{}
			for _, e := range w.Exploded {
				marks[e] = true
			}
			render.ReactBoard(g.io.Out, &chainreact.Position{Board: w.After, Names: g.pos.Names}, g.io.Color, marks)
		}
		if tr.Stopped {
			fmt.Fprintln(g.io.Out, "the reaction stops: one player is left")
		}
		return
	}
	render.ReactBoard(g.io.Out, &g.pos, g.io.Color, map[chainreact.Move]bool{m: true})
}

// undo goes back to the previous turn of a human player.
func (g *game) undo() {
	if len(g.history) == 0 {
		fmt.Fprintln(g.io.Err, "nothing to undo")
		return
	}
	var taken []string
	for len(g.history) > 0 {
		g.pos.Board = g.history[len(g.history)-1]
		g.history = g.history[:len(g.history)-1]
		m := g.moves[len(g.moves)-1]
		g.moves = g.moves[:len(g.moves)-1]
		taken = append([]string{fmt.Sprintf("%c %s", g.pos.Names[g.pos.Board.ToMove()], g.pos.Board.FormatMove(m))}, taken...)
		if g.ais[g.pos.Board.ToMove()] == nil {
			break
		}
	}
	fmt.Fprintf(g.io.Out, "undone: %s taken back (%s); %c to move\n", words.Plural(len(taken), "move"), strings.Join(taken, ", "), g.pos.Names[g.pos.Board.ToMove()])
	render.ReactBoard(g.io.Out, &g.pos, g.io.Color, nil)
}

func spaced(s string) string {
	return strings.Join(strings.Split(s, ""), " ")
}
