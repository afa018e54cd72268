// Package strictjson is the program's one strict JSON decoder: every
// JSON line of a file it reads (results lines, game records, ratings,
// proof lines), every --params and every request of the server is read
// by Decode.
//
// Strict means: exactly one JSON object; each key once; every key a field
// of the Go struct (or, with Options.Unknown, reported to the caller);
// every field tagged `strict:"required"` present; every value of its
// field's kind. Objects and lists of objects inside are read the same
// way. After decoding, a value with a Check method is asked whether its
// values are in range; a *FieldError it returns is placed at its field.
//
// Errors are *Error values that say, in the file's own terms, the column
// and the field: `"games": want a whole number, got a string` — never a
// Go type name. An object the text ends inside of is an *Error whose Cut
// is true: a line a crash cut short.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"

	"chainshot/internal/textpos"
	"chainshot/internal/words"
)

// Error is a defect of a JSON text.
type Error struct {
	// Col is the 1-based column in the text where the defect is, in
	// characters (package internal/textpos's rule); 0 when no column
	// applies.
	Col int
	// Field is the JSON name of the field, "outer.inner" for a field of
	// an object inside, "" for the text as a whole.
	Field string
	// Msg says what is wrong, without the column or the field.
	Msg string
	// Cut says the text ends inside the JSON value.
	Cut bool
	// Checked says the text was JSON of the right shape and its value's
	// Check refused it: a number out of its bound, not bad JSON.
	Checked bool
}

// Error returns "COL: "field" MSG", or without the parts that are not
// known.
func (e *Error) Error() string {
	var sb strings.Builder
	if e.Col > 0 {
		fmt.Fprintf(&sb, "%d: ", e.Col)
	}
	if e.Field != "" {
		fmt.Fprintf(&sb, "%q ", e.Field)
	}
	sb.WriteString(e.Msg)
	return sb.String()
}

// FieldError is a value out of range, returned by a Check method.
type FieldError struct {
	Field string // the JSON name of the field
	Msg   string // what is wrong: "want 1 to 6, got 9"
}

func (e *FieldError) Error() string { return fmt.Sprintf("%q %s", e.Field, e.Msg) }

// JSONField returns the field's name.
func (e *FieldError) JSONField() string { return e.Field }

// Reason returns what is wrong without the field's name.
func (e *FieldError) Reason() string { return e.Msg }

// Checker is a value that checks its own fields after decoding.
type Checker interface {
	Check() error
}

// Options change what Decode accepts.
type Options struct {
	// Unknown, when set, receives the keys of the outer object that are
	// no field of v, which are then read past instead of refused (a file
	// that other tools or later versions add fields to).
	Unknown *[]string
	// What names the object in messages: "a results line", "a game
	// record". Empty: "an object".
	What string
}

// Decode reads text, exactly one JSON object, into v, a pointer to a
// struct, strictly (see the package comment).
func Decode(text []byte, v any, opt Options) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("strictjson: Decode into %T, want a pointer to a struct", v))
	}
	if len(bytes.TrimSpace(text)) == 0 {
		return &Error{Msg: "empty: want " + what(opt)}
	}
	d := decoder{text: text, opt: opt}
	if err := d.object(text, 0, rv.Elem(), "", true); err != nil {
		return inChars(err, text)
	}
	if c, ok := v.(Checker); ok {
		if err := c.Check(); err != nil {
			return inChars(d.placeCheck(err), text)
		}
	}
	return nil
}

// inChars turns the byte column of err, an *Error the decoder made of
// text, into characters.
func inChars(err error, text []byte) error {
	if e, ok := err.(*Error); ok && e.Col > 0 {
		e.Col = textpos.Col(text, e.Col-1)
	}
	return err
}

// IsCut reports whether err says the text ends inside its JSON value.
func IsCut(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Cut
}

func what(opt Options) string {
	if opt.What != "" {
		return opt.What
	}
	return "a JSON object"
}

// decoder reads one text, remembering where each field's value starts
// so that a Check's error can point at it.
type decoder struct {
	text []byte
	opt  Options
	at   map[string]int // 0-based offset of each field's value, by path
}

// object reads the JSON object raw, which starts at offset base of the
// whole text, into the struct sv.
func (d *decoder) object(raw []byte, base int, sv reflect.Value, path string, outer bool) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	lead := len(raw) - len(bytes.TrimLeft(raw, " \t\r\n"))
	tok, err := dec.Token()
	if err != nil {
		return d.syntax(err, raw, base, dec, path)
	}
	if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		if outer {
			return &Error{Col: base + lead + 1, Msg: "not a JSON object: want " + what(d.opt)}
		}
		return &Error{Col: base + lead + 1, Field: path, Msg: "is " + Kind(raw[lead:]) + ": want an object"}
	}
	fields := fieldsOf(sv.Type())
	seen := map[string]bool{}
	for dec.More() {
		keyEnd := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return d.syntax(err, raw, base, dec, path)
		}
		key, _ := tok.(string)
		keyAt := base + keyStart(raw, int(keyEnd))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return d.syntax(err, raw, base, dec, join(path, key))
		}
		at := base + int(dec.InputOffset()) - len(v)
		name := join(path, key)
		if seen[key] {
			return &Error{Col: keyAt + 1, Field: name, Msg: "is there twice: each field once"}
		}
		seen[key] = true
		f, ok := fields.byName[key]
		if !ok {
			if outer && d.opt.Unknown != nil {
				*d.opt.Unknown = append(*d.opt.Unknown, key)
				continue
			}
			return &Error{Col: keyAt + 1, Field: name, Msg: "is no field of " + whatAt(d.opt, path) + fields.list()}
		}
		if d.at == nil {
			d.at = map[string]int{}
		}
		d.at[name] = at
		if err := d.value(v, at, sv.FieldByIndex(f.index), name); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return d.syntax(err, raw, base, dec, path)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &Error{Col: base + int(dec.InputOffset()) + 1, Msg: "more than one JSON value"}
	}
	for _, f := range fields.list_ {
		if f.required && !seen[f.name] {
			return &Error{Col: base + lead + 1, Field: join(path, f.name), Msg: "is missing: " + whatAt(d.opt, path) + " has " + fields.requiredList()}
		}
	}
	return nil
}

// value reads the JSON value raw, at offset at, into fv.
func (d *decoder) value(raw []byte, at int, fv reflect.Value, name string) error {
	t := fv.Type()
	if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
		if string(raw) == "null" {
			fv.SetZero()
			return nil
		}
		nv := reflect.New(t.Elem())
		if err := d.object(raw, at, nv.Elem(), name, false); err != nil {
			return err
		}
		fv.Set(nv)
		return nil
	}
	switch {
	case t.Kind() == reflect.Struct && !implementsUnmarshaler(t):
		return d.object(raw, at, fv, name, false)
	case t.Kind() == reflect.Slice && isStruct(t.Elem()):
		return d.list(raw, at, fv, name)
	}
	if err := json.Unmarshal(raw, fv.Addr().Interface()); err != nil {
		return &Error{Col: at + 1, Field: name, Msg: valueProblem(err, t, raw)}
	}
	return nil
}

// list reads a JSON list of objects into the slice fv.
func (d *decoder) list(raw []byte, at int, fv reflect.Value, name string) error {
	if string(raw) == "null" {
		fv.SetZero()
		return nil
	}
	if raw[0] != '[' {
		return &Error{Col: at + 1, Field: name, Msg: "is " + Kind(raw) + ": want a list"}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.Token() // the '['
	out := reflect.MakeSlice(fv.Type(), 0, 0)
	for i := 0; dec.More(); i++ {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return d.syntax(err, raw, at, dec, name)
		}
		elemAt := at + int(dec.InputOffset()) - len(v)
		ev := reflect.New(fv.Type().Elem()).Elem()
		if err := d.value(v, elemAt, ev, fmt.Sprintf("%s[%d]", name, i)); err != nil {
			return err
		}
		out = reflect.Append(out, ev)
	}
	fv.Set(out)
	return nil
}

// syntax turns a decoding error into an *Error: the text ending inside
// the value is Cut.
func (d *decoder) syntax(err error, raw []byte, base int, dec *json.Decoder, field string) error {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return &Error{Col: len(d.text) + 1, Msg: "the JSON object ends early: cut short?", Cut: true}
	case strings.Contains(err.Error(), "exceeded max depth"):
		return &Error{Col: base + int(dec.InputOffset()) + 1, Field: field, Msg: "not JSON: nested too deeply"}
	case errors.As(err, &se):
		return &Error{Col: base + int(se.Offset), Msg: "not JSON: " + strings.TrimPrefix(se.Error(), "json: ")}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return &Error{Col: base + int(dec.InputOffset()) + 1, Field: field, Msg: "not JSON: " + msg}
}

// fieldError is an error of a Check method that names its field: a
// *FieldError, or another package's (a bound's).
type fieldError interface {
	error
	JSONField() string
	Reason() string
}

// placeCheck places a Check's error at its field's value.
func (d *decoder) placeCheck(err error) error {
	var fe fieldError
	if errors.As(err, &fe) {
		col := 0
		if at, ok := d.at[fe.JSONField()]; ok {
			col = at + 1
		}
		return &Error{Col: col, Field: fe.JSONField(), Msg: fe.Reason(), Checked: true}
	}
	return &Error{Msg: err.Error(), Checked: true}
}

// valueProblem says in words why raw is no value of type t: "is a
// string: want a whole number".
func valueProblem(err error, t reflect.Type, raw []byte) string {
	want := kindWord(t)
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if strings.HasPrefix(te.Value, "number") && isNumberKind(t) {
			if bytes.ContainsAny(raw, ".eE") && t.Kind() != reflect.Float32 && t.Kind() != reflect.Float64 {
				return fmt.Sprintf("is %s: want a whole number", words.Clip(string(raw), 24))
			}
			return fmt.Sprintf("is %s: want %s", words.Clip(string(raw), 24), rangeOf(t))
		}
		return fmt.Sprintf("is %s: want %s", Kind(raw), want)
	case errors.As(err, &se):
		return "not JSON: " + strings.TrimPrefix(se.Error(), "json: ")
	case implementsUnmarshaler(t):
		return err.Error() // the type's own words
	}
	return fmt.Sprintf("is %s: want %s", words.Clip(string(raw), 24), want)
}

// rangeOf says what a number type takes, for a number outside it: "a
// whole number from 0 to 255".
func rangeOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		bits := t.Bits()
		return fmt.Sprintf("a whole number from %d to %d", -(int64(1) << (bits - 1)), int64(1)<<(bits-1)-1)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		if t.Bits() == 64 {
			return "a whole number from 0 to 18446744073709551615"
		}
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<t.Bits()-1)
	}
	return "a number of a size a float holds"
}

// kindWord says what a value of type t is, in JSON's words.
func kindWord(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a value"
}

func isNumberKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// Kind says what kind of JSON value raw is, for messages: "a string",
// "an object", "the number 12" (a long number clipped).
func Kind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f', 'n':
		return string(raw)
	}
	return "the number " + words.Clip(string(raw), 24)
}

// keyStart returns the offset of the key whose token began after
// offset from (the decoder's offset before reading it): the first
// quote at or after from.
func keyStart(raw []byte, from int) int {
	if i := bytes.IndexByte(raw[from:], '"'); i >= 0 {
		return from + i
	}
	return from
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func whatAt(opt Options, path string) string {
	if path == "" {
		return what(opt)
	}
	return fmt.Sprintf("%q", path)
}

func isStruct(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct && !implementsUnmarshaler(t)
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

func implementsUnmarshaler(t reflect.Type) bool {
	return t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType)
}

// field is a struct field as JSON names it.
type field struct {
	name     string
	index    []int
	required bool
}

// fieldSet is the fields of a struct type.
type fieldSet struct {
	byName map[string]field
	list_  []field
}

func (fs fieldSet) list() string {
	if len(fs.list_) > 12 {
		return ""
	}
	var names []string
	for _, f := range fs.list_ {
		names = append(names, fmt.Sprintf("%q", f.name))
	}
	return " (its fields: " + strings.Join(names, ", ") + ")"
}

func (fs fieldSet) requiredList() string {
	var names []string
	for _, f := range fs.list_ {
		if f.required {
			names = append(names, fmt.Sprintf("%q", f.name))
		}
	}
	return strings.Join(names, ", ")
}

var fieldCache sync.Map // reflect.Type → fieldSet

// fieldsOf returns the JSON fields of the struct type t, as
// encoding/json names them (tags, embedded structs' fields promoted).
func fieldsOf(t reflect.Type) fieldSet {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.(fieldSet)
	}
	fs := fieldSet{byName: map[string]field{}}
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			sf := t.Field(i)
			idx := append(append([]int(nil), index...), i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
				walk(sf.Type, idx)
				continue
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			f := field{name: name, index: idx, required: sf.Tag.Get("strict") == "required"}
			if _, dup := fs.byName[name]; !dup {
				fs.byName[name] = f
				fs.list_ = append(fs.list_, f)
			}
		}
	}
	walk(t, nil)
	fieldCache.Store(t, fs)
	return fs
}
