package main

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var servedURL = regexp.MustCompile(`chainshot serve: (http://\S+/) `)

// startServe runs "chainshot serve ARGS..." in the process, as the command
// line does, and returns the URL it prints, its output and its exit status
// channel. stopServe interrupts it as Ctrl-C would.
func startServe(t *testing.T, args ...string) (url string, out, errs *syncBuffer, done chan int) {
	t.Helper()
	out, errs = &syncBuffer{}, &syncBuffer{}
	done = make(chan int, 1)
	go func() {
		done <- run(append([]string{"chainshot", "serve"}, args...), strings.NewReader(""), out, errs)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := servedURL.FindStringSubmatch(out.String()); m != nil {
			return m[1], out, errs, done
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d: %s%s", code, out, errs)
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("serve printed no URL: %q %q", out, errs)
	return
}

// stopServe sends the process SIGINT, which serve (listening for it since
// before it printed its URL) takes as Ctrl-C, and returns its exit status.
func stopServe(t *testing.T, done chan int) int {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		return code
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop on SIGINT")
	}
	return -1
}

// TestServeCommand: serve prints the URL it listens on, serves the page and
// the API there, and stops cleanly when interrupted.
func TestServeCommand(t *testing.T) {
	url, out, errs, done := startServe(t, "--addr", "127.0.0.1:0")
	if !strings.HasPrefix(url, "http://127.0.0.1:") || strings.HasSuffix(url, ":0/") {
		t.Fatalf("URL %q", url)
	}
	for path, want := range map[string]string{"": "<title>chainshot</title>", "api/datasets": `"sample1"`} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(data), want) {
			t.Fatalf("GET %s: %d %.200s", url+path, resp.StatusCode, data)
		}
	}
	// Bound to loopback: other Host names are refused.
	req, _ := http.NewRequest("GET", url+"api/datasets", nil)
	req.Host = "rebound.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("Host rebound.example: %d", resp.StatusCode)
	}
	if code := stopServe(t, done); code != 0 || !strings.Contains(out.String(), "stopped") {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
}

// TestServeOpen: --open runs the system's opener with the URL, and without
// one only says so.
func TestServeOpen(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	_, _, errs, done := startServe(t, "--addr", "127.0.0.1:0", "--open")
	if code := stopServe(t, done); code != 0 || !strings.Contains(errs.String(), "no browser opener") {
		t.Fatalf("without an opener: exit %d, %q", code, errs)
	}

	got := filepath.Join(dir, "opened")
	script := "#!/bin/sh\necho \"$@\" > " + got + "\n"
	if err := os.WriteFile(filepath.Join(dir, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	url, _, errs, done := startServe(t, "--addr", "127.0.0.1:0", "--open")
	deadline := time.Now().Add(5 * time.Second)
	var opened []byte
	for time.Now().Before(deadline) {
		if opened, _ = os.ReadFile(got); len(opened) > 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopServe(t, done)
	if strings.TrimSpace(string(opened)) != url {
		t.Fatalf("the opener got %q, want %q (%s)", opened, url, errs)
	}
}

// TestServePortInUse: a port another program holds is refused with the
// flag named and another port to try, not "bind: address already in use".
func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener here:", err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	var stdout, stderr strings.Builder
	code := run([]string{"chainshot", "serve", "--addr", addr}, strings.NewReader(""), &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "--addr "+addr+": the port is in use") || !strings.Contains(stderr.String(), "give another port, such as --addr 127.0.0.1:") {
		t.Errorf("serve on a port in use: exit %d, stderr %q", code, stderr.String())
	}
}
