package web

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzRequests sends arbitrary bodies to every route that answers without
// searching, through the whole handler (decoding, validation, replay), and
// decodes and validates them for the searching routes without starting a
// search. Nothing may panic; every refusal is a 4xx with a JSON message.
func FuzzRequests(f *testing.F) {
	for _, seed := range []string{
		`{"builtin":"sample1"}`,
		`{"text":"RGB\nRGG\nBBG\n","name":"x.txt"}`,
		`{"generate":{"rows":5,"cols":5,"colors":3,"seed":1}}`,
		`{"board":"RGB\nRGG\nBBG\n","moves":[[2,2],[1,3]]}`,
		`{"board":"RGB\nRGG\nBBG\n","moves":[[2,2]],"budget_seconds":0.5,"algo":"dfs","name":"x"}`,
		`{"rows":4,"cols":4,"players":3,"moves":[[1,1],[2,2]],"move":[3,3]}`,
		`{"rows":4,"cols":4,"players":2,"moves":[],"spec":"best:nodes=100","seed":3}`,
		`{"rows":4,"cols":4,"players":2,"moves":[[1,1],[1,1]]}`,
		`{"board":"RRX\n"}`, `{`, `[]`, `null`, `{"moves":[[1e99,1]]}`, `{"text":"\u0000\ufeffRG"}`,
	} {
		f.Add(seed)
	}
	s := New(Config{})
	fast := []string{"/api/chainshot/load", "/api/chainshot/state", "/api/react/state", "/api/react/move"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range fast {
			req := httptest.NewRequest("POST", path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			if w.Code != 200 && (w.Code < 400 || w.Code > 499) {
				t.Fatalf("%s %q: status %d", path, body, w.Code)
			}
			if !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") || !strings.HasPrefix(w.Body.String(), "{") {
				t.Fatalf("%s %q: answer %q is not a JSON object", path, body, w.Body.String())
			}
			if w.Code != 200 && !strings.Contains(w.Body.String(), `"error":`) {
				t.Fatalf("%s %q: refusal without a message: %s", path, body, w.Body.String())
			}
		}
		check := func(what string, e *apiError) {
			if e != nil && (e.Status < 400 || e.Status > 499 || e.Msg == "") {
				t.Fatalf("%s %q: %d %q", what, body, e.Status, e.Msg)
			}
		}
		var sr solveRequest
		if e := decodeBytes([]byte(body), &sr); e != nil {
			check("solve decode", e)
		} else {
			_, e := s.parseSolve(sr)
			check("solve", e)
		}
		var hr hintRequest
		if e := decodeBytes([]byte(body), &hr); e != nil {
			check("hint decode", e)
		} else {
			_, e := s.budget(hr.BudgetSeconds, 1, s.cfg.MaxHintBudget)
			check("hint budget", e)
			_, _, e = parseGame(hr.gameRequest)
			check("hint", e)
		}
		var ar reactAIRequest
		if e := decodeBytes([]byte(body), &ar); e != nil {
			check("ai decode", e)
		} else {
			_, e := replayReact(ar.reactRequest)
			check("ai game", e)
			_, e = newAIPlayer(ar.Spec, ar.Seed)
			check("ai spec", e)
		}
	})
}
