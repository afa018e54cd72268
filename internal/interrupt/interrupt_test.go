package interrupt

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestInstall: a signal ends the process unless the work in hand handles
// it (Handle) or holds it (Hold); then it ends the context.
func TestInstall(t *testing.T) {
	exited := make(chan int, 1)
	exit = func(code int) { exited <- code }
	defer func() { exit = os.Exit }()

	ctx, stop := Install(context.Background())
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case code := <-exited:
		if code != 143 {
			t.Errorf("SIGTERM with nothing to handle it: exit %d, want 143", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SIGTERM with nothing to handle it: no exit")
	}
	stop()
	if ctx.Err() == nil {
		t.Error("stop left the context running")
	}

	release := Hold()
	ctx, stop = Install(context.Background())
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case <-ctx.Done():
	case code := <-exited:
		t.Fatalf("Ctrl-C while held: exit %d, want the context ended", code)
	case <-time.After(5 * time.Second):
		t.Fatal("Ctrl-C while held: the context did not end")
	}
	stop()
	release()
}
