// Package tui holds what the full-screen games share: whether a run
// opens one (Wanted), the program on the run's terminal (Run), the
// cursor on a grid of cells (Grid), colours from the pictures' palette
// (Paint) and the few phrases every screen says. The games' own models
// live in tui/shot (ChainShot) and tui/react (Chain Reaction); each is a
// bubbletea model that a test drives with messages, no terminal needed.
package tui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"chainshot/internal/iostreams"
)

// Wanted reports whether a game opens full screen: standard input and
// output are both terminals, the terminal is not "dumb", and --plain was
// not given. Everything else keeps the line interface.
func Wanted(io *iostreams.IO, plain bool) bool {
	return !plain && io.InTTY && io.OutTTY && io.Stdout() != nil && os.Getenv("TERM") != "dumb"
}

// Run runs m full screen on the run's terminal, with the mouse reported
// (motion too, so the group under the pointer lights up) until the model
// quits or ctx ends (SIGTERM, or SIGINT sent from outside: the program's
// interrupt package keeps the signals, and in the raw terminal Ctrl-C is
// a key the model handles). It returns the model as it ended and
// whether ctx ended it.
func Run(ctx context.Context, io *iostreams.IO, m tea.Model) (tea.Model, bool, error) {
	p := tea.NewProgram(m,
		tea.WithContext(ctx),
		tea.WithInput(io.In),
		tea.WithOutput(io.Stdout()),
		tea.WithAltScreen(),
		tea.WithMouseAllMotion(),
		tea.WithoutSignalHandler(),
	)
	final, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return final, true, nil
	}
	if err != nil {
		return final, false, fmt.Errorf("the full-screen game failed (try --plain): %w", err)
	}
	return final, false, nil
}

// Paint colours text for the screen, or leaves it as it is when colour is
// off (NO_COLOR, TERM=dumb or no colour terminal): the letters on the
// board carry the meaning either way.
type Paint struct {
	on bool
	r  *lipgloss.Renderer
}

// NewPaint returns the painter of a screen in colour when colour is
// true, the colours in as many shades as the terminal shows.
func NewPaint(colour bool) *Paint {
	p := &Paint{on: colour}
	if colour {
		// The run's streams have said the terminal takes colour; how many
		// shades it takes, TERM and COLORTERM say.
		p.r = lipgloss.NewRenderer(io.Discard)
		profile := termenv.EnvColorProfile()
		if profile == termenv.Ascii {
			profile = termenv.ANSI
		}
		p.r.SetColorProfile(profile)
	}
	return p
}

// On reports whether the painter colours.
func (p *Paint) On() bool { return p.on }

// Style is how a piece of text is painted: colours as the pictures' RGB
// (nil for the terminal's own), and bold, faint, reverse or underline.
type Style struct {
	Fg, Bg                          *color.RGBA
	Bold, Faint, Reverse, Underline bool
}

// Text paints text in s, or returns it as it is without colour.
func (p *Paint) Text(s Style, text string) string {
	if !p.on {
		return text
	}
	st := p.r.NewStyle().Bold(s.Bold).Faint(s.Faint).Reverse(s.Reverse).Underline(s.Underline)
	if s.Fg != nil {
		st = st.Foreground(hex(*s.Fg))
	}
	if s.Bg != nil {
		st = st.Background(hex(*s.Bg))
	}
	return st.Render(text)
}

func hex(c color.RGBA) lipgloss.Color {
	return lipgloss.Color(fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B))
}

// Grid is a board on the screen: its top-left cell at column X0, line Y0
// of the screen (0-based), each cell CellW columns wide and one line
// high, Rows by Cols cells, row 0 at the bottom as the games count.
type Grid struct {
	X0, Y0, CellW, Rows, Cols int
}

// At returns the cell (row from the bottom, column, both 0-based) at
// screen column x, line y; ok is false off the board.
func (g Grid) At(x, y int) (row, col int, ok bool) {
	if x < g.X0 || y < g.Y0 || g.CellW <= 0 {
		return 0, 0, false
	}
	col, line := (x-g.X0)/g.CellW, y-g.Y0
	if col >= g.Cols || line >= g.Rows {
		return 0, 0, false
	}
	return g.Rows - 1 - line, col, true
}

// Layout is a game's screen around its board of Rows by Cols cells: Top
// lines above the board, then each row with its number (RowLabel wide)
// and its cells of CellW columns, then Below lines; never narrower than
// MinWidth. Both games lay out their screens this way.
type Layout struct {
	Rows, Cols, CellW, Top, Below, MinWidth int
}

// RowLabel is the width of the row numbers.
func (l Layout) RowLabel() int { return len(strconv.Itoa(l.Rows)) }

// Grid is the board's place on the screen.
func (l Layout) Grid() Grid {
	return Grid{X0: l.RowLabel() + 2, Y0: l.Top, CellW: l.CellW, Rows: l.Rows, Cols: l.Cols}
}

// Need returns the least terminal the screen fits in.
func (l Layout) Need() (w, h int) {
	return max(l.MinWidth, l.RowLabel()+2+l.CellW*l.Cols), l.Top + l.Rows + l.Below
}

// TooSmall reports whether a terminal of w by h is too small for the
// screen (0 by 0: not known yet, never too small); View then shows
// TooSmall's message.
func (l Layout) TooSmall(w, h int) bool {
	nw, nh := l.Need()
	return w > 0 && (w < nw || h < nh)
}

// Step returns the direction a key moves the cursor: arrows and vi's h
// j k l, up being a higher row; ok is false for any other key.
func Step(k tea.KeyMsg) (dRow, dCol int, ok bool) {
	switch k.String() {
	case "up", "k":
		return 1, 0, true
	case "down", "j":
		return -1, 0, true
	case "left", "h":
		return 0, -1, true
	case "right", "l":
		return 0, 1, true
	}
	return 0, 0, false
}

// Clamp keeps v within 0 and n-1.
func Clamp(v, n int) int { return max(0, min(v, n-1)) }

// TooSmall is the screen of a terminal too small for the game: what it
// needs, what it has, and how to leave.
func TooSmall(needW, needH, w, h int) string {
	return fmt.Sprintf("The terminal is %dx%d;\nthis board needs %dx%d.\nEnlarge it, or q leaves.\n", w, h, needW, needH)
}

// Elapsed writes a duration as a clock: "0:07", "12:40", "1:02:03".
func Elapsed(d time.Duration) string {
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Fit cuts each line of a screen to w columns and the screen to h lines,
// so a long message never wraps and pushes the board about.
func Fit(screen string, w, h int) string {
	lines := strings.Split(strings.TrimSuffix(screen, "\n"), "\n")
	if h > 0 && len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if w > 0 && lipgloss.Width(l) > w {
			lines[i] = truncate(l, w)
		}
	}
	return strings.Join(lines, "\n")
}

// truncate cuts a line of plain text or painted text to w columns.
func truncate(l string, w int) string {
	return lipgloss.NewStyle().MaxWidth(w).Render(l)
}

// Tick returns a command that sends msg after d, or at once for d of 0
// (the tests' frames).
func Tick(d time.Duration, msg tea.Msg) tea.Cmd {
	if d <= 0 {
		return func() tea.Msg { return msg }
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// Keys splits a key message into one a key: a terminal read may bring
// several runes typed quickly (or pasted) in one message ("jjj", "3 4"),
// and each is a key of its own.
func Keys(k tea.KeyMsg) []tea.KeyMsg {
	if k.Type != tea.KeyRunes || len(k.Runes) <= 1 {
		return []tea.KeyMsg{k}
	}
	out := make([]tea.KeyMsg, len(k.Runes))
	for i, r := range k.Runes {
		out[i] = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt}
	}
	return out
}

// Wrap breaks plain text into lines of at most w columns at spaces,
// and gives at most n lines (the last cut short).
func Wrap(text string, w, n int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case w > 0 && len([]rune(line))+1+len([]rune(word)) > w:
			lines = append(lines, line)
			line = word
		default:
			line += " " + word
		}
	}
	lines = append(lines, line)
	if len(lines) > n {
		lines = lines[:n]
	}
	return lines
}

// EditTyped applies key to a move being typed as "row col" (digits,
// spaces and commas, at most 8 bytes; backspace removes the last). It
// reports false, leaving typed as it is, for a key that is not typing.
// Both games' models take typed moves through it.
func EditTyped(typed, key string) (string, bool) {
	switch {
	case len(key) == 1 && (key[0] >= '0' && key[0] <= '9' || key == " " || key == ","):
		if len(typed) < 8 {
			typed += key
		}
	case key == "backspace":
		if typed != "" {
			typed = typed[:len(typed)-1]
		}
	default:
		return typed, false
	}
	return typed, true
}
