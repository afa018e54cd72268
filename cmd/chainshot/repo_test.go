package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCIScriptRuns: .ci/run is executable in the work tree and in git
// (mode 100755), so "./.ci/run" runs it (issue 26, item 3: it was 100644,
// "Permission denied").
func TestCIScriptRuns(t *testing.T) {
	const path = "../../.ci/run"
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o111 != 0o111 {
		t.Errorf("%s has mode %v: want it executable by everyone (chmod +x, git update-index --chmod=+x)", path, st.Mode().Perm())
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git here: the mode in git is not checked")
	}
	out, err := exec.Command(git, "-C", "../..", "ls-files", "-s", ".ci/run").Output()
	if err != nil || len(out) == 0 {
		t.Skipf("not a git work tree (%v): the mode in git is not checked", err)
	}
	if mode, _, _ := strings.Cut(string(out), " "); mode != "100755" {
		t.Errorf("git has .ci/run with mode %s: want 100755 (git update-index --chmod=+x .ci/run)", mode)
	}
}
