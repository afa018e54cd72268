package chainreact

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// Limits of the engine's fixed-size board.
const (
	MaxRows    = 16                // MaxRows is the most rows a board may have.
	MaxCols    = 16                // MaxCols is the most columns a board may have.
	MaxCells   = MaxRows * MaxCols // MaxCells is the most cells a board may have.
	MaxPlayers = 8                 // MaxPlayers is the most players a game may have.
	maxCount   = 8                 // per-cell counts stay below this (at most 2·4−1)
)

// Move is a cell index (see the package comment); NoMove is no move.
type Move int16

// NoMove is the zero-information move: no legal move, or not chosen yet.
const NoMove Move = -1

// Geometry is what depends only on a board's size: critical masses,
// neighbour lists and, on boards of at most 64 cells, bit masks of cell
// sets (view.go). One Geometry of each size is shared, read-only, by
// every board of that size, so two boards have the same size exactly
// when their Geometry is the same pointer.
type Geometry struct {
	rows, cols int
	cells      int
	capacity   int // sum of (critical mass - 1): the most orbs a stable board holds
	cm         [MaxCells]uint8
	nb         [MaxCells][4]uint16
	kind       [MaxCells]uint8 // 2 corner, 3 edge, 4 inside (= critical mass)
	// Bit masks of cell sets, for boards of at most 64 cells (small):
	// corners, edges (not corners), cells with a left neighbour, cells
	// with a right neighbour.
	small                           bool
	corner, edge, hasLeft, hasRight uint64
	all                             uint64 // every cell
}

var (
	geoMu    sync.Mutex
	geoCache [MaxRows + 1][MaxCols + 1]*Geometry
)

func geometryOf(rows, cols int) *Geometry {
	geoMu.Lock()
	defer geoMu.Unlock()
	if g := geoCache[rows][cols]; g != nil {
		return g
	}
	g := &Geometry{rows: rows, cols: cols, cells: rows * cols}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			i := r*cols + c
			n := 0
			add := func(j int) { g.nb[i][n] = uint16(j); n++ }
			if r > 0 {
				add(i - cols)
			}
			if c > 0 {
				add(i - 1)
			}
			if c < cols-1 {
				add(i + 1)
			}
			if r < rows-1 {
				add(i + cols)
			}
			g.cm[i] = uint8(n)
			g.kind[i] = uint8(n)
			g.capacity += n - 1
		}
	}
	if g.cells <= 64 {
		g.small = true
		for i := 0; i < g.cells; i++ {
			bit := uint64(1) << i
			g.all |= bit
			switch g.kind[i] {
			case 2:
				g.corner |= bit
			case 3:
				g.edge |= bit
			}
			if i%cols > 0 {
				g.hasLeft |= bit
			}
			if i%cols < cols-1 {
				g.hasRight |= bit
			}
		}
	}
	geoCache[rows][cols] = g
	return g
}

// Zobrist keys, drawn once from a fixed-seed PCG so hashes are the same
// from run to run. Row 0 of each cell (owner "empty") stays zero.
var (
	zobCell [MaxCells][MaxPlayers + 1][maxCount]uint64
	zobTurn [MaxPlayers]uint64
)

func init() {
	rng := rand.New(rand.NewPCG(0x636861696e726561, 0x6374696f6e000001))
	for i := range zobCell {
		for o := 1; o <= MaxPlayers; o++ {
			for k := 1; k < maxCount; k++ {
				zobCell[i][o][k] = rng.Uint64()
			}
		}
	}
	for p := range zobTurn {
		zobTurn[p] = rng.Uint64()
	}
}

// Board is a Chain Reaction position: cells, the player to move, the
// moves played and the winner once there is one. The zero value is not a
// board; use NewBoard or ParsePosition. Copy a Board to keep a position.
type Board struct {
	geo   *Geometry
	count [MaxCells]uint8
	owner [MaxCells]uint8 // 0 empty, else player+1
	orbs  [MaxPlayers]int32
	// the cells held by each owner (index 0 unused), as bit masks, kept on
	// boards of at most 64 cells; the critical cells, kept only when masks
	// is set (by TrackMasks) so that other players pay nothing for them
	occ     [MaxPlayers + 1]uint64
	crit    uint64
	masks   bool
	hash    uint64
	ply     int32
	players int8
	toMove  int8
	winner  int8
}

// NewBoard returns the empty rows×cols board for the given number of
// players, player 0 to move.
func NewBoard(rows, cols, players int) (Board, error) {
	if rows < 2 || cols < 2 || rows > MaxRows || cols > MaxCols {
		return Board{}, fmt.Errorf("chainreact: board %dx%d: want 2 to %d rows and 2 to %d columns", rows, cols, MaxRows, MaxCols)
	}
	if players < 2 || players > MaxPlayers {
		return Board{}, fmt.Errorf("chainreact: %d players: want 2 to %d", players, MaxPlayers)
	}
	b := Board{geo: geometryOf(rows, cols), players: int8(players), winner: -1}
	b.hash = zobTurn[0]
	return b, nil
}

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.geo.rows }

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.geo.cols }

// Cells returns the number of cells, Rows()*Cols().
func (b *Board) Cells() int { return b.geo.cells }

// Capacity returns the most orbs a stable board of this size can hold: the
// sum over cells of critical mass minus one. A game ends by ply
// Capacity()+1.
func (b *Board) Capacity() int { return b.geo.capacity }

// Players returns the number of players in the game.
func (b *Board) Players() int { return int(b.players) }

// ToMove returns the player to move (0-based).
func (b *Board) ToMove() int { return int(b.toMove) }

// Ply returns the number of moves played, which equals the orbs on the board.
func (b *Board) Ply() int { return int(b.ply) }

// Winner returns the winning player, or -1 while the game goes on.
func (b *Board) Winner() int { return int(b.winner) }

// Over reports whether the game has ended.
func (b *Board) Over() bool { return b.winner >= 0 }

// Hash returns the Zobrist hash of the cells and the player to move.
func (b *Board) Hash() uint64 { return b.hash }

// Orbs returns the orbs player p holds.
func (b *Board) Orbs(p int) int { return int(b.orbs[p]) }

// Alive reports whether player p is still in the game: p holds orbs or
// has not made a first move yet.
func (b *Board) Alive(p int) bool { return b.orbs[p] > 0 || int32(p) >= b.ply }

// Cell returns the owner (-1 if empty) and orb count of cell i.
func (b *Board) Cell(i int) (owner, count int) {
	return int(b.owner[i]) - 1, int(b.count[i])
}

// CriticalMass returns the critical mass of cell i.
func (b *Board) CriticalMass(i int) int { return int(b.geo.cm[i]) }

// Neighbours appends the neighbours of cell i to dst.
func (b *Board) Neighbours(dst []int, i int) []int {
	for k := 0; k < int(b.geo.cm[i]); k++ {
		dst = append(dst, int(b.geo.nb[i][k]))
	}
	return dst
}

// MoveAt returns the move on the cell at row r, column c (1-based, row 1
// at the bottom), and whether that cell is on the board.
func (b *Board) MoveAt(r, c int) (Move, bool) {
	if r < 1 || c < 1 || r > b.geo.rows || c > b.geo.cols {
		return NoMove, false
	}
	return Move((r-1)*b.geo.cols + c - 1), true
}

// RowCol returns the 1-based row (from the bottom) and column of m.
func (b *Board) RowCol(m Move) (r, c int) {
	return int(m)/b.geo.cols + 1, int(m)%b.geo.cols + 1
}

// FormatMove returns m as "r c".
func (b *Board) FormatMove(m Move) string {
	r, c := b.RowCol(m)
	return fmt.Sprintf("%d %d", r, c)
}

// ParseMove reads a move written "r c" (or "r,c"): row r from the bottom,
// column c from the left, both 1-based. It says why a move is not a cell
// of b; it does not check that the move is legal.
func (b *Board) ParseMove(s string) (Move, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(f) != 2 {
		return NoMove, fmt.Errorf("want a move as \"row col\", such as \"1 1\"")
	}
	r, err1 := strconv.Atoi(f[0])
	c, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return NoMove, fmt.Errorf("%q: want two numbers \"row col\"", s)
	}
	m, ok := b.MoveAt(r, c)
	if !ok {
		return NoMove, fmt.Errorf("%d %d is off the %dx%d board (row 1 is the bottom)", r, c, b.Rows(), b.Cols())
	}
	return m, nil
}

// Legal reports whether the player to move may play m.
func (b *Board) Legal(m Move) bool {
	if b.winner >= 0 || m < 0 || int(m) >= b.geo.cells {
		return false
	}
	o := b.owner[m]
	return o == 0 || o == uint8(b.toMove)+1
}

// AppendMoves appends the legal moves of the player to move to dst, in
// cell order, and returns it. A finished game has none.
func (b *Board) AppendMoves(dst []Move) []Move {
	if b.winner >= 0 {
		return dst
	}
	own := uint8(b.toMove) + 1
	cells := b.geo.cells
	n := len(dst)
	if b.geo.small {
		// the cells nobody else holds, from the owners' masks
		others := uint64(0)
		for q := uint8(1); q <= uint8(b.players); q++ {
			if q != own {
				others |= b.occ[q]
			}
		}
		free := b.geo.all &^ others
		if room := cap(dst) - n; room < 64 {
			if room >= cells { // room for every cell: appended, no allocation
				for ; free != 0; free &= free - 1 {
					dst = append(dst, Move(bits.TrailingZeros64(free)))
				}
				return dst
			}
			dst = append(dst, make([]Move, 64)...)
		}
		// written into 64 slots (no bounds check: k < 64)
		out := dst[n : n+64]
		k := 0
		for ; free != 0; free &= free - 1 {
			out[k&63] = Move(bits.TrailingZeros64(free))
			k++
		}
		return dst[:n+k]
	}
	if cap(dst)-n < cells {
		dst = append(dst, make([]Move, cells)...)
	}
	dst = dst[:n+cells]
	out := dst[n:]
	k := 0
	for i, o := range b.owner[:cells] {
		out[k] = Move(i)
		// o*(o-own) is zero exactly when o is 0 or own (both are at most 8)
		if o*(o-own) == 0 {
			k++
		}
	}
	return dst[:n+k]
}

// set puts owner o and count k on cell i, keeping the hash and, on
// boards of at most 64 cells, the owners' masks (and the critical cells'
// when masks is set).
func (b *Board) set(i int, o, k uint8) {
	b.hash ^= zobCell[i][b.owner[i]][b.count[i]&(maxCount-1)] ^ zobCell[i][o][k&(maxCount-1)]
	if b.geo.small {
		bit := uint64(1) << i
		if old := b.owner[i]; old != 0 {
			b.occ[old] &^= bit
		}
		if o != 0 {
			b.occ[o] |= bit
		}
		if b.masks {
			if k+1 == b.geo.cm[i] && o != 0 {
				b.crit |= bit
			} else {
				b.crit &^= bit
			}
		}
	}
	b.owner[i], b.count[i] = o, k
}

// Trace is what one move did, wave by wave: the engine's own account of
// a reaction, for pictures and analysis (they draw from it instead of
// replaying the rules).
type Trace struct {
	// Move is the cell played and Player the mover.
	Move   Move
	Player int
	// Before is the position the move was played on; Landed is the board
	// once the orb has landed, before any explosion.
	Before, Landed Board
	// Waves lists the reaction's waves in order; none if nothing exploded.
	Waves []Wave
	// Stopped says the reaction was cut because one player was left, with
	// cells still unstable.
	Stopped bool
}

// Wave is one wave of a reaction: every cell unstable when the wave began
// explodes once (the last wave of a stopped reaction only in part).
type Wave struct {
	// Exploded lists the cells that exploded, in the engine's order.
	Exploded []Move
	// After is the board when the wave ended. The last wave's After is the
	// position after the move: the next player to move, or the winner.
	After Board
}

// Play plays m for the player to move. m must be legal (see Legal); Play
// does not check. It never allocates.
func (b *Board) Play(m Move) { b.play(m, nil) }

// PlayTrace plays m like Play, through the same code, and returns what
// happened wave by wave.
func (b *Board) PlayTrace(m Move) Trace {
	t := Trace{Move: m, Player: int(b.toMove), Before: *b}
	b.play(m, &t)
	if n := len(t.Waves); n > 0 {
		t.Waves[n-1].After = *b
	}
	return t
}

// PlayChecked plays m if it is legal and says why not otherwise.
func (b *Board) PlayChecked(m Move) error {
	if b.winner >= 0 {
		return fmt.Errorf("chainreact: the game is over")
	}
	if m < 0 || int(m) >= b.geo.cells {
		return fmt.Errorf("chainreact: move %d is off the board", m)
	}
	if !b.Legal(m) {
		return fmt.Errorf("chainreact: cell %s belongs to another player", b.FormatMove(m))
	}
	b.Play(m)
	return nil
}

func (b *Board) play(m Move, tr *Trace) {
	g := b.geo
	p := b.toMove
	own := uint8(p) + 1
	i := int(m) & (MaxCells - 1)
	if k := b.count[i] + 1; g.small {
		// set, written out for the common case: the cell is empty or the
		// mover's
		b.hash ^= zobCell[i][b.owner[i]][b.count[i]&(maxCount-1)] ^ zobCell[i][own][k&(maxCount-1)]
		bit := uint64(1) << i
		b.occ[own] |= bit
		if b.masks {
			b.crit &^= bit
			if k+1 == g.cm[i] {
				b.crit |= bit
			}
		}
		b.owner[i], b.count[i] = own, k
	} else {
		b.set(i, own, k)
	}
	b.orbs[p]++
	b.ply++
	if tr != nil {
		tr.Landed = *b
	}
	if b.count[i] >= g.cm[i] {
		if b.react(i, own, tr) {
			return
		}
	}
	b.advance()
}

// react runs the reaction started at cell i by player own-1. It reports
// whether the game ended (one player left). Boards of at most 64 cells
// take reactSmall, the same rule written for their bit masks; this loop
// is the larger boards'.
func (b *Board) react(start int, own uint8, tr *Trace) bool {
	if b.geo.small {
		return b.reactSmall(start, own, tr)
	}
	g := b.geo
	p := own - 1
	// others counts the players besides the mover still in the game.
	others := bits.OnesCount16(b.others(p))
	// FIFO ring of the cells waiting to explode, wave by wave: a cell is
	// in it at most once at a time, and cells are numbered below 256, so
	// uint8 positions wrap around it by themselves
	var q [MaxCells]uint8
	var head, tail uint8 = 0, 1
	size := 1
	q[0] = uint8(start)
	waveLeft := 1
	var wave []Move
	limit := 64*g.cells + 1024 // never reached: see the package comment
	h := b.hash
	small, masks := g.small, b.masks
	for n := 0; size > 0; n++ {
		c := int(q[head])
		head++
		size--
		cm := g.cm[c]
		cnt := b.count[c]
		rest := cnt - cm
		// the exploding cell is the mover's: it keeps the surplus, if any
		no := own
		if rest == 0 {
			no = 0
		}
		h ^= zobCell[c][own][cnt&(maxCount-1)] ^ zobCell[c][no][rest&(maxCount-1)]
		if small {
			bit := uint64(1) << c
			if no == 0 {
				b.occ[own] &^= bit
			}
			if masks {
				if rest+1 == cm && no != 0 {
					b.crit |= bit
				} else {
					b.crit &^= bit
				}
			}
		}
		b.owner[c], b.count[c] = no, rest
		for _, j16 := range g.nb[c][:cm] {
			j := int(j16)
			o, k := b.owner[j], b.count[j]
			nk := k + 1
			h ^= zobCell[j][o][k&(maxCount-1)] ^ zobCell[j][own][nk&(maxCount-1)]
			cmj := g.cm[j]
			if o != own {
				if o != 0 {
					b.orbs[o-1] -= int32(k)
					b.orbs[p] += int32(k)
					if b.orbs[o-1] == 0 && int32(o-1) < b.ply {
						others--
					}
				}
				if small {
					bit := uint64(1) << j
					b.occ[o] &^= bit
					b.occ[own] |= bit
				}
			}
			if masks {
				bit := uint64(1) << j
				if nk+1 == cmj {
					b.crit |= bit
				} else {
					b.crit &^= bit
				}
			}
			b.owner[j], b.count[j] = own, nk
			if nk == cmj {
				q[tail] = uint8(j)
				tail++
				size++
			}
		}
		if rest >= cm {
			q[tail] = uint8(c)
			tail++
			size++
		}
		if tr != nil {
			wave = append(wave, Move(c))
		}
		waveLeft--
		if waveLeft == 0 {
			waveLeft = size
			if tr != nil {
				b.hash = h
				tr.Waves = append(tr.Waves, Wave{Exploded: wave, After: *b})
				wave = nil
			}
		}
		if others <= 0 || n >= limit {
			b.hash = h
			b.win(p, tr, wave, size > 0)
			return true
		}
	}
	b.hash = h
	return false
}

// reactSmall is react on a board of at most 64 cells, the engine's hot
// loop, written to spare the processor unpredictable branches: every
// neighbour's update is the same straight code whoever held the cell
// (orbs are moved through a table of deltas by owner, the owners' masks
// are updated whether or not the owner changes, a cell is written to the
// queue and the queue's tail moves on only if it became unstable), and a
// player is out when its mask empties, checked once an explosion. The
// mover's mask, the critical cells and the hash live in registers until
// the reaction ends or a trace takes a picture of the board.
func (b *Board) reactSmall(start int, own uint8, tr *Trace) bool {
	g := b.geo
	p := own - 1
	enemies := b.others(p)
	var q [MaxCells]uint8 // FIFO ring, positions wrapping at 256 (a cell is in it at most once)
	var head, tail uint8 = 0, 1
	q[0] = uint8(start)
	waveLeft := 1
	var wave []Move
	// In registers: the hash, the critical cells, the mover's mask, the
	// orbs the mover took; the orbs each owner lost go through a table
	// (delta, indexed by owner: whoever held a cell, the same code).
	h, crit, mine := b.hash, b.crit, b.occ[own]
	var gained int32
	var delta [16]int32
	masks := b.masks
	for n := 0; head != tail; n++ {
		c := int(q[head])
		head++
		cm := g.cm[c]
		cnt := b.count[c]
		rest := cnt - cm
		bit := uint64(1) << c
		// the exploding cell is the mover's: it keeps the surplus, if any
		no := own
		if rest == 0 {
			no = 0
			mine &^= bit
		}
		h ^= zobCell[c][own][cnt&(maxCount-1)] ^ zobCell[c][no][rest&(maxCount-1)]
		if masks {
			crit &^= bit
			if rest+1 == cm {
				crit |= bit
			}
		}
		b.owner[c], b.count[c] = no, rest
		for _, j16 := range g.nb[c][:cm] {
			j := int(j16) & (MaxCells - 1)
			o, k := b.owner[j], b.count[j]
			nk := k + 1
			h ^= zobCell[j][o][k&(maxCount-1)] ^ zobCell[j][own][nk&(maxCount-1)]
			jb := uint64(1) << j
			delta[o&15] -= int32(k)
			gained += int32(k)
			b.occ[o] &^= jb
			mine |= jb
			cmj := g.cm[j]
			if masks {
				crit &^= jb
				if nk+1 == cmj {
					crit |= jb
				}
			}
			b.owner[j], b.count[j] = own, nk
			q[tail] = uint8(j)
			if nk == cmj {
				tail++
			}
		}
		if rest >= cm {
			q[tail] = uint8(c)
			tail++
		}
		if tr != nil {
			wave = append(wave, Move(c))
		}
		// a player who has moved is out once its last cell is taken
		for e := enemies; e != 0; e &= e - 1 {
			o := bits.TrailingZeros16(e)
			if b.occ[o+1] == 0 && int32(o) < b.ply {
				enemies &^= 1 << o
			}
		}
		waveLeft--
		if waveLeft == 0 {
			waveLeft = int(tail - head)
			if tr != nil {
				b.settle(own, h, crit, mine, gained, &delta)
				gained, delta = 0, [16]int32{}
				tr.Waves = append(tr.Waves, Wave{Exploded: wave, After: *b})
				wave = nil
			}
		}
		if enemies == 0 || n >= 64*g.cells+1024 {
			b.settle(own, h, crit, mine, gained, &delta)
			b.win(p, tr, wave, head != tail)
			return true
		}
	}
	b.settle(own, h, crit, mine, gained, &delta)
	return false
}

// others returns the players besides p still in the game, a bit each
// (bit q for player q), as a reaction by p starts.
func (b *Board) others(p uint8) uint16 {
	var set uint16
	for q := int8(0); q < b.players; q++ {
		if q != int8(p) && b.Alive(int(q)) {
			set |= 1 << q
		}
	}
	return set
}

// win ends the game with a reaction by player p still under way, the
// moment p is the only player left: the reaction stops where it is, and
// a trace keeps the part of the wave that exploded and says whether
// cells were left unstable.
func (b *Board) win(p uint8, tr *Trace, wave []Move, unstable bool) {
	if tr != nil {
		if len(wave) > 0 {
			tr.Waves = append(tr.Waves, Wave{Exploded: wave})
		}
		tr.Stopped = unstable
	}
	b.winner = int8(p)
}

// settle writes back to the board what reactSmall keeps in registers:
// the hash, the critical cells, the mover's mask, the orbs the mover
// gained and each owner lost.
func (b *Board) settle(own uint8, h, crit, mine uint64, gained int32, delta *[16]int32) {
	b.hash, b.crit, b.occ[own] = h, crit, mine
	delta[own] += gained
	for o := 1; o <= int(b.players); o++ {
		b.orbs[o-1] += delta[o]
	}
}

// advance passes the turn to the next player still in the game, or ends
// the game when the mover is the only one left.
func (b *Board) advance() {
	p := b.toMove
	for k := int8(1); k < b.players; k++ {
		q := (p + k) % b.players
		if b.Alive(int(q)) {
			b.hash ^= zobTurn[p] ^ zobTurn[q]
			b.toMove = q
			return
		}
	}
	b.winner = p
}

// recount recomputes orbs and hash from the cells and finishes a loaded
// position: ply, winner. It is used by the parser.
func (b *Board) recount() {
	b.orbs = [MaxPlayers]int32{}
	b.hash = zobTurn[b.toMove]
	b.ply = 0
	for i := 0; i < b.geo.cells; i++ {
		if o := b.owner[i]; o != 0 {
			b.orbs[o-1] += int32(b.count[i])
			b.ply += int32(b.count[i])
			b.hash ^= zobCell[i][o][b.count[i]&(maxCount-1)]
		}
	}
	b.winner = -1
	b.occ = [MaxPlayers + 1]uint64{}
	if b.geo.small {
		for i := 0; i < b.geo.cells; i++ {
			if o := b.owner[i]; o != 0 {
				b.occ[o] |= 1 << i
			}
		}
	}
	alive, last := 0, 0
	for q := 0; q < int(b.players); q++ {
		if b.Alive(q) {
			alive++
			last = q
		}
	}
	if alive == 1 {
		b.winner = int8(last)
	}
}
