package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/internal/bounds"
	"chainshot/internal/interrupt"
	"chainshot/internal/status"
	"chainshot/internal/web"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "play ChainShot and Chain Reaction in a browser, watch the solver and chains",
		ArgsUsage: " ",
		Description: "Serves one page (embedded in the binary) and its JSON API on --addr, and prints the URL.\n" +
			"The page plays ChainShot (built-in, pasted, uploaded or generated boards; hover, click,\n" +
			"undo, hint; the solver with a budget, its line step by step and as a results line for\n" +
			"\"chainshot verify\") and Chain Reaction (2 to 8 players, each human or an AI spec; chains\n" +
			"wave by wave). It listens on localhost unless --addr says otherwise. Ctrl-C stops it.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "`HOST:PORT` to listen on (port 0 picks a free one)"},
			&cli.BoolFlag{Name: "open", Usage: "open the page in a browser, where one can be found"},
			bounded(&cli.IntFlag{Name: "searches", Value: runtime.NumCPU(), Usage: "`N` searches (solves, hints, AI moves) run at once, 1 to 256; more wait 2 s, then get 429"}, searchesBound),
			boundedDuration(&cli.DurationFlag{Name: "max-budget", Value: 60 * time.Second, Usage: "the longest wall-clock budget a solve may ask for, a `DURATION` with a unit such as 60s"}, bounds.Duration{Min: time.Second, Max: 24 * time.Hour}),
		},
		Action: doServe,
	}
}

func doServe(c *cli.Context) error {
	const cmd = "chainshot serve"
	s := ioFrom(c)
	addr := c.String("addr")
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return status.BadInput("%s: --addr %q: want HOST:PORT, such as 127.0.0.1:8080", cmd, addr)
	}
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return status.BadInput("%s: --addr %s: the port is in use (another chainshot serve?); give another port, such as --addr %s", cmd, addr, nextPort(addr))
	}
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	loopback := isLoopback(host)
	srv := web.HTTPServer(addr, web.New(web.Config{
		Slots: c.Int("searches"), MaxBudget: c.Duration("max-budget"),
		LoopbackHosts: loopback, Log: s.Err,
	}))
	// Listen for Ctrl-C before saying where the page is.
	interrupt.Handle()
	ctx := c.Context
	url := pageURL(ln.Addr())
	printf(s.Out, "chainshot serve: %s (Ctrl-C to stop)\n", url)
	if !loopback {
		printf(s.Err, "note: listening on %s: anyone who can reach this machine can use the page\n", ln.Addr())
	}
	if c.Bool("open") {
		openBrowser(s, url)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return status.Fail("%s: %v", cmd, err)
	case <-ctx.Done():
	}
	// Let requests in flight end (a solve stops when its client goes).
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return status.Fail("%s: %v", cmd, err)
	}
	srv.Close()
	printf(s.Out, "chainshot serve: stopped\n")
	return nil
}

// isLoopback reports whether a listening host is the loopback interface.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// pageURL is the address a browser opens for a listener.
func pageURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	host := tcp.IP.String()
	switch {
	case tcp.IP.IsUnspecified():
		host = "127.0.0.1"
	case tcp.IP.To4() == nil:
		host = "[" + host + "]"
	}
	return fmt.Sprintf("http://%s:%d/", host, tcp.Port)
}

// browserOpeners are the programs that open a URL in the user's browser,
// by system.
var browserOpeners = map[string][]string{
	"darwin":  {"open"},
	"windows": {"rundll32", "url.dll,FileProtocolHandler"},
}

// openBrowser opens url where a browser opener exists; it never fails, it
// only says when it could not.
func openBrowser(s *streams, url string) {
	args, ok := browserOpeners[runtime.GOOS]
	if !ok {
		args = []string{"xdg-open"}
	}
	path, err := exec.LookPath(args[0])
	if err != nil {
		printf(s.Err, "note: no browser opener (%s) found: open %s yourself\n", args[0], url)
		return
	}
	cmd := exec.Command(path, append(args[1:], url)...)
	if err := cmd.Start(); err != nil {
		printf(s.Err, "note: cannot open a browser (%v): open %s yourself\n", err, url)
		return
	}
	go cmd.Wait() // reap it; its status does not matter
}

// nextPort is addr with the port after its own ("127.0.0.1:8081" for
// 127.0.0.1:8080), for the message of a port in use.
func nextPort(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	p, perr := strconv.Atoi(port)
	if err != nil || perr != nil || p <= 0 || p >= 65535 {
		return net.JoinHostPort(host, "8081")
	}
	return net.JoinHostPort(host, strconv.Itoa(p+1))
}
