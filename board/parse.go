package board

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"chainshot/internal/textpos"
)

// ParseError is a defect in a data-set file: where it is and what was
// expected. Line and Col are 1-based; Col counts characters (package
// internal/textpos's rule).
type ParseError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("board: %s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("board: %s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Handout limits: outside them a board loads with a warning.
const (
	MinHandoutSize   = 5
	MaxHandoutSize   = 25
	MinHandoutColors = 3
	MaxHandoutColors = 5
)

// Options changes how Parse reads a file.
type Options struct {
	// Repair mends the defects found in the handout's own samples instead
	// of refusing them, and reports each repair in Parsed.Repairs:
	//   - the digit 0 is read as the letter O;
	//   - every row is made as long as most rows are: a longer row loses
	//     the beads past that length, a shorter one is padded on the right
	//     by repeating its last bead.
	Repair bool
}

// Parsed is a board read from a file, with what the reader noticed.
type Parsed struct {
	Board Board
	// Line is the file line of the board's top row.
	Line int
	// Warnings are things outside the handout's range (size, colours).
	Warnings []string
	// Repairs lists what Options.Repair changed.
	Repairs []string
}

// Parse reads one board from a data-set file: one row a line, top row
// first, letters R G B L O in upper or lower case, optionally separated by
// spaces. Blank lines and lines starting with '#' are skipped; CRLF line
// ends and a UTF-8 byte-order mark are accepted. The standard SameGame
// benchmark's form (rows of space-separated colour numbers 0..4, meaning
// R G B L O) is read too. name is used in messages.
func Parse(data []byte, name string, opt Options) (Parsed, error) {
	all, err := ParseAll(data, name, opt)
	if err != nil {
		return Parsed{}, err
	}
	if len(all) > 1 {
		return Parsed{}, &ParseError{File: name, Line: all[1].Line, Col: 1,
			Msg: fmt.Sprintf("text after the grid: a second board starts here (the file holds %d; use a command that takes several)", len(all))}
	}
	return all[0], nil
}

// line is one data line of a file.
type line struct {
	no    int    // 1-based line number
	text  string // without the line end
	blank bool   // blank or comment
}

func splitLines(data []byte, name string) ([]line, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var lines []line
	no := 0
	for len(data) > 0 || no == 0 {
		no++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		l = bytes.TrimSuffix(l, []byte("\r"))
		if i := bytes.IndexByte(l, 0); i >= 0 || !utf8.Valid(l) {
			if i < 0 { // the first byte that is not UTF-8
				for i = 0; i < len(l); {
					r, size := utf8.DecodeRune(l[i:])
					if r == utf8.RuneError && size <= 1 {
						break
					}
					i += size
				}
			}
			return nil, &ParseError{File: name, Line: no, Col: textpos.Col(l, i), Msg: "binary data, not a text board file"}
		}
		t := strings.TrimSpace(string(l))
		lines = append(lines, line{no: no, text: string(l), blank: t == "" || strings.HasPrefix(t, "#")})
		if data == nil {
			break
		}
	}
	return lines, nil
}

// isNumeric reports whether a line is made of space-separated integers.
func isNumeric(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	for _, w := range f {
		for _, r := range w {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return len(f) > 1 || len(f[0]) == 1
}

// ParseAll reads every board of a file. Character grids hold one board;
// the standard benchmark's numeric form may hold several, separated by
// blank lines.
func ParseAll(data []byte, name string, opt Options) ([]Parsed, error) {
	lines, err := splitLines(data, name)
	if err != nil {
		return nil, err
	}
	// Blocks of consecutive data lines.
	var blocks [][]line
	var cur []line
	for _, l := range lines {
		if l.blank {
			if strings.TrimSpace(l.text) == "" && cur != nil {
				blocks = append(blocks, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, l)
	}
	if cur != nil {
		blocks = append(blocks, cur)
	}
	if len(blocks) == 0 {
		return nil, &ParseError{File: name, Msg: "empty file: no board in it (want rows of letters R G B L O)"}
	}
	numeric := isNumeric(blocks[0][0].text)
	if !numeric {
		// Character grids hold one board; blank lines inside it are skipped.
		var all []line
		for _, bl := range blocks {
			all = append(all, bl...)
		}
		blocks = [][]line{all}
	}
	var out []Parsed
	for _, bl := range blocks {
		var p Parsed
		var err error
		if numeric {
			p, err = parseNumeric(bl, name)
		} else {
			p, err = parseLetters(bl, name, opt)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func firstCol(s string) int {
	t := strings.TrimLeft(s, " \t")
	if t == "" {
		return 1
	}
	return textpos.ColString(s, len(s)-len(t))
}

type cell struct {
	color Color
	col   int // character column in the line
}

// isText reports whether a line reads as prose rather than a row of beads
// with a typo: fewer than half of its non-space characters are bead
// letters (or the digit 0, a known misprint of O).
func isText(s string) bool {
	beads, other := 0, 0
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t':
		case r == '0':
			beads++
		case r < utf8.RuneSelf && func() bool { _, ok := ColorOf(byte(r)); return ok }():
			beads++
		default:
			other++
		}
	}
	return other > beads
}

func parseLetters(block []line, name string, opt Options) (Parsed, error) {
	var p Parsed
	// Lines of text after the last row of beads are text after the grid.
	end := len(block)
	for end > 1 && isText(block[end-1].text) {
		end--
	}
	if end < len(block) && !isText(block[end-1].text) {
		l := block[end]
		return Parsed{}, &ParseError{File: name, Line: l.no, Col: firstCol(l.text),
			Msg: fmt.Sprintf("text after the grid, which ended at line %d", block[end-1].no)}
	}
	p.Line = block[0].no
	rows := make([][]cell, len(block))
	var firstErr *ParseError
	for i, l := range block {
		col := 0
		for _, r := range l.text {
			col++
			if r == ' ' || r == '\t' {
				continue
			}
			if r < utf8.RuneSelf {
				if c, ok := ColorOf(byte(r)); ok {
					rows[i] = append(rows[i], cell{c, col})
					continue
				}
			}
			if r == '0' && opt.Repair {
				rows[i] = append(rows[i], cell{Orange, col})
				p.Repairs = append(p.Repairs, fmt.Sprintf("line %d column %d: digit 0 read as the letter O", l.no, col))
				continue
			}
			if firstErr == nil {
				msg := fmt.Sprintf("unknown bead %q: want one of R G B L O", r)
				if r == '0' {
					msg = "unknown bead '0' (the digit zero): want one of R G B L O; did you mean the letter O?"
				}
				firstErr = &ParseError{File: name, Line: l.no, Col: col, Msg: msg}
			}
			break
		}
	}
	// The width most rows have; ties go to the first row's width.
	freq := map[int]int{}
	for _, r := range rows {
		freq[len(r)]++
	}
	want := len(rows[0])
	for _, r := range rows {
		if freq[len(r)] > freq[want] {
			want = len(r)
		}
	}
	for i, r := range rows {
		if len(r) == want {
			continue
		}
		l := block[i]
		if opt.Repair && len(r) > 0 {
			if len(r) > want {
				p.Repairs = append(p.Repairs, fmt.Sprintf("line %d: row had %d beads, dropped the last %d to make %d", l.no, len(r), len(r)-want, want))
				rows[i] = r[:want]
			} else {
				last := r[len(r)-1]
				p.Repairs = append(p.Repairs, fmt.Sprintf("line %d: row had %d beads, repeated its last bead %c to make %d", l.no, len(r), last.color.Letter(), want))
				for len(rows[i]) < want {
					rows[i] = append(rows[i], cell{last.color, 0})
				}
			}
			continue
		}
		if firstErr != nil && firstErr.Line <= l.no {
			break
		}
		col := textpos.ColString(l.text, len(l.text))
		if len(r) > want {
			col = r[want].col
		}
		firstErr = &ParseError{File: name, Line: l.no, Col: col,
			Msg: fmt.Sprintf("ragged row: %s, but most rows have %d", beads(len(r)), want)}
		break
	}
	if firstErr != nil {
		return Parsed{}, firstErr
	}
	grid := make([][]Color, len(rows))
	for i, r := range rows {
		grid[i] = make([]Color, len(r))
		for j, c := range r {
			grid[i][j] = c.color
		}
	}
	return finish(p, grid, name, block)
}

func parseNumeric(block []line, name string) (Parsed, error) {
	var p Parsed
	p.Line = block[0].no
	grid := make([][]Color, len(block))
	for i, l := range block {
		col := 0
		inWord := false
		for _, r := range l.text {
			col++
			switch {
			case r == ' ' || r == '\t':
				inWord = false
			case r >= '0' && r <= '4' && !inWord:
				grid[i] = append(grid[i], Color(r-'0'+1))
				inWord = true
			default:
				return Parsed{}, &ParseError{File: name, Line: l.no, Col: col,
					Msg: fmt.Sprintf("unknown bead %q in a numeric board: want colour numbers 0 to 4 separated by spaces", r)}
			}
		}
		if len(grid[i]) != len(grid[0]) {
			return Parsed{}, &ParseError{File: name, Line: l.no, Col: textpos.ColString(l.text, len(l.text)),
				Msg: fmt.Sprintf("ragged row: %s, but the board's first row has %d", beads(len(grid[i])), len(grid[0]))}
		}
	}
	return finish(p, grid, name, block)
}

func finish(p Parsed, grid [][]Color, name string, block []line) (Parsed, error) {
	if len(grid) > MaxSize || len(grid[0]) > MaxSize {
		l := block[0]
		if len(grid) > MaxSize {
			l = block[MaxSize]
		}
		return Parsed{}, &ParseError{File: name, Line: l.no, Col: 1,
			Msg: fmt.Sprintf("board is %dx%d: at most %dx%d can be loaded", len(grid), len(grid[0]), MaxSize, MaxSize)}
	}
	b, err := New(grid)
	if err != nil {
		return Parsed{}, &ParseError{File: name, Line: block[0].no, Col: 1, Msg: err.Error()}
	}
	p.Board = b
	r, c := b.Rows(), b.Cols()
	if r < MinHandoutSize || c < MinHandoutSize || r > MaxHandoutSize || c > MaxHandoutSize {
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: board is %dx%d, outside the handout's 5x5 to 25x25", name, r, c))
	}
	if k := b.Colors(); k < MinHandoutColors {
		colours := "colours"
		if k == 1 {
			colours = "colour"
		}
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: board has %d %s, the handout's boards have 3 to 5", name, k, colours))
	}
	sort.Strings(p.Warnings)
	return p, nil
}

// Format returns the board as a data-set file: one row a line, top row
// first, letters only. The board's original size is kept: removed beads
// and closed columns show as '.'.
func (b *Board) Format() string {
	var sb strings.Builder
	for r := int(b.rows) - 1; r >= 0; r-- {
		for c := 0; c < int(b.cols); c++ {
			sb.WriteByte(b.At(r, c).Letter())
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// beads counts beads in words: "1 bead", "3 beads".
func beads(n int) string {
	if n == 1 {
		return "1 bead"
	}
	return fmt.Sprintf("%d beads", n)
}
