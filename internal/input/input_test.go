package input

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

var small = Kind{Name: "a test file", Max: 1 << 10, MaxLine: 64, Holds: "a few short lines"}

func TestReadAllCaps(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok")
	big := filepath.Join(dir, "big")
	os.WriteFile(ok, []byte("hello\n"), 0o644)
	os.WriteFile(big, bytes.Repeat([]byte("x"), 2<<10), 0o644)
	src := Source{}
	if data, err := src.ReadAll(ok, small); err != nil || string(data) != "hello\n" {
		t.Fatalf("ReadAll(ok) = %q, %v", data, err)
	}
	for _, path := range []string{big, "/dev/zero"} {
		_, err := src.ReadAll(path, small)
		if err == nil || !strings.Contains(err.Error(), "is over 1 KiB, more than a test file holds (a few short lines)") || !strings.HasPrefix(err.Error(), path+" is over") {
			t.Errorf("ReadAll(%s) = %v", path, err)
		}
	}
	if _, err := src.ReadAll(dir, small); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("ReadAll(folder) = %v", err)
	}
	if _, err := src.ReadAll(filepath.Join(dir, "none"), small); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("ReadAll(missing) = %v", err)
	}
	data, err := Source{Stdin: strings.NewReader("from stdin")}.ReadAll("-", small)
	if err != nil || string(data) != "from stdin" {
		t.Errorf("ReadAll(-) = %q, %v", data, err)
	}
}

func TestLines(t *testing.T) {
	var got []string
	err := Lines(strings.NewReader("a\r\n\nbb\ncut"), "f", small, func(l Line) error {
		got = append(got, string(l.Text)+map[bool]string{true: "$", false: "!"}[l.Complete])
		return nil
	})
	if err != nil || strings.Join(got, " ") != "a$ $ bb$ cut!" {
		t.Fatalf("Lines = %q, %v", got, err)
	}
	long := strings.Repeat("y", 65) + "\n"
	err = Lines(strings.NewReader("ok\n"+long), "f", small, func(Line) error { return nil })
	var e *Error
	if !errors.As(err, &e) || e.Line != 2 || !strings.Contains(err.Error(), "f:2: the line is over 64 bytes, longer than any line of a test file") {
		t.Errorf("long line: %v", err)
	}
	f, _ := os.Open("/dev/zero")
	defer f.Close()
	if err := Lines(f, "/dev/zero", small, func(Line) error { return nil }); err == nil {
		t.Error("/dev/zero read as lines")
	}
	stop := errors.New("stop")
	if err := Lines(strings.NewReader("a\nb\n"), "f", small, func(Line) error { return stop }); err != stop {
		t.Errorf("fn's error: %v", err)
	}
}

func TestFIFOWaitsWithANote(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	var notes bytes.Buffer
	go func() {
		time.Sleep(400 * time.Millisecond)
		os.WriteFile(fifo, []byte("late\n"), 0)
	}()
	data, err := Source{Notes: &notes}.ReadAll(fifo, small)
	if err != nil || string(data) != "late\n" {
		t.Fatalf("ReadAll(fifo) = %q, %v", data, err)
	}
	if !strings.Contains(notes.String(), "note: waiting for a program to write the FIFO "+fifo) {
		t.Errorf("no note: %q", notes.String())
	}
}

func TestFIFOWithAWriterNeedsNoNote(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	w := make(chan error, 1)
	go func() { w <- os.WriteFile(fifo, []byte("now\n"), 0) }()
	time.Sleep(50 * time.Millisecond) // the writer is waiting in its open
	var notes bytes.Buffer
	data, err := Source{Notes: &notes}.ReadAll(fifo, small)
	if err != nil || string(data) != "now\n" || notes.Len() != 0 {
		t.Fatalf("ReadAll(fifo) = %q, %v, notes %q", data, err, notes.String())
	}
	<-w
}

func TestFIFOWaitEndsOnSignal(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	go func() {
		time.Sleep(500 * time.Millisecond)
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
	}()
	_, err := Source{Notes: &bytes.Buffer{}}.ReadAll(fifo, small)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("got %v, want ErrInterrupted", err)
	}
}

func FuzzLines(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\ncut"), 4)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		if max < 1 || max > 1<<12 {
			max = 16
		}
		k := Kind{Name: "x", MaxLine: max}
		var joined []byte
		err := Lines(bytes.NewReader(data), "f", k, func(l Line) error {
			if len(l.Text) > max {
				t.Fatalf("a line of %d bytes passed a cap of %d", len(l.Text), max)
			}
			if int(l.Offset) != len(joined) {
				t.Fatalf("line %d at offset %d, want %d", l.No, l.Offset, len(joined))
			}
			joined = append(joined, data[l.Offset:l.Offset+int64(len(l.Text))]...)
			rest := data[len(joined):]
			if bytes.HasPrefix(rest, []byte("\r\n")) && l.Complete {
				joined = append(joined, '\r')
			}
			if l.Complete {
				joined = append(joined, '\n')
			}
			return nil
		})
		if err == nil && !bytes.Equal(joined, data) {
			t.Fatalf("lines joined give %q, want %q", joined, data)
		}
	})
}
