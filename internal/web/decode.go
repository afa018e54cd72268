package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"chainshot/internal/strictjson"
)

// apiError is a refused request: its status and one message, with where a
// board file defect is (Line, Col) or which move was illegal (Index).
type apiError struct {
	Status int    `json:"-"`
	Msg    string `json:"error"`
	Line   int    `json:"line,omitempty"`
	Col    int    `json:"col,omitempty"`
	Index  *int   `json:"index,omitempty"`
	retry  bool
}

func (e *apiError) Error() string { return e.Msg }

func badRequest(format string, args ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Msg: fmt.Sprintf(format, args...)}
}

// badMove refuses the move of 0-based index i in the game's move list (a
// move off the board, not a pair): 400 with its "index", as an illegal
// move gets 422 with it.
func badMove(i int, format string, args ...any) *apiError {
	e := badRequest(format, args...)
	e.Index = &i
	return e
}

// writeJSON writes v as the whole response.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"internal error: cannot encode the answer"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.retry {
		w.Header().Set("Retry-After", "2")
	}
	writeJSON(w, e.Status, e)
}

// decode reads the request body as exactly one JSON object into v. It
// refuses a body that is not JSON, larger than max bytes, with fields v does
// not have, or with anything after the object.
func decode(w http.ResponseWriter, r *http.Request, max int64, v any) *apiError {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		return &apiError{Status: http.StatusUnsupportedMediaType,
			Msg: fmt.Sprintf("Content-Type %q: want application/json", ct)}
	}
	body := http.MaxBytesReader(w, r.Body, max)
	data, err := io.ReadAll(body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &apiError{Status: http.StatusRequestEntityTooLarge,
				Msg: fmt.Sprintf("request body over %d bytes", mbe.Limit)}
		}
		return badRequest("cannot read the request body: %v", err)
	}
	return decodeBytes(data, v)
}

// decodeBytes is decode's JSON half: data must hold exactly one JSON object
// whose fields v has, each once (the program's one strict decoder,
// package strictjson, as the command line reads its files).
func decodeBytes(data []byte, v any) *apiError {
	if len(bytes.TrimSpace(data)) == 0 {
		return badRequest("empty request body: want a JSON object")
	}
	if err := strictjson.Decode(data, v, strictjson.Options{What: "a request"}); err != nil {
		var je *strictjson.Error
		if errors.As(err, &je) && je.Checked { // a number outside its bound: the request's Check
			return badRequest("%s", strings.TrimSpace(je.Field+" "+je.Msg))
		}
		if errors.As(err, &je) && je.Col > 0 {
			return badRequest("bad JSON at byte %d: %s", je.Col, strings.TrimPrefix(err.Error(), fmt.Sprintf("%d: ", je.Col)))
		}
		return badRequest("bad JSON: %v", err)
	}
	return nil
}

// plural counts n things: "1 byte", "2 bytes".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
