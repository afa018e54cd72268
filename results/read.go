package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"chainshot/board"
)

// MaxLineBytes is the longest results line read. The longest line
// chainshot writes is under 8 KiB: a 32x32 board is cleared in at most
// 512 moves of at most 8 bytes each ("[32,32],"), and the other fields,
// bench's --params included, take under 2 KiB. The cap leaves room for
// fields other tools add.
const MaxLineBytes = 64 << 10

// maxMoves is the most moves a line can hold: every move removes two
// beads or more from at most MaxSize x MaxSize.
const maxMoves = board.MaxSize * board.MaxSize / 2

// ReadJSONL reads JSON Lines records (see Scan) and returns them all.
func ReadJSONL(r io.Reader, name string) (File, error) {
	out := File{Name: name}
	partial, err := Scan(r, name, func(l Line) error {
		out.Lines = append(out.Lines, l)
		return nil
	})
	if err != nil {
		return File{}, err
	}
	out.Partial = partial
	return out, nil
}

// ReadFile reads the results file at path with ReadJSONL.
func ReadFile(path string) (File, error) {
	f, err := os.Open(path)
	if err != nil {
		return File{}, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	return ReadJSONL(f, path)
}

// Scan reads JSON Lines records from r one line at a time, at most
// MaxLineBytes a line, and calls fn with each, in order: a file of any
// length is read in little memory. Blank lines are skipped. name is
// used in messages, which give the line, the column and the field of a
// defect (see Decode). A last line with no newline that ends inside its
// JSON object is not an error: it is returned as the Partial line (a run
// killed while writing it). A bad line anywhere else, or a bad last line
// that is not cut short, is an error, and so is an error of fn, returned
// as it is.
func Scan(r io.Reader, name string, fn func(Line) error) (*Partial, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var offset int64
	for no := 1; ; no++ {
		text, complete, err := readLine(br)
		switch {
		case errors.Is(err, errLong):
			return nil, fmt.Errorf("results: %s:%d: the line is over %d KiB, longer than any results line (a 32x32 board's takes under 8 KiB): not a results file?", name, no, MaxLineBytes>>10)
		case err != nil:
			return nil, fmt.Errorf("results: %s:%d: %v", name, no, err)
		case text == nil && !complete:
			return nil, nil // the end
		}
		start := offset
		offset += int64(len(text))
		if complete {
			offset++
		}
		text = bytes.TrimSuffix(text, []byte("\r"))
		if len(bytes.TrimSpace(text)) == 0 {
			if !complete {
				return nil, nil
			}
			continue
		}
		rec, unknown, cut, err := decode(text, name, no)
		if cut && !complete {
			return &Partial{Name: name, No: no, Offset: start, Len: len(text)}, nil
		}
		if err != nil {
			return nil, err
		}
		if err := fn(Line{No: no, Record: rec, Raw: text, Unknown: unknown}); err != nil {
			return nil, err
		}
		if !complete {
			return nil, nil
		}
	}
}

var errLong = errors.New("line too long")

// readLine reads one line, newline excluded; complete says it ended in
// one. A line over MaxLineBytes is errLong, once its first MaxLineBytes
// are read: the rest is never held. At the end of r it returns nil,
// false, nil.
func readLine(br *bufio.Reader) (line []byte, complete bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxLineBytes+1 {
			return nil, false, errLong
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			return line[:len(line)-1], true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(line) == 0 {
				return nil, false, nil
			}
			return line, false, nil
		default:
			return nil, false, err
		}
	}
}

// field is a Record's field as a results line holds it: its JSON name,
// whether every line must have it, and how to read its value into a
// record.
type field struct {
	name     string
	required bool
	set      func(r *Record, v json.RawMessage) error
}

// fields are the fields of a results line, in the order MarshalLine
// writes them.
var fields = []field{
	{"file", true, func(r *Record, v json.RawMessage) error {
		if err := str(v, &r.File); err != nil {
			return err
		}
		if r.File == "" {
			return errors.New("is empty: want the data set's file or built-in name")
		}
		return nil
	}},
	{"rows", false, func(r *Record, v json.RawMessage) error { return whole(v, &r.Rows, 0, board.MaxSize) }},
	{"cols", false, func(r *Record, v json.RawMessage) error { return whole(v, &r.Cols, 0, board.MaxSize) }},
	{"colors", false, func(r *Record, v json.RawMessage) error { return whole(v, &r.Colors, 0, board.NumColors) }},
	{"algorithm", false, func(r *Record, v json.RawMessage) error { return str(v, &r.Algorithm) }},
	{"budget_cpu_seconds", false, func(r *Record, v json.RawMessage) error { return seconds(v, &r.Budget) }},
	{"cpu_seconds", false, func(r *Record, v json.RawMessage) error { return seconds(v, &r.CPU) }},
	{"moves", true, moves},
	{"score", true, func(r *Record, v json.RawMessage) error { return whole(v, &r.Score, 0, math.MaxInt32) }},
	{"beads_left", true, func(r *Record, v json.RawMessage) error {
		return whole(v, &r.BeadsLeft, 0, board.MaxSize*board.MaxSize)
	}},
	{"optimal", false, func(r *Record, v json.RawMessage) error { return boolean(v, &r.Optimal) }},
	{"seed", false, func(r *Record, v json.RawMessage) error {
		var n json.Number
		if err := number(v, &n); err != nil {
			return err
		}
		s, err := strconv.ParseUint(n.String(), 10, 64)
		if err != nil {
			return fmt.Errorf("is %s: want a whole number from 0 to %d", n, uint64(math.MaxUint64))
		}
		r.Seed = s
		return nil
	}},
	{"nodes", false, func(r *Record, v json.RawMessage) error { return whole64(v, &r.Nodes) }},
	{"partial", false, func(r *Record, v json.RawMessage) error { return boolean(v, &r.Partial) }},
	{"requested_algorithm", false, func(r *Record, v json.RawMessage) error { return str(v, &r.Requested) }},
	{"max_nodes", false, func(r *Record, v json.RawMessage) error { return whole64(v, &r.MaxNodes) }},
	{"params", false, func(r *Record, v json.RawMessage) error { return str(v, &r.Params) }},
	{"wall", false, func(r *Record, v json.RawMessage) error { return boolean(v, &r.Wall) }},
	{"rank", false, func(r *Record, v json.RawMessage) error {
		if err := str(v, &r.Rank); err != nil {
			return err
		}
		if r.Rank != RankScore {
			return fmt.Errorf("is %q: want %q (or no rank: the handout's)", r.Rank, RankScore)
		}
		return nil
	}},
}

// fieldByName finds a field of fields.
func fieldByName(name string) (field, bool) {
	for _, f := range fields {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// Decode reads one results line, text (newline excluded), the no-th of
// the file name, strictly: one JSON object, each field once, "file",
// "moves", "score" and "beads_left" there, every value of its field's
// type and range, each move a [row, col] pair. Fields that are not a
// Record's are allowed (other tools and later versions add fields) and
// returned in unknown, for the caller to warn about. An error says
// "results: NAME:LINE:COL: ..." with the field in the file's own terms.
func Decode(text []byte, name string, no int) (rec Record, unknown []string, err error) {
	rec, unknown, _, err = decode(text, name, no)
	return rec, unknown, err
}

// decode is Decode; cut says the line ends inside a JSON object.
func decode(text []byte, name string, no int) (rec Record, unknown []string, cut bool, err error) {
	lead := len(text) - len(bytes.TrimLeft(text, " \t\r"))
	fail := func(off int64, format string, args ...any) (Record, []string, bool, error) {
		return Record{}, nil, false, fmt.Errorf("results: %s:%d:%d: %s", name, no, lead+int(off)+1, fmt.Sprintf(format, args...))
	}
	body := text[lead:]
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	syntax := func(err error) (Record, []string, bool, error) {
		var se *json.SyntaxError
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			r, u, _, e := fail(int64(len(body)), "the line ends inside a JSON object")
			return r, u, true, e
		case errors.As(err, &se):
			return fail(se.Offset-1, "not JSON: %s", trimJSON(se.Error()))
		}
		return fail(dec.InputOffset(), "not JSON: %s", trimJSON(err.Error()))
	}
	tok, err := dec.Token()
	if err != nil {
		return syntax(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fail(0, "not a JSON object: a results line is {\"file\": ..., \"moves\": [[row, col], ...], \"score\": ..., \"beads_left\": ...}")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return syntax(err)
		}
		key, _ := tok.(string)
		keyAt := dec.InputOffset() - int64(len(key)+2) // where its quote is, unless it has escapes
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return syntax(err)
		}
		at := dec.InputOffset() - int64(len(v))
		if seen[key] {
			return fail(keyAt, "%q is there twice: each field once", key)
		}
		seen[key] = true
		f, ok := fieldByName(key)
		if !ok {
			unknown = append(unknown, key)
			continue
		}
		if err := f.set(&rec, v); err != nil {
			return fail(at, "%q %v", key, err)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return syntax(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fail(dec.InputOffset(), "more than one JSON value on the line")
	}
	for _, f := range fields {
		if f.required && !seen[f.name] {
			return fail(0, "no %q field: every results line has \"file\", \"moves\", \"score\" and \"beads_left\"", f.name)
		}
	}
	return rec, unknown, false, nil
}

// trimJSON drops the package's "json: " from a syntax error.
func trimJSON(msg string) string { return strings.TrimPrefix(msg, "json: ") }

// kind names the JSON type of v, for messages.
func kind(v json.RawMessage) string {
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return string(v)
	case 'n':
		return "null"
	}
	return "the number " + string(v)
}

func str(v json.RawMessage, dst *string) error {
	if len(v) == 0 || v[0] != '"' {
		return fmt.Errorf("is %s: want a string", kind(v))
	}
	return json.Unmarshal(v, dst)
}

func boolean(v json.RawMessage, dst *bool) error {
	if s := string(v); s != "true" && s != "false" {
		return fmt.Errorf("is %s: want true or false", kind(v))
	}
	*dst = string(v) == "true"
	return nil
}

func number(v json.RawMessage, dst *json.Number) error {
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return fmt.Errorf("is %s: want a number", kind(v))
	}
	*dst = json.Number(v)
	return nil
}

// whole reads a whole number from lo to hi.
func whole(v json.RawMessage, dst *int, lo, hi int) error {
	var n json.Number
	if err := number(v, &n); err != nil {
		return err
	}
	i, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil || i < int64(lo) || i > int64(hi) {
		return fmt.Errorf("is %s: want a whole number from %d to %d", n, lo, hi)
	}
	*dst = int(i)
	return nil
}

// whole64 reads a whole number of 0 or more.
func whole64(v json.RawMessage, dst *int64) error {
	var n json.Number
	if err := number(v, &n); err != nil {
		return err
	}
	i, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil || i < 0 {
		return fmt.Errorf("is %s: want a whole number, 0 or more", n)
	}
	*dst = i
	return nil
}

// seconds reads a number of seconds, 0 or more.
func seconds(v json.RawMessage, dst *float64) error {
	var n json.Number
	if err := number(v, &n); err != nil {
		return err
	}
	f, err := n.Float64()
	if err != nil || f < 0 || math.IsInf(f, 0) {
		return fmt.Errorf("is %s: want seconds, 0 or more", n)
	}
	*dst = f
	return nil
}

// moves reads "moves": a list of [row, col] pairs of whole numbers from 1
// to board.MaxSize.
func moves(r *Record, v json.RawMessage) error {
	want := fmt.Sprintf("want a list of [row, col] pairs such as [[2,3],[1,1]], each from 1 to %d", board.MaxSize)
	if len(v) == 0 || v[0] != '[' {
		return fmt.Errorf("is %s: %s", kind(v), want)
	}
	var list []json.RawMessage
	if err := json.Unmarshal(v, &list); err != nil {
		return fmt.Errorf("is not a list: %s", want)
	}
	if len(list) > maxMoves {
		return fmt.Errorf("holds %d moves: a board of at most %dx%d beads is over in at most %d", len(list), board.MaxSize, board.MaxSize, maxMoves)
	}
	r.Moves = make([][2]int, len(list))
	for i, m := range list {
		var pair []json.RawMessage
		if len(m) == 0 || m[0] != '[' || json.Unmarshal(m, &pair) != nil || len(pair) != 2 {
			return fmt.Errorf("move %d is %s: %s", i+1, compact(m), want)
		}
		for j, x := range pair {
			var n int
			if err := whole(x, &n, 1, board.MaxSize); err != nil {
				return fmt.Errorf("move %d is %s: %s", i+1, compact(m), want)
			}
			r.Moves[i][j] = n
		}
	}
	return nil
}

// compact returns v without spaces, cut short if long, for messages.
func compact(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		b.Reset()
		b.Write(v)
	}
	s := b.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
