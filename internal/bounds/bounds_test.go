package bounds

import (
	"math"
	"testing"
	"time"
)

func TestInt(t *testing.T) {
	games := Int{Min: 1, Max: 10_000_000, Unit: "games"}
	jobs := Int{Min: 1, Max: 64, Zero: "one per CPU"}
	tests := []struct {
		b    Int
		v    int64
		want string // "" for no error
	}{
		{games, 1, ""},
		{games, 10_000_000, ""},
		{games, 0, "0: want 1 to 10,000,000 games"},
		{games, -1, "-1: want 1 to 10,000,000 games"},
		{games, 99999999999, "99999999999: want 1 to 10,000,000 games"},
		{jobs, 0, ""},
		{jobs, 65, "65: want 0 (one per CPU) or 1 to 64"},
		{jobs, math.MinInt64, "-9223372036854775808: want 0 (one per CPU) or 1 to 64"},
	}
	for _, tt := range tests {
		err := tt.b.Check(tt.v)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%+v.Check(%d) = %q, want %q", tt.b, tt.v, got, tt.want)
		}
	}
	if err := games.CheckUint(math.MaxUint64); err == nil {
		t.Error("CheckUint(MaxUint64) passed")
	}
}

func TestFloatAndDuration(t *testing.T) {
	share := Float{Min: 0, Max: 1}
	for _, v := range []float64{-0.1, 1.5, math.NaN(), math.Inf(1)} {
		if share.Check(v) == nil {
			t.Errorf("Float %v passed", v)
		}
	}
	if share.Check(0.5) != nil {
		t.Error("0.5 refused")
	}
	budget := Duration{Min: time.Millisecond, Max: 24 * time.Hour, Zero: "no limit"}
	if budget.Check(0) != nil || budget.Check(time.Hour) != nil || budget.Check(-time.Second) == nil || budget.Check(25*time.Hour) == nil {
		t.Error("Duration bounds wrong")
	}
	if got := budget.Want(); got != "0 (no limit) or 1ms to 24h" {
		t.Errorf("Want = %q", got)
	}
}

func TestDurationText(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0", 24 * time.Hour: "24h", 10 * time.Minute: "10m", 90 * time.Minute: "1h30m", 1500 * time.Millisecond: "1.5s", time.Hour + time.Second: "1h0m1s"} {
		if got := DurationText(d); got != want {
			t.Errorf("DurationText(%v) = %q, want %q", d, got, want)
		}
	}
	if got := (Int{Min: 0, Max: 100, Zero: "no limit"}).Want(); got != "0 (no limit) to 100" {
		t.Errorf("Want = %q", got)
	}
}

func TestFieldError(t *testing.T) {
	err := Field("Level", Int{Min: 1, Max: 6}.Check(-1))
	fe, ok := err.(*FieldError)
	if !ok || fe.JSONField() != "Level" || fe.Reason() != "is -1: want 1 to 6" {
		t.Fatalf("got %#v", err)
	}
	if First(nil, nil, err, nil) != err || First() != nil {
		t.Error("First")
	}
}
