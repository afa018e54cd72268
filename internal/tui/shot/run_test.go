package shot

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
)

// TestLoadAndAskNext checks the questions asked outside the screen: a
// board asked for (a name that does not load is said and asked again),
// and another game.
func TestLoadAndAskNext(t *testing.T) {
	loadBuiltin := func(name string) (datasets.Set, error) {
		sets, err := datasets.LoadBuiltin(name)
		if err != nil {
			return datasets.Set{}, err
		}
		return sets[0], nil
	}
	c := Config{Load: loadBuiltin}
	ctx := context.Background()
	var out, errs bytes.Buffer
	io := iostreams.New(strings.NewReader("\nnosuch\nsample2\ny\n\nn\n"), &out, &errs)
	set, err := load(ctx, io, c, "", false)
	if err != nil || set.Name != "sample2" {
		t.Fatalf("load asked: %q, %v; want sample2", set.Name, err)
	}
	if !strings.Contains(errs.String(), "nosuch") {
		t.Errorf("a name that does not load is not said: %q", errs.String())
	}
	if next, err := askNext(ctx, io, "sample2"); next != "sample2" || err != nil {
		t.Errorf("y, then Enter: %q, %v; want sample2", next, err)
	}
	if next, err := askNext(ctx, io, "sample2"); next != "" || err != nil {
		t.Errorf("n: %q, %v; want none", next, err)
	}
	if _, err := load(ctx, io, c, "nosuch", false); err == nil {
		t.Errorf("a name on the command line that does not load gave no error")
	}
	if set, err := load(ctx, io, c, "", false); err == nil || set.Name != "" {
		t.Errorf("input ended: %q, %v; want an error", set.Name, err)
	}
}

// TestAskRefusesALongLine: a line over input.MaxTyped at any question
// asked outside the screen is refused (exit status 2, naming stdin and
// the cap), not cut into answers.
func TestAskRefusesALongLine(t *testing.T) {
	long := strings.Repeat("x", 70000) + "\n"
	c := Config{Load: func(name string) (datasets.Set, error) {
		sets, err := datasets.LoadBuiltin(name)
		if err != nil {
			return datasets.Set{}, err
		}
		return sets[0], nil
	}}
	io := iostreams.New(strings.NewReader(long+"sample2\n"), &bytes.Buffer{}, &bytes.Buffer{})
	if set, err := load(context.Background(), io, c, "", false); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "stdin: the line is over 4 KiB") {
		t.Errorf("load: %q, %v; want a line over 4 KiB refused", set.Name, err)
	}
	for _, in := range []string{long, "y\n" + long} {
		io := iostreams.New(strings.NewReader(in), &bytes.Buffer{}, &bytes.Buffer{})
		if next, err := askNext(context.Background(), io, "sample2"); next != "" || !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "over 4 KiB") {
			t.Errorf("askNext on %.10q: %q, %v; want a line over 4 KiB refused", in, next, err)
		}
	}
}
