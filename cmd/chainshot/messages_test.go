package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/term"
)

// messageLogEnv names the folder where every run of chainshot under the
// scripts copies what it prints, one file a run (see messageLog).
const messageLogEnv = "CHAINSHOT_TEST_MESSAGE_LOG"

// messageLog returns the streams a run of the program under a test script
// writes to: stdout and stderr as they are, each write also copied into a
// file of its own in the folder $CHAINSHOT_TEST_MESSAGE_LOG, whose first
// line is the command line. A terminal is left as it is (the program
// looks at it). done closes the file.
func messageLog(args []string) (stdout, stderr io.Writer, done func()) {
	dir := os.Getenv(messageLogEnv)
	if dir == "" || term.IsTerminal(int(os.Stdout.Fd())) || term.IsTerminal(int(os.Stderr.Fd())) {
		return os.Stdout, os.Stderr, func() {}
	}
	f, err := os.CreateTemp(dir, "run-*.txt")
	if err != nil {
		return os.Stdout, os.Stderr, func() {}
	}
	fmt.Fprintf(f, "$ %s\n", strings.Join(args, " "))
	return &teeWriter{os.Stdout, f}, &teeWriter{os.Stderr, f}, func() { f.Close() }
}

// teeWriter writes to w, then copies what w took into log.
type teeWriter struct {
	w   io.Writer
	log io.Writer
}

// File returns the file the writer passes its bytes on to (nil when it
// is not a file): the command treats the tee as that file.
func (t *teeWriter) File() *os.File {
	f, _ := t.w.(*os.File)
	return f
}

func (t *teeWriter) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	t.log.Write(p[:n])
	return n, err
}

var (
	// oneOfMany is "1" followed by a plural ("1 beads", "after all 1
	// moves"): not after a digit, a point or a comma ("0.1 seconds"),
	// nor after a number and a space (a move "2 1", then a verb) or a
	// noun that numbers things ("seat 1 moves first").
	oneOfMany = regexp.MustCompile(`(?:^|[^0-9.,])1 ([a-z]+s)\b`)
	ordinal   = regexp.MustCompile(`(?:[0-9]|\b(?:seat|row|column|line|player|wave|move|ply|class|level|seed|board|sample|round|game|frame|shard)) $`)
	// pkgPrefix is a domain package's prefix in a message
	// ("datasets: nosuch.txt", "warning: board: ..."), at the start of a
	// line or after another colon.
	pkgPrefix = regexp.MustCompile(`(?:^|: )(board|solver|datasets|results|chainreact|expendibots|picture|chart|outfile|web): `)
)

// singularS are words that may follow "1" and end in s: nouns whose
// singular does, and verbs ("a stack of 1 goes at most 1").
var singularS = map[string]bool{"class": true, "is": true, "was": true, "has": true, "as": true, "its": true, "this": true,
	"plus": true, "status": true, "process": true, "pass": true, "less": true, "bonus": true, "minus": true,
	"goes": true, "does": true, "explodes": true, "removes": true, "wins": true, "holds": true, "leaves": true}

// checkMessages checks, as a class, every line the program printed under
// the scripts (issue 26, item 10): no "1" before a plural ("board has 1
// colours", "1 beads left", "after all 1 moves"), and no domain
// package's name as a prefix ("datasets: nosuch.txt: ...", "board:
// 20606 random playouts"): the command path, or nothing, takes its place.
func checkMessages(t *testing.T, dir string) {
	files, err := filepath.Glob(filepath.Join(dir, "run-*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	lines := 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		cmdline := ""
		var all strings.Builder
		for sc.Scan() {
			line := sc.Text()
			if cmdline == "" {
				cmdline = line
				continue
			}
			all.WriteString(line + "\n")
			lines++
			for _, why := range messageFaults(line) {
				if key := why + line; !seen[key] {
					seen[key] = true
					t.Errorf("%s\n\tprints %q: %s", cmdline, line, why)
				}
			}
		}
		f.Close()
		if !strings.Contains(cmdline, " --help") && !strings.Contains(cmdline, " help") {
			for _, why := range unexplainedTerms(all.String()) {
				if !seen[why] {
					seen[why] = true
					t.Errorf("%s\n\tprints %s", cmdline, why)
				}
			}
		}
	}
	if lines == 0 {
		t.Errorf("the scripts' runs printed nothing into %s", dir)
	}
}

var (
	seedName  = regexp.MustCompile(`\bseed (00[0-9])\b`)
	primed    = regexp.MustCompile(`\bS'+[0-9]`)
	cellClass = regexp.MustCompile(`\bclass [1-3]\b`)
)

// unexplainedTerms says which of the project's own terms a run's output
// uses without saying what they are (issue 26, item 13): "seed 002"
// without the document, a state such as S'21 without "S'<class><orbs>",
// "class 1" without the critical mass it stands for. The help texts are
// TestHelpTermsExplained's.
func unexplainedTerms(out string) []string {
	var faults []string
	flat := flatten(out)
	for _, m := range seedName.FindAllStringSubmatch(out, -1) {
		if title := quotedTitle("seed " + m[1]); title == "" || !strings.Contains(flat, title) {
			faults = append(faults, fmt.Sprintf("%q without saying which document it is", m[0]))
		}
	}
	if m := primed.FindString(out); m != "" && !strings.Contains(out, "S'<class><orbs>") {
		faults = append(faults, fmt.Sprintf("the state %q without saying what S'<class><orbs> is", m))
	}
	if m := cellClass.FindString(out); m != "" && !strings.Contains(out, "critical mass") {
		faults = append(faults, fmt.Sprintf("%q without the critical mass it stands for", m))
	}
	return faults
}

// messageFaults says what is wrong with one printed line.
func messageFaults(line string) []string {
	var faults []string
	for _, m := range oneOfMany.FindAllStringSubmatchIndex(line, -1) {
		word := line[m[2]:m[3]]
		one := m[2] - 2 // where "1" is
		if singularS[word] || ordinal.MatchString(line[:one]) {
			continue
		}
		faults = append(faults, fmt.Sprintf("\"1 %s\": one of a plural", word))
	}
	if m := pkgPrefix.FindStringSubmatch(line); m != nil {
		faults = append(faults, fmt.Sprintf("the package name %q as a prefix", m[1]))
	}
	return faults
}

// TestMessageFaults: the checks of checkMessages catch what they are for
// and pass what is right.
func TestMessageFaults(t *testing.T) {
	for line, want := range map[string]bool{
		"board has 1 colours, the handout's boards have 3 to 5":      true,
		"Score 0, 1 beads left":                                      true,
		"standard input closed after all 1 moves":                    true,
		"chainshot play: datasets: nosuch.txt: no such file":         true,
		"datasets: nosuch.txt: no such file":                         true,
		"board: 20606 random playouts per CPU second":                true,
		"warning: board: pasted.txt:3:4: x":                          true,
		"Score 0, 1 bead left":                                       false,
		"Move 2: 2 1 removes 9 blue beads":                           false,
		"a stack of 1 goes at most 1":                                false,
		"proved: nothing yet (the solver stopped after 1 positions)": true,
		"0.1 seconds, 11 beads, 21 moves":                            false,
		"census: class 1 (critical mass 2)":                          false,
		"the board: 5x5":                                             false,
		"chainshot show: pasted.txt:1:3: ragged row":                 false,
	} {
		if got := len(messageFaults(line)) > 0; got != want {
			t.Errorf("messageFaults(%q) finds a fault: %v, want %v", line, got, want)
		}
	}
}
