package web

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"chainshot/board"
	"chainshot/datasets"
)

// testServer starts the server on a loopback port.
func testServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// call sends body (JSON text) to path with the JSON content type, or GETs
// path when body is "", and returns the status and the answer.
func call(t *testing.T, ts *httptest.Server, path, body string) (int, []byte) {
	t.Helper()
	var resp *http.Response
	var err error
	if body == "" {
		resp, err = http.Get(ts.URL + path)
	} else {
		resp, err = http.Post(ts.URL+path, "application/json", strings.NewReader(body))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// mustJSON encodes v.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// refused checks that an answer is the given 4xx with a JSON message
// containing want, and returns the decoded error.
func refused(t *testing.T, status int, data []byte, wantStatus int, want string) apiError {
	t.Helper()
	if status != wantStatus {
		t.Fatalf("status %d, want %d (%s)", status, wantStatus, data)
	}
	var e apiError
	if err := json.Unmarshal(data, &e); err != nil || e.Msg == "" {
		t.Fatalf("answer is not a JSON error: %q (%v)", data, err)
	}
	if !strings.Contains(e.Msg, want) {
		t.Fatalf("error %q does not say %q", e.Msg, want)
	}
	checkErrorMessage(t, e)
	return e
}

var (
	// A domain package's name as a prefix ("board: pasted.txt:3:4").
	pkgPrefix = regexp.MustCompile(`(?:^|: )(board|solver|datasets|results|chainreact|expendibots): `)
	// A Go slice printed as is ("want one of [auto greedy beam]").
	goSlice = regexp.MustCompile(`\[[A-Za-z0-9_-]+(?: [A-Za-z0-9_-]+)+\]`)
	// "1" before a plural ("1 players"), not in a move "2 1".
	oneOfMany = regexp.MustCompile(`(?:^|[^0-9., ])1 [a-z]+s\b`)
	// A message about move N of the list.
	moveN = regexp.MustCompile(`^move ([0-9]+)\b`)
)

// checkErrorMessage checks, for every refusal the tests see (issue 26,
// items 10 and 13): no package prefix, no Go slice, no "1" before a
// plural; and a message about one move ("move 3 (9 9): off the board",
// "want \"move\"") carries that move's 0-based "index".
func checkErrorMessage(t *testing.T, e apiError) {
	t.Helper()
	for _, re := range []*regexp.Regexp{pkgPrefix, goSlice, oneOfMany} {
		if m := re.FindString(e.Msg); m != "" {
			t.Errorf("error %q: %q is no way to say it", e.Msg, m)
		}
	}
	if m := moveN.FindStringSubmatch(e.Msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		if e.Index == nil || *e.Index != n-1 {
			t.Errorf("error %q: index %v, want %d", e.Msg, e.Index, n-1)
		}
	} else if about := strings.Split(e.Msg, " (its fields:")[0]; (strings.HasPrefix(about, "move ") || strings.Contains(about, "\"move\"") || strings.Contains(about, "cannot play")) && e.Index == nil {
		t.Errorf("error %q is about a move but has no index", e.Msg)
	}
}

func TestPageAndFiles(t *testing.T) {
	_, ts := testServer(t, Config{})
	for _, tc := range []struct{ path, ctype, has string }{
		{"/", "text/html", `src="/static/app.js"`},
		{"/static/app.js", "javascript", "/api/chainshot/state"},
		{"/static/style.css", "text/css", ".bead"},
	} {
		resp, err := http.Get(ts.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), tc.ctype) || !strings.Contains(string(data), tc.has) {
			t.Errorf("GET %s: %d %q, body has %q: %v", tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), tc.has, strings.Contains(string(data), tc.has))
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
	}
	st, data := call(t, ts, "/nothing", "")
	refused(t, st, data, 404, "no page")
	st, data = call(t, ts, "/static/", "")
	refused(t, st, data, 404, "no page")
	st, data = call(t, ts, "/api/nothing", "")
	refused(t, st, data, 404, "no API route")
	st, data = call(t, ts, "/", "{}")
	refused(t, st, data, 405, "wants GET")
	st, data = call(t, ts, "/api/datasets", "{}")
	refused(t, st, data, 405, "wants GET")
	st, data = call(t, ts, "/api/chainshot/state", "")
	refused(t, st, data, 405, "wants POST")
}

func TestDatasets(t *testing.T) {
	_, ts := testServer(t, Config{})
	st, data := call(t, ts, "/api/datasets", "")
	var sets []datasetInfo
	if st != 200 || json.Unmarshal(data, &sets) != nil {
		t.Fatalf("%d %s", st, data)
	}
	if len(sets) != len(datasets.Builtin()) || sets[0].Name != "sample1" {
		t.Fatalf("got %d sets starting with %+v, want the %d built-ins", len(sets), sets[0], len(datasets.Builtin()))
	}
}

func loadOK(t *testing.T, ts *httptest.Server, req string) loadResponse {
	t.Helper()
	st, data := call(t, ts, "/api/chainshot/load", req)
	if st != 200 {
		t.Fatalf("load %s: %d %s", req, st, data)
	}
	var r loadResponse
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// gridOf returns b's rows top first, '.' for an empty cell, from the board
// package directly.
func gridOf(b *board.Board) []string {
	var out []string
	for row := b.Rows() - 1; row >= 0; row-- {
		var line []byte
		for c := 0; c < b.Cols(); c++ {
			line = append(line, b.At(row, c).Letter())
		}
		out = append(out, string(line))
	}
	return out
}

func TestLoadBuiltin(t *testing.T) {
	_, ts := testServer(t, Config{})
	r := loadOK(t, ts, `{"builtin":"sample1"}`)
	sets, err := datasets.Load("sample1")
	if err != nil {
		t.Fatal(err)
	}
	want := sets[0].Board
	if r.Name != "sample1" || r.Board != want.Format() {
		t.Fatalf("got %q %q, want sample1 %q", r.Name, r.Board, want.Format())
	}
	if strings.Join(r.State.Grid, "/") != strings.Join(gridOf(&want), "/") || r.State.Beads != want.Beads() {
		t.Fatalf("grid %v, want %v", r.State.Grid, gridOf(&want))
	}
	// Every removable group the board package sees, with its size and
	// score, and each of its beads labelled with it.
	groups := want.AppendGroups(nil)
	if len(r.State.Groups) != len(groups) {
		t.Fatalf("%d groups, want %d", len(r.State.Groups), len(groups))
	}
	for i, g := range groups {
		info := r.State.Groups[i]
		if info.Size != g.Size || info.Score != board.Score(g.Size) || info.Color != string(g.Color.Letter()) {
			t.Errorf("group %d: %+v, want %+v", i, info, g)
		}
		for _, m := range want.AppendGroupCells(nil, g.Move) {
			if got := r.State.Group[want.Rows()-1-int(m.Row)][m.Col]; got != i {
				t.Errorf("bead %s: group %d, want %d", m, got, i)
			}
		}
	}
	// A repaired sample, by its printed name.
	r = loadOK(t, ts, `{"builtin":"sample3"}`)
	if r.Name != "sample3-repaired" || len(r.Repairs) == 0 {
		t.Fatalf("sample3: %q with repairs %v", r.Name, r.Repairs)
	}
}

// TestLoadReadsNoFile: a built-in is found by name only, never as a path,
// even when a file of that name exists.
func TestLoadReadsNoFile(t *testing.T) {
	_, ts := testServer(t, Config{})
	if _, err := os.Stat("server_test.go"); err != nil {
		t.Fatal(err)
	}
	// A valid board file on disk, named by its path.
	path := filepath.Join(t.TempDir(), "board.txt")
	if err := os.WriteFile(path, []byte("RGB\nRGB\nRGB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{path, "server_test.go", "../../go.mod", "/etc/hostname", "static/index.html"} {
		st, data := call(t, ts, "/api/chainshot/load", mustJSON(t, loadRequest{Builtin: name}))
		refused(t, st, data, 404, "no built-in data set")
	}
}

func TestLoadText(t *testing.T) {
	_, ts := testServer(t, Config{})
	text := "# a comment\r\nr g b\nR G G\nb b g\n"
	r := loadOK(t, ts, mustJSON(t, loadRequest{Text: &text, Name: "../../dir/mine.txt"}))
	if r.Name != "mine.txt" || r.Board != "RGB\nRGG\nBBG\n" {
		t.Fatalf("got %q %q", r.Name, r.Board)
	}
	if len(r.Warnings) == 0 {
		t.Errorf("a 3x3 board is outside the handout's range: want a warning")
	}
	// Defects: the parser's message, line and column.
	for _, tc := range []struct {
		text      string
		line, col int
		has       string
	}{
		{"RGB\nRGBR\nRGB\n", 2, 4, "ragged row"},
		{"RGB\nRXB\nRGB\n", 2, 2, ""},
		{"\n\n", 0, 0, ""},
	} {
		_, perr := board.Parse([]byte(tc.text), "x.txt", board.Options{})
		if perr == nil {
			t.Fatalf("%q parses", tc.text)
		}
		st, data := call(t, ts, "/api/chainshot/load", mustJSON(t, loadRequest{Text: &tc.text, Name: "x.txt"}))
		e := refused(t, st, data, 400, strings.TrimPrefix(perr.Error(), "board: "))
		if tc.line != 0 && (e.Line != tc.line || e.Col != tc.col) {
			t.Errorf("%q: line %d col %d, want %d %d", tc.text, e.Line, e.Col, tc.line, tc.col)
		}
		if !strings.Contains(e.Msg, tc.has) {
			t.Errorf("%q: %q", tc.text, e.Msg)
		}
	}
	// Larger than 25x25: refused whole, though the parser takes 32.
	big := strings.Repeat(strings.Repeat("RG", 13)+"\n", 26)
	st, data := call(t, ts, "/api/chainshot/load", mustJSON(t, loadRequest{Text: &big}))
	refused(t, st, data, 400, "up to 25x25")
	huge := strings.Repeat(strings.Repeat("R", 40)+"\n", 5)
	st, data = call(t, ts, "/api/chainshot/load", mustJSON(t, loadRequest{Text: &huge}))
	refused(t, st, data, 400, "pasted.txt:1:1: board is 5x40")
}

func TestLoadGenerate(t *testing.T) {
	_, ts := testServer(t, Config{})
	r := loadOK(t, ts, `{"generate":{"rows":10,"cols":12,"colors":4,"seed":7}}`)
	want, err := datasets.Generate(10, 12, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	if r.Board != want.Format() || r.Name != "gen-10x12-4c-seed7.txt" {
		t.Fatalf("got %q %q", r.Name, r.Board)
	}
	for req, has := range map[string]string{
		`{"generate":{"rows":26,"cols":10,"colors":4}}`: "rows is 26: want 1 to 25 rows or columns",
		`{"generate":{"rows":10,"cols":0,"colors":4}}`:  "cols is 0: want 1 to 25 rows or columns",
		`{"generate":{"rows":10,"cols":10,"colors":6}}`: "colors is 6: want 1 to 5 colours",
	} {
		st, data := call(t, ts, "/api/chainshot/load", req)
		refused(t, st, data, 400, has)
	}
	for _, req := range []string{`{}`, `{"builtin":"sample1","text":"RR"}`} {
		st, data := call(t, ts, "/api/chainshot/load", req)
		refused(t, st, data, 400, "exactly one")
	}
}

func stateOK(t *testing.T, ts *httptest.Server, boardText string, moves [][]int) csState {
	t.Helper()
	st, data := call(t, ts, "/api/chainshot/state", mustJSON(t, gameRequest{Board: boardText, Moves: moves}))
	if st != 200 {
		t.Fatalf("state %v: %d %s", moves, st, data)
	}
	var s csState
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStateRules: the beads above a removed group fall and an emptied
// column closes, as written out by hand here.
func TestStateRules(t *testing.T) {
	_, ts := testServer(t, Config{})
	s := stateOK(t, ts, "RGB\nRGG\nBBG\n", [][]int{{2, 2}})
	if got := strings.Join(s.Grid, "/"); got != "R../R../BBB" || s.Score != 4 || s.Beads != 5 {
		t.Fatalf("after 2 2: %s score %d beads %d; want R../R../BBB, 4, 5", got, s.Score, s.Beads)
	}
	if len(s.Removed) != 4 {
		t.Errorf("removed %v, want the 4 green beads", s.Removed)
	}
	s = stateOK(t, ts, "RGB\nRGG\nBBG\n", [][]int{{2, 2}, {1, 3}, {1, 1}})
	if got := strings.Join(s.Grid, "/"); got != ".../.../..." || s.Score != 5 || s.Beads != 0 || !s.Over {
		t.Fatalf("to the end: %s score %d beads %d over %v", got, s.Score, s.Beads, s.Over)
	}
	if len(s.Moves) != 3 || s.Moves[1] != [2]int{1, 3} || len(s.Scores) != 3 || s.Scores[0] != 4 {
		t.Errorf("moves %v scores %v", s.Moves, s.Scores)
	}
	// The middle column empties: the right one moves left.
	s = stateOK(t, ts, "RBG\nRBG\n", [][]int{{1, 2}})
	if got := strings.Join(s.Grid, "/"); got != "RG./RG." {
		t.Fatalf("after the middle column goes: %s, want RG./RG.", got)
	}
}

// TestStateReplaysLikeTheBoard: a whole game on a built-in, position by
// position, equals the board package's own replay.
func TestStateReplaysLikeTheBoard(t *testing.T) {
	_, ts := testServer(t, Config{})
	r := loadOK(t, ts, `{"builtin":"ladder05-10x10-4c"}`)
	start := mustParse(t, r.Board)
	b := start
	var moves [][]int
	var played []board.Move
	for !b.IsOver() {
		gs := b.AppendGroups(nil)
		g := gs[len(played)%len(gs)]
		b.Remove(g.Move)
		played = append(played, g.Move)
		moves = append(moves, []int{int(g.Move.Row) + 1, int(g.Move.Col) + 1})
		end, score, err := board.Replay(start, played)
		if err != nil {
			t.Fatal(err)
		}
		s := stateOK(t, ts, r.Board, moves)
		if strings.Join(s.Grid, "/") != strings.Join(gridOf(&end), "/") || s.Score != score || s.Beads != end.Beads() || s.Over != end.IsOver() {
			t.Fatalf("after %d moves the page would show %v (score %d), the board package %v (score %d)", len(moves), s.Grid, s.Score, gridOf(&end), score)
		}
	}
}

func mustParse(t *testing.T, text string) board.Board {
	t.Helper()
	p, err := board.Parse([]byte(text), "t", board.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

func TestStateRefusesBadMoves(t *testing.T) {
	_, ts := testServer(t, Config{})
	b := "RGB\nRGG\nBBG\n"
	for _, tc := range []struct {
		moves  string
		status int
		has    string
		index  int
	}{
		{`[[3,3]]`, 422, "move 1 (3 3) is illegal", 0},
		{`[[2,2],[3,2]]`, 422, "move 2 (3 2) is illegal", 1},
		{`[[0,1]]`, 400, "off the 3x3 board", 0},
		{`[[2,2],[4,1]]`, 400, "off the 3x3 board", 1},
		{`[[1,1,1]]`, 400, "want [row, col], got 3 numbers", 0},
		{`[[2,2],[1]]`, 400, "want [row, col], got 1 number", 1},
		{`[[1,1],[1,1],[1,1],[1,1],[1,1]]`, 400, "at most 4", -1},
		{`[["1","1"]]`, 400, "bad JSON", -1},
		{`[[1.5,1]]`, 400, "bad JSON", -1},
		{`[[99999999999999999999,1]]`, 400, "bad JSON", -1},
	} {
		st, data := call(t, ts, "/api/chainshot/state", `{"board":`+mustJSON(t, b)+`,"moves":`+tc.moves+`}`)
		e := refused(t, st, data, tc.status, tc.has)
		if tc.index >= 0 && (e.Index == nil || *e.Index != tc.index) {
			t.Errorf("%s: index %v, want %d", tc.moves, e.Index, tc.index)
		}
	}
	st, data := call(t, ts, "/api/chainshot/state", `{"moves":[]}`)
	refused(t, st, data, 400, "want \"board\"")
	st, data = call(t, ts, "/api/chainshot/state", `{"board":"RGX\n","moves":[]}`)
	e := refused(t, st, data, 400, "board:")
	if e.Line != 1 || e.Col != 3 {
		t.Errorf("bad letter at line %d col %d, want 1 3", e.Line, e.Col)
	}
}

func TestHint(t *testing.T) {
	_, ts := testServer(t, Config{})
	req := gameRequest{Board: "GBOOB\nBGGGO\nGBOBB\nBBBGG\nOBBBG\n"}
	st, data := call(t, ts, "/api/chainshot/hint", mustJSON(t, hintRequest{gameRequest: req, BudgetSeconds: 0.2}))
	var h hintResponse
	if st != 200 || json.Unmarshal(data, &h) != nil {
		t.Fatalf("%d %s", st, data)
	}
	b := mustParse(t, req.Board)
	m := board.MoveAt(h.Move[0], h.Move[1])
	if n := b.GroupSize(m); n < 2 || n != h.Size || h.Score != board.Score(n) {
		t.Fatalf("hint %+v: group of %d", h, n)
	}
	st, data = call(t, ts, "/api/chainshot/hint", mustJSON(t, hintRequest{gameRequest: req, BudgetSeconds: 6}))
	refused(t, st, data, 400, "budget_seconds 6")
	st, data = call(t, ts, "/api/chainshot/hint", mustJSON(t, hintRequest{gameRequest: gameRequest{Board: "RG\nGR\n"}}))
	refused(t, st, data, 409, "game is over")
}

// TestBodyLimit: a body over the limit is refused with 413 before it is
// decoded.
// postRoutes returns the path of every POST route the server has, so
// that a table over them covers a route added later.
func postRoutes(t *testing.T) []string {
	t.Helper()
	var paths []string
	for _, r := range New(Config{}).Routes() {
		if method, path, _ := strings.Cut(r, " "); method == http.MethodPost {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	if len(paths) == 0 {
		t.Fatal("no POST route")
	}
	return paths
}

// TestBodyLimit: every POST route refuses a body over Config.MaxBody.
func TestBodyLimit(t *testing.T) {
	_, ts := testServer(t, Config{MaxBody: 1 << 10})
	big := strings.Repeat("R", 2000)
	for _, path := range postRoutes(t) {
		t.Run(path, func(t *testing.T) {
			st, data := call(t, ts, path, `{"text":"`+big+`"}`)
			refused(t, st, data, 413, "over 1024 bytes")
		})
	}
	// The default limit takes a 25x25 board with a long move list.
	_, ts = testServer(t, Config{})
	text := strings.Repeat(strings.Repeat("RGBLO", 5)+"\n", 25)
	moves := make([][]int, 300)
	for i := range moves {
		moves[i] = []int{25, 25}
	}
	st, data := call(t, ts, "/api/chainshot/state", mustJSON(t, gameRequest{Board: text, Moves: moves}))
	refused(t, st, data, 422, "(25 25) is illegal")
}

// TestMalformedRequests: every POST route refuses what is not one JSON
// object of its own fields with a 4xx and a message.
func TestMalformedRequests(t *testing.T) {
	_, ts := testServer(t, Config{})
	// What each route's request holds of the fields the bodies below
	// name: a new route needs a row.
	const (
		noBoard   = "neither rows nor moves"
		chainshot = "moves and a number of rows"
		react     = "moves and a size"
	)
	holds := map[string]string{
		"/api/chainshot/load":  noBoard,
		"/api/chainshot/state": chainshot,
		"/api/chainshot/hint":  chainshot,
		"/api/chainshot/solve": chainshot,
		"/api/chainshot/stop":  noBoard,
		"/api/react/state":     react,
		"/api/react/move":      react,
		"/api/react/ai":        react,
	}
	bodies := map[string]string{
		"{":                "bad JSON",
		"[]":               "bad JSON",
		"\"text\"":         "bad JSON",
		"{} {}":            "more than one JSON value",
		"{}x":              "bad JSON",
		`{"nonsense": 1}`:  "is no field of",
		`{"rows": "many"}`: "bad JSON",
		"   ":              "empty request body",
		// Each key once, as the command line reads its files.
		`{"moves": [], "moves": []}`: "is there twice",
	}
	for _, path := range postRoutes(t) {
		t.Run(path, func(t *testing.T) {
			kind, ok := holds[path]
			if !ok {
				t.Fatalf("POST %s has no row in holds: say which of the bodies' fields its request has", path)
			}
			for body, want := range bodies {
				if kind == noBoard && (strings.Contains(body, "rows") || strings.Contains(body, "moves")) {
					want = "is no field of"
				}
				if kind == react && strings.Contains(body, "rows") {
					want = `"rows" is a string`
				}
				st, data := call(t, ts, path, body)
				refused(t, st, data, 400, want)
			}
			// Not JSON at all.
			resp, err := http.Post(ts.URL+path, "text/plain", strings.NewReader("{}"))
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			refused(t, resp.StatusCode, data, 415, "want application/json")
		})
	}
}

// TestLoopbackHosts: a server on loopback answers only to loopback names.
func TestLoopbackHosts(t *testing.T) {
	_, ts := testServer(t, Config{LoopbackHosts: true})
	for host, want := range map[string]int{
		"localhost:8080": 200, "127.0.0.1": 200, "[::1]:9": 200, "LOCALHOST": 200,
		"evil.example:8080": 421, "evil.example": 421, "10.0.0.1:8080": 421,
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/datasets", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d (%s)", host, resp.StatusCode, want, data)
		}
	}
}

// TestPanicIsA500: a handler that panics answers 500 with a JSON message;
// the server goes on.
func TestPanicIsA500(t *testing.T) {
	var log strings.Builder
	var mu sync.Mutex
	s, ts := testServer(t, Config{Log: writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return log.Write(p)
	})})
	s.routes["/api/boom"] = route{"GET", func(http.ResponseWriter, *http.Request) { panic("boom") }}
	st, data := call(t, ts, "/api/boom", "")
	refused(t, st, data, 500, "internal error")
	mu.Lock()
	if !strings.Contains(log.String(), "boom") {
		t.Errorf("log %q", log.String())
	}
	mu.Unlock()
	if st, _ := call(t, ts, "/api/datasets", ""); st != 200 {
		t.Fatalf("after a panic: %d", st)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestRoutesDocumented: the browser guide and the package comment list
// every route.
func TestRoutesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../docs/browser.md")
	if err != nil {
		t.Skip("no docs/browser.md beside the module")
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range New(Config{}).Routes() {
		method, path, _ := strings.Cut(r, " ")
		for name, text := range map[string]string{"docs/browser.md": string(readme), "doc.go": string(doc)} {
			if !strings.Contains(text, path) || !strings.Contains(text, method) {
				t.Errorf("%s does not document %s", name, r)
			}
		}
	}
}

func TestHTTPServerTimeouts(t *testing.T) {
	srv := HTTPServer("127.0.0.1:0", New(Config{}))
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 {
		t.Fatalf("a timeout or limit is missing: %+v", srv)
	}
}

// readStream reads a solve's answer line by line.
func readStream(t *testing.T, body io.Reader, each func(progressLine) bool) {
	t.Helper()
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l progressLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if !each(l) {
			return
		}
	}
}

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return cond()
}

// TestPageSaysOneBeadNotOneBeads looks through the page's script for a
// number printed straight before a plural noun ("${n} beads"): such a
// message says "1 beads" when n is 1; count(n, noun) says it right.
func TestPageSaysOneBeadNotOneBeads(t *testing.T) {
	script, err := static.ReadFile("static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(`\$\{[^}]*\} (beads|moves|orbs|games|groups|players)\b`)
	for i, line := range strings.Split(string(script), "\n") {
		if m := bare.FindString(line); m != "" {
			t.Errorf("static/app.js:%d: %q prints a number before a plural noun; use count(n, noun)", i+1, m)
		}
	}
}
