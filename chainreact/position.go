package chainreact

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"chainshot/internal/textpos"
)

// DefaultNames are the player letters used when a position names none:
// red, green, blue, yellow, purple, orange, cyan, white.
const DefaultNames = "RGBYPOCW"

// Position is a board with the letters that name its players in files
// and on screen: Names[p] is player p's letter.
type Position struct {
	Board Board
	Names string
}

// NewPosition returns the empty board with the default player letters.
func NewPosition(rows, cols, players int) (Position, error) {
	b, err := NewBoard(rows, cols, players)
	if err != nil {
		return Position{}, err
	}
	return Position{Board: b, Names: DefaultNames[:players]}, nil
}

// ParsePosition reads a position file: one row per line, top
// row first, cells separated by spaces, "." for an empty cell and
// "<count><letter>" otherwise; optional headers "players: R G B" and
// "next: R"; "#" starts a comment. Without "players:" the players are the
// letters used, in DefaultNames order (padded to two). Without "next:" the
// player to move is the one whose turn it would be if nobody had been
// skipped (orbs modulo players), or the next one still in the game. Counts
// must be below the cell's critical mass. name labels errors:
// "chainreact: NAME:LINE:COL: ...".
func ParsePosition(name string, r io.Reader) (Position, error) {
	f, err := readPositionFile(name, r)
	if err != nil {
		return Position{}, err
	}
	return f.position()
}

// positionFile is a position file as written, before the rules check it:
// its rows of cells and its headers, with where each was.
type positionFile struct {
	name      string
	rows      [][]fileCell
	firstLine int // the line of the first row
	// players is the "players:" header's letters, if there is one.
	players     string
	seenPlayers bool
	// next is the "next:" header's letter, 0 if none, and where it was.
	next              byte
	nextLine, nextCol int
}

// fileCell is one cell as written: count 0 for ".".
type fileCell struct {
	count     int
	letter    byte
	line, col int
}

// errf returns an error naming the file, line and column.
func (f *positionFile) errf(line, col int, format string, args ...any) error {
	return fmt.Errorf("chainreact: %s:%d:%d: %s", f.name, line, col, fmt.Sprintf(format, args...))
}

// readPositionFile reads the lines of a position file: headers and rows.
func readPositionFile(name string, r io.Reader) (*positionFile, error) {
	f := &positionFile{name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		text := sc.Text()
		if lineNo == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if col, bad := binaryAt(text); bad {
			return nil, f.errf(lineNo, col, "binary data, not a position file")
		}
		if k := strings.IndexByte(text, '#'); k >= 0 {
			text = text[:k]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		lead := len(text) - len(strings.TrimLeft(text, " \t\r"))
		body := strings.TrimRight(text[lead:], " \t\r")
		var err error
		if key, val, ok := strings.Cut(body, ":"); ok {
			err = f.header(lineNo, text, lead+len(key)+1, key, val)
		} else {
			err = f.row(lineNo, text)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err == bufio.ErrTooLong {
		return nil, fmt.Errorf("chainreact: %s: a line longer than 1 MB: not a position file", name)
	} else if err != nil {
		return nil, fmt.Errorf("chainreact: %s: %w", name, err)
	}
	if len(f.rows) == 0 {
		return nil, fmt.Errorf("chainreact: %s: no rows", name)
	}
	return f, nil
}

// binaryAt reports whether a line holds a NUL byte or is not UTF-8, and
// the column (in characters, 1-based) where.
func binaryAt(line string) (col int, bad bool) {
	for i, r := range line {
		if r == 0 || r == utf8.RuneError && !strings.HasPrefix(line[i:], "\ufffd") {
			return textpos.ColString(line, i), true
		}
	}
	return 0, false
}

// header reads a "key: value" line, text, whose value val starts at
// byte valAt.
func (f *positionFile) header(lineNo int, text string, valAt int, key, val string) error {
	lead := textpos.ColString(text, len(text)-len(strings.TrimLeft(text, " \t\r"))) - 1
	key = strings.ToLower(strings.TrimSpace(key))
	valCol := textpos.ColString(text, valAt+len(val)-len(strings.TrimLeft(val, " \t")))
	switch key {
	case "players":
		if f.seenPlayers {
			return f.errf(lineNo, lead+1, "second \"players:\" line")
		}
		f.seenPlayers = true
		for _, fl := range fieldsAt(val) {
			col := textpos.ColString(text, valAt+fl.at)
			if len(fl.s) != 1 || !isLetter(fl.s[0]) {
				return f.errf(lineNo, col, "player %q: want a single letter", fl.s)
			}
			c := upper(fl.s[0])
			if strings.IndexByte(f.players, c) >= 0 {
				return f.errf(lineNo, col, "player %c named twice", c)
			}
			f.players += string(c)
		}
		if len(f.players) < 2 || len(f.players) > MaxPlayers {
			return f.errf(lineNo, valCol, "%d players: want 2 to %d", len(f.players), MaxPlayers)
		}
	case "next":
		v := strings.TrimSpace(val)
		if f.nextLine != 0 {
			return f.errf(lineNo, lead+1, "second \"next:\" line")
		}
		if len(v) != 1 || !isLetter(v[0]) {
			return f.errf(lineNo, valCol, "next %q: want a single player letter", v)
		}
		f.next, f.nextLine, f.nextCol = upper(v[0]), lineNo, valCol
	default:
		return f.errf(lineNo, lead+1, "unknown header %q: want \"players:\" or \"next:\"", key)
	}
	return nil
}

// row reads a row of cells.
func (f *positionFile) row(lineNo int, text string) error {
	if f.firstLine == 0 {
		f.firstLine = lineNo
	}
	var row []fileCell
	for _, fl := range fieldsAt(text) {
		c, err := f.cell(lineNo, textpos.ColString(text, fl.at), fl.s)
		if err != nil {
			return err
		}
		row = append(row, c)
	}
	if len(f.rows) > 0 && len(row) != len(f.rows[0]) {
		cells := "cells"
		if len(row) == 1 {
			cells = "cell"
		}
		return f.errf(lineNo, 1, "row has %d %s, want %d like line %d", len(row), cells, len(f.rows[0]), f.firstLine)
	}
	f.rows = append(f.rows, row)
	return nil
}

// cell reads one cell, "." or a count and a letter, written at col.
func (f *positionFile) cell(lineNo, col int, s string) (fileCell, error) {
	if s == "." {
		return fileCell{line: lineNo, col: col}, nil
	}
	k, n := 0, 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		n = n*10 + int(s[k]-'0')
		if n > 99 {
			break
		}
		k++
	}
	if k == 0 || k != len(s)-1 || !isLetter(s[k]) {
		return fileCell{}, f.errf(lineNo, col, "cell %q: want \".\" or a count and a player letter such as 2R", s)
	}
	if n == 0 {
		return fileCell{}, f.errf(lineNo, col, "cell %q: a cell with no orbs is written \".\"", s)
	}
	return fileCell{count: n, letter: upper(s[k]), line: lineNo, col: col}, nil
}

// position checks the file against the rules and builds the position.
func (f *positionFile) position() (Position, error) {
	nr, nc := len(f.rows), len(f.rows[0])
	if nr < 2 || nc < 2 || nr > MaxRows || nc > MaxCols {
		return Position{}, f.errf(f.firstLine, 1, "board %dx%d: want 2 to %d rows and 2 to %d columns", nr, nc, MaxRows, MaxCols)
	}
	players := f.players
	if !f.seenPlayers {
		players = f.lettersUsed()
		if len(players) > MaxPlayers {
			return Position{}, f.errf(f.firstLine, 1, "%d players: want 2 to %d", len(players), MaxPlayers)
		}
	}
	b, err := NewBoard(nr, nc, len(players))
	if err != nil {
		return Position{}, err
	}
	if err := f.place(&b, players); err != nil {
		return Position{}, err
	}
	if err := f.setNext(&b, players); err != nil {
		return Position{}, err
	}
	return Position{Board: b, Names: players}, nil
}

// lettersUsed returns the players of a file without "players:": the
// letters of its cells, DefaultNames first in that order, then the others
// alphabetically, padded to two with DefaultNames.
func (f *positionFile) lettersUsed() string {
	used := map[byte]bool{}
	for _, row := range f.rows {
		for _, c := range row {
			if c.count > 0 {
				used[c.letter] = true
			}
		}
	}
	var players string
	for k := 0; k < len(DefaultNames); k++ {
		if used[DefaultNames[k]] {
			players += DefaultNames[k : k+1]
		}
	}
	var extra []byte
	for l := range used {
		if strings.IndexByte(DefaultNames, l) < 0 {
			extra = append(extra, l)
		}
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i] < extra[j] })
	players += string(extra)
	for k := 0; len(players) < 2 && k < len(DefaultNames); k++ {
		if strings.IndexByte(players, DefaultNames[k]) < 0 {
			players += DefaultNames[k : k+1]
		}
	}
	return players
}

// place puts the file's cells on b, an empty board of its size.
func (f *positionFile) place(b *Board, players string) error {
	nr, nc := len(f.rows), len(f.rows[0])
	for k, row := range f.rows {
		r := nr - 1 - k // files list the top row first
		for c, x := range row {
			if x.count == 0 {
				continue
			}
			p := strings.IndexByte(players, x.letter)
			if p < 0 {
				return f.errf(x.line, x.col, "player %c is not in \"players: %s\"", x.letter, spaced(players))
			}
			i := r*nc + c
			if x.count >= int(b.geo.cm[i]) {
				return f.errf(x.line, x.col, "cell holds %d orbs: want fewer than its critical mass %d", x.count, b.geo.cm[i])
			}
			b.owner[i], b.count[i] = uint8(p+1), uint8(x.count)
		}
	}
	return nil
}

// setNext sets the player to move, from "next:" or by the orbs played,
// and finishes the board: orbs, hash, ply, winner.
func (f *positionFile) setNext(b *Board, players string) error {
	if f.next == 0 {
		b.recount()
		b.toMove = int8(b.ply % int32(b.players))
		for k := 0; k < int(b.players) && !b.Alive(int(b.toMove)); k++ {
			b.toMove = (b.toMove + 1) % b.players
		}
		b.recount()
		return nil
	}
	p := strings.IndexByte(players, f.next)
	if p < 0 {
		return f.errf(f.nextLine, f.nextCol, "next player %c is not in \"players: %s\"", f.next, spaced(players))
	}
	b.toMove = int8(p)
	b.recount()
	if !b.Over() && !b.Alive(int(b.toMove)) {
		return f.errf(f.nextLine, f.nextCol, "next player %c has no orbs left and is out", f.next)
	}
	return nil
}

type field struct {
	s  string
	at int // 0-based byte offset in the line
}

func fieldsAt(s string) []field {
	var out []field
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' {
			j++
		}
		if j > i {
			out = append(out, field{s[i:j], i})
		}
		i = j
	}
	return out
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func spaced(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Format writes the position in the file format ParsePosition reads, with
// both headers. A finished game's last position may hold unstable cells,
// which ParsePosition rejects.
func (p *Position) Format(w io.Writer) error {
	var buf bytes.Buffer
	b := &p.Board
	fmt.Fprintf(&buf, "players: %s\n", spaced(p.Names))
	fmt.Fprintf(&buf, "next: %c\n", p.Names[b.toMove])
	for r := b.Rows() - 1; r >= 0; r-- {
		for c := 0; c < b.Cols(); c++ {
			if c > 0 {
				buf.WriteByte(' ')
			}
			o, k := b.Cell(r*b.Cols() + c)
			if o < 0 {
				buf.WriteString(" .")
			} else {
				fmt.Fprintf(&buf, "%d%c", k, p.Names[o])
			}
		}
		buf.WriteByte('\n')
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// String returns the position in the file format.
func (p *Position) String() string {
	var sb strings.Builder
	p.Format(&sb)
	return sb.String()
}
