package match

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"chainshot/chainreact"
	"chainshot/internal/words"
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

// RecordJSON is the JSON form of a game record, one line of a match's
// records. A reader decodes a line into it (strictly: each field once,
// every field required, none other) and then asks CheckRecordJSON or
// ReadRecordJSON for the game; Check says whether its fields are in
// range and agree with each other, naming the field.
type RecordJSON struct {
	Game       int        `json:"game" strict:"required"`
	Pair       int        `json:"pair" strict:"required"`
	P1         string     `json:"p1" strict:"required"`
	P2         string     `json:"p2" strict:"required"`
	Size       string     `json:"size" strict:"required"`
	Seed       uint64     `json:"seed" strict:"required"`
	Openings   string     `json:"openings" strict:"required"`
	First      string     `json:"first" strict:"required"`
	Winner     string     `json:"winner" strict:"required"`
	Plies      int        `json:"plies" strict:"required"`
	Opening    int        `json:"opening" strict:"required"`
	Moves      [][2]int   `json:"moves" strict:"required"`
	CPUms      []float64  `json:"cpu_ms" strict:"required"`
	Wallms     []float64  `json:"wall_ms" strict:"required"`
	CPUSeconds [2]float64 `json:"cpu_seconds" strict:"required"`
}

// MaxGames is the most games a match plays: the highest game number a
// record may hold.
const MaxGames = 1_000_000

// FieldError is a field of a game record out of range: Field names it
// as the JSON does, Msg says what is wrong ("is 0: games count from 1").
type FieldError struct {
	Field, Msg string
}

func (e *FieldError) Error() string { return fmt.Sprintf("%q %s", e.Field, e.Msg) }

// JSONField returns the field's name.
func (e *FieldError) JSONField() string { return e.Field }

// Reason returns what is wrong, without the field's name.
func (e *FieldError) Reason() string { return e.Msg }

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Check says whether the record's fields are in range and agree with
// each other: a *FieldError naming the first that is not. The moves are
// checked by the rules later, against the record's board.
func (l *RecordJSON) Check() error {
	if _, _, err := chainreact.ParseSize(l.Size); err != nil {
		return fieldErr("size", "is %q: want %s", words.Clip(l.Size, 40), chainreact.SizeWant)
	}
	for _, f := range []struct{ name, v string }{{"first", l.First}, {"winner", l.Winner}} {
		if f.v != "p1" && f.v != "p2" {
			return fieldErr(f.name, "is %q: want \"p1\" or \"p2\"", words.Clip(f.v, 40))
		}
	}
	switch {
	case l.Game < 1 || l.Game > MaxGames:
		return fieldErr("game", "is %d: want 1 to %d (games count from 1)", l.Game, MaxGames)
	case l.Pair != (l.Game+1)/2:
		return fieldErr("pair", "is %d: game %d is in pair %d", l.Pair, l.Game, (l.Game+1)/2)
	case l.Plies != len(l.Moves):
		return fieldErr("plies", "is %d, but there are %d moves", l.Plies, len(l.Moves))
	case l.Opening < 0 || l.Opening > len(l.Moves):
		return fieldErr("opening", "is %d: want 0 to the %d moves", l.Opening, len(l.Moves))
	case len(l.CPUms) != len(l.Moves):
		return fieldErr("cpu_ms", "has %d times: want one a move (%d)", len(l.CPUms), len(l.Moves))
	case len(l.Wallms) != len(l.Moves):
		return fieldErr("wall_ms", "has %d times: want one a move (%d)", len(l.Wallms), len(l.Moves))
	}
	for i := range l.Moves {
		if !(l.CPUms[i] >= 0 && l.CPUms[i] <= 1e9) {
			return fieldErr("cpu_ms", "move %d: %g ms: want 0 to 1e9", i+1, l.CPUms[i])
		}
		if !(l.Wallms[i] >= 0 && l.Wallms[i] <= 1e9) {
			return fieldErr("wall_ms", "move %d: %g ms: want 0 to 1e9", i+1, l.Wallms[i])
		}
	}
	return nil
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
	l := RecordJSON{
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

// CheckRecordJSON returns the game of a record line decoded into l,
// checked to be a game of the match cfg describes: its players, size,
// seed and openings, then CheckRecord (its opening, its moves by the
// rules, its winner). Errors say what differs, in the line's terms.
func (cfg *MatchConfig) CheckRecordJSON(l *RecordJSON) (GameRecord, error) {
	if err := l.Check(); err != nil {
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

// ReadRecordJSON returns a game record decoded into l, on its own, with
// no match to check it against (for a reader of records): its match's
// settings and the game, whose moves are checked by the rules to end
// with its winner.
func ReadRecordJSON(l *RecordJSON) (RecordInfo, GameRecord, error) {
	if err := l.Check(); err != nil {
		return RecordInfo{}, GameRecord{}, err
	}
	info := RecordInfo{Specs: [2]string{l.P1, l.P2}, Seed: l.Seed, Openings: l.Openings}
	info.Rows, info.Cols, _ = chainreact.ParseSize(l.Size)
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

// record turns a checked line into a game record on a rows×cols board.
func (l *RecordJSON) record(rows, cols int) (GameRecord, error) {
	r := GameRecord{Game: l.Game - 1, Opening: l.Opening}
	r.First, r.Winner = seatOf(l.First), seatOf(l.Winner)
	b, _ := chainreact.NewBoard(rows, cols, 2)
	for i, rc := range l.Moves {
		m, ok := b.MoveAt(rc[0], rc[1])
		if !ok {
			return GameRecord{}, fmt.Errorf("move %d: %d %d is off the %dx%d board", i+1, rc[0], rc[1], rows, cols)
		}
		r.Moves = append(r.Moves, m)
		r.CPU = append(r.CPU, time.Duration(l.CPUms[i]*float64(time.Millisecond)))
		r.Wall = append(r.Wall, time.Duration(l.Wallms[i]*float64(time.Millisecond)))
	}
	return r, nil
}

// seatOf reads "p1" or "p2" (checked by Check).
func seatOf(s string) int {
	if s == seatNames[1] {
		return 1
	}
	return 0
}
