package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// interruptible returns a context cancelled by Ctrl-C (SIGINT) or SIGTERM.
// Once it is cancelled, the signals have their default effect again, so
// that a second Ctrl-C ends the program at once.
func interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}
