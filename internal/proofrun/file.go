package proofrun

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// File is a proof file as read: its header, its solved lines by
// index, and the offset of a partial last line (a run killed while
// writing it), or -1.
type File struct {
	Path   string
	Header Header
	Split  *exact.ProofSplit
	Names  string  // the players' letters
	Lines  []*Line // by index; nil where not solved
	// Results are the lines' results, by index; nil where not solved.
	Results []*exact.LineResult
	Solved  int
	// Nodes, CPU and Seconds sum every line of the file, a line solved
	// again included.
	Nodes        uint64
	CPU, Seconds float64
	Partial      int64
	// Empty says the file holds nothing (missing or zero bytes).
	Empty bool
}

// ReadFile reads a proof file. A missing or empty file reads as
// empty. Every line is checked: its index and moves are the split's, its
// principal variation replays from its position to its winner on its
// ply; a line solved twice must say the same both times. A partial last
// line is noted, not an error.
func ReadFile(cmd, path string) (*File, error) {
	pf := &File{Path: path, Partial: -1}
	data, err := readCapped(path, 256<<20)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(data) == 0) {
		pf.Empty = true
		return pf, nil
	}
	if err != nil {
		return nil, status.BadInput("%s: %v", cmd, err)
	}
	lineNo, off := 0, int64(0)
	for len(data) > 0 {
		lineNo++
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			pf.Partial = off
			break
		}
		text := bytes.TrimSpace(data[:nl])
		data, off = data[nl+1:], off+int64(nl+1)
		if len(text) == 0 {
			continue
		}
		if pf.Split == nil {
			if err := pf.readHeader(cmd, lineNo, text); err != nil {
				return nil, err
			}
			continue
		}
		if err := pf.readLine(cmd, lineNo, text); err != nil {
			return nil, err
		}
	}
	if pf.Split == nil {
		if pf.Partial >= 0 {
			return nil, status.BadInput("%s: %s: the header line is cut short", cmd, path)
		}
		pf.Empty = true
	}
	return pf, nil
}

// readCapped reads a file of at most limit bytes.
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: over %d MB: not a proof file", path, limit>>20)
	}
	return data, nil
}

// decodeStrict decodes one JSON object of text into v, refusing unknown
// fields and anything after the object.
func decodeStrict(text []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("text after the JSON object")
	}
	return nil
}

func (pf *File) readHeader(cmd string, lineNo int, text []byte) error {
	h := &pf.Header
	if err := decodeStrict(text, h); err != nil || h.Proof != HeaderTitle {
		return status.BadInput("%s: %s:%d: not a proof file's header (want {\"proof\": %q, ...})", cmd, pf.Path, lineNo, HeaderTitle)
	}
	if h.Format != Format {
		return status.BadInput("%s: %s:%d: proof format %d; this chainshot reads format %d", cmd, pf.Path, lineNo, h.Format, Format)
	}
	pos, err := chainreact.ParsePosition(pf.Path, strings.NewReader(h.Position))
	if err != nil || pos.Board.Players() != 2 {
		return status.BadInput("%s: %s:%d: the header's position is not a two-player position", cmd, pf.Path, lineNo)
	}
	if h.Split < 0 || h.Split > 12 {
		return status.BadInput("%s: %s:%d: split %d: want 0 to 12 plies", cmd, pf.Path, lineNo, h.Split)
	}
	split, err := exact.Split(&pos.Board, h.Split)
	if err != nil {
		return status.BadInput("%s: %s:%d: %v", cmd, pf.Path, lineNo, err)
	}
	if len(split.Lines) != h.Lines || split.Digest() != h.Digest {
		return status.BadInput("%s: %s:%d: the header says %d lines, digest %s; this chainshot splits that position after %d plies into %d lines, digest %s (made by another version?)",
			cmd, pf.Path, lineNo, h.Lines, h.Digest, h.Split, len(split.Lines), split.Digest())
	}
	pf.Split, pf.Names = split, pos.Names
	pf.Lines = make([]*Line, len(split.Lines))
	pf.Results = make([]*exact.LineResult, len(split.Lines))
	return nil
}

func (pf *File) readLine(cmd string, lineNo int, text []byte) error {
	at := fmt.Sprintf("%s: %s:%d", cmd, pf.Path, lineNo)
	var l Line
	if err := decodeStrict(text, &l); err != nil {
		return status.BadInput("%s: not a proof line: %v", at, err)
	}
	if l.Line < 0 || l.Line >= len(pf.Lines) {
		return status.BadInput("%s: line %d: the split has lines 0 to %d", at, l.Line, len(pf.Lines)-1)
	}
	sl := &pf.Split.Lines[l.Line]
	b := pf.Split.Root
	if len(l.Moves) != len(sl.Moves) {
		return status.BadInput("%s: line %d: %d moves, the split's line has %d", at, l.Line, len(l.Moves), len(sl.Moves))
	}
	for i, mv := range l.Moves {
		if len(mv) != 2 {
			return status.BadInput("%s: line %d: move %d: want [row, col], got %s", at, l.Line, i+1, words.Plural(len(mv), "number"))
		}
		if m, ok := b.MoveAt(mv[0], mv[1]); !ok || m != sl.Moves[i] {
			return status.BadInput("%s: line %d: move %d (%d %d) is not the split's", at, l.Line, i+1, mv[0], mv[1])
		}
		b.Play(sl.Moves[i])
	}
	winner := -1
	if len(l.Winner) == 1 {
		winner = strings.IndexByte(pf.Names, l.Winner[0])
	}
	if winner < 0 {
		return status.BadInput("%s: line %d: winner %q: want one of %s", at, l.Line, l.Winner, pf.Names)
	}
	res := &exact.LineResult{Winner: winner}
	switch {
	case l.Plies > 0 && l.PliesMin == 0 && l.PliesMax == 0:
		// the principal variation must end the game there and then
		for i, mv := range l.PV {
			if len(mv) != 2 {
				return status.BadInput("%s: line %d: principal variation move %d: want [row, col], got %s", at, l.Line, i+1, words.Plural(len(mv), "number"))
			}
			m, ok := b.MoveAt(mv[0], mv[1])
			if !ok || b.Over() || !b.Legal(m) {
				return status.BadInput("%s: line %d: principal variation move %d (%d %d) is not legal", at, l.Line, i+1, mv[0], mv[1])
			}
			b.Play(m)
			res.PV = append(res.PV, m)
		}
		if !b.Over() || b.Winner() != winner || b.Ply() != l.Plies {
			return status.BadInput("%s: line %d: its principal variation does not end with %s winning on ply %d", at, l.Line, l.Winner, l.Plies)
		}
		res.Exact, res.Plies = true, l.Plies
	case l.Plies == 0 && len(l.PV) == 0 && l.PliesMin > b.Ply() && l.PliesMin <= l.PliesMax && l.PliesMax <= b.Capacity()+1:
		res.PliesMin, res.PliesMax = l.PliesMin, l.PliesMax
	default:
		return status.BadInput("%s: line %d: want \"plies\" and \"pv\" (solved exactly) or \"plies_min\" and \"plies_max\" (the winner only) from ply %d on", at, l.Line, b.Ply()+1)
	}
	pf.Nodes += l.Nodes
	pf.CPU += l.CPU
	pf.Seconds += l.Seconds
	if err := pf.keep(&l, res); err != nil {
		return status.BadInput("%s: %v", at, err)
	}
	return nil
}

// keep records a line's result. A line solved twice must say the same
// both times (the same winner, last plies that overlap); the tighter
// result is kept: an exact one over bounds, else the bounds' overlap.
func (pf *File) keep(l *Line, res *exact.LineResult) error {
	old := pf.Results[l.Line]
	if old == nil {
		pf.Lines[l.Line], pf.Results[l.Line] = l, res
		pf.Solved++
		return nil
	}
	olo, ohi := lineBounds(old)
	nlo, nhi := lineBounds(res)
	if old.Winner != res.Winner || max(olo, nlo) > min(ohi, nhi) {
		return fmt.Errorf("line %d is solved twice: %c on ply %s, then %c on ply %s",
			l.Line, pf.Names[old.Winner], plyRange(olo, ohi), pf.Names[res.Winner], plyRange(nlo, nhi))
	}
	switch {
	case res.Exact && !old.Exact:
		pf.Lines[l.Line], pf.Results[l.Line] = l, res
	case !res.Exact && !old.Exact:
		old.PliesMin, old.PliesMax = max(olo, nlo), min(ohi, nhi)
		pf.Lines[l.Line].PliesMin, pf.Lines[l.Line].PliesMax = old.PliesMin, old.PliesMax
	}
	return nil
}

// plyRange writes "19" or "19 to 23".
func plyRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// winnerOnly counts the lines solved only until their winner was proved.
func (pf *File) WinnerOnlyLines() int {
	n := 0
	for _, r := range pf.Results {
		if r != nil && !r.Exact {
			n++
		}
	}
	return n
}

// lineBounds returns the range of a line result's last ply.
func lineBounds(r *exact.LineResult) (int, int) {
	if r.Exact {
		return r.Plies, r.Plies
	}
	return r.PliesMin, r.PliesMax
}
