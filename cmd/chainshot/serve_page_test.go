package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"chainshot/board"
)

// The browser test's checks of what a player of the online versions
// expects (issue 26, items 19 to 22), run by TestBrowser in its one
// browser: legible buttons under the mouse, the rules, keyboard play, a
// game that survives a reload, the best game kept, a narrow window.

// contrastJS is the contrast ratio (WCAG 2) of an element's text against
// the first background behind it that is not transparent, from the
// page's computed styles: 1 for white on white, 21 for black on white.
const contrastJS = `((id) => {
	const parse = (c) => {
		const v = c.match(/[\d.]+/g).map(Number);
		return {r: v[0], g: v[1], b: v[2], a: v.length > 3 ? v[3] : 1};
	};
	const lum = (c) => {
		const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
		return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
	};
	const e = document.getElementById(id);
	const fg = parse(getComputedStyle(e).color);
	let bg = {r: 255, g: 255, b: 255, a: 1};
	for (let n = e; n; n = n.parentElement) {
		const c = parse(getComputedStyle(n).backgroundColor);
		if (c.a > 0) { bg = c; break; }
	}
	const a = lum(fg), b = lum(bg);
	return [(Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), e.matches(':hover') ? 1 : 0];
})`

// checkButtonContrast hovers every visible, enabled button of the tab
// shown (the tabs themselves included), as a person would with the mouse,
// and checks from the computed styles that its label keeps a contrast of
// 4.5 at least against its background, hovered or not. (The selected
// tab's white label once lay on a near-white hover background.)
func checkButtonContrast(t *testing.T, b *browser, tab string) {
	t.Helper()
	b.click("tab-" + tab)
	ids := eval[[]string](b, `[...document.querySelectorAll('button')].map((e, i) => {
		if (!e.id) e.id = 'button-' + i;
		const r = e.getBoundingClientRect();
		return !e.disabled && r.width > 0 && r.height > 0 && e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}) ? e.id : '';
	}).filter(Boolean)`)
	if len(ids) < 5 {
		t.Fatalf("tab %s: %d buttons visible", tab, len(ids))
	}
	for _, id := range ids {
		b.do(chromedp.MouseEvent(chromedp.MouseMoved, 1, 1)) // away from every button
		still := eval[[]float64](b, contrastJS+fmt.Sprintf("(%q)", id))
		b.hover(id)
		under := eval[[]float64](b, contrastJS+fmt.Sprintf("(%q)", id))
		if under[1] != 1 {
			t.Fatalf("#%s: the mouse is over it, but it is not :hover", id)
		}
		for _, c := range []struct {
			what string
			v    float64
		}{{"", still[0]}, {" under the mouse", under[0]}} {
			if c.v < 4.5 {
				t.Errorf("tab %s, #%s%s: text contrast %.2f, want 4.5 at least", tab, id, c.what, c.v)
			}
		}
	}
	t.Logf("tab %s: %d buttons legible under the mouse", tab, len(ids))
}

// checkRules opens each game's rules on the page and looks for what a
// newcomer needs: the scoring and the end of ChainShot, the critical mass
// of Chain Reaction, the keys.
func checkRules(t *testing.T, b *browser) {
	t.Helper()
	for id, wants := range map[string][]string{
		"cs-rules": {"(n−2)²", "fewest beads left", "Enter", "arrows", "reload"},
		"cr-rules": {"critical mass", "explodes", "last player left wins", "Enter", "reload"},
	} {
		text := eval[string](b, fmt.Sprintf(`(() => { const d = document.getElementById(%q); d.open = true; return d.textContent.replace(/\s+/g, ' '); })()`, id))
		for _, w := range wants {
			if !strings.Contains(text, w) {
				t.Errorf("#%s says nothing of %q: %s", id, w, text)
			}
		}
		eval[bool](b, fmt.Sprintf(`(document.getElementById(%q).open = false)`, id))
	}
}

// key presses keys on the element that has the focus.
func (b *browser) key(keys string) {
	b.t.Helper()
	b.do(chromedp.KeyEvent(keys))
}

// moveCursor focuses a board (prefix "cs" or "cr") and moves its cursor
// with the arrow keys to row r, column c.
func (b *browser) moveCursor(prefix string, r, c int) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf(`(document.getElementById('%s-board').focus(), true)`, prefix))
	b.wait(fmt.Sprintf(`document.querySelectorAll('#%s-board .cursor').length === 1`, prefix), patience)
	pos := eval[[]int](b, fmt.Sprintf(`(c => [Number(c.dataset.row), Number(c.dataset.col)])(document.querySelector('#%s-board .cursor'))`, prefix))
	for ; pos[0] > r; pos[0]-- {
		b.key(kb.ArrowDown)
	}
	for ; pos[0] < r; pos[0]++ {
		b.key(kb.ArrowUp)
	}
	for ; pos[1] < c; pos[1]++ {
		b.key(kb.ArrowRight)
	}
	for ; pos[1] > c; pos[1]-- {
		b.key(kb.ArrowLeft)
	}
	b.wait(fmt.Sprintf(`document.getElementById('%s-r%d-c%d').classList.contains('cursor')`, prefix, r, c), patience)
}

// reload reloads the page and waits until it is ready again.
func (b *browser) reload() {
	b.t.Helper()
	b.do(chromedp.Reload())
	b.wait(`document.body.dataset.ready === '1'`, 15*time.Second)
}

// csSnapshot is what the page shows of a ChainShot game.
const csSnapshot = `JSON.stringify({title: document.getElementById('cs-title').textContent,
	moves: [...document.querySelectorAll('#cs-moves li')].map((li) => li.dataset.move),
	score: document.getElementById('cs-score').textContent, beads: document.getElementById('cs-beads').textContent,
	drawn: [...document.querySelectorAll('#cs-board .bead')].map((e) => e.textContent || '.').join('')})`

// checkReloadKeepsChainShot reloads the page mid-game: the board, the
// moves, the score and the position drawn come back from the address.
func checkReloadKeepsChainShot(t *testing.T, b *browser) {
	t.Helper()
	before := eval[string](b, csSnapshot)
	hash := eval[string](b, `location.hash`)
	if !strings.Contains(hash, "moves=") {
		t.Fatalf("the address holds no moves: %q", hash)
	}
	b.reload()
	b.wait(`document.getElementById('cs-board').dataset.busy === '0'`, patience)
	if after := eval[string](b, csSnapshot); after != before {
		t.Fatalf("after a reload the page shows\n%s\nbefore it showed\n%s", after, before)
	}
	t.Logf("reload: the game came back from %s", hash)
}

// keyboardPlayChainShot plays one move with the keyboard alone: focus on
// the board, arrows to the first group's bead, Enter.
func keyboardPlayChainShot(t *testing.T, b *browser, start board.Board, done int) {
	t.Helper()
	g := start.AppendGroups(nil)[0]
	row, col := int(g.Move.Row)+1, int(g.Move.Col)+1
	b.moveCursor("cs", row, col)
	b.wait(fmt.Sprintf(`document.querySelectorAll('#cs-board .hl').length === %d`, g.Size), patience)
	b.key(kb.Enter)
	b.wait(fmt.Sprintf(`(d => d.moves === '%d' && d.busy === '0')(document.getElementById('cs-board').dataset)`, done+1), patience)
	if got := eval[string](b, `[...document.querySelectorAll('#cs-moves li')].pop().dataset.move`); got != fmt.Sprintf("%d %d", row, col) {
		t.Fatalf("Enter on %d %d played %s", row, col, got)
	}
	// U takes it back.
	b.key("u")
	b.wait(fmt.Sprintf(`(d => d.moves === '%d' && d.busy === '0')(document.getElementById('cs-board').dataset)`, done), patience)
}

// checkBestKept checks the best game kept for the board shown: in the
// browser's localStorage, and on the page, with the figures given.
func checkBestKept(t *testing.T, b *browser, score, beads string) {
	t.Helper()
	b.wait(`!document.getElementById('cs-best').hidden`, patience)
	got := eval[[]string](b, `(d => [d.score, d.beads])(document.getElementById('cs-best').dataset)`)
	stored := eval[string](b, `localStorage.getItem('chainshot.best:' + CS.board) || ''`)
	if got[0] != score || got[1] != beads || !strings.Contains(stored, `"score":`+score) {
		t.Fatalf("the best kept is %v (stored %s), want score %s, %s beads left", got, stored, score, beads)
	}
}

// checkGameOverOnce checks that the page says "Game over" once.
func checkGameOverOnce(t *testing.T, b *browser) {
	t.Helper()
	if n := eval[int](b, `document.body.innerText.split('Game over').length - 1`); n != 1 {
		t.Errorf("the page says \"Game over\" %d times, want once", n)
	}
}

// checkNotesApart loads a repaired sample, whose file has two defects:
// the page lists the two notes as two items, one under the other.
func checkNotesApart(t *testing.T, b *browser) {
	t.Helper()
	b.setValue("cs-builtin", "sample3-repaired")
	b.click("cs-load-builtin")
	b.wait(`document.getElementById('cs-title').textContent.startsWith('sample3')`, patience)
	tops := eval[[]float64](b, `[...document.querySelectorAll('#cs-notes li')].map((li) => li.getBoundingClientRect().top)`)
	for i := 1; i < len(tops); i++ {
		if tops[i] <= tops[i-1] {
			t.Errorf("sample3-repaired's notes %d and %d are on one line", i, i+1)
		}
	}
	if len(tops) < 2 {
		t.Errorf("sample3-repaired's notes: %d items, want one for each of its defects", len(tops))
	}
}

// checkNarrowWindow shows the largest boards in a window 420 pixels wide:
// nothing is wider than the window (no sideways scrolling), on either tab.
func checkNarrowWindow(t *testing.T, b *browser) {
	t.Helper()
	b.do(chromedp.EmulateViewport(400, 600))
	defer b.do(chromedp.EmulateViewport(1360, 960)) // the test's window
	b.wait(`innerWidth === 400`, patience)
	fits := `(id => document.documentElement.scrollWidth <= document.documentElement.clientWidth && document.getElementById(id).getBoundingClientRect().right <= document.documentElement.clientWidth)`
	b.click("tab-cs")
	var cells []string
	for _, name := range []string{"ladder07-15x15-4c", "ladder10-25x25-5c"} {
		b.setValue("cs-builtin", name)
		b.click("cs-load-builtin")
		b.wait(fmt.Sprintf(`document.getElementById('cs-title').textContent.startsWith(%q)`, name[:8]), patience)
		b.wait(fits+`('cs-board')`, patience)
		cells = append(cells, eval[string](b, `document.getElementById('cs-board').style.getPropertyValue('--cell')`))
	}
	b.click("tab-cr")
	b.setValue("cr-rows", "16")
	b.setValue("cr-cols", "16")
	b.click("cr-new")
	b.wait(`document.getElementById('cr-board').dataset.moves === '0' && document.querySelectorAll('#cr-board .cell').length === 256`, patience)
	b.wait(fits+`('cr-board')`, patience)
	t.Logf("a %v-px window: the 15x15, 25x25 and 16x16 boards fit (squares %s and %s)",
		eval[int](b, `innerWidth`), strings.Join(cells, ", "),
		eval[string](b, `document.getElementById('cr-board').style.getPropertyValue('--cell')`))
	b.click("tab-cs")
	b.setValue("cr-rows", "9")
	b.setValue("cr-cols", "6")
}

// checkBadAddress opens the page at an address whose games the server
// refuses: each tab says why and starts its own game instead.
func checkBadAddress(t *testing.T, b *browser, base string) {
	t.Helper()
	b.do(chromedp.Navigate("about:blank")) // a link opened afresh
	b.do(chromedp.Navigate(base + "/#tab=cr&board=nosuch&cr=99x99&seats=human%7Cbest&crmoves=1.1"))
	b.wait(`document.body.dataset.ready === '1'`, 15*time.Second)
	cs := eval[string](b, `document.getElementById('cs-error').textContent`)
	cr := eval[string](b, `document.getElementById('cr-error').textContent`)
	if !strings.Contains(cs, "address") || !strings.Contains(cs, "nosuch") || !strings.Contains(cr, "address") || !strings.Contains(cr, "99x99") {
		t.Errorf("a bad address: the page says %q and %q", cs, cr)
	}
	if title := eval[string](b, `document.getElementById('cs-title').textContent`); !strings.HasPrefix(title, "sample1") ||
		eval[string](b, `document.getElementById('cr-board').dataset.turn`) != "human" {
		t.Errorf("a bad address: no game to play instead (%q)", title)
	}
}
