package status

import (
	"errors"
	"fmt"
	"testing"

	"chainshot/internal/input"
	"chainshot/internal/outfile"
)

func TestCode(t *testing.T) {
	waited := &input.Error{Path: "f", Err: input.ErrInterrupted}
	tests := []struct {
		err  error
		code int
	}{
		{nil, OK},
		{BadInput("x"), Bad},
		{Fail("x"), Failed},
		{Interrupt("x"), Interrupted},
		{Quiet(Failed), Failed},
		{errors.New("plain"), Bad},
		{BadInput("cmd: %v", waited), Interrupted},
		{fmt.Errorf("wrapped: %w", outfile.ErrInterrupted), Interrupted},
	}
	for _, tt := range tests {
		if code, _ := Code(tt.err); code != tt.code {
			t.Errorf("Code(%v) = %d, want %d", tt.err, code, tt.code)
		}
	}
}
