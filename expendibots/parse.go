package expendibots

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"chainshot/internal/textpos"
)

// Spec limits of part A: beyond them a case loads with a warning.
const (
	// SpecWhiteTokens is the most white tokens a part-A case has.
	SpecWhiteTokens = 3
	// GameTokens is the number of tokens each side has in the full game.
	GameTokens = 12
)

// Parsed is a case read from a JSON file, with what the reader noticed.
type Parsed struct {
	Board Board
	// Warnings are things outside part A's spec that still make a board:
	// more than 3 white tokens, more than 12 tokens of a colour, no black
	// token, no white token.
	Warnings []string
}

// ParseJSON reads a part-A case: a JSON object {"white": [[n,x,y],...],
// "black": [[n,x,y],...]} with both keys and no others; each stack is n
// tokens (n >= 1) on square (x, y), x and y 0..7. These are errors, each
// reported as a *ParseError with line and column: bad JSON, a missing,
// repeated or unknown key, a stack that is not three whole numbers, a
// count below 1, a square off the board, two stacks of one colour on one
// square, a white stack on a black square, more than MaxTokens tokens of a
// colour. More than 3 white tokens (the spec's limit) is only a warning:
// the board is returned and the search may take much longer. name is used
// in messages.
func ParseJSON(data []byte, name string) (Parsed, error) {
	p := &jsonParser{data: data, name: name, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	return p.parse()
}

type jsonParser struct {
	data []byte
	name string
	dec  *json.Decoder
}

// jstack is a stack as written, with the offset of its '['.
type jstack struct {
	n, x, y int
	off     int
}

func (p *jsonParser) errAt(off int, format string, args ...any) error {
	l, c := textpos.LineCol(p.data, off)
	return &ParseError{File: p.name, Line: l, Col: c, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next token and the offset where it starts.
func (p *jsonParser) next() (json.Token, int, error) {
	off := int(p.dec.InputOffset())
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	tok, err := p.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			// The decoder's offsets in a token stream are not always
			// from the start of the input; a whole-input scan's are, and
			// count the bad byte.
			at := int(se.Offset)
			var whole *json.SyntaxError
			if errors.As(json.Unmarshal(p.data, new(any)), &whole) {
				se, at = whole, int(whole.Offset)-1
			}
			return nil, off, p.errAt(at, "bad JSON: %v", se)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return nil, off, p.errAt(len(p.data), "bad JSON: unexpected end of file")
		}
		return nil, off, p.errAt(off, "bad JSON: %v", err)
	}
	return tok, off, nil
}

func describe(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(t))
	case string:
		return fmt.Sprintf("the string %q", t)
	case json.Number:
		return "the number " + t.String()
	case bool:
		return fmt.Sprintf("%v", t)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

func (p *jsonParser) parse() (Parsed, error) {
	tok, off, err := p.next()
	if err != nil {
		return Parsed{}, err
	}
	if tok != json.Delim('{') {
		return Parsed{}, p.errAt(off, `want an object {"white": [...], "black": [...]}, found %s`, describe(tok))
	}
	lists := map[string][]jstack{}
	for p.dec.More() {
		tok, off, err := p.next()
		if err != nil {
			return Parsed{}, err
		}
		k, _ := tok.(string)
		if k != "white" && k != "black" {
			return Parsed{}, p.errAt(off, `unknown key %q: want "white" and "black"`, k)
		}
		if _, dup := lists[k]; dup {
			return Parsed{}, p.errAt(off, "key %q given twice", k)
		}
		l, err := p.stackList(k)
		if err != nil {
			return Parsed{}, err
		}
		lists[k] = l
	}
	if _, _, err := p.next(); err != nil { // the closing '}'
		return Parsed{}, err
	}
	for _, k := range []string{"white", "black"} {
		if _, ok := lists[k]; !ok {
			return Parsed{}, p.errAt(0, "missing key %q", k)
		}
	}
	rest := int(p.dec.InputOffset())
	for rest < len(p.data) && (p.data[rest] == ' ' || p.data[rest] == '\t' || p.data[rest] == '\r' || p.data[rest] == '\n') {
		rest++
	}
	if rest < len(p.data) {
		return Parsed{}, p.errAt(rest, "text after the JSON object")
	}
	return p.build(lists["white"], lists["black"])
}

func (p *jsonParser) stackList(colour string) ([]jstack, error) {
	tok, off, err := p.next()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('[') {
		return nil, p.errAt(off, "%q: want a list of [n, x, y] stacks, found %s", colour, describe(tok))
	}
	out := []jstack{}
	for p.dec.More() {
		tok, off, err := p.next()
		if err != nil {
			return nil, err
		}
		if tok != json.Delim('[') {
			return nil, p.errAt(off, "%s stack: want [n, x, y], found %s", colour, describe(tok))
		}
		var v [3]int
		i := 0
		for p.dec.More() {
			tok, noff, err := p.next()
			if err != nil {
				return nil, err
			}
			if i == 3 {
				return nil, p.errAt(noff, "%s stack: want [n, x, y], found a fourth value", colour)
			}
			num, ok := tok.(json.Number)
			if !ok {
				return nil, p.errAt(noff, "%s stack: want a whole number, found %s", colour, describe(tok))
			}
			n, err := strconv.Atoi(num.String())
			if err != nil || n < -1000 || n > 1000 {
				return nil, p.errAt(noff, "%s stack: want a small whole number, found %s", colour, num)
			}
			v[i] = n
			i++
		}
		if _, _, err := p.next(); err != nil { // ']'
			return nil, err
		}
		if i != 3 {
			return nil, p.errAt(off, "%s stack: want [n, x, y], found %s", colour, count(i, "value"))
		}
		out = append(out, jstack{n: v[0], x: v[1], y: v[2], off: off})
	}
	if _, _, err := p.next(); err != nil { // ']'
		return nil, err
	}
	return out, nil
}

func (p *jsonParser) build(white, black []jstack) (Parsed, error) {
	var b Board
	var res Parsed
	total := map[string]int{}
	for _, side := range []struct {
		name   string
		stacks []jstack
		sign   int8
	}{{"white", white, 1}, {"black", black, -1}} {
		for _, s := range side.stacks {
			if s.n < 1 {
				return Parsed{}, p.errAt(s.off, "%s stack [%d, %d, %d]: count %d, want at least 1", side.name, s.n, s.x, s.y, s.n)
			}
			if !OnBoard(s.x, s.y) {
				return Parsed{}, p.errAt(s.off, "%s stack [%d, %d, %d]: square (%d, %d) is off the board (x and y are 0..7)", side.name, s.n, s.x, s.y, s.x, s.y)
			}
			q := Sq(s.x, s.y)
			if v := b.sq[q]; v != 0 {
				if (v > 0) == (side.sign > 0) {
					return Parsed{}, p.errAt(s.off, "%s stack [%d, %d, %d]: a second %s stack on %s (overlapping stacks)", side.name, s.n, s.x, s.y, side.name, q)
				}
				return Parsed{}, p.errAt(s.off, "%s stack [%d, %d, %d]: %s already holds a white stack (a square holds one colour)", side.name, s.n, s.x, s.y, q)
			}
			total[side.name] += s.n
			if total[side.name] > MaxTokens {
				return Parsed{}, p.errAt(s.off, "%s stack [%d, %d, %d]: more than %d %s tokens in all", side.name, s.n, s.x, s.y, MaxTokens, side.name)
			}
			b.sq[q] = side.sign * int8(s.n)
		}
	}
	res.Board = b
	w, bl := total["white"], total["black"]
	if w > SpecWhiteTokens {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: %d white tokens, more than part A's %d", p.name, w, SpecWhiteTokens))
	}
	for _, c := range []struct {
		name string
		n    int
	}{{"white", w}, {"black", bl}} {
		if c.n > GameTokens {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s: %d %s tokens, more than the game's %d a side", p.name, c.n, c.name, GameTokens))
		}
	}
	if bl == 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: no black token: already won", p.name))
	} else if w == 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: no white token: cannot be won", p.name))
	}
	return res, nil
}
