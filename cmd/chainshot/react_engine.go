package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"chainshot/chainreact"

	"github.com/urfave/cli/v2"
)

func reactEngineCommand() *cli.Command {
	return &cli.Command{
		Name:      "engine",
		Usage:     "speak the Chain Reaction engine protocol (GTP-like) on stdin/stdout",
		ArgsUsage: " ",
		Description: "Commands, one a line: name, version, boardsize R C, players N, clear_board,\n" +
			"play r c, genmove, showboard, list_commands, quit. Replies are \"= result\" or\n" +
			"\"? reason\", then an empty line.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "player", Value: chainreact.DefaultSpec, Usage: "the engine's player spec"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed for the player"},
		},
		Action: doReactEngine,
	}
}

var engineCommands = []string{"name", "version", "boardsize", "players", "clear_board", "play", "genmove", "showboard", "list_commands", "quit"}

func doReactEngine(c *cli.Context) error {
	const cmd = "chainshot react engine"
	s := ioFrom(c)
	if c.Args().Present() {
		return badInput("%s: takes no arguments, got %q", cmd, c.Args().First())
	}
	spec := c.String("player")
	if strings.HasPrefix(spec, "engine:") {
		return badInput("%s: --player: an engine cannot be another engine", cmd)
	}
	player, err := chainreact.NewPlayer(spec, c.Uint64("seed"))
	if err != nil {
		return badInput("%s: --player: %v", cmd, err)
	}
	rows, cols, n := 9, 6, 2
	pos, _ := chainreact.NewPosition(rows, cols, n)
	var moves []chainreact.Move
	in := bufio.NewScanner(s.in)
	reply := func(ok bool, msg string) {
		mark := "="
		if !ok {
			mark = "?"
		}
		if msg != "" {
			mark += " " + msg
		}
		fmt.Fprintf(s.out, "%s\n\n", mark)
	}
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = strings.TrimSpace(line[:k])
		}
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		args := f[1:]
		switch f[0] {
		case "name":
			reply(true, "chainshot")
		case "version":
			reply(true, version)
		case "list_commands":
			reply(true, strings.Join(engineCommands, "\n"))
		case "quit":
			reply(true, "")
			return nil
		case "boardsize", "players", "clear_board":
			r, cc, np := rows, cols, n
			var bad string
			switch {
			case f[0] == "boardsize" && len(args) == 2:
				var e1, e2 error
				r, e1 = strconv.Atoi(args[0])
				cc, e2 = strconv.Atoi(args[1])
				if e1 != nil || e2 != nil {
					bad = "boardsize wants two numbers: rows and columns"
				}
			case f[0] == "boardsize":
				bad = "boardsize wants two numbers: rows and columns"
			case f[0] == "players" && len(args) == 1:
				var e error
				np, e = strconv.Atoi(args[0])
				if e != nil {
					bad = "players wants a number from 2 to 8"
				}
			case f[0] == "players":
				bad = "players wants a number from 2 to 8"
			case len(args) != 0:
				bad = "clear_board takes no arguments"
			}
			if bad == "" {
				p, err := chainreact.NewPosition(r, cc, np)
				if err != nil {
					bad = strings.TrimPrefix(err.Error(), "chainreact: ")
				} else {
					rows, cols, n, pos, moves = r, cc, np, p, moves[:0]
				}
			}
			reply(bad == "", bad)
		case "play":
			b := &pos.Board
			if b.Over() {
				reply(false, "the game is over")
				continue
			}
			m, err := parseReactMove(b, strings.Join(args, " "))
			if err != nil {
				reply(false, err.Error())
				continue
			}
			if !b.Legal(m) {
				reply(false, "illegal move: the cell belongs to another player")
				continue
			}
			b.Play(m)
			moves = append(moves, m)
			reply(true, "")
		case "genmove":
			b := &pos.Board
			if b.Over() {
				reply(false, "the game is over")
				continue
			}
			m := player.Choose(b, moves)
			mv := b.FormatMove(m)
			b.Play(m)
			moves = append(moves, m)
			reply(true, mv)
		case "showboard":
			reply(true, "\n"+strings.TrimRight(pos.String(), "\n"))
		default:
			reply(false, fmt.Sprintf("unknown command %q", f[0]))
		}
	}
	return nil
}

// enginePlayer is a player run by another program speaking the engine
// protocol: "engine:COMMAND" in match. COMMAND runs under sh -c.
type enginePlayer struct {
	spec   string
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	synced bool
	sent   int
	rows   int
	cols   int
	err    error
}

func newEnginePlayer(spec, command string) (chainreact.Player, error) {
	e := &enginePlayer{spec: spec}
	e.cmd = exec.Command("sh", "-c", command)
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
		return nil, fmt.Errorf("engine %q: %v", command, err)
	}
	if _, err := e.send("name"); err != nil {
		e.Close()
		return nil, fmt.Errorf("engine %q: %v", command, err)
	}
	return e, nil
}

// send sends one command and returns the reply's text after "= ".
func (e *enginePlayer) send(line string) (string, error) {
	if _, err := fmt.Fprintln(e.in, line); err != nil {
		return "", fmt.Errorf("%s: %v", line, err)
	}
	var lines []string
	for {
		l, err := e.out.ReadString('\n')
		l = strings.TrimRight(l, "\r\n")
		if err != nil {
			return "", fmt.Errorf("%s: the engine stopped answering (%v)", line, err)
		}
		if l == "" && len(lines) > 0 {
			break
		}
		if l != "" || len(lines) > 0 {
			lines = append(lines, l)
		}
	}
	first := lines[0]
	switch {
	case strings.HasPrefix(first, "="):
		lines[0] = strings.TrimSpace(first[1:])
		return strings.Join(lines, "\n"), nil
	case strings.HasPrefix(first, "?"):
		return "", fmt.Errorf("%s: engine says %q", line, strings.TrimSpace(first[1:]))
	}
	return "", fmt.Errorf("%s: reply %q does not start with = or ?", line, first)
}

func (e *enginePlayer) Spec() string { return e.spec }
func (e *enginePlayer) Reset(uint64) { e.synced = false }
func (e *enginePlayer) Err() error   { return e.err }
func (e *enginePlayer) fail(err error) chainreact.Move {
	e.err = err
	return chainreact.NoMove
}

func (e *enginePlayer) Choose(b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	if e.err != nil {
		return chainreact.NoMove
	}
	if history == nil && b.Ply() > 0 {
		return e.fail(errors.New("an engine player needs the game from the empty board"))
	}
	if !e.synced || e.sent > len(history) || e.rows != b.Rows() || e.cols != b.Cols() {
		for _, l := range []string{fmt.Sprintf("boardsize %d %d", b.Rows(), b.Cols()), fmt.Sprintf("players %d", b.Players()), "clear_board"} {
			if _, err := e.send(l); err != nil {
				return e.fail(err)
			}
		}
		e.synced, e.sent, e.rows, e.cols = true, 0, b.Rows(), b.Cols()
	}
	for ; e.sent < len(history); e.sent++ {
		if _, err := e.send("play " + b.FormatMove(history[e.sent])); err != nil {
			return e.fail(err)
		}
	}
	r, err := e.send("genmove")
	if err != nil {
		return e.fail(err)
	}
	m, err := parseReactMove(b, r)
	if err != nil {
		return e.fail(fmt.Errorf("genmove: %v", err))
	}
	e.sent++
	return m
}

// Close ends the engine process.
func (e *enginePlayer) Close() error {
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	return e.cmd.Wait()
}
