package shot

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
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
	if next := askNext(ctx, io, "sample2"); next != "sample2" {
		t.Errorf("y, then Enter: %q, want sample2", next)
	}
	if next := askNext(ctx, io, "sample2"); next != "" {
		t.Errorf("n: %q, want none", next)
	}
	if _, err := load(ctx, io, c, "nosuch", false); err == nil {
		t.Errorf("a name on the command line that does not load gave no error")
	}
	if set, err := load(ctx, io, c, "", false); err == nil || set.Name != "" {
		t.Errorf("input ended: %q, %v; want an error", set.Name, err)
	}
}
