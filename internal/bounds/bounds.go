// Package bounds holds the ranges that every count and size the program
// takes from a flag, a file or a request must fall in, checked before any
// work starts. A bound says itself the same way in three places: in
// --help ("1 to 10,000,000"), in the message that refuses a value ("want
// 1 to 10,000,000 games"), and in the docs generated from the help.
//
// A flag gets its bound where it is made (the command layer's flag
// constructors take an Int, a Float or a Duration); a field of a file or
// a request by the Check method of its struct, which calls Field.
package bounds

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Int is the range of a whole number: Min to Max. Zero, when set, also
// allows 0 outside that range and says what it means ("no limit").
type Int struct {
	Min, Max int64
	Unit     string // the noun of the count, plural: "games", "MB"; may be empty
	Zero     string // what 0 means where 0 is allowed outside Min..Max
}

// Check returns nil if v is within b, else an *Error.
func (b Int) Check(v int64) error {
	if v >= b.Min && v <= b.Max || v == 0 && b.Zero != "" {
		return nil
	}
	return &Error{Got: strconv.FormatInt(v, 10), Want: b.Want()}
}

// CheckUint is Check for an unsigned value.
func (b Int) CheckUint(v uint64) error {
	if v > math.MaxInt64 {
		return &Error{Got: strconv.FormatUint(v, 10), Want: b.Want()}
	}
	return b.Check(int64(v))
}

// Want says the range: "1 to 10,000,000 games", "0 (no limit) or 1 to
// 100".
func (b Int) Want() string {
	s := Thousands(b.Min) + " to " + Thousands(b.Max)
	if b.Min == b.Max {
		s = Thousands(b.Min)
	}
	if b.Unit != "" {
		s += " " + b.Unit
	}
	switch {
	case b.Zero != "" && b.Min > 0:
		s = "0 (" + b.Zero + ") or " + s
	case b.Zero != "" && b.Min == 0:
		s = "0 (" + b.Zero + ")" + strings.TrimPrefix(s, "0")
	}
	return s
}

// Float is the range of a number: Min to Max.
type Float struct {
	Min, Max float64
	Unit     string
}

// Check returns nil if v is within b (NaN never is), else an *Error.
func (b Float) Check(v float64) error {
	if v >= b.Min && v <= b.Max {
		return nil
	}
	return &Error{Got: strconv.FormatFloat(v, 'g', -1, 64), Want: b.Want()}
}

// Want says the range: "0 to 1".
func (b Float) Want() string {
	s := strconv.FormatFloat(b.Min, 'g', -1, 64) + " to " + strconv.FormatFloat(b.Max, 'g', -1, 64)
	if b.Unit != "" {
		s += " " + b.Unit
	}
	return s
}

// Duration is the range of a duration: Min to Max.
type Duration struct {
	Min, Max time.Duration
	Zero     string // what 0 means where 0 is allowed outside Min..Max
}

// Check returns nil if v is within b, else an *Error.
func (b Duration) Check(v time.Duration) error {
	if v >= b.Min && v <= b.Max || v == 0 && b.Zero != "" {
		return nil
	}
	return &Error{Got: v.String(), Want: b.Want()}
}

// Want says the range: "1ms to 24h", "0 (no limit) to 1000h".
func (b Duration) Want() string {
	s := DurationText(b.Min) + " to " + DurationText(b.Max)
	switch {
	case b.Zero != "" && b.Min > 0:
		s = "0 (" + b.Zero + ") or " + s
	case b.Zero != "" && b.Min == 0:
		s = "0 (" + b.Zero + ")" + strings.TrimPrefix(s, "0")
	}
	return s
}

// DurationText writes d as time.Duration does, without zero minutes and
// seconds after the hours: "24h", "10m", "1h30m", "500ms", "0".
func DurationText(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Error is a value outside its bound.
type Error struct {
	Got  string // the value as given
	Want string // the bound, in words
}

func (e *Error) Error() string { return fmt.Sprintf("%s: want %s", e.Got, e.Want) }

// FieldError is a field of a file or request outside its bound. It is
// what a Check method returns, and the strict JSON decoder places it at
// the field's column.
type FieldError struct {
	Field string // the field's name in the file
	Err   *Error
}

func (e *FieldError) Error() string { return fmt.Sprintf("%q %s", e.Field, e.Reason()) }

// JSONField returns the field's name (for the strict decoder).
func (e *FieldError) JSONField() string { return e.Field }

// Reason returns what is wrong without the field's name: "is -1: want
// 1 to 6".
func (e *FieldError) Reason() string { return "is " + e.Err.Got + ": want " + e.Err.Want }

// Field checks a field's value against its bound: nil, or a *FieldError
// naming it.
func Field(name string, err error) error {
	if err == nil {
		return nil
	}
	if be, ok := err.(*Error); ok {
		return &FieldError{Field: name, Err: be}
	}
	return fmt.Errorf("%q %w", name, err)
}

// First returns the first non-nil error of errs: a Check method's list
// of its fields' checks.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Thousands writes n with commas between thousands: 10,000,000.
func Thousands(n int64) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.FormatInt(n, 10)
	var sb strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}
