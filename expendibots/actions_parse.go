package expendibots

import (
	"bytes"
	"fmt"
	"strings"

	"chainshot/internal/textpos"
)

// ParseError is a defect in an input file: where it is and what was
// expected. Line and Col are 1-based (Col counts characters, package
// internal/textpos's rule); Line 0 means the defect is in the file as a
// whole.
type ParseError struct {
	File      string
	Line, Col int
	Msg       string
}

// Error returns "expendibots: FILE:LINE:COL: MSG" (FILE: MSG when Line is 0).
func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("expendibots: %s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("expendibots: %s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ParseActions reads action lines, one action a line, in the course's
// form: "MOVE n from (x1, y1) to (x2, y2)." or "BOOM at (x, y).". Blank
// lines and lines whose first non-blank character is '#' are skipped;
// spaces may be repeated or left out inside the parentheses, and CRLF line
// ends are accepted. It returns the actions and, for each, its 1-based
// line number. name is used in messages.
func ParseActions(data []byte, name string) ([]Action, []int, error) {
	var acts []Action
	var lines []int
	no := 0
	for len(data) > 0 {
		no++
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		p := &lineScanner{s: string(line)}
		p.spaces()
		if p.i == len(p.s) || p.s[p.i] == '#' {
			continue
		}
		a, err := p.action()
		if err != nil {
			return nil, nil, &ParseError{File: name, Line: no, Col: textpos.ColString(p.s, p.i), Msg: err.Error()}
		}
		acts = append(acts, a)
		lines = append(lines, no)
	}
	return acts, lines, nil
}

// lineScanner reads one action line; i is the byte offset of the next
// character.
type lineScanner struct {
	s string
	i int
}

func (p *lineScanner) spaces() int {
	j := p.i
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
	return p.i - j
}

func (p *lineScanner) near() string {
	if p.i >= len(p.s) {
		return "the end of the line"
	}
	r := p.s[p.i:]
	if len(r) > 12 {
		return fmt.Sprintf("%q...", r[:12])
	}
	return fmt.Sprintf("%q", r)
}

func (p *lineScanner) word(w string) error {
	if !strings.HasPrefix(p.s[p.i:], w) {
		return fmt.Errorf("want %q, found %s", w, p.near())
	}
	p.i += len(w)
	return nil
}

// gap reads the one or more blanks that must separate two words.
func (p *lineScanner) gap() error {
	if p.spaces() == 0 {
		return fmt.Errorf("want a space, found %s", p.near())
	}
	return nil
}

func (p *lineScanner) number(what string, lo, hi int) (int, error) {
	start := p.i
	v := 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		if v <= hi {
			v = v*10 + int(p.s[p.i]-'0') // past hi it is out of range, whatever follows
		}
		p.i++
	}
	if p.i == start {
		return 0, fmt.Errorf("want %s, found %s", what, p.near())
	}
	if v < lo || v > hi {
		digits := p.s[start:p.i]
		p.i = start
		return 0, fmt.Errorf("%s is %s, want %d..%d", what, digits, lo, hi)
	}
	return v, nil
}

func (p *lineScanner) square() (Square, error) {
	if err := p.word("("); err != nil {
		return 0, err
	}
	p.spaces()
	x, err := p.number("x", 0, Size-1)
	if err != nil {
		return 0, err
	}
	p.spaces()
	if err := p.word(","); err != nil {
		return 0, err
	}
	p.spaces()
	y, err := p.number("y", 0, Size-1)
	if err != nil {
		return 0, err
	}
	p.spaces()
	if err := p.word(")"); err != nil {
		return 0, err
	}
	return Sq(x, y), nil
}

func (p *lineScanner) end() error {
	if err := p.word("."); err != nil {
		return err
	}
	p.spaces()
	if p.i < len(p.s) {
		return fmt.Errorf("unexpected text after the action: %s", p.near())
	}
	return nil
}

func (p *lineScanner) action() (Action, error) {
	switch {
	case strings.HasPrefix(p.s[p.i:], "MOVE"):
		p.i += 4
		if err := p.gap(); err != nil {
			return Action{}, err
		}
		n, err := p.number("the number of tokens", 1, MaxTokens)
		if err != nil {
			return Action{}, err
		}
		var from, to Square
		steps := []func() error{
			p.gap, func() error { return p.word("from") }, p.gap,
			func() (err error) { from, err = p.square(); return err },
			p.gap, func() error { return p.word("to") }, p.gap,
			func() (err error) { to, err = p.square(); return err },
			p.end,
		}
		for _, f := range steps {
			if err := f(); err != nil {
				return Action{}, err
			}
		}
		return Action{Kind: Move, N: uint8(n), From: from, To: to}, nil
	case strings.HasPrefix(p.s[p.i:], "BOOM"):
		p.i += 4
		var at Square
		steps := []func() error{
			p.gap, func() error { return p.word("at") }, p.gap,
			func() (err error) { at, err = p.square(); return err },
			p.end,
		}
		for _, f := range steps {
			if err := f(); err != nil {
				return Action{}, err
			}
		}
		return Action{Kind: Boom, From: at}, nil
	}
	return Action{}, fmt.Errorf("want MOVE or BOOM, found %s", p.near())
}

// FormatActions returns the actions one a line in the course's form, each
// line ending in a newline.
func FormatActions(actions []Action) string {
	var sb strings.Builder
	for _, a := range actions {
		sb.WriteString(a.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}
