package ai

import (
	"math"
	"math/rand/v2"

	"chainshot/chainreact"
	"chainshot/chainreact/internal/halt"
)

// mctsNode is one node of the Monte-Carlo tree, kept in a flat arena.
type mctsNode struct {
	move     chainreact.Move
	mover    int8  // the player who played move
	children int32 // index of the first child, -1 until expanded
	nchild   int32
	visits   float64
	wins     float64 // playouts won by mover
}

// mctsPlayer is UCT Monte-Carlo tree search with uniformly random
// playouts: a fixed number of playouts per move, or as many as a time
// limit allows (or the fewer of the two).
type mctsPlayer struct {
	name     string
	playouts int // 0: no limit but the clock's
	c        float64
	clock    moveClock
	rng      *rand.Rand
	nodes    []mctsNode
	path     []int32
	buf      []chainreact.Move
	total    uint64
	halt     halt.Halter // stops the playouts from outside (ChooseContext)
	pace     halt.Pacer  // says when to read the clock under a time limit
}

// mctsClockEvery is how many playouts pass, at most, between two readings
// of the clock under a time limit: a 9x6 playout takes microseconds, a
// late 16x16 one a fraction of a millisecond, so the pacer reads it after
// every playout while they take longer than clockSpan.
const mctsClockEvery = 4

// mctsMaxNodes caps the tree (64 MB): under a long time limit the search
// goes on playing out from the leaves it has.
const mctsMaxNodes = 1 << 21

func (m *mctsPlayer) Spec() string  { return m.name }
func (m *mctsPlayer) Nodes() uint64 { return m.total }

func (m *mctsPlayer) Reset(seed uint64) {
	m.rng = rand.New(rand.NewPCG(seed, 0x6d637473))
}

func (m *mctsPlayer) expand(b *chainreact.Board, n int32) {
	m.buf = b.AppendMoves(m.buf[:0])
	m.rng.Shuffle(len(m.buf), func(i, j int) { m.buf[i], m.buf[j] = m.buf[j], m.buf[i] })
	first := int32(len(m.nodes))
	for _, mv := range m.buf {
		m.nodes = append(m.nodes, mctsNode{move: mv, mover: int8(b.ToMove()), children: -1})
	}
	m.nodes[n].children = first
	m.nodes[n].nchild = int32(len(m.buf))
}

func (m *mctsPlayer) Choose(b *chainreact.Board, _ []chainreact.Move) chainreact.Move {
	m.nodes = append(m.nodes[:0], mctsNode{move: chainreact.NoMove, mover: -1, children: -1})
	m.expand(b, 0)
	m.clock.start(1)
	defer m.clock.stop()
	m.pace = halt.Pacer{Span: clockSpan, Max: mctsClockEvery}
	m.pace.Start(0, 1)
	for it := 0; (m.playouts == 0 || it < m.playouts) && !m.halt.Halted(); it++ {
		// the clock is read when the pacer says (at least one playout is
		// always played)
		if it > 0 && m.clock.limited() && m.pace.Due(uint64(it)) && m.clock.expired() {
			break
		}
		c := *b
		m.path = append(m.path[:0], 0)
		n := int32(0)
		// selection
		for m.nodes[n].children >= 0 && !c.Over() {
			parent := &m.nodes[n]
			logN := math.Log(parent.visits + 1)
			best, bestU := int32(-1), -1.0
			for k := parent.children; k < parent.children+parent.nchild; k++ {
				ch := &m.nodes[k]
				var u float64
				if ch.visits == 0 {
					u = 1e9 + m.rng.Float64()
				} else {
					u = ch.wins/ch.visits + m.c*math.Sqrt(logN/ch.visits)
				}
				if u > bestU {
					best, bestU = k, u
				}
			}
			n = best
			c.Play(m.nodes[n].move)
			m.path = append(m.path, n)
			if m.nodes[n].visits == 0 {
				break
			}
		}
		// expansion
		if m.nodes[n].children < 0 && !c.Over() && m.nodes[n].visits > 0 && len(m.nodes)+c.Cells() <= mctsMaxNodes {
			m.expand(&c, n)
		}
		// playout
		for !c.Over() {
			m.buf = c.AppendMoves(m.buf[:0])
			c.Play(m.buf[m.rng.IntN(len(m.buf))])
			m.total++
		}
		w := int8(c.Winner())
		for _, k := range m.path {
			nd := &m.nodes[k]
			nd.visits++
			if nd.mover == w {
				nd.wins++
			}
		}
	}
	root := &m.nodes[0]
	best, bestV := m.nodes[root.children].move, -1.0
	for k := root.children; k < root.children+root.nchild; k++ {
		ch := &m.nodes[k]
		v := ch.visits + ch.wins/(ch.visits+1)*0.5
		if v > bestV {
			best, bestV = ch.move, v
		}
	}
	return best
}
