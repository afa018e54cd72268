package exact

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"sync/atomic"

	"chainshot/chainreact"
	"chainshot/internal/strictjson"
)

// A table file keeps a transposition table between sittings, so that a
// line stopped before it was solved loses none of the positions proved
// under it: every entry is a proved bound, true wherever its position
// recurs, so the entries of any moment (even of a table other solvers
// were writing to while it was saved) are sound to start from.
//
// The format, version 1:
//
//	chainshot solver table\n                    TableMagic
//	{"format":1,"size":"2x9",...}\n              TableHeader, one JSON line
//	the table's words, 8 bytes each, little-endian
//	the CRC-32C (Castagnoli) of those bytes, 4 bytes little-endian, then "end\n"
//
// The header's keys digest names the solver's keys and value coding: a
// table made by a solver whose keys differ is refused, since its entries
// would be read as bounds of other positions.

// TableMagic is the first line of a table file.
const TableMagic = "chainshot solver table\n"

// tableFormat is the version of the table file's format.
const tableFormat = 1

// tableTrailer ends a table file, after the CRC.
const tableTrailer = "end\n"

// maxTableHeader caps the header line: a few short fields.
const maxTableHeader = 1 << 10

// TableHeader is a table file's second line.
type TableHeader struct {
	Format  int    `json:"format" strict:"required"`
	Size    string `json:"size" strict:"required"`
	Compact bool   `json:"compact" strict:"required"`
	Buckets uint64 `json:"buckets" strict:"required"`
	// Keys is the digest of the solver's keys and value coding for the
	// board size (see keyDigest).
	Keys string `json:"keys" strict:"required"`
	// CPUSeconds is the solver CPU time that went into the table, over
	// every sitting that saved it.
	CPUSeconds float64 `json:"cpu_seconds" strict:"required"`
}

// MB returns the size of the table the header describes, in megabytes.
func (h *TableHeader) MB() int { return int((h.Buckets*64 + 1<<20 - 1) >> 20) }

// Check says whether the header's fields are in range (for the strict
// decoder).
func (h *TableHeader) Check() error {
	switch {
	case h.Format != tableFormat:
		return &strictjson.FieldError{Field: "format", Msg: fmt.Sprintf("is %d: this chainshot reads format %d", h.Format, tableFormat)}
	case h.Buckets == 0 || h.Buckets&(h.Buckets-1) != 0 || h.Buckets > 1<<40:
		return &strictjson.FieldError{Field: "buckets", Msg: fmt.Sprintf("is %d: want a power of two up to 2^40", h.Buckets)}
	case h.CPUSeconds < 0 || h.CPUSeconds > 1e12:
		return &strictjson.FieldError{Field: "cpu_seconds", Msg: fmt.Sprintf("is %g: want 0 to 10^12", h.CPUSeconds)}
	}
	if _, _, err := chainreact.ParseSize(h.Size); err != nil {
		return &strictjson.FieldError{Field: "size", Msg: fmt.Sprintf("is %q: want %s", h.Size, chainreact.SizeWant)}
	}
	return nil
}

// TableError is a table file that cannot be used: Offset is the byte of
// the file where the defect is (the header's line is line 2).
type TableError struct {
	Offset int64
	Msg    string
	// MB is the size of the file's table, in megabytes, when it is not
	// the size asked for; 0 otherwise.
	MB int
}

func (e *TableError) Error() string { return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg) }

// keyDigest names the keys and the value coding of the tables of b's
// board size: two solvers whose digests agree read each other's entries
// alike.
func keyDigest(b *chainreact.Board) string {
	s := NewSolver(SolveOptions{TableMB: 1})
	s.prepare(b)
	h := fnv.New64a()
	put := func(vs ...uint64) {
		var buf [8]byte
		for _, v := range vs {
			binary.LittleEndian.PutUint64(buf[:], v)
			h.Write(buf[:])
		}
	}
	put(tableFormat, solveWin, solveNoBound, solveBucket, compactData, compactNone, uint64(s.nsym), solveTurnKey, solveFirstRoundKey)
	for _, k := range s.keys {
		for _, st := range k {
			put(st[:]...)
		}
	}
	for sym := range s.nsym {
		for i := range s.geo.Cells() {
			put(uint64(s.perm[sym][i]))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteTable writes t, the table of solvers of b's board size, to w as a
// table file whose header says cpuSeconds went into it. Solvers may go on
// writing t meanwhile: each word is read atomically, and every entry
// read is one some solver stored.
func (t *SolveTable) WriteTable(w io.Writer, b *chainreact.Board, cpuSeconds float64) error {
	h := TableHeader{Format: tableFormat, Size: fmt.Sprintf("%dx%d", b.Geometry().Rows(), b.Geometry().Cols()),
		Compact: t.compact, Buckets: t.mask + 1, Keys: keyDigest(b), CPUSeconds: cpuSeconds}
	line, err := json.Marshal(&h)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString(TableMagic)
	bw.Write(line)
	crc := uint32(0)
	var chunk [1 << 16]byte
	for i := 0; i < len(t.words); {
		n := 0
		for ; n+8 <= len(chunk) && i < len(t.words); i++ {
			binary.LittleEndian.PutUint64(chunk[n:], atomic.LoadUint64(&t.words[i]))
			n += 8
		}
		crc = crc32.Update(crc, castagnoli, chunk[:n])
		if _, err := bw.Write(chunk[:n]); err != nil {
			return err
		}
	}
	var tail [4]byte
	binary.LittleEndian.PutUint32(tail[:], crc)
	bw.Write(tail[:])
	bw.WriteString(tableTrailer)
	return bw.Flush()
}

// ReadSolveTable reads a table file written by WriteTable for b's board
// size, into a new table of mb megabytes (as NewSolveTable makes it): the
// file must hold a table of that size, made with this solver's keys. It
// returns the table and the file's header. The header is read and checked
// before the table is made, so a file that asks for more memory than mb
// is refused in little memory; the words are checked against the file's
// CRC. A defect is a *TableError.
func ReadSolveTable(r io.Reader, b *chainreact.Board, mb int) (*SolveTable, TableHeader, error) {
	var h TableHeader
	br := bufio.NewReaderSize(r, 1<<20)
	magic := make([]byte, len(TableMagic))
	if n, _ := io.ReadFull(br, magic); string(magic[:n]) != TableMagic {
		return nil, h, &TableError{Offset: 0, Msg: fmt.Sprintf("not a solver table: it starts %q, want %q", magic[:n], TableMagic)}
	}
	off := int64(len(TableMagic))
	line, err := br.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull) || len(line) > maxTableHeader:
		return nil, h, &TableError{Offset: off, Msg: fmt.Sprintf("the header line is longer than %d bytes", maxTableHeader)}
	case err != nil:
		return nil, h, &TableError{Offset: off + int64(len(line)), Msg: "the file ends inside the header line"}
	}
	if err := strictjson.Decode(line, &h, strictjson.Options{What: "a table header"}); err != nil {
		return nil, h, &TableError{Offset: off, Msg: "the header: " + err.Error()}
	}
	g := b.Geometry()
	want := TableHeader{Size: fmt.Sprintf("%dx%d", g.Rows(), g.Cols()), Compact: compactFits(g), Buckets: tableBuckets(mb, g), Keys: keyDigest(b)}
	switch {
	case h.Size != want.Size:
		return nil, h, &TableError{Offset: off, Msg: fmt.Sprintf("a table of %s boards, not %s", h.Size, want.Size)}
	case h.Compact != want.Compact:
		return nil, h, &TableError{Offset: off, Msg: fmt.Sprintf("\"compact\" is %v: this solver's %s tables are %v", h.Compact, want.Size, want.Compact)}
	case h.Keys != want.Keys:
		return nil, h, &TableError{Offset: off, Msg: fmt.Sprintf("made with other keys (%s, this solver's are %s): its entries would be another position's", h.Keys, want.Keys)}
	case h.Buckets != want.Buckets:
		return nil, h, &TableError{Offset: off, Msg: fmt.Sprintf("a table of %d MB: this run's is %d MB", h.MB(), int((want.Buckets*64+1<<20-1)>>20)), MB: h.MB()}
	}
	off += int64(len(line))
	t := newSolveTable(want.Buckets, want.Compact)
	crc := uint32(0)
	var chunk [1 << 16]byte
	for i := 0; i < len(t.words); {
		n := min(len(chunk), (len(t.words)-i)*8)
		if got, err := io.ReadFull(br, chunk[:n]); err != nil {
			return nil, h, &TableError{Offset: off + int64(got), Msg: fmt.Sprintf("the file ends inside the table: want %d bytes of words", len(t.words)*8)}
		}
		crc = crc32.Update(crc, castagnoli, chunk[:n])
		for k := 0; k < n; k += 8 {
			t.words[i] = binary.LittleEndian.Uint64(chunk[k:])
			i++
		}
		off += int64(n)
	}
	var tail [4 + len(tableTrailer)]byte
	if got, err := io.ReadFull(br, tail[:]); err != nil {
		return nil, h, &TableError{Offset: off + int64(got), Msg: "the file ends before its CRC and \"end\": it was cut short"}
	}
	if got := binary.LittleEndian.Uint32(tail[:4]); got != crc {
		return nil, h, &TableError{Offset: off, Msg: fmt.Sprintf("the CRC is %08x, the words give %08x: the file is damaged", got, crc)}
	}
	if string(tail[4:]) != tableTrailer {
		return nil, h, &TableError{Offset: off + 4, Msg: fmt.Sprintf("want %q after the CRC", tableTrailer)}
	}
	if n, _ := br.Read(make([]byte, 1)); n > 0 {
		return nil, h, &TableError{Offset: off + int64(len(tail)), Msg: "bytes after the end"}
	}
	return t, h, nil
}
