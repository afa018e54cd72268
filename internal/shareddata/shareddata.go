// Package shareddata finds, for tests, the public files the project
// measures itself on and does not ship (the standard SameGame set with
// its provenance, the Expendibots cases with their shortest lengths):
// the folder $CHAINSHOT_DATA, or ../shared/data beside the repository.
// A test that needs one skips, saying how to get it, when it is missing.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Env names the folder that holds the public data sets (its
// samegame-standard/ and expendibots/), where ../shared/data is not.
const Env = "CHAINSHOT_DATA"

// Dir returns the folder that holds the public data set name
// ("samegame-standard", "expendibots"), or skips the test saying how to
// provide it.
func Dir(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join(Root(), name)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Skipf("no %s: put the public data sets in ../shared/data beside the repository, or name their folder in $%s (docs/data.md says where they come from)", dir, Env)
	}
	return dir
}

// Root is the folder of the public data: $CHAINSHOT_DATA, or
// ../shared/data beside the repository. It may not exist.
func Root() string {
	if root := os.Getenv(Env); root != "" {
		return root
	}
	return filepath.Join(moduleRoot(), "..", "shared", "data")
}

// moduleRoot is the folder of go.mod above the working directory (a
// test runs in its package's folder).
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}
