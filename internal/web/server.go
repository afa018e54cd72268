package web

import (
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

//go:embed static
var static embed.FS

// Config holds the server's limits. The zero value of each field means the
// default named beside it.
type Config struct {
	// Slots is the number of searches (solves, hints, AI moves) that run
	// at once; 0 means runtime.NumCPU(). Each search uses one goroutine.
	Slots int
	// QueueWait is how long a search waits for a free slot before it is
	// refused with 429 Too Many Requests; 0 means 2 s.
	QueueWait time.Duration
	// MaxBudget caps a solve's wall-clock budget; 0 means 60 s.
	MaxBudget time.Duration
	// MaxHintBudget caps a hint's wall-clock budget; 0 means 5 s.
	MaxHintBudget time.Duration
	// MaxMoveTime stops every Chain Reaction AI move's search after this
	// much wall-clock time, whatever its spec; 0 means 2 s.
	MaxMoveTime time.Duration
	// MaxBody caps a request body in bytes; 0 means 64 KiB.
	MaxBody int64
	// ProgressEvery is the interval between a solve's progress lines;
	// 0 means 250 ms.
	ProgressEvery time.Duration
	// LoopbackHosts refuses requests whose Host header is not a loopback
	// name (localhost, 127.0.0.1, [::1]), so that a web page elsewhere
	// cannot reach a server bound to loopback through a DNS name of its
	// own (DNS rebinding). Set it when the server listens on loopback.
	LoopbackHosts bool
	// Log receives one line for each request that failed inside the
	// server (a 500); nil discards them.
	Log io.Writer
}

func (c Config) withDefaults() Config {
	if c.Slots <= 0 {
		c.Slots = runtime.NumCPU()
	}
	if c.QueueWait <= 0 {
		c.QueueWait = 2 * time.Second
	}
	if c.MaxBudget <= 0 {
		c.MaxBudget = 60 * time.Second
	}
	if c.MaxHintBudget <= 0 {
		c.MaxHintBudget = 5 * time.Second
	}
	if c.MaxMoveTime <= 0 {
		c.MaxMoveTime = maxAITime
	}
	if c.MaxBody <= 0 {
		c.MaxBody = 64 << 10
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = 250 * time.Millisecond
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
	return c
}

// Server is the web interface: an http.Handler serving the page and the
// JSON API.
type Server struct {
	cfg    Config
	slots  chan struct{}
	routes map[string]route
	files  http.Handler
	// running counts the searches holding a slot.
	running atomic.Int64
	// stops holds the running solves a page may stop and keep.
	stops stops
}

// route is one API route.
type route struct {
	method string
	h      http.HandlerFunc
}

// New returns a server with the given limits.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, slots: make(chan struct{}, cfg.Slots)}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	s.files = http.FileServerFS(sub)
	s.routes = map[string]route{
		"/api/datasets":        {http.MethodGet, s.handleDatasets},
		"/api/chainshot/load":  {http.MethodPost, s.handleLoad},
		"/api/chainshot/state": {http.MethodPost, s.handleState},
		"/api/chainshot/hint":  {http.MethodPost, s.handleHint},
		"/api/chainshot/solve": {http.MethodPost, s.handleSolve},
		"/api/chainshot/stop":  {http.MethodPost, s.handleStop},
		"/api/limits":          {http.MethodGet, s.handleLimits},
		"/api/react/players":   {http.MethodGet, s.handlePlayers},
		"/api/react/state":     {http.MethodPost, s.handleReactState},
		"/api/react/move":      {http.MethodPost, s.handleReactMove},
		"/api/react/ai":        {http.MethodPost, s.handleReactAI},
	}
	return s
}

// Routes returns every API route as "METHOD PATH", for documentation and
// tests.
func (s *Server) Routes() []string {
	var out []string
	for p, r := range s.routes {
		out = append(out, r.method+" "+p)
	}
	return out
}

// Searches returns the number of searches running now.
func (s *Server) Searches() int { return int(s.running.Load()) }

// ServeHTTP serves the page, its files and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			fmt.Fprintf(s.cfg.Log, "chainshot serve: %s %s: internal error: %v\n", r.Method, r.URL.Path, v)
			writeError(w, &apiError{Status: http.StatusInternalServerError, Msg: "internal error"})
		}
	}()
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'")
	if s.cfg.LoopbackHosts && !loopbackHost(r.Host) {
		writeError(w, &apiError{Status: http.StatusMisdirectedRequest,
			Msg: fmt.Sprintf("host %q: this server answers only to localhost, 127.0.0.1 or [::1]", r.Host)})
		return
	}
	path := r.URL.Path
	if strings.HasPrefix(path, "/api/") {
		rt, ok := s.routes[path]
		if !ok {
			writeError(w, &apiError{Status: http.StatusNotFound, Msg: fmt.Sprintf("no API route %s", path)})
			return
		}
		if r.Method != rt.method {
			h.Set("Allow", rt.method)
			writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("%s wants %s, not %s", path, rt.method, r.Method)})
			return
		}
		rt.h(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("%s wants GET, not %s", path, r.Method)})
		return
	}
	switch {
	case path == "/" || path == "/index.html":
		serveIndex(w, r)
	case strings.HasPrefix(path, "/static/") && !strings.HasSuffix(path, "/"):
		http.StripPrefix("/static", s.files).ServeHTTP(w, r)
	default:
		writeError(w, &apiError{Status: http.StatusNotFound, Msg: fmt.Sprintf("no page %s", path)})
	}
}

func serveIndex(w http.ResponseWriter, r *http.Request) {
	data, err := static.ReadFile("static/index.html")
	if err != nil {
		panic(err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method == http.MethodHead {
		return
	}
	w.Write(data)
}

// loopbackHost reports whether a Host header names the loopback interface.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// acquire takes a search slot, waiting at most QueueWait; the caller must
// call the returned release once the search has returned.
func (s *Server) acquire(ctx context.Context) (release func(), aerr *apiError) {
	t := time.NewTimer(s.cfg.QueueWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		s.running.Add(1)
		return func() {
			s.running.Add(-1)
			<-s.slots
		}, nil
	case <-t.C:
		return nil, &apiError{Status: http.StatusTooManyRequests, retry: true,
			Msg: fmt.Sprintf("the server is busy: %d searches are running, the most it runs at once; try again in a moment", s.cfg.Slots)}
	case <-ctx.Done():
		return nil, &apiError{Status: http.StatusServiceUnavailable, Msg: "request cancelled while waiting for a search slot"}
	}
}

// HTTPServer returns an http.Server for h on addr with timeouts that keep a
// slow or silent client from holding a connection: headers within 5 s,
// the whole request within 15 s, a response written within 30 s (a solve
// extends its own deadline to its budget), idle connections closed after
// 2 minutes.
func HTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    32 << 10,
	}
}
