// Package version says which build of chainshot is running: the release
// and the commit it was built from, as "chainshot --version", the engine
// protocol and the proof files report it.
package version

import "runtime/debug"

// Release is the release number.
const Release = "0.1.0"

// buildCommit is set at link time (-ldflags "-X
// chainshot/internal/version.buildCommit=...") where the build records
// no version control (a tarball, go run).
var buildCommit string

// Commit is the version control revision the binary was built from (12
// hex digits, "+" when the tree had changes), or "" when the build did
// not record one.
func Commit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return buildCommit
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return buildCommit
	}
	if dirty {
		rev += "+"
	}
	return rev
}

// String is the release and the commit: "0.1.0 (commit 79c3d6c1a2b3)",
// or "0.1.0 (no commit recorded: go run, or a build outside a git
// checkout)".
func String() string {
	if c := Commit(); c != "" {
		return Release + " (commit " + c + ")"
	}
	return Release + " (no commit recorded: go run, or a build outside a git checkout)"
}
