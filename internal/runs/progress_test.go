package runs

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"chainshot/internal/iostreams"
	"chainshot/solver"
)

// lockedBuffer is a terminal's standard error that a test reads while a
// bar writes to it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestBarsEscapeNames: a data set's name, from a file name, reaches the
// terminal escaped in both progress bars, as every other text does: a
// name that sets the window's title shows the sequence, not its effect.
func TestBarsEscapeNames(t *testing.T) {
	const evil = "f\x1b]0;PWNED\a.txt"
	var sets, search lockedBuffer
	io := iostreams.New(nil, &bytes.Buffer{}, &sets)
	io.ErrTTY = true // the bars draw on a terminal only
	bar := newSetsBar(io, evil, 2)
	bar.Add(1)
	endBar(bar)

	io = iostreams.New(nil, &bytes.Buffer{}, &search)
	io.ErrTTY = true
	done, finished := make(chan struct{}), make(chan struct{})
	go showProgress(io, evil, solver.Options{Budget: time.Hour, Progress: &solver.Progress{}}, done, finished)
	for end := time.Now().Add(10 * time.Second); !strings.Contains(search.String(), "PWNED") && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond) // the bar draws its name on its first tick
	}
	close(done)
	<-finished

	for bar, got := range map[string]string{"the data sets' bar": sets.String(), "the search's bar": search.String()} {
		if strings.Contains(got, "\x1b]") || strings.Contains(got, "\a") {
			t.Errorf("%s: a raw escape sequence reached the terminal: %q", bar, got)
		}
		if !strings.Contains(got, `f\u001b]0;PWNED\u0007.txt`) {
			t.Errorf("%s: no name shown escaped: %q", bar, got)
		}
	}
}
