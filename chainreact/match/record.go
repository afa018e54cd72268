package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"chainshot/chainreact"
)

// A match's game records are JSON Lines, one game a line, written the
// moment the game ends:
//
//	{"game":2,"pair":1,"p1":"best","p2":"seed002","size":"9x6","seed":1,
//	 "openings":"random:4","first":"p2","winner":"p1","plies":97,
//	 "opening":4,"moves":[[1,1],[9,6],...],"cpu_ms":[0,0,0,0,21.3,...],
//	 "wall_ms":[...],"cpu_seconds":[1.03,1.61]}
//
// game and pair count from 1; first and winner name a player as "p1" or
// "p2" (the match's first and second spec, whichever seat it had); moves
// are "row col" pairs from the empty board, the first "opening" of them
// the pair's opening; cpu_ms and wall_ms are each move's times (zero for
// the opening's); cpu_seconds are each player's total.

// recordLine is the JSON form of a game record.
type recordLine struct {
	Game       int        `json:"game"`
	Pair       int        `json:"pair"`
	P1         string     `json:"p1"`
	P2         string     `json:"p2"`
	Size       string     `json:"size"`
	Seed       uint64     `json:"seed"`
	Openings   string     `json:"openings"`
	First      string     `json:"first"`
	Winner     string     `json:"winner"`
	Plies      int        `json:"plies"`
	Opening    int        `json:"opening"`
	Moves      [][2]int   `json:"moves"`
	CPUms      []float64  `json:"cpu_ms"`
	Wallms     []float64  `json:"wall_ms"`
	CPUSeconds [2]float64 `json:"cpu_seconds"`
}

// OpeningsName says where the match's openings come from, as its records
// write it: "random:N" (N random moves drawn from the seed), or
// "list:N" (a list of N openings).
func (cfg *MatchConfig) OpeningsName() string {
	if len(cfg.Openings) > 0 {
		return fmt.Sprintf("list:%d", len(cfg.Openings))
	}
	return fmt.Sprintf("random:%d", cfg.OpeningPlies)
}

var seatNames = [2]string{"p1", "p2"}

// RecordLine returns r as one JSON line (with its newline).
func (cfg *MatchConfig) RecordLine(r GameRecord) []byte {
	b, _ := chainreact.NewBoard(cfg.Rows, cfg.Cols, 2)
	l := recordLine{
		Game: r.Game + 1, Pair: r.Game/2 + 1, P1: cfg.Specs[0], P2: cfg.Specs[1],
		Size: fmt.Sprintf("%dx%d", cfg.Rows, cfg.Cols), Seed: cfg.Seed, Openings: cfg.OpeningsName(),
		First: seatNames[r.First], Winner: seatNames[r.Winner], Plies: len(r.Moves), Opening: r.Opening,
		Moves: make([][2]int, len(r.Moves)), CPUms: make([]float64, len(r.Moves)), Wallms: make([]float64, len(r.Moves)),
	}
	for i, m := range r.Moves {
		row, col := b.RowCol(m)
		l.Moves[i] = [2]int{row, col}
		l.CPUms[i] = millis(r.CPU[i])
		l.Wallms[i] = millis(r.Wall[i])
		if i >= r.Opening {
			l.CPUSeconds[r.Mover(i)] += r.CPU[i].Seconds()
		}
	}
	for k := range l.CPUSeconds {
		l.CPUSeconds[k] = math.Round(l.CPUSeconds[k]*1e6) / 1e6
	}
	out, _ := json.Marshal(l)
	return append(out, '\n')
}

// millis returns d in milliseconds, to the microsecond.
func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// ParseRecordLine reads one line of a match's records and checks that it
// is a game of the match cfg describes (its players, size, seed and
// openings, then CheckRecord: its opening, its moves by the rules, its
// winner). Errors say what differs, in the line's terms.
func (cfg *MatchConfig) ParseRecordLine(line []byte) (GameRecord, error) {
	l, err := decodeRecordLine(line)
	if err != nil {
		return GameRecord{}, err
	}
	size := fmt.Sprintf("%dx%d", cfg.Rows, cfg.Cols)
	for _, f := range []struct{ name, got, want string }{
		{"p1", l.P1, cfg.Specs[0]}, {"p2", l.P2, cfg.Specs[1]}, {"size", l.Size, size},
		{"seed", fmt.Sprint(l.Seed), fmt.Sprint(cfg.Seed)}, {"openings", l.Openings, cfg.OpeningsName()},
	} {
		if f.got != f.want {
			return GameRecord{}, fmt.Errorf("%s %q, this match's is %q", f.name, f.got, f.want)
		}
	}
	if l.Game > cfg.Games {
		return GameRecord{}, fmt.Errorf("game %d: this match has games 1 to %d", l.Game, cfg.Games)
	}
	r, err := l.record(cfg.Rows, cfg.Cols)
	if err != nil {
		return GameRecord{}, err
	}
	if err := cfg.CheckRecord(r); err != nil {
		return GameRecord{}, err
	}
	return r, nil
}

// RecordInfo is what a game record says of its match.
type RecordInfo struct {
	Specs      [2]string
	Rows, Cols int
	Seed       uint64
	Openings   string
}

// ReadRecord reads one game record on its own, with no match to check it
// against (for a reader of records): its match's settings and the game,
// whose moves are checked by the rules to end with its winner.
func ReadRecord(line []byte) (RecordInfo, GameRecord, error) {
	l, err := decodeRecordLine(line)
	if err != nil {
		return RecordInfo{}, GameRecord{}, err
	}
	info := RecordInfo{Specs: [2]string{l.P1, l.P2}, Seed: l.Seed, Openings: l.Openings}
	if _, err := fmt.Sscanf(l.Size, "%dx%d", &info.Rows, &info.Cols); err != nil {
		return RecordInfo{}, GameRecord{}, fmt.Errorf("size %q: want RxC, such as 9x6", l.Size)
	}
	if _, err := chainreact.NewBoard(info.Rows, info.Cols, 2); err != nil {
		return RecordInfo{}, GameRecord{}, fmt.Errorf("size %q: %w", l.Size, err)
	}
	r, err := l.record(info.Rows, info.Cols)
	if err != nil {
		return RecordInfo{}, GameRecord{}, err
	}
	cfg := MatchConfig{Specs: info.Specs, Rows: info.Rows, Cols: info.Cols, Openings: [][]chainreact.Move{r.Moves[:r.Opening]}}
	if err := cfg.CheckRecord(r); err != nil {
		return RecordInfo{}, GameRecord{}, err
	}
	return info, r, nil
}

// decodeRecordLine reads a record line strictly: one JSON object with
// the record's fields and no others.
func decodeRecordLine(line []byte) (recordLine, error) {
	var l recordLine
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return l, fmt.Errorf("field %q: want %s", te.Field, jsonKind(te.Type.Kind().String()))
		}
		if te != nil {
			return l, errors.New("not a game record: want a JSON object, one a line")
		}
		return l, fmt.Errorf("not a game record: %w", err)
	}
	if dec.More() {
		return l, errors.New("more than one JSON value on the line")
	}
	return l, nil
}

// record turns a decoded line into a game record on a rows×cols board,
// checking its fields agree with each other.
func (l *recordLine) record(rows, cols int) (GameRecord, error) {
	if l.Game < 1 {
		return GameRecord{}, fmt.Errorf("game %d: games count from 1", l.Game)
	}
	r := GameRecord{Game: l.Game - 1, Opening: l.Opening}
	var err1, err2 error
	r.First, err1 = seatOf("first", l.First)
	r.Winner, err2 = seatOf("winner", l.Winner)
	switch {
	case err1 != nil:
		return GameRecord{}, err1
	case err2 != nil:
		return GameRecord{}, err2
	case l.Pair != (l.Game+1)/2:
		return GameRecord{}, fmt.Errorf("pair %d: game %d is in pair %d", l.Pair, l.Game, (l.Game+1)/2)
	case l.Plies != len(l.Moves):
		return GameRecord{}, fmt.Errorf("plies %d but %d moves", l.Plies, len(l.Moves))
	case l.Opening < 0 || l.Opening > len(l.Moves):
		return GameRecord{}, fmt.Errorf("opening %d: want 0 to the %d moves", l.Opening, len(l.Moves))
	case len(l.CPUms) != len(l.Moves) || len(l.Wallms) != len(l.Moves):
		return GameRecord{}, fmt.Errorf("cpu_ms and wall_ms want one time per move (%d)", len(l.Moves))
	}
	b, _ := chainreact.NewBoard(rows, cols, 2)
	for i, rc := range l.Moves {
		m, ok := b.MoveAt(rc[0], rc[1])
		if !ok {
			return GameRecord{}, fmt.Errorf("move %d: %d %d is off the %dx%d board", i+1, rc[0], rc[1], rows, cols)
		}
		if !(l.CPUms[i] >= 0 && l.Wallms[i] >= 0) || l.CPUms[i] > 1e9 || l.Wallms[i] > 1e9 {
			return GameRecord{}, fmt.Errorf("move %d: times must be from 0 to 1e9 ms", i+1)
		}
		r.Moves = append(r.Moves, m)
		r.CPU = append(r.CPU, time.Duration(l.CPUms[i]*float64(time.Millisecond)))
		r.Wall = append(r.Wall, time.Duration(l.Wallms[i]*float64(time.Millisecond)))
	}
	return r, nil
}

// seatOf reads "p1" or "p2".
func seatOf(field, s string) (int, error) {
	for k, n := range seatNames {
		if s == n {
			return k, nil
		}
	}
	return 0, fmt.Errorf("%s %q: want \"p1\" or \"p2\"", field, s)
}

// jsonKind names a Go kind in JSON's words.
func jsonKind(k string) string {
	switch k {
	case "string":
		return "a string"
	case "slice", "array":
		return "a list"
	case "struct", "map":
		return "an object"
	}
	return "a number"
}
