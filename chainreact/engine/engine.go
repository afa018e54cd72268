package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"chainshot/chainreact"
	"chainshot/internal/words"
)

// The engine protocol (docs/chain-reaction.md, "Engine protocol"), GTP's shape: one command a line, each
// answered "= result" or "? reason" and an empty line. ServeEngine is the
// engine's side, EnginePlayer the side that drives another program.

// engineCommands are the commands ServeEngine knows, as list_commands
// lists them.
var engineCommands = []string{"name", "version", "boardsize", "players", "clear_board", "play", "genmove", "showboard", "list_commands", "quit"}

// EngineInfo is what an engine says about itself.
type EngineInfo struct {
	Name, Version string
}

// Chooser chooses moves: what ServeEngine asks of the player it serves
// (every ai.Player is one).
type Chooser interface {
	// Choose returns a legal move for the player to move in b, which is
	// not over; history is every move played since the empty board.
	Choose(b *chainreact.Board, history []chainreact.Move) chainreact.Move
}

// ServeEngine speaks the engine protocol: it reads commands from r until
// "quit" or the end of input and writes the replies to w, choosing moves
// with player. It starts on an empty 9x6 board for two players. It returns
// only errors from reading r or writing w.
func ServeEngine(r io.Reader, w io.Writer, player Chooser, info EngineInfo) error {
	e := engineServer{player: player, info: info, rows: 9, cols: 6, players: 2}
	e.pos, _ = chainreact.NewPosition(e.rows, e.cols, e.players)
	bw := bufio.NewWriter(w)
	in := bufio.NewReader(r)
	for {
		line, err := readLine(in, true)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLong):
			// the rest of the line was read past: answer it, go on
			if err := reply(bw, "", err); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		}
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		result, err := e.do(f[0], f[1:])
		if err := reply(bw, result, err); err != nil {
			return err
		}
		if f[0] == "quit" {
			return nil
		}
	}
}

// reply writes a reply, "= result" or "? reason", and the empty line
// after it, and flushes it.
func reply(bw *bufio.Writer, result string, err error) error {
	mark := "="
	if err != nil {
		// a reason quotes the command at most in part: a reply line stays
		// within the protocol's cap
		mark, result = "?", words.Clip(strings.ReplaceAll(err.Error(), "\n", " "), 80)
	}
	if result != "" {
		mark += " " + result
	}
	fmt.Fprintf(bw, "%s\n\n", mark)
	return bw.Flush()
}

// engineServer is the state of a ServeEngine session: the game and the
// moves played since its empty board.
type engineServer struct {
	player              Chooser
	info                EngineInfo
	rows, cols, players int
	pos                 chainreact.Position
	moves               []chainreact.Move
}

// do runs one command and returns its reply, or the reason it failed.
func (e *engineServer) do(cmd string, args []string) (string, error) {
	switch cmd {
	case "name":
		return e.info.Name, nil
	case "version":
		return e.info.Version, nil
	case "list_commands":
		return strings.Join(engineCommands, "\n"), nil
	case "quit":
		return "", nil
	case "boardsize", "players", "clear_board":
		return "", e.newGame(cmd, args)
	case "play":
		m, err := e.legal(strings.Join(args, " "))
		if err != nil {
			return "", err
		}
		e.play(m)
		return "", nil
	case "genmove":
		if e.pos.Board.Over() {
			return "", errors.New("the game is over")
		}
		m := e.player.Choose(&e.pos.Board, e.moves)
		reply := e.pos.Board.FormatMove(m)
		e.play(m)
		return reply, nil
	case "showboard":
		return "\n" + strings.TrimRight(e.pos.String(), "\n"), nil
	}
	return "", fmt.Errorf("unknown command %q", cmd)
}

// newGame runs boardsize, players and clear_board: each starts a new game
// on an empty board, of a new size or number of players for the first two.
func (e *engineServer) newGame(cmd string, args []string) error {
	rows, cols, players := e.rows, e.cols, e.players
	var err error
	switch cmd {
	case "boardsize":
		if len(args) != 2 {
			return errors.New("boardsize wants two numbers: rows and columns")
		}
		var e1, e2 error
		rows, e1 = strconv.Atoi(args[0])
		cols, e2 = strconv.Atoi(args[1])
		if e1 != nil || e2 != nil {
			return errors.New("boardsize wants two numbers: rows and columns")
		}
	case "players":
		if len(args) == 1 {
			players, err = strconv.Atoi(args[0])
		}
		if len(args) != 1 || err != nil {
			return errors.New("players wants a number from 2 to 8")
		}
	default:
		if len(args) != 0 {
			return errors.New("clear_board takes no arguments")
		}
	}
	pos, err := chainreact.NewPosition(rows, cols, players)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	e.rows, e.cols, e.players, e.pos, e.moves = rows, cols, players, pos, e.moves[:0]
	return nil
}

// legal reads a move for play: legal for the player to move.
func (e *engineServer) legal(s string) (chainreact.Move, error) {
	b := &e.pos.Board
	if b.Over() {
		return chainreact.NoMove, errors.New("the game is over")
	}
	m, err := b.ParseMove(s)
	if err != nil {
		return chainreact.NoMove, err
	}
	if !b.Legal(m) {
		return chainreact.NoMove, errors.New("illegal move: the cell belongs to another player")
	}
	return m, nil
}

func (e *engineServer) play(m chainreact.Move) {
	e.pos.Board.Play(m)
	e.moves = append(e.moves, m)
}

// EnginePlayer is a Player run by another program that speaks the engine
// protocol, started under "sh -c". Before each move it brings the
// program's game up to date (boardsize, players, clear_board and the moves
// so far, when they differ from what it was sent) and asks for genmove.
// Close ends the program.
type EnginePlayer struct {
	spec   string
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	synced bool // the program's game is this player's game so far
	sent   int  // moves the program has been told or has played
	rows   int
	cols   int
	err    error
	// stderr keeps the end of what the program wrote on its standard
	// error, to say why it stopped ("sh: 1: nosuchprog: not found").
	stderr tailBuffer
	// exited is closed once the program has ended, exitErr then set.
	exited   chan struct{}
	waitOnce sync.Once
	exitErr  error
}

// tailBuffer keeps the last tailSize bytes written to it.
type tailBuffer struct {
	mu sync.Mutex
	b  []byte
}

const tailSize = 4096

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > tailSize {
		t.b = append(t.b[:0], t.b[len(t.b)-tailSize:]...)
	}
	return len(p), nil
}

// lastLine returns the last line written that is not blank, at most 200
// bytes of it.
func (t *tailBuffer) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.b)), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if len(last) > 200 {
		last = last[:200] + "..."
	}
	return last
}

// NewEnginePlayer starts command under sh -c and checks that it answers
// the protocol. spec is the player's spec ("engine:" and command).
func NewEnginePlayer(spec, command string) (*EnginePlayer, error) {
	e := &EnginePlayer{spec: spec, cmd: exec.Command("sh", "-c", command), exited: make(chan struct{})}
	e.cmd.Stderr = &e.stderr
	var err error
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	e.out = bufio.NewReader(stdout)
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q: %w", command, err)
	}
	if _, err := e.send("name"); err != nil {
		e.Close()
		return nil, fmt.Errorf("engine %q: %w", command, err)
	}
	return e, nil
}

// send sends one command and returns the reply's text after "= ".
func (e *EnginePlayer) send(line string) (string, error) {
	if _, err := fmt.Fprintln(e.in, line); err != nil {
		return "", fmt.Errorf("%s: %s", line, e.stopped(err))
	}
	r, err := readReply(e.out)
	var re *ReasonError
	var pe *ProtocolError
	switch {
	case errors.As(err, &re), errors.As(err, &pe):
		return "", fmt.Errorf("%s: %w", line, err)
	case err != nil:
		return "", fmt.Errorf("%s: %s", line, e.stopped(err))
	}
	return r, nil
}

// Spec returns the player's spec, "engine:COMMAND".
func (e *EnginePlayer) Spec() string { return e.spec }

// Reset starts a new game: the next move resends the board.
func (e *EnginePlayer) Reset(uint64) { e.synced = false }

// Err says why the last Choose returned NoMove: the program failed.
func (e *EnginePlayer) Err() error { return e.err }

func (e *EnginePlayer) fail(err error) chainreact.Move {
	e.err = err
	return chainreact.NoMove
}

// Choose asks the program for its move. It needs the game's history from
// the empty board; it returns NoMove, with Err set, when the program fails.
func (e *EnginePlayer) Choose(b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	if e.err != nil {
		return chainreact.NoMove
	}
	if history == nil && b.Ply() > 0 {
		return e.fail(errors.New("an engine player needs the game from the empty board"))
	}
	if err := e.sync(b, history); err != nil {
		return e.fail(err)
	}
	r, err := e.send("genmove")
	if err != nil {
		return e.fail(err)
	}
	m, err := b.ParseMove(r)
	if err != nil {
		return e.fail(fmt.Errorf("genmove: %w", err))
	}
	e.sent++
	return m
}

// ChooseContext is Choose, but when ctx ends before the program has
// answered, the program is killed, with every process it started (it
// cannot be asked to cut its search short), and NoMove returned, Err
// wrapping ctx's cause: a match stopped by Ctrl-C does not wait for an
// engine's long move. The player is then done: later moves fail.
func (e *EnginePlayer) ChooseContext(ctx context.Context, b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	if ctx.Err() != nil {
		return e.fail(fmt.Errorf("stopped: %w", context.Cause(ctx)))
	}
	stop := context.AfterFunc(ctx, func() {
		if e.cmd.Process != nil {
			killTree(e.cmd.Process.Pid)
		}
	})
	m := e.Choose(b, history)
	if !stop() {
		return e.fail(fmt.Errorf("stopped: %w", context.Cause(ctx)))
	}
	return m
}

// sync brings the program's game up to b, reached by history.
func (e *EnginePlayer) sync(b *chainreact.Board, history []chainreact.Move) error {
	if !e.synced || e.sent > len(history) || e.rows != b.Rows() || e.cols != b.Cols() {
		for _, l := range []string{fmt.Sprintf("boardsize %d %d", b.Rows(), b.Cols()), fmt.Sprintf("players %d", b.Players()), "clear_board"} {
			if _, err := e.send(l); err != nil {
				return err
			}
		}
		e.synced, e.sent, e.rows, e.cols = true, 0, b.Rows(), b.Cols()
	}
	for ; e.sent < len(history); e.sent++ {
		if _, err := e.send("play " + b.FormatMove(history[e.sent])); err != nil {
			return err
		}
	}
	return nil
}

// CPU returns the CPU time the program has used so far: the shell's, the
// program's and that of everything they started, finished or not, read
// from /proc to a hundredth of a second (Linux; ok is false elsewhere).
func (e *EnginePlayer) CPU() (d time.Duration, ok bool) {
	if e.cmd.Process == nil {
		return 0, false
	}
	return treeCPU(e.cmd.Process.Pid)
}

// QuitGrace is how long Close waits for the program to end after "quit"
// before it kills it, with every process it started (one that never reads
// its input, or is stuck writing a reply nobody reads, never ends).
const QuitGrace = 3 * time.Second

// Close tells the program to quit and waits for it to end, at most
// QuitGrace before it is killed.
func (e *EnginePlayer) Close() error {
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	e.wait()
	select {
	case <-e.exited:
	case <-time.After(QuitGrace):
		if e.cmd.Process != nil {
			killTree(e.cmd.Process.Pid)
		}
		<-e.exited
	}
	return e.exitErr
}

// wait starts waiting for the program to end, once: e.exited is closed
// when it has.
func (e *EnginePlayer) wait() {
	e.waitOnce.Do(func() {
		go func() {
			e.exitErr = e.cmd.Wait()
			close(e.exited)
		}()
	})
}

// stopped says why the program's answer ended early (readErr): how it
// exited, if it did within a second, and the last line it wrote on its
// standard error ("exited with exit status 127 before answering: sh: 1:
// nosuchprog: not found").
func (e *EnginePlayer) stopped(readErr error) string {
	e.wait()
	msg := fmt.Sprintf("the engine stopped answering (%v)", readErr)
	select {
	case <-e.exited:
		msg = "the engine ended before answering"
		var ee *exec.ExitError
		if errors.As(e.exitErr, &ee) {
			msg = fmt.Sprintf("the engine ended (%v) before answering", ee)
		}
	case <-time.After(time.Second):
	}
	if last := e.stderr.lastLine(); last != "" {
		msg += ": " + last
	}
	return msg
}
