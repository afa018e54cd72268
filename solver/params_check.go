package solver

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
)

// paramBounds are the ranges of the Params fields, by name: every field
// has one (TestEveryParamHasABound), so that a value a file or a flag
// gives (bench --params) is checked before a search, never found out by
// a panic or a table of gigabytes. Lists bound each element and their
// count.
var paramBounds = map[string]paramBound{
	"Level":               {1, 6, "nesting levels"},
	"Iters":               {1, 10000, "iterations a level"},
	"Alpha":               {0, 10, ""},
	"Penalties":           {-100000, 100000, "a bead (at most 64 of them)"},
	"TabuPairsFrom":       {0, 1024, "moves"},
	"PortfolioPairs":      {0, 1024, "moves (at most 64 of them)"},
	"PortfolioMaxBeads":   {0, 1024, "beads"},
	"PortfolioMinBeads":   {0, 1024, "beads"},
	"PortfolioMinSeconds": {0, 360000, "CPU seconds a worker"},
	"PortfolioSideBySide": {0, 1, ""},
	"Phases":              {0, 100, "phases"},
	"PhaseMoves":          {0, 1024, "moves"},
	"PhaseDecay":          {0, 10, ""},
	"TabuOffShare":        {0, 1, "of the beads"},
	"TabuTrials":          {0, 1, "of the budget"},
	"TabuWithin":          {0, 1024, "beads"},
	"TrialLevel":          {0, 6, "nesting levels"},
	"TabuColor":           {0, 5, "(1-5: R, G, B, L, O; 0 for none)"},
	"TrialHalving":        {0, 1, ""},
	"SharedTop":           {0, 1, ""},
	"EndShare":            {0, 1, "of the budget"},
	"BeamPotential":       {0, 1, ""},
	"BeamIsolated":        {-1000000, 1000000, "a bead"},
	"BeamRetryIsolated":   {-1000000, 1000000, "a bead (at most 64 of them)"},
	"BeamFirst":           {0, 1, "of the budget"},
	"BeamColors":          {0, 5, "colours"},
	"BeamMaxBeads":        {0, 1024, "beads"},
	"BeamLarge":           {0, 1, "of the budget"},
	"BeamLargeColors":     {0, 5, "colours"},
	"BeamTabu":            {0, 1, ""},
	"BeadCodes":           {0, 1, ""},
	"SmallBoard":          {0, 1024, "beads"},
}

// maxParamList is the most elements a list field of Params holds.
const maxParamList = 64

type paramBound struct {
	lo, hi float64
	unit   string
}

// ParamError is a Params field outside its range.
type ParamError struct {
	Field string // its name, as --params writes it
	Got   string
	Want  string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("solver: %q is %s: want %s", e.Field, e.Got, e.Want)
}

// JSONField returns the field's name (for the strict JSON decoder, which
// places the error at the field).
func (e *ParamError) JSONField() string { return e.Field }

// Reason returns what is wrong without the field's name.
func (e *ParamError) Reason() string { return fmt.Sprintf("is %s: want %s", e.Got, e.Want) }

// Check reports the first field of p outside its range, and a sum of
// budget shares over the whole budget.
func (p Params) Check() error {
	v := reflect.ValueOf(p)
	t := v.Type()
	for i := range t.NumField() {
		name := t.Field(i).Name
		b, ok := paramBounds[name]
		if !ok {
			return &ParamError{Field: name, Got: "a field with no bound", Want: "a bound in paramBounds"}
		}
		if err := b.check(name, v.Field(i)); err != nil {
			return err
		}
	}
	if s := p.TabuTrials + max(p.BeamFirst, p.BeamLarge) + p.EndShare; s > 1 {
		return &ParamError{Field: "EndShare", Got: strconv.FormatFloat(p.EndShare, 'g', -1, 64),
			Want: fmt.Sprintf("TabuTrials + BeamFirst (or BeamLarge) + EndShare at most 1 (they are %g)", s)}
	}
	return nil
}

// check checks one field's value f against b.
func (b paramBound) check(name string, f reflect.Value) error {
	want := func() string {
		s := strconv.FormatFloat(b.lo, 'g', -1, 64) + " to " + strconv.FormatFloat(b.hi, 'g', -1, 64)
		if b.unit != "" {
			s += " " + b.unit
		}
		return s
	}
	var x float64
	switch f.Kind() {
	case reflect.Slice:
		if f.Len() > maxParamList {
			return &ParamError{Field: name, Got: fmt.Sprintf("a list of %d", f.Len()), Want: fmt.Sprintf("at most %d values", maxParamList)}
		}
		for j := range f.Len() {
			if err := b.check(name, f.Index(j)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Bool:
		return nil
	case reflect.Int, reflect.Int64, reflect.Int32:
		x = float64(f.Int())
	case reflect.Uint8, reflect.Uint, reflect.Uint64:
		x = float64(f.Uint())
	case reflect.Float64:
		x = f.Float()
	default:
		return &ParamError{Field: name, Got: "of kind " + f.Kind().String(), Want: "a number"}
	}
	if math.IsNaN(x) || x < b.lo || x > b.hi {
		return &ParamError{Field: name, Got: fmt.Sprint(f.Interface()), Want: want()}
	}
	return nil
}
