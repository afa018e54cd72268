package proofrun

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/filekinds"
	"chainshot/internal/input"
	"chainshot/internal/journal"
	"chainshot/internal/status"
	"chainshot/internal/strictjson"
	"chainshot/internal/words"
)

// File is a proof file as read: its header, its solved lines by index,
// and what they cost.
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
	// Cut is a last line cut short (a run stopped while writing it),
	// left out, or nil.
	Cut *journal.Cut
	// Empty says the file holds no header (missing or zero bytes).
	Empty bool

	cmd string
	// want, when set, checks the header against the run's settings.
	want func(h *Header, no int) error
}

// ReadFile reads a proof file through the journal's reader (a line at a
// time, each under the kind's cap). An empty file reads as Empty. Every line is checked: its index and moves are the split's, its
// principal variation replays from its position to its winner on its
// ply; a line solved twice must say the same both times. A cut last line
// is left out and noted in Cut. A file that cannot be read or is not a
// proof is bad input, its message naming the file, line and field.
func ReadFile(src input.Source, cmd, path string) (*File, error) {
	f, err := src.Open(path)
	if err != nil {
		return nil, badInput(cmd, err)
	}
	defer f.Close()
	return readProof(f, path, cmd)
}

// readProof reads a proof file from r, named path in messages.
func readProof(r io.Reader, path, cmd string) (*File, error) {
	pf := &File{Path: path, cmd: cmd}
	cut, err := journal.Scan(r, path, filekinds.Proof, pf.read)
	if err != nil {
		return nil, badInput(cmd, err)
	}
	pf.Cut = cut
	if pf.Split == nil {
		pf.Empty = true
	}
	return pf, nil
}

// badInput is an error of reading a proof file as bad input, naming the
// command; one that says its status already is returned as it is.
func badInput(cmd string, err error) error {
	var se *status.Error
	if errors.As(err, &se) {
		return err
	}
	return status.BadInput("%s: %v", cmd, err)
}

// read reads one line of a proof file, the header first (for Scan and
// journal.Open). A decoding error is the line's (a cut one is dropped);
// a line that decodes but does not replay stops the reading with a
// message of its own.
func (pf *File) read(jl journal.Line) error {
	if pf.Split == nil {
		return pf.readHeader(jl)
	}
	var l Line
	if err := strictjson.Decode(jl.Text, &l, strictjson.Options{What: filekinds.Proof.Line}); err != nil {
		return err
	}
	if err := pf.readLine(jl.No, &l); err != nil {
		return journal.Stop(err)
	}
	return nil
}

// readHeader reads the header: its fields in range, then the split of
// its position, which must give the lines and digest it says.
func (pf *File) readHeader(jl journal.Line) error {
	h := &pf.Header
	if err := strictjson.Decode(jl.Text, h, strictjson.Options{What: "a proof file's header"}); err != nil {
		return err
	}
	cmd, lineNo := pf.cmd, jl.No
	pos, err := chainreact.ParsePosition(pf.Path, strings.NewReader(h.Position))
	if err != nil || pos.Board.Players() != 2 || chainreact.FormatSize(pos.Board.Rows(), pos.Board.Cols()) != h.Size {
		return journal.Stop(status.BadInput("%s: %s:%d: the header's position is not a two-player position of its size %s", cmd, pf.Path, lineNo, h.Size))
	}
	if pf.want != nil {
		if err := pf.want(h, lineNo); err != nil {
			return journal.Stop(err)
		}
	}
	split, err := exact.Split(&pos.Board, h.Split)
	if err != nil {
		return journal.Stop(status.BadInput("%s: %s:%d: %v", cmd, pf.Path, lineNo, err))
	}
	if len(split.Lines) != h.Lines || split.Digest() != h.Digest {
		return journal.Stop(status.BadInput("%s: %s:%d: the header says %d lines, digest %s; this chainshot splits that position after %d plies into %d lines, digest %s (made by another version?)",
			cmd, pf.Path, lineNo, h.Lines, h.Digest, h.Split, len(split.Lines), split.Digest()))
	}
	pf.Split, pf.Names = split, pos.Names
	pf.Lines = make([]*Line, len(split.Lines))
	pf.Results = make([]*exact.LineResult, len(split.Lines))
	return nil
}

// readLine checks a decoded line against the split and keeps it.
func (pf *File) readLine(lineNo int, l *Line) error {
	at := fmt.Sprintf("%s: %s:%d", pf.cmd, pf.Path, lineNo)
	if l.Line >= len(pf.Lines) {
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
	if err := pf.keep(l, res); err != nil {
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
