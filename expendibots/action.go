package expendibots

import (
	"fmt"
)

// Kind is the kind of an action.
type Kind uint8

const (
	// Move moves N tokens of the white stack on From to To.
	Move Kind = iota + 1
	// Boom explodes the white stack on From.
	Boom
)

// Action is one White action. It is 4 bytes.
type Action struct {
	Kind Kind
	N    uint8  // tokens moved (Move only)
	From Square // the stack that moves or explodes
	To   Square // destination (Move only)
}

// MoveAction returns the action that moves n tokens from (x1, y1) to
// (x2, y2). The squares must be on the board.
func MoveAction(n, x1, y1, x2, y2 int) Action {
	return Action{Kind: Move, N: uint8(n), From: Sq(x1, y1), To: Sq(x2, y2)}
}

// BoomAction returns the action that explodes the stack on (x, y).
func BoomAction(x, y int) Action { return Action{Kind: Boom, From: Sq(x, y)} }

// String returns the action in the course's exact output form:
// "MOVE n from (x1, y1) to (x2, y2)." or "BOOM at (x, y).".
func (a Action) String() string {
	switch a.Kind {
	case Move:
		return fmt.Sprintf("MOVE %d from %s to %s.", a.N, a.From, a.To)
	case Boom:
		return fmt.Sprintf("BOOM at %s.", a.From)
	}
	return fmt.Sprintf("Action(%d)", uint8(a.Kind))
}

// IllegalError says why an action cannot be played on a board.
type IllegalError struct {
	Action Action
	Reason string
}

// Error returns the message, as in: expendibots: illegal action "BOOM at (1, 1).": no stack at (1, 1)
func (e *IllegalError) Error() string {
	return fmt.Sprintf("expendibots: illegal action %q: %s", e.Action.String(), e.Reason)
}

func illegal(a Action, format string, args ...any) error {
	return &IllegalError{Action: a, Reason: fmt.Sprintf(format, args...)}
}

func onBoardSq(s Square) bool { return s >= 0 && int(s) < Size*Size }

// Check returns an *IllegalError if a cannot be played on b, nil if it can.
func (b *Board) Check(a Action) error {
	if !onBoardSq(a.From) {
		return illegal(a, "the source square is off the board")
	}
	n := int(b.sq[a.From])
	switch a.Kind {
	case Move, Boom:
	default:
		return illegal(a, "unknown kind of action")
	}
	if n == 0 {
		return illegal(a, "no stack at %s", a.From)
	}
	if n < 0 {
		return illegal(a, "the stack at %s is black; only White acts", a.From)
	}
	if a.Kind == Boom {
		return nil
	}
	if a.N < 1 || int(a.N) > n {
		return illegal(a, "moves %s but the stack at %s has %d", count(int(a.N), "token"), a.From, n)
	}
	if !onBoardSq(a.To) {
		return illegal(a, "the destination is off the board")
	}
	dx, dy := a.To.X()-a.From.X(), a.To.Y()-a.From.Y()
	if dx != 0 && dy != 0 {
		return illegal(a, "%s to %s is not along a row or a column", a.From, a.To)
	}
	k := max(dx, -dx) + max(dy, -dy)
	if k == 0 {
		return illegal(a, "the destination is the source square")
	}
	if k > n {
		return illegal(a, "goes %d squares but a stack of %d goes at most %d", k, n, n)
	}
	if b.sq[a.To] < 0 {
		return illegal(a, "the destination %s holds a black stack", a.To)
	}
	if int(b.sq[a.To])+int(a.N) > MaxTokens {
		return illegal(a, "the stack at %s would hold more than %d tokens", a.To, MaxTokens)
	}
	return nil
}

// Step plays a on a copy of b and returns it with the squares a BOOM
// cleared (0 for a MOVE), or an *IllegalError.
func (b Board) Step(a Action) (Board, SquareSet, error) {
	if err := b.Check(a); err != nil {
		return b, 0, err
	}
	if a.Kind == Boom {
		set := b.explode(a.From)
		return b, set, nil
	}
	b.sq[a.From] -= int8(a.N)
	b.sq[a.To] += int8(a.N)
	return b, 0, nil
}

// Apply plays a on a copy of b and returns it, or an *IllegalError.
func (b Board) Apply(a Action) (Board, error) {
	next, _, err := b.Step(a)
	return next, err
}

// AppendActions appends every legal action on b to dst and returns it:
// for each white stack in square order, its BOOM, then its MOVEs by
// direction (up, down, left, right), distance and number of tokens. It
// does not allocate when dst has room (4n²+1 actions for a stack of n).
func (b *Board) AppendActions(dst []Action) []Action {
	for s := Square(0); s < Size*Size; s++ {
		n := b.sq[s]
		if n <= 0 {
			continue
		}
		dst = append(dst, Action{Kind: Boom, From: s})
		x, y := s.X(), s.Y()
		for d := range dirs {
			for k := 1; k <= int(n); k++ {
				tx, ty := x+dirs[d][0]*k, y+dirs[d][1]*k
				if !OnBoard(tx, ty) {
					break
				}
				t := Sq(tx, ty)
				if b.sq[t] < 0 {
					continue
				}
				for m := 1; m <= int(n); m++ {
					dst = append(dst, Action{Kind: Move, N: uint8(m), From: s, To: t})
				}
			}
		}
	}
	return dst
}

// dirs are the four directions of a move: up, down, left, right.
var dirs = [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}

// Replay plays actions from b in order. It returns the board after each
// action (boards[i] follows actions[i]) and the squares each cleared; on
// an illegal action it stops and returns what it played before it with
// the error and the action's index.
func Replay(b Board, actions []Action) (boards []Board, exploded []SquareSet, bad int, err error) {
	for i, a := range actions {
		next, set, err := b.Step(a)
		if err != nil {
			return boards, exploded, i, err
		}
		boards = append(boards, next)
		exploded = append(exploded, set)
		b = next
	}
	return boards, exploded, -1, nil
}

// count counts things in words: "1 token", "2 tokens".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
