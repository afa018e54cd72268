// Package reactplay is "chainshot react play": Chain Reaction in the
// terminal, line by line, against AI players or hot-seat. A move is typed
// "row col"; undo, hint, waves, board, rules, help and quit are the other
// commands; the boards go to standard output, the prompts and complaints
// to standard error.
package reactplay

import (
	"bufio"
	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/match"
	"chainshot/internal/iostreams"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"context"
	"fmt"
	"strings"
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
// for their moves on io.In.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	g := &game{io: io, rules: o.Rules, pos: o.Pos, ais: make([]ai.Player, len(o.Specs)), waves: o.Waves}
	defer g.close()
	for p, spec := range o.Specs {
		if spec == "" || spec == "human" {
			continue
		}
		var err error
		if g.ais[p], err = ai.NewPlayer(spec, match.GameSeed(o.Seed, p)); err != nil {
			return status.Fail("%s: --vs %s: %v", o.Cmd, spec, words.WithoutPackage(err.Error()))
		}
	}
	g.hint, _ = ai.NewPlayer(ai.DefaultSpec, o.Seed)
	return g.run(o.Cmd)
}

// help is the text of the help command.
const help = `commands:
  r c      play on row r, column c (row 1 is the bottom row)
  undo     take back the moves since your last turn: the AI moves and your own,
           so it is your move again (hot-seat: the last move)
  hint     ask the strongest player for a move
  waves    draw each chain wave by wave (on/off)
  board    show the board again
  rules    the rules of Chain Reaction
  quit     leave the game
`

// game is a game of react play: the position, the AI players in
// their seats (nil for a human), and the history for undo.
type game struct {
	io      *iostreams.IO
	rules   string
	pos     chainreact.Position
	ais     []ai.Player
	hint    ai.Player
	waves   bool
	history []chainreact.Board
	moves   []chainreact.Move
}

// close ends the AI players that run a program.
func (g *game) close() {
	for _, ai := range g.ais {
		if cl, ok := ai.(interface{ Close() error }); ok {
			cl.Close()
		}
	}
}

// run plays the game to its end, asking the humans for their moves.
func (g *game) run(cmd string) error {
	b := &g.pos.Board
	in := bufio.NewScanner(g.io.In)
	fmt.Fprintf(g.io.Out, "Chain Reaction %dx%d, %d players: %s\n", b.Rows(), b.Cols(), b.Players(), spaced(g.pos.Names))
	render.ReactBoard(g.io.Out, &g.pos, g.io.Color, nil)
	for !b.Over() {
		p := b.ToMove()
		if g.ais[p] != nil {
			g.play(g.ais[p].Choose(b, g.moves))
			continue
		}
		fmt.Fprintf(g.io.Err, "%c to move (row col, undo, hint, waves, board, rules, help, quit): ", g.pos.Names[p])
		if !in.Scan() {
			fmt.Fprintln(g.io.Err)
			fmt.Fprintln(g.io.Out, "end of input: game left unfinished")
			return status.BadInput("%s: standard input closed before the game ended, after %s", cmd, words.Plural(len(g.moves), "move"))
		}
		if quit := g.command(strings.TrimSpace(in.Text())); quit {
			fmt.Fprintln(g.io.Out, "game left unfinished")
			return nil
		}
	}
	fmt.Fprintf(g.io.Out, "%c wins after %s\n", g.pos.Names[b.Winner()], words.Plural(b.Ply(), "move"))
	return nil
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
		fmt.Fprintf(out, "hint: %s\n", b.FormatMove(g.hint.Choose(b, g.moves)))
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
