package solver

import (
	"reflect"
	"strings"
	"testing"

	"chainshot/board"
)

// TestEveryParamHasABound: every field of Params is in paramBounds (a
// new knob joins the check by being added there) and the shipped values
// are within them.
func TestEveryParamHasABound(t *testing.T) {
	typ := reflect.TypeFor[Params]()
	for i := range typ.NumField() {
		if _, ok := paramBounds[typ.Field(i).Name]; !ok {
			t.Errorf("Params.%s has no bound in paramBounds", typ.Field(i).Name)
		}
	}
	if err := DefaultParams().Check(); err != nil {
		t.Errorf("the shipped values: %v", err)
	}
}

// TestParamsOutOfRange: values that panicked (Level -1), took hundreds
// of megabytes (Level 1000) or were taken though meaningless (Iters -5,
// EndShare 2, Phases 1e8) are refused by Check and by Solve, naming the
// field.
func TestParamsOutOfRange(t *testing.T) {
	tests := []struct {
		set   func(p *Params)
		field string
	}{
		{func(p *Params) { p.Level = -1 }, "Level"},
		{func(p *Params) { p.Level = 1000 }, "Level"},
		{func(p *Params) { p.Iters = -5 }, "Iters"},
		{func(p *Params) { p.EndShare = 2 }, "EndShare"},
		{func(p *Params) { p.Phases = 100000000 }, "Phases"},
		{func(p *Params) { p.Penalties = make([]int64, 65) }, "Penalties"},
		{func(p *Params) { p.BeamRetryIsolated = []int64{0, 1e9} }, "BeamRetryIsolated"},
		{func(p *Params) { p.TabuColor = 9 }, "TabuColor"},
		{func(p *Params) { p.PortfolioPairs = []int{0, -10} }, "PortfolioPairs"},
		{func(p *Params) { p.PortfolioPairs = make([]int, 65) }, "PortfolioPairs"},
		{func(p *Params) { p.PortfolioMaxBeads = 5000 }, "PortfolioMaxBeads"},
		{func(p *Params) { p.TabuTrials, p.BeamFirst = 0.6, 0.6 }, "EndShare"},
	}
	b, _ := board.New([][]board.Color{{board.Red, board.Red}, {board.Green, board.Green}})
	for _, tt := range tests {
		p := DefaultParams()
		tt.set(&p)
		err := p.Check()
		pe, ok := err.(*ParamError)
		if !ok || pe.Field != tt.field {
			t.Errorf("%s: Check = %v, want a ParamError on %s", tt.field, err, tt.field)
			continue
		}
		if _, err := Solve(t.Context(), b, "nrpa", Options{MaxNodes: 100, Params: &p}); err == nil || !strings.Contains(err.Error(), tt.field) {
			t.Errorf("%s: Solve = %v, want the field refused", tt.field, err)
		}
	}
}
