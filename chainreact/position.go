package chainreact

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
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

// ParsePosition reads a position file (DESIGN.md): one row per line, top
// row first, cells separated by spaces, "." for an empty cell and
// "<count><letter>" otherwise; optional headers "players: R G B" and
// "next: R"; "#" starts a comment. Without "players:" the players are the
// letters used, in DefaultNames order (padded to two). Without "next:" the
// player to move is the one whose turn it would be if nobody had been
// skipped (orbs modulo players), or the next one still in the game. Counts
// must be below the cell's critical mass. name labels errors:
// "chainreact: NAME:LINE:COL: ...".
func ParsePosition(name string, r io.Reader) (Position, error) {
	type cell struct {
		count  int
		letter byte
		line   int
		col    int
	}
	var (
		rows      [][]cell
		players   string
		next      byte
		nextLine  int
		nextCol   int
		seenPlay  bool
		lineNo    int
		firstLine int
	)
	errf := func(line, col int, format string, args ...any) error {
		return fmt.Errorf("chainreact: %s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...))
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		lineNo++
		text := sc.Text()
		if k := strings.IndexByte(text, '#'); k >= 0 {
			text = text[:k]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		lead := len(text) - len(strings.TrimLeft(text, " \t\r"))
		body := strings.TrimRight(text[lead:], " \t\r")
		if key, val, ok := strings.Cut(body, ":"); ok {
			key = strings.ToLower(strings.TrimSpace(key))
			valCol := lead + len(key) + 2 + (len(val) - len(strings.TrimLeft(val, " \t")))
			switch key {
			case "players":
				if seenPlay {
					return Position{}, errf(lineNo, lead+1, "second \"players:\" line")
				}
				seenPlay = true
				for _, f := range fieldsAt(val) {
					col := lead + len(key) + 2 + f.at
					if len(f.s) != 1 || !isLetter(f.s[0]) {
						return Position{}, errf(lineNo, col, "player %q: want a single letter", f.s)
					}
					c := upper(f.s[0])
					if strings.IndexByte(players, c) >= 0 {
						return Position{}, errf(lineNo, col, "player %c named twice", c)
					}
					players += string(c)
				}
				if len(players) < 2 || len(players) > MaxPlayers {
					return Position{}, errf(lineNo, valCol, "%d players: want 2 to %d", len(players), MaxPlayers)
				}
			case "next":
				v := strings.TrimSpace(val)
				if nextLine != 0 {
					return Position{}, errf(lineNo, lead+1, "second \"next:\" line")
				}
				if len(v) != 1 || !isLetter(v[0]) {
					return Position{}, errf(lineNo, valCol, "next %q: want a single player letter", v)
				}
				next, nextLine, nextCol = upper(v[0]), lineNo, valCol
			default:
				return Position{}, errf(lineNo, lead+1, "unknown header %q: want \"players:\" or \"next:\"", key)
			}
			continue
		}
		if firstLine == 0 {
			firstLine = lineNo
		}
		var row []cell
		for _, f := range fieldsAt(text) {
			col := f.at + 1
			if f.s == "." {
				row = append(row, cell{line: lineNo, col: col})
				continue
			}
			k := 0
			n := 0
			for k < len(f.s) && f.s[k] >= '0' && f.s[k] <= '9' {
				n = n*10 + int(f.s[k]-'0')
				if n > 99 {
					break
				}
				k++
			}
			if k == 0 || k != len(f.s)-1 || !isLetter(f.s[k]) {
				return Position{}, errf(lineNo, col, "cell %q: want \".\" or a count and a player letter such as 2R", f.s)
			}
			if n == 0 {
				return Position{}, errf(lineNo, col, "cell %q: a cell with no orbs is written \".\"", f.s)
			}
			row = append(row, cell{count: n, letter: upper(f.s[k]), line: lineNo, col: col})
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return Position{}, errf(lineNo, 1, "row has %d cells, want %d like line %d", len(row), len(rows[0]), firstLine)
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return Position{}, fmt.Errorf("chainreact: %s: %v", name, err)
	}
	if len(rows) == 0 {
		return Position{}, fmt.Errorf("chainreact: %s: no rows", name)
	}
	nr, nc := len(rows), len(rows[0])
	if nr < 2 || nc < 2 || nr > MaxRows || nc > MaxCols {
		return Position{}, errf(firstLine, 1, "board %dx%d: want 2 to %d rows and 2 to %d columns", nr, nc, MaxRows, MaxCols)
	}
	if !seenPlay {
		used := map[byte]bool{}
		for _, row := range rows {
			for _, c := range row {
				if c.count > 0 {
					used[c.letter] = true
				}
			}
		}
		var extra []byte
		for l := range used {
			if strings.IndexByte(DefaultNames, l) < 0 {
				extra = append(extra, l)
			}
		}
		sort.Slice(extra, func(i, j int) bool { return extra[i] < extra[j] })
		for k := 0; k < len(DefaultNames); k++ {
			if used[DefaultNames[k]] {
				players += DefaultNames[k : k+1]
			}
		}
		players += string(extra)
		for k := 0; len(players) < 2 && k < len(DefaultNames); k++ {
			if strings.IndexByte(players, DefaultNames[k]) < 0 {
				players += DefaultNames[k : k+1]
			}
		}
		if len(players) > MaxPlayers {
			return Position{}, errf(firstLine, 1, "%d players: want 2 to %d", len(players), MaxPlayers)
		}
	}
	b, err := NewBoard(nr, nc, len(players))
	if err != nil {
		return Position{}, err
	}
	for k, row := range rows {
		r := nr - 1 - k // files list the top row first
		for c, x := range row {
			if x.count == 0 {
				continue
			}
			p := strings.IndexByte(players, x.letter)
			if p < 0 {
				return Position{}, errf(x.line, x.col, "player %c is not in \"players: %s\"", x.letter, spaced(players))
			}
			i := r*nc + c
			if x.count >= int(b.geo.cm[i]) {
				return Position{}, errf(x.line, x.col, "cell holds %d orbs: want fewer than its critical mass %d", x.count, b.geo.cm[i])
			}
			b.owner[i], b.count[i] = uint8(p+1), uint8(x.count)
		}
	}
	if next != 0 {
		p := strings.IndexByte(players, next)
		if p < 0 {
			return Position{}, errf(nextLine, nextCol, "next player %c is not in \"players: %s\"", next, spaced(players))
		}
		b.toMove = int8(p)
	}
	b.recount()
	if next == 0 {
		b.toMove = int8(b.ply % int32(b.players))
		for k := 0; k < int(b.players) && !b.Alive(int(b.toMove)); k++ {
			b.toMove = (b.toMove + 1) % b.players
		}
		b.recount()
	} else if !b.Over() && !b.Alive(int(b.toMove)) {
		return Position{}, errf(nextLine, nextCol, "next player %c has no orbs left and is out", next)
	}
	return Position{Board: b, Names: players}, nil
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
