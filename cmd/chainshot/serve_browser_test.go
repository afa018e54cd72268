package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"chainshot/board"
	"chainshot/chainreact"
	"chainshot/datasets"
	"chainshot/internal/web"
)

// patience is how long the test waits for the page to answer a click: a
// few milliseconds on an idle machine, more on a loaded one.
const patience = 10 * time.Second

var updateScreenshots = flag.Bool("update-screenshots", false, "write the browser test's screenshots into docs/ (for the README)")

// chromium returns the path of a Chromium or Chrome binary, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is the page in headless Chromium, driven from the test.
type browser struct {
	t   *testing.T
	ctx context.Context
}

func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval returns a JavaScript expression's value.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript condition until it holds.
func (b *browser) wait(cond string, timeout time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(b.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(10*time.Millisecond)))
		// Right after a navigation the poll can be sent to the old page's
		// JavaScript context, which Chromium has just destroyed: poll the
		// new page again.
		if err != nil && strings.Contains(err.Error(), "Cannot find context with specified id") && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if err == nil {
			return
		}
		b.t.Fatalf("waiting for %s: %v (page says: %s)", cond, err, eval[string](b,
			`[...document.querySelectorAll('.error,.message,#solve-status')].map(e => e.id + ': ' + e.textContent).join(' | ')`))
	}
}

// click clicks the middle of an element with the mouse, as a person would.
// (The element is found by its id each time and clicked by position:
// chromedp's node ids go stale when the page redraws a board.)
func (b *browser) click(id string) {
	b.t.Helper()
	b.do(chromedp.MouseClickXY(b.centre(id)))
}

// hover moves the mouse over the middle of an element.
func (b *browser) hover(id string) {
	b.t.Helper()
	x, y := b.centre(id)
	b.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
}

// centre returns the middle of an element in the viewport, scrolled into
// view.
func (b *browser) centre(id string) (x, y float64) {
	b.t.Helper()
	xy := eval[[]float64](b, fmt.Sprintf(`(() => {
		const e = document.getElementById(%q);
		if (!e) return [];
		e.scrollIntoView({block: 'nearest', inline: 'nearest'});
		const r = e.getBoundingClientRect();
		return r.width > 0 && r.height > 0 ? [r.x + r.width/2, r.y + r.height/2] : [];
	})()`, id))
	if len(xy) != 2 {
		b.t.Fatalf("no visible element #%s", id)
	}
	return xy[0], xy[1]
}

func (b *browser) setValue(id, v string) {
	b.t.Helper()
	b.do(chromedp.SetValue(chromedp.ID(id), v))
}

// screenshot saves the viewport as docs/NAME with -update-screenshots,
// else in a temporary folder.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	dir := b.t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("..", "..", "docs")
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s (%d bytes)", filepath.Join(dir, name), len(png))
}

// TestBrowser drives the page in headless Chromium as a person would: it
// plays sample1 to the end by clicking and checks the page's score and beads
// left against "chainshot play" fed the page's own move list, runs the
// solver and checks its results line with "chainshot verify", cancels a
// solve and verifies the line it keeps, and plays Chain Reaction against
// random by clicking, checking the final position against the engine. On
// the way it checks what players of the online versions expect (see
// serve_page_test.go): legible buttons under the mouse, the rules, keyboard
// play, a game that survives a reload, the best game kept in the browser,
// the hint in Chain Reaction, a narrow window. It takes the README's
// screenshots.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := chromium()
	if exe == "" {
		t.Skip("no Chromium or Chrome found (Debian: apt-get install chromium)")
	}
	srv := web.New(web.Config{LoopbackHosts: true})
	ts := httptest.NewServer(srv)
	defer ts.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1360, 960))
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 300*time.Second)
	defer cancel()
	b := &browser{t: t, ctx: ctx}
	t0 := time.Now()
	b.do(chromedp.Navigate(ts.URL + "/"))
	b.wait(`document.body.dataset.ready === '1'`, 15*time.Second)
	t.Logf("page ready in %v", time.Since(t0))

	checkRules(t, b)
	checkButtonContrast(t, b, "cr")
	checkButtonContrast(t, b, "cs")
	playChainShot(t, b)
	t.Logf("ChainShot played by %v", time.Since(t0))
	solveInBrowser(t, b, srv)
	t.Logf("solver done by %v", time.Since(t0))
	playChainReaction(t, b)
	t.Logf("Chain Reaction played by %v", time.Since(t0))
	checkNarrowWindow(t, b)
	checkBadAddress(t, b, ts.URL)
}

// greedyLine plays the largest group each move (the lowest-leftmost one on
// a tie) to the end, naming each group by its last bead.
func greedyLine(start board.Board) []board.Move {
	b := start
	var line []board.Move
	for !b.IsOver() {
		best := board.Group{}
		for _, g := range b.AppendGroups(nil) {
			if g.Size > best.Size {
				best = g
			}
		}
		cells := b.AppendGroupCells(nil, best.Move)
		m := cells[len(cells)-1]
		b.Remove(m)
		line = append(line, m)
	}
	return line
}

// gridRows returns b's rows top first, '.' for an empty cell.
func gridRows(b *board.Board) []string {
	var out []string
	for row := b.Rows() - 1; row >= 0; row-- {
		line := make([]byte, b.Cols())
		for c := range line {
			line[c] = b.At(row, c).Letter()
		}
		out = append(out, string(line))
	}
	return out
}

var finalLine = regexp.MustCompile(`Final score: (\d+), beads left: (\d+)`)

func playChainShot(t *testing.T, b *browser) {
	sets, err := datasets.Load("sample1")
	if err != nil {
		t.Fatal(err)
	}
	start := sets[0].Board
	b.wait(`document.getElementById('cs-title').textContent.startsWith('sample1')`, patience)

	// A single bead cannot go: the page says why and nothing changes.
	single := ""
	for r := 1; r <= start.Rows() && single == ""; r++ {
		for c := 1; c <= start.Cols(); c++ {
			if start.GroupSize(board.MoveAt(r, c)) == 1 {
				single = fmt.Sprintf("cs-r%d-c%d", r, c)
				break
			}
		}
	}
	b.click(single)
	b.wait(`document.getElementById('cs-message').textContent.includes('is illegal')`, patience)
	if n := eval[string](b, `document.getElementById('cs-board').dataset.moves`); n != "0" {
		t.Fatalf("a click on a single bead played a move: %s moves", n)
	}

	// Play the greedy line to the end, one click a move.
	// After each move the board drawn is the board package's: the beads
	// above fell and empty columns closed.
	line := greedyLine(start)
	for i, m := range line {
		b.click(fmt.Sprintf("cs-r%d-c%d", m.Row+1, m.Col+1))
		b.wait(fmt.Sprintf(`(d => d.moves === '%d' && d.busy === '0')(document.getElementById('cs-board').dataset)`, i+1), patience)
		want, _, err := board.Replay(start, line[:i+1])
		if err != nil {
			t.Fatal(err)
		}
		drawn := eval[string](b, `[...document.querySelectorAll('#cs-board .bead')].map(e => e.textContent || '.').join('')`)
		if w := strings.Join(gridRows(&want), ""); drawn != w {
			t.Fatalf("after move %d the page draws %s, the board package has %s", i+1, drawn, w)
		}
	}
	b.wait(`document.getElementById('cs-board').dataset.over === '1'`, patience)
	score := eval[string](b, `document.getElementById('cs-score').textContent`)
	beads := eval[string](b, `document.getElementById('cs-beads').textContent`)
	shown := eval[[]string](b, `[...document.querySelectorAll('#cs-moves li')].map(li => li.dataset.move)`)

	// The board package's replay of the same moves.
	end, total, err := board.Replay(start, line)
	if err != nil {
		t.Fatal(err)
	}
	if score != strconv.Itoa(total) || beads != strconv.Itoa(end.Beads()) {
		t.Fatalf("the page shows score %s, %s beads left; board.Replay gives %d, %d", score, beads, total, end.Beads())
	}
	// "chainshot play" fed the page's own move list, as a person would
	// type it.
	var out, errs strings.Builder
	code := run([]string{"chainshot", "play", "sample1"}, strings.NewReader(strings.Join(shown, "\n")+"\n"), &out, &errs)
	m := finalLine.FindStringSubmatch(out.String())
	if code != 0 || m == nil {
		t.Fatalf("chainshot play: exit %d\n%s\n%s", code, out.String(), errs.String())
	}
	if m[1] != score || m[2] != beads || !strings.Contains(out.String(), "Game over") {
		t.Fatalf("chainshot play on the page's moves %v: score %s, %s beads left; the page shows %s, %s", shown, m[1], m[2], score, beads)
	}
	t.Logf("sample1 by clicking: %d moves %v, score %s, %s beads left, as chainshot play", len(shown), shown, score, beads)
	checkGameOverOnce(t, b)
	checkBestKept(t, b, score, beads)

	// Undo takes one move back; restart goes to the start.
	b.click("cs-undo")
	b.wait(fmt.Sprintf(`document.getElementById('cs-board').dataset.moves === '%d'`, len(line)-1), patience)
	_, back, _ := board.Replay(start, line[:len(line)-1])
	if got := eval[string](b, `document.getElementById('cs-score').textContent`); got != strconv.Itoa(back) {
		t.Fatalf("after undo the score is %s, want %d", got, back)
	}
	// A reload mid-game: the address brings the game back, and the best
	// game on the board is still kept.
	checkReloadKeepsChainShot(t, b)
	checkBestKept(t, b, score, beads)
	b.click("cs-restart")
	b.wait(`document.getElementById('cs-board').dataset.moves === '0' && document.getElementById('cs-beads').textContent === '25'`, patience)
	keyboardPlayChainShot(t, b, start, 0)
	// "Show it" replays the best game kept.
	b.click("cs-best-show")
	b.wait(fmt.Sprintf(`document.getElementById('cs-board').dataset.moves === '%d' && document.getElementById('cs-score').textContent === '%s'`, len(line), score), patience)
	b.click("cs-restart")
	b.wait(`document.getElementById('cs-board').dataset.moves === '0' && document.getElementById('cs-beads').textContent === '25'`, patience)

	// Hover shows the group and its score; a hint marks a group.
	g := start.AppendGroups(nil)[0]
	b.hover(fmt.Sprintf("cs-r%d-c%d", g.Move.Row+1, g.Move.Col+1))
	b.wait(fmt.Sprintf(`document.querySelectorAll('#cs-board .hl').length === %d && document.getElementById('cs-hover').textContent.includes('+%d')`, g.Size, board.Score(g.Size)), patience)
	b.click("cs-hint")
	b.wait(`document.getElementById('cs-message').textContent.startsWith('Hint:') && document.querySelectorAll('#cs-board .hint').length >= 2`, 2*patience)

	// A pasted board with a defect: the message names line and column.
	b.click("cs-paste-summary")
	b.setValue("cs-text", "RGB\nRGBB\nRGB\n")
	b.click("cs-load-text")
	b.wait(`document.getElementById('cs-error').textContent.includes('line 2, column 4')`, patience)

	// An uploaded file: its name, its board.
	up := filepath.Join(t.TempDir(), "mine.txt")
	if err := os.WriteFile(up, []byte("# mine\nrrg\nbgg\nbbr\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.SetUploadFiles(chromedp.ID("cs-file"), []string{up}))
	b.wait(`document.getElementById('cs-title').textContent === 'mine.txt: 3x3' && document.getElementById('cs-error').hidden`, patience)
	if drawn := eval[string](b, `[...document.querySelectorAll('#cs-board .bead')].map(e => e.textContent || '.').join('')`); drawn != "RRGBGGBBR" {
		t.Fatalf("the uploaded board is drawn as %s", drawn)
	}
	// A generated board: the generator's.
	b.click("cs-paste-summary")
	b.click("cs-gen-summary")
	b.click("cs-generate")
	b.wait(`document.getElementById('cs-title').textContent === 'gen-10x10-4c-seed1.txt: 10x10'`, patience)
	gen, err := datasets.Generate(10, 10, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if drawn := eval[string](b, `[...document.querySelectorAll('#cs-board .bead')].map(e => e.textContent || '.').join('')`); drawn != strings.Join(gridRows(&gen), "") {
		t.Fatalf("the generated board is drawn as %s", drawn)
	}
	b.click("cs-gen-summary")
}

func solveInBrowser(t *testing.T, b *browser, srv *web.Server) {
	b.wait(`!document.getElementById('cs-paste').open && !document.getElementById('cs-gen').open`, patience)
	checkNotesApart(t, b)
	b.setValue("cs-builtin", "ladder05-10x10-4c")
	b.click("cs-load-builtin")
	b.wait(`document.getElementById('cs-title').textContent.startsWith('ladder05')`, patience)

	// A budget out of range is refused in the page's words, before any
	// search.
	b.setValue("solve-budget", "100")
	b.click("solve-start")
	b.wait(`document.getElementById('solve-status').textContent.startsWith('Budget 100: ')`, patience)
	if st := eval[string](b, `document.getElementById('solve-status').textContent`); strings.Contains(st, "budget_seconds") || srv.Searches() != 0 {
		t.Fatalf("budget 100: %q, %d searches", st, srv.Searches())
	}

	// Cancel: the search stops long before its 60 s, and the best line
	// found so far is kept, marked as not finished; it replays.
	b.setValue("solve-budget", "60")
	b.click("solve-start")
	b.wait(`document.getElementById('solve-status').textContent.includes('of 60 s') &&
		document.getElementById('solve-status').textContent.includes('the best line so far leaves')`, 2*patience)
	if srv.Searches() != 1 {
		t.Fatalf("%d searches running during a solve", srv.Searches())
	}
	b.click("solve-cancel")
	b.wait(`document.getElementById('solve-status').textContent.startsWith('Cancelled after') &&
		document.getElementById('solve-summary').dataset.partial === '1'`, patience)
	deadline := time.Now().Add(patience)
	for srv.Searches() != 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if srv.Searches() != 0 {
		t.Fatal("the cancelled solve still runs")
	}
	kept := eval[string](b, `document.getElementById('solve-line').textContent`)
	if summary := eval[string](b, `document.getElementById('solve-summary').textContent`); !strings.Contains(kept, `"partial":true`) || !strings.Contains(summary, "not finished") {
		t.Fatalf("the line kept after Cancel is not marked as not finished: %q, %s", summary, kept)
	}
	var out, errs strings.Builder
	if code := run([]string{"chainshot", "verify", "-"}, strings.NewReader(kept), &out, &errs); code != 0 {
		t.Fatalf("chainshot verify on the line kept after Cancel %s: exit %d\n%s%s", kept, code, out.String(), errs.String())
	}
	t.Logf("Cancel kept: %s", eval[string](b, `document.getElementById('solve-summary').textContent`))

	// A 2 s solve, its results line checked by chainshot verify.
	b.setValue("solve-budget", "2")
	b.click("solve-start")
	b.wait(`!document.getElementById('solve-result').hidden`, 20*time.Second)
	line := eval[string](b, `document.getElementById('solve-line').textContent`)
	if st := eval[string](b, `document.getElementById('solve-status').textContent`); !strings.Contains(st, "the best line of the whole search") {
		t.Errorf("the finished solve's status does not say what its figures are: %q", st)
	}
	out.Reset()
	errs.Reset()
	if code := run([]string{"chainshot", "verify", "-"}, strings.NewReader(line), &out, &errs); code != 0 {
		t.Fatalf("chainshot verify on the page's line %s: exit %d\n%s%s", line, code, out.String(), errs.String())
	}
	// The line stepped to its end shows its figures.
	want := eval[[]string](b, `(d => [d.score, d.beads])(document.getElementById('solve-summary').dataset)`)
	n := eval[int](b, `CS.line.moves.length`)
	b.click("step-last")
	b.wait(fmt.Sprintf(`document.getElementById('cs-board').dataset.moves === '%d'`, n), patience)
	got := eval[[]string](b, `[document.getElementById('cs-score').textContent, document.getElementById('cs-beads').textContent]`)
	if got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("the line's end shows %v, the solver said %v", got, want)
	}
	t.Logf("solver line: %s", strings.TrimSpace(line))

	// The README's picture: a few moves into the line, the next group
	// hovered.
	b.click("step-first")
	b.wait(`document.getElementById('cs-board').dataset.moves === '0'`, patience)
	for i := 1; i <= 6; i++ {
		b.click("step-next")
		b.wait(fmt.Sprintf(`document.getElementById('cs-board').dataset.moves === '%d' && document.getElementById('cs-board').dataset.busy === '0'`, i), patience)
	}
	next := eval[[]int](b, `CS.line.moves[6]`)
	b.hover(fmt.Sprintf("cs-r%d-c%d", next[0], next[1]))
	b.wait(`document.querySelectorAll('#cs-board .hl').length >= 2`, patience)
	b.screenshot("serve-chainshot.png")
}

// crMoves replays the page's Chain Reaction move list in the engine.
func crMoves(t *testing.T, b *browser, rows, cols int) chainreact.Board {
	t.Helper()
	e, _ := chainreact.NewBoard(rows, cols, 2)
	for _, s := range eval[[]string](b, `[...document.querySelectorAll('#cr-moves li')].map(li => li.dataset.move)`) {
		var r, c int
		if _, err := fmt.Sscan(s, &r, &c); err != nil {
			t.Fatalf("move %q: %v", s, err)
		}
		m, _ := e.MoveAt(r, c)
		if err := e.PlayChecked(m); err != nil {
			t.Fatalf("the page's move %q: %v", s, err)
		}
	}
	return e
}

func playChainReaction(t *testing.T, b *browser) {
	const rows, cols = 6, 6
	b.click("tab-cr")
	b.setValue("cr-rows", strconv.Itoa(rows))
	b.setValue("cr-cols", strconv.Itoa(cols))
	b.setValue("cr-seat-0", "human")
	b.setValue("cr-seat-1", "random")
	b.setValue("cr-speed", "0")
	game := eval[string](b, `document.getElementById('cr-board').dataset.game`)
	b.click("cr-new")
	// The new game, not the one the page started with.
	b.wait(fmt.Sprintf(`(d => d.game !== %q && d.turn === 'human' && d.moves === '0')(document.getElementById('cr-board').dataset)`, game), patience)

	shot := false
	for turn := 0; ; turn++ {
		if turn > 200 {
			t.Fatal("the game does not end")
		}
		e := crMoves(t, b, rows, cols)
		if e.Over() {
			break
		}
		if turn == 2 {
			crHintInBrowser(t, b, e)
		}
		if turn == 4 {
			crReload(t, b)
		}
		if turn == 1 {
			// A cell of the opponent's: refused, nothing played.
			for i := 0; i < e.Cells(); i++ {
				if o, _ := e.Cell(i); o == 1 {
					r, c := e.RowCol(chainreact.Move(i))
					b.click(fmt.Sprintf("cr-r%d-c%d", r, c))
					b.wait(`!document.getElementById('cr-error').hidden && document.getElementById('cr-board').dataset.turn === 'human'`, patience)
					break
				}
			}
		}
		// The move that sets off the longest chain, as the engine says.
		var best chainreact.Move
		bestWaves := -1
		for _, m := range e.AppendMoves(nil) {
			cp := e
			if w := len(cp.PlayTrace(m).Waves); w > bestWaves {
				best, bestWaves = m, w
			}
		}
		r, c := e.RowCol(best)
		plies := e.Ply()
		if !shot && bestWaves >= 3 && plies >= 16 {
			// The README's picture: this chain, stopped after wave 1.
			b.setValue("cr-speed", "step")
			b.click(fmt.Sprintf("cr-r%d-c%d", r, c))
			b.wait(`document.getElementById('cr-caption').dataset.frame === '0' && !document.getElementById('cr-next-wave').disabled`, patience)
			b.click("cr-next-wave")
			b.wait(`document.getElementById('cr-caption').dataset.frame === '1' && !document.getElementById('cr-next-wave').disabled`, patience)
			b.screenshot("serve-chainreact.png")
			b.setValue("cr-speed", "0")
			b.click("cr-next-wave")
			shot = true
		} else if turn == 3 {
			crKeyboardMove(t, b, r, c)
		} else {
			b.click(fmt.Sprintf("cr-r%d-c%d", r, c))
		}
		b.wait(fmt.Sprintf(`(d => (d.turn === 'human' || d.turn === 'over') && Number(d.moves) > %d)(document.getElementById('cr-board').dataset)`, plies), 2*patience)
	}
	e := crMoves(t, b, rows, cols)
	winner := eval[string](b, `document.getElementById('cr-board').dataset.winner`)
	if winner != strconv.Itoa(e.Winner()) || eval[string](b, `document.getElementById('cr-board').dataset.turn`) != "over" {
		t.Fatalf("the page says winner %s, the engine %d", winner, e.Winner())
	}
	if eval[bool](b, `!document.getElementById('cr-pause').disabled`) {
		t.Error("Pause is enabled after the game ended")
	}
	cells := eval[[]string](b, `[...document.querySelectorAll('#cr-board .cell')].map(c => c.id + ' ' + c.dataset.owner + ' ' + c.dataset.orbs)`)
	if len(cells) != rows*cols {
		t.Fatalf("%d cells on the page", len(cells))
	}
	for _, s := range cells {
		var r, c, owner, orbs int
		if _, err := fmt.Sscanf(s, "cr-r%d-c%d %d %d", &r, &c, &owner, &orbs); err != nil {
			t.Fatalf("cell %q: %v", s, err)
		}
		m, _ := e.MoveAt(r, c)
		if o, n := e.Cell(int(m)); o != owner || n != orbs {
			t.Fatalf("cell %d %d: the page shows %d orbs of %d, the engine %d of %d", r, c, orbs, owner, n, o)
		}
	}
	if !shot {
		t.Logf("no move after the 16th set off a chain of three waves: the screenshot is the final position")
		b.screenshot("serve-chainreact.png")
	}
	t.Logf("Chain Reaction %dx%d against random: %d moves, winner %c", rows, cols, e.Ply(), chainreact.DefaultNames[e.Winner()])
}

// crHintInBrowser asks for a hint on the human's turn: a cell is marked,
// one the human may play (empty or R's), and nothing is played.
func crHintInBrowser(t *testing.T, b *browser, e chainreact.Board) {
	t.Helper()
	moves := eval[string](b, `document.getElementById('cr-board').dataset.moves`)
	b.click("cr-hint")
	b.wait(`document.getElementById('cr-hint-text').dataset.move && document.getElementById('cr-hint-text').textContent.startsWith('Hint:') && document.querySelectorAll('#cr-board .cell.hint').length === 1`, 2*patience)
	var r, c int
	if _, err := fmt.Sscan(eval[string](b, `document.getElementById('cr-hint-text').dataset.move`), &r, &c); err != nil {
		t.Fatal(err)
	}
	m, ok := e.MoveAt(r, c)
	if !ok || !e.Legal(m) || eval[string](b, `document.querySelector('#cr-board .cell.hint').id`) != fmt.Sprintf("cr-r%d-c%d", r, c) {
		t.Fatalf("the hint %d %d is not a legal move marked on the board", r, c)
	}
	if got := eval[string](b, `document.getElementById('cr-board').dataset.moves`); got != moves {
		t.Fatalf("a hint played a move: %s moves, were %s", got, moves)
	}
}

// crKeyboardMove plays the cell (r, c) with the keyboard alone.
func crKeyboardMove(t *testing.T, b *browser, r, c int) {
	t.Helper()
	b.moveCursor("cr", r, c)
	n := eval[int](b, `Number(document.getElementById('cr-board').dataset.moves)`)
	b.key(kb.Enter)
	b.wait(fmt.Sprintf(`Number(document.getElementById('cr-board').dataset.moves) > %d`, n), 2*patience)
	if got := eval[string](b, fmt.Sprintf(`document.querySelectorAll('#cr-moves li')[%d].dataset.move`, n)); got != fmt.Sprintf("%d %d", r, c) {
		t.Fatalf("Enter on %d %d played %s", r, c, got)
	}
}

// crSnapshot is what the page shows of a Chain Reaction game.
const crSnapshot = `JSON.stringify({moves: [...document.querySelectorAll('#cr-moves li')].map((li) => li.textContent),
	cells: [...document.querySelectorAll('#cr-board .cell')].map((c) => c.dataset.owner + ':' + c.dataset.orbs).join(' '),
	seats: [0, 1].map((p) => document.getElementById('cr-seat-' + p).value), turn: document.getElementById('cr-board').dataset.turn})`

// crReload reloads the page on the human's turn: the game comes back from
// the address, moves (with who made them), board and seats.
func crReload(t *testing.T, b *browser) {
	t.Helper()
	before := eval[string](b, crSnapshot)
	b.reload()
	b.wait(`document.getElementById('cr-board').dataset.turn === 'human' && !document.getElementById('cr').hidden`, 2*patience)
	if after := eval[string](b, crSnapshot); after != before {
		t.Fatalf("after a reload the Chain Reaction shows\n%s\nbefore it showed\n%s", after, before)
	}
	b.setValue("cr-speed", "0")
}
