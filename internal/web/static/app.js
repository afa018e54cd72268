// chainshot serve: the page. It knows no rule of either game: it sends the
// server the board and the moves so far and draws what the server answers
// (positions, groups and their scores, a Chain Reaction move wave by wave).
'use strict';

const $ = (id) => document.getElementById(id);

// count says "1 bead", "2 beads": a number with its noun.
function count(n, noun) {
  return `${n} ${n === 1 ? noun : noun + 's'}`;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// api sends body as JSON (or GETs without one) and returns the answer; a
// refused request throws an Error carrying the server's message and fields.
async function api(path, body, signal) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  };
  init.signal = signal;
  const r = await fetch(path, init);
  let data;
  try { data = await r.json(); } catch (e) { data = { error: `the server answered ${r.status}` }; }
  if (!r.ok) {
    const err = new Error(data.error || `the server answered ${r.status}`);
    err.status = r.status;
    err.data = data;
    throw err;
  }
  return data;
}

function showError(id, text) {
  const e = $(id);
  e.textContent = text || '';
  e.hidden = !text;
}

// cellSize is the side of a board's square: up to 56 px, about 540 px for
// the board, and never wider than the stage the window leaves it (the row
// numbers' column and the board's padding taken off), so that a 25x25
// board fits a narrow window.
function cellSize(board, rows, cols) {
  const stage = board.parentElement;
  const em = parseFloat(getComputedStyle(board).fontSize) || 16;
  // A hidden tab has no width: its board is sized again when shown.
  const room = stage && stage.clientWidth > 0 ? stage.clientWidth - 1.6 * em - 16 : Infinity;
  const fit = Math.floor(Math.min(540 / Math.max(rows, cols), room / cols));
  return Math.max(10, Math.min(56, fit));
}

function download(filename, text) {
  const a = el('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ---------------------------------------------------------------- tabs

let tab = 'cs';

function showTab(which) {
  tab = which;
  for (const t of ['cs', 'cr']) {
    $(t).hidden = t !== which;
    $('tab-' + t).setAttribute('aria-selected', String(t === which));
  }
  fitBoards();
  saveURL();
}

// fitBoards draws the boards again at the size the window leaves them.
function fitBoards() {
  if (CS.state) csRender(CS.state);
  if (CR.state && !['anim', 'busy'].includes($('cr-board').dataset.turn)) crRender(CR.state, null, [], crLastPlayed());
}

// ---------------------------------------------------------------- the address

// The page's address carries both games after its "#", as the server
// keeps nothing: the ChainShot board (a built-in's name, a generator's
// settings, or the file's rows) and its moves, and the Chain Reaction
// size, seats, seed and moves. A reload, or the link sent to someone,
// brings the games back. Moves are written "row.col", comma-separated.
let restoring = true; // no saving while the address is being read
let savedHash = ''; // the address's hash as the page last wrote it

function movesText(moves) { return moves.map((m) => `${m[0]}.${m[1]}`).join(','); }

function parseMoves(text) {
  if (!text) return [];
  return text.split(',').map((m) => m.split('.').map(Number));
}

function saveURL() {
  if (restoring) return;
  const p = new URLSearchParams();
  p.set('tab', tab);
  const src = CS.source;
  if (src && src.builtin) p.set('board', src.builtin);
  else if (src && src.generate) {
    const g = src.generate;
    p.set('gen', `${g.rows}x${g.cols}x${g.colors}s${g.seed}`);
  } else if (src && CS.board) {
    p.set('rows', CS.board.trim().split('\n').join('/'));
    p.set('name', CS.name);
  }
  if (CS.moves.length) p.set('moves', movesText(CS.moves));
  if (CR.seats.length) {
    p.set('cr', `${CR.rows}x${CR.cols}`);
    p.set('seats', CR.seats.map((x) => x.spec).join('|'));
    p.set('seed', String(CR.seed));
    if (CR.moves.length) p.set('crmoves', movesText(CR.moves));
  }
  savedHash = '#' + p.toString();
  history.replaceState(null, '', savedHash);
}

// readURL returns the address's games, or null where it holds none.
function readURL() {
  const h = location.hash.slice(1);
  if (h === 'react') return { tab: 'cr' }; // the page's old link to the Chain Reaction tab
  const p = new URLSearchParams(h);
  const out = { tab: p.get('tab') === 'cr' ? 'cr' : 'cs' };
  const gen = /^(\d+)x(\d+)x(\d+)s(\d+)$/.exec(p.get('gen') || '');
  if (p.get('board')) out.load = { builtin: p.get('board') };
  else if (gen) out.load = { generate: { rows: +gen[1], cols: +gen[2], colors: +gen[3], seed: +gen[4] } };
  else if (p.get('rows')) out.load = { text: p.get('rows').split('/').join('\n') + '\n', name: p.get('name') || 'pasted.txt' };
  out.moves = parseMoves(p.get('moves'));
  const size = /^(\d+)x(\d+)$/.exec(p.get('cr') || '');
  if (size && p.get('seats')) {
    out.cr = { rows: +size[1], cols: +size[2], seats: p.get('seats').split('|'), seed: Number(p.get('seed')) || 1,
      moves: parseMoves(p.get('crmoves')) };
  }
  return out;
}

// ---------------------------------------------------------------- ChainShot

const CS = {
  name: '', board: '', source: null, moves: [], state: null, busy: false,
  line: null, step: 0, animating: false, solving: null, solveId: '', cursor: null,
};

const colourNames = { R: 'red', G: 'green', B: 'blue', L: 'black', O: 'orange' };

// csLoad loads a board and returns whether it did.
async function csLoad(req) {
  showError('cs-error', '');
  try {
    const r = await api('/api/chainshot/load', req);
    CS.name = r.name;
    CS.board = r.board;
    CS.source = req;
    CS.moves = [];
    CS.cursor = null;
    csClearLine();
    // One item a note, so that two never run together.
    const notes = [...(r.warnings || []), ...(r.repairs || []).map((x) => 'repaired: ' + x)];
    $('cs-notes').replaceChildren(...notes.map((n) => el('li', '', n)));
    $('cs-title').textContent = `${r.name}: ${r.state.rows}x${r.state.cols}`;
    csRender(r.state);
    $('cs-message').textContent = '';
    csShowBest();
    saveURL();
    return true;
  } catch (e) {
    csLoadError(e, req);
    return false;
  }
}

// csLoadError shows a board file defect with its line and column, and the
// line itself with a caret under the column.
function csLoadError(e, req) {
  const box = $('cs-error');
  box.textContent = e.message;
  box.hidden = false;
  const d = e.data || {};
  if (d.line && req.text !== undefined) {
    const lines = req.text.split(/\r?\n/);
    const text = lines[d.line - 1];
    if (text !== undefined) {
      const pre = el('pre');
      pre.textContent = `line ${d.line}, column ${d.col}:\n${text}\n${' '.repeat(Math.max(0, d.col - 1))}^`;
      box.appendChild(pre);
      const ta = $('cs-text');
      let start = 0;
      for (let i = 0; i < d.line - 1; i++) start += lines[i].length + 1;
      ta.focus();
      ta.setSelectionRange(start + d.col - 1, start + Math.max(d.col, text.length));
    }
  }
}

async function csSetMoves(moves, removedAnimation) {
  CS.busy = true;
  $('cs-board').dataset.busy = '1';
  try {
    const wait = removedAnimation ? sleep(170) : null;
    const st = await api('/api/chainshot/state', { board: CS.board, moves });
    if (wait) await wait;
    CS.moves = moves;
    csRender(st);
    saveURL();
    return st;
  } finally {
    CS.busy = false;
    $('cs-board').dataset.busy = '0';
  }
}

async function csPlay(row, col) {
  if (CS.busy || !CS.state || CS.state.over) return;
  const g = csGroupAt(row, col);
  if (g >= 0) {
    for (const b of document.querySelectorAll(`#cs-board .bead[data-group="${g}"]`)) b.classList.add('going');
  }
  try {
    const st = await csSetMoves([...CS.moves, [row, col]], g >= 0);
    $('cs-message').textContent = st.over ? csOverText() : '';
    if (st.over) csKeepBest(st); // a game the player played, not the solver's line
  } catch (e) {
    for (const b of document.querySelectorAll('#cs-board .going')) b.classList.remove('going');
    $('cs-message').textContent = e.message;
  }
}

function csOverText() {
  const s = CS.state;
  return s.beads === 0
    ? `Game over: every bead removed! Score ${s.score}.`
    : `Game over: no group of two or more is left. Score ${s.score}, ${count(s.beads, 'bead')} left.`;
}

// csHoverText is the line under the board when no bead is pointed at:
// what to do, or nothing once the game is over (the message line says so,
// once).
function csHoverText() {
  const s = CS.state;
  return s && s.over ? '' : 'Hover over a bead to see its group; click to remove it.';
}

function csGroupAt(row, col) {
  const s = CS.state;
  if (!s) return -1;
  const top = s.rows - row;
  return s.group[top] ? s.group[top][col - 1] : -1;
}

function csRender(st) {
  CS.state = st;
  const board = $('cs-board');
  board.replaceChildren();
  const size = cellSize(board, st.rows, st.cols);
  board.style.setProperty('--cell', size + 'px');
  board.style.gridTemplateColumns = `1.6em repeat(${st.cols}, ${size}px)`;
  for (let top = 0; top < st.rows; top++) {
    const row = st.rows - top;
    board.appendChild(el('div', 'coord', String(row)));
    for (let c = 0; c < st.cols; c++) {
      const letter = st.grid[top][c];
      const b = el('div', 'bead');
      b.id = `cs-r${row}-c${c + 1}`;
      b.dataset.row = row;
      b.dataset.col = c + 1;
      if (letter !== '.') {
        b.classList.add('c-' + letter);
        const dot = el('div', 'dot', letter);
        b.appendChild(dot);
        const g = st.group[top][c];
        b.dataset.group = g;
        if (g >= 0) b.classList.add('in-group');
      }
      board.appendChild(b);
    }
  }
  board.appendChild(el('div', 'coord'));
  for (let c = 1; c <= st.cols; c++) board.appendChild(el('div', 'coord', String(c)));
  board.dataset.moves = String(st.moves.length);
  board.dataset.over = st.over ? '1' : '0';

  $('cs-score').textContent = st.score;
  $('cs-beads').textContent = st.beads;
  $('cs-nmoves').textContent = st.moves.length;
  const list = $('cs-moves');
  list.replaceChildren();
  st.moves.forEach((m, i) => {
    const li = el('li', '', `${m[0]} ${m[1]}  +${st.scores[i]}`);
    li.dataset.move = `${m[0]} ${m[1]}`;
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
  $('cs-undo').disabled = st.moves.length === 0;
  $('cs-restart').disabled = st.moves.length === 0;
  $('cs-hint').disabled = st.over;
  $('cs-hover').textContent = csHoverText();
  csShowStep();
  csShowCursor();
}

function csHover(target) {
  for (const b of document.querySelectorAll('#cs-board .hl')) b.classList.remove('hl');
  const bead = target && target.closest ? target.closest('.bead') : null;
  const s = CS.state;
  if (!bead || !s || bead.dataset.group === undefined) {
    $('cs-hover').textContent = csHoverText();
    return;
  }
  const g = Number(bead.dataset.group);
  const where = `${bead.dataset.row} ${bead.dataset.col}`;
  if (g < 0) {
    $('cs-hover').textContent = `${where}: a single bead, which cannot be removed`;
    return;
  }
  for (const b of document.querySelectorAll(`#cs-board .bead[data-group="${g}"]`)) b.classList.add('hl');
  const info = s.groups[g];
  $('cs-hover').textContent = `${where}: ${info.size} ${colourNames[info.color]} ${info.size === 1 ? 'bead' : 'beads'}, removing them scores +${info.score}`;
}

// ---- the keyboard: a cursor on the board, moved by the arrows

// showCursor marks game g's cursor on its board (prefix "cs" or "cr"),
// kept on the board (shown while the board has the focus), and returns
// the cell marked.
function showCursor(g, prefix) {
  for (const c of document.querySelectorAll(`#${prefix}-board .cursor`)) c.classList.remove('cursor');
  const s = g.state;
  if (!s || !g.cursor) return null;
  g.cursor.row = Math.max(1, Math.min(s.rows, g.cursor.row));
  g.cursor.col = Math.max(1, Math.min(s.cols, g.cursor.col));
  const c = $(`${prefix}-r${g.cursor.row}-c${g.cursor.col}`);
  if (c) c.classList.add('cursor');
  return c;
}

// boardKeys returns the key handler of game g's board: the arrows move
// the cursor (up is towards the top row), Enter or Space plays its cell,
// U (or Backspace) undoes, H asks for a hint.
function boardKeys(g, show, play, undo, hint) {
  return (e) => {
    const s = g.state;
    if (!s || e.altKey || e.ctrlKey || e.metaKey) return;
    const step = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (step) {
      g.cursor = g.cursor ? { row: g.cursor.row + step[0], col: g.cursor.col + step[1] } : { row: s.rows, col: 1 };
      show();
    } else if ((e.key === 'Enter' || e.key === ' ') && g.cursor) play(g.cursor.row, g.cursor.col);
    else if (['u', 'U', 'Backspace'].includes(e.key)) undo();
    else if (['h', 'H'].includes(e.key)) hint();
    else return;
    e.preventDefault();
  };
}

// csShowCursor marks the cursor's bead and, when the board has the
// focus, says what its group is.
function csShowCursor() {
  const b = showCursor(CS, 'cs');
  if (b && document.activeElement === $('cs-board')) csHover(b);
}

// ---- your best game on each board, kept in this browser (localStorage)

// csBest returns the key under which the best game on the board loaded is
// kept: the board file's own text, so that a board has one best whatever
// its name or however it was loaded.
function csBestKey() { return 'chainshot.best:' + CS.board; }

function csBestGet() {
  try { return JSON.parse(localStorage.getItem(csBestKey()) || 'null'); } catch (e) { return null; }
}

// csBetter ranks finished games as board.Better does: fewer beads left,
// then the higher score.
function csBetter(a, b) { return a.beads !== b.beads ? a.beads < b.beads : a.score > b.score; }

// csKeepBest keeps a finished game if it is the best on its board so far.
function csKeepBest(st) {
  const game = { score: st.score, beads: st.beads, moves: st.moves };
  const old = csBestGet();
  if (old && !csBetter(game, old)) return;
  try { localStorage.setItem(csBestKey(), JSON.stringify(game)); } catch (e) { return; }
  csShowBest(old ? 'A new best on this board!' : '');
}

function csShowBest(news) {
  const best = csBestGet();
  $('cs-best').hidden = !best;
  if (!best) return;
  $('cs-best-text').textContent = `${news ? news + ' ' : ''}Your best on this board: ${best.score} points, ` +
    `${count(best.beads, 'bead')} left, ${count(best.moves.length, 'move')} (kept in this browser).`;
  $('cs-best').dataset.score = best.score;
  $('cs-best').dataset.beads = best.beads;
}

async function csHint() {
  if (CS.busy || !CS.state || CS.state.over) return;
  $('cs-message').textContent = 'Thinking…';
  try {
    const h = await api('/api/chainshot/hint', { board: CS.board, moves: CS.moves });
    const id = `cs-r${h.move[0]}-c${h.move[1]}`;
    const g = csGroupAt(h.move[0], h.move[1]);
    for (const b of document.querySelectorAll(`#cs-board .bead[data-group="${g}"]`)) b.classList.add('hint');
    if ($(id)) $(id).classList.add('hint');
    $('cs-message').textContent = `Hint: ${h.move[0]} ${h.move[1]} removes ${count(h.size, 'bead')} (+${h.score}); ` +
      `the solver's line from here (${count(h.line_moves, 'move')}${h.optimal ? ', proved best' : ''}) ` +
      `leaves ${count(h.beads_left, 'bead')} with total ${h.line_total}.`;
  } catch (e) {
    $('cs-message').textContent = e.message;
  }
}

// The solver: a stream of JSON lines (progress, then the result) that a
// cancel ends by closing the request, which stops the search.
async function solveStart() {
  if (CS.solving || !CS.board) return;
  const input = $('solve-budget');
  const budget = Number(input.value);
  const most = Number(input.max);
  if (input.value.trim() === '' || !(budget >= 0.1 && budget <= most)) {
    $('solve-status').textContent = `Budget ${input.value.trim() || '(empty)'}: give the solver 0.1 to ${most} seconds.`;
    return;
  }
  const ctl = new AbortController();
  CS.solving = ctl;
  CS.solveId = '';
  CS.lastBest = null;
  $('solve-start').disabled = true;
  $('solve-cancel').disabled = false;
  $('solve-progress').value = 0;
  $('solve-status').textContent = 'Searching…';
  csClearLine();
  let got = false;
  try {
    const r = await fetch('/api/chainshot/solve', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, signal: ctl.signal,
      body: JSON.stringify({ board: CS.board, name: CS.name, moves: CS.moves, budget_seconds: budget, algo: $('solve-algo').value, rank: $('solve-rank').value }),
    });
    if (!r.ok) {
      let msg = `the server answered ${r.status}`;
      try { msg = (await r.json()).error || msg; } catch (e) { /* keep the status */ }
      throw new Error(msg);
    }
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        const msg = JSON.parse(line);
        if (msg.id) CS.solveId = msg.id;
        if (msg.progress) solveProgress(msg.progress);
        if (msg.result) { got = true; solveResult(msg.result); }
        if (msg.error) throw new Error(msg.error);
      }
    }
    if (!got) throw new Error('the search ended without a result');
  } catch (e) {
    $('solve-status').textContent = e.name === 'AbortError' ? 'Cancelled: the search was stopped before it found a line.' : e.message;
  } finally {
    CS.solving = null;
    CS.solveId = '';
    $('solve-start').disabled = false;
    $('solve-cancel').disabled = true;
  }
}

// solveCancel stops the search and keeps its best line so far (as Ctrl-C
// does on the command line); before the solve has said its id, it drops
// the request instead.
async function solveCancel() {
  if (!CS.solving) return;
  if (!CS.solveId) { CS.solving.abort(); return; }
  $('solve-cancel').disabled = true;
  $('solve-status').textContent = 'Stopping: the best line found so far will be kept…';
  try {
    await api('/api/chainshot/stop', { id: CS.solveId });
  } catch (e) {
    if (e.status !== 404) CS.solving.abort(); // 404: it ended on its own meanwhile
  }
}

function solveProgress(p) {
  $('solve-progress').value = Math.min(1, p.elapsed / p.budget);
  let text = `Searching: ${p.elapsed.toFixed(1)} s of ${p.budget} s, ${p.nodes.toLocaleString('en')} nodes`;
  if (p.beads !== undefined) {
    text += `; the best line so far leaves ${p.beads} ${p.beads === 1 ? 'bead' : 'beads'} and scores ${p.score}`;
    CS.lastBest = { score: p.score, beads: p.beads, at: p.elapsed };
  }
  $('solve-status').textContent = text;
}

function solveResult(res) {
  $('solve-progress').value = res.partial ? $('solve-progress').value : 1;
  let status = res.partial
    ? `Cancelled after ${res.seconds.toFixed(1)} s: the best line found so far is kept below, not finished.`
    : `Done in ${res.seconds.toFixed(1)} s (${res.algorithm}, ${res.nodes.toLocaleString('en')} nodes): the best line of the whole search.`;
  const last = CS.lastBest;
  if (last && (last.score !== res.score || last.beads !== res.beads_left)) {
    status += ` The last progress report (at ${last.at.toFixed(1)} s) had ${last.score} points, ${last.beads} left: ` +
      'the search improved its line after it.';
  }
  $('solve-status').textContent = status;
  CS.line = res;
  CS.step = CS.moves.length;
  $('solve-summary').textContent = `${res.partial ? 'Best line so far (search cancelled, not finished)' : 'Line found'}: ` +
    `${count(res.moves.length, 'move')}, score ${res.score}, ${count(res.beads_left, 'bead')} left${res.optimal ? ' (proved best)' : ''}.`;
  $('solve-summary').dataset.partial = res.partial ? '1' : '0';
  $('solve-summary').dataset.score = res.score;
  $('solve-summary').dataset.beads = res.beads_left;
  $('solve-line').textContent = res.line;
  $('solve-result').hidden = false;
  csShowStep();
}

function csClearLine() {
  CS.line = null;
  CS.animating = false;
  $('solve-result').hidden = true;
  $('step-play').textContent = 'Animate';
  csMarkNext();
}

function csShowStep() {
  if (!CS.line) return;
  $('step-count').textContent = `${CS.step}/${CS.line.moves.length}`;
  csMarkNext();
}

// csMarkNext outlines the bead the line plays next, while the board shows
// a point of the line.
function csMarkNext() {
  for (const b of document.querySelectorAll('#cs-board .next-move')) b.classList.remove('next-move');
  if (!CS.line || CS.step >= CS.line.moves.length) return;
  const m = CS.line.moves[CS.step];
  const same = CS.moves.length === CS.step &&
    CS.moves.every((x, i) => x[0] === CS.line.moves[i][0] && x[1] === CS.line.moves[i][1]);
  if (!same) return;
  const b = $(`cs-r${m[0]}-c${m[1]}`);
  if (b) b.classList.add('next-move');
}

async function csStepTo(k) {
  if (!CS.line) return;
  k = Math.max(0, Math.min(CS.line.moves.length, k));
  CS.step = k;
  await csSetMoves(CS.line.moves.slice(0, k), false);
  $('cs-message').textContent = CS.state.over ? csOverText() : '';
}

async function csAnimate() {
  if (!CS.line) return;
  if (CS.animating) { CS.animating = false; $('step-play').textContent = 'Animate'; return; }
  CS.animating = true;
  $('step-play').textContent = 'Stop';
  if (CS.step >= CS.line.moves.length) await csStepTo(0);
  while (CS.animating && CS.line && CS.step < CS.line.moves.length) {
    await sleep(450);
    if (!CS.animating || !CS.line) break;
    const m = CS.line.moves[CS.step];
    const g = csGroupAt(m[0], m[1]);
    for (const b of document.querySelectorAll(`#cs-board .bead[data-group="${g}"]`)) b.classList.add('going');
    CS.step++;
    await csSetMoves(CS.line.moves.slice(0, CS.step), true);
  }
  CS.animating = false;
  $('step-play').textContent = 'Animate';
}

async function csInit() {
  const sets = await api('/api/datasets');
  const sel = $('cs-builtin');
  for (const d of sets) {
    const o = el('option', '', d.name);
    o.value = d.name;
    o.title = d.description;
    sel.appendChild(o);
  }
  $('cs-load-builtin').onclick = () => csLoad({ builtin: sel.value });
  sel.onchange = () => csLoad({ builtin: sel.value });
  $('cs-load-text').onclick = () => csLoad({ text: $('cs-text').value, name: $('cs-text').dataset.name || 'pasted.txt' });
  $('cs-text').oninput = () => { delete $('cs-text').dataset.name; };
  $('cs-file').onchange = async () => {
    const f = $('cs-file').files[0];
    if (!f) return;
    if (f.size > 60000) { showError('cs-error', `${f.name}: ${f.size} bytes; a board file is at most 60,000`); return; }
    $('cs-text').value = await f.text();
    $('cs-text').dataset.name = f.name;
    csLoad({ text: $('cs-text').value, name: f.name });
  };
  $('cs-generate').onclick = () => csLoad({ generate: {
    rows: Number($('gen-rows').value), cols: Number($('gen-cols').value),
    colors: Number($('gen-colors').value), seed: Number($('gen-seed').value),
  } });
  const board = $('cs-board');
  board.addEventListener('mouseover', (e) => csHover(e.target));
  board.addEventListener('mouseleave', () => csHover(null));
  board.addEventListener('click', (e) => {
    const b = e.target.closest('.bead');
    if (!b) return;
    CS.cursor = { row: Number(b.dataset.row), col: Number(b.dataset.col) };
    csPlay(CS.cursor.row, CS.cursor.col);
  });
  board.addEventListener('keydown', boardKeys(CS, csShowCursor, csPlay, () => $('cs-undo').click(), csHint));
  board.addEventListener('focus', () => { if (!CS.cursor && CS.state) CS.cursor = { row: CS.state.rows, col: 1 }; csShowCursor(); });
  board.addEventListener('blur', () => csHover(null));
  $('cs-best-show').onclick = () => {
    const best = csBestGet();
    if (best && !CS.busy) csSetMoves(best.moves, false).then(() => { $('cs-message').textContent = csOverText(); });
  };
  $('cs-undo').onclick = () => {
    if (!CS.busy && CS.moves.length) csSetMoves(CS.moves.slice(0, -1), false).then(() => { $('cs-message').textContent = ''; });
  };
  $('cs-restart').onclick = () => { if (!CS.busy) csSetMoves([], false).then(() => { $('cs-message').textContent = ''; }); };
  $('cs-hint').onclick = csHint;
  $('solve-start').onclick = solveStart;
  $('solve-cancel').onclick = solveCancel;
  $('step-first').onclick = () => csStepTo(0);
  $('step-back').onclick = () => csStepTo(CS.step - 1);
  $('step-next').onclick = () => csStepTo(CS.step + 1);
  $('step-last').onclick = () => csStepTo(CS.line ? CS.line.moves.length : 0);
  $('step-play').onclick = csAnimate;
  const base = () => CS.name.replace(/\.txt$/, '').replace(/[^A-Za-z0-9._#-]/g, '_');
  $('download-line').onclick = () => { if (CS.line) download(base() + '.jsonl', CS.line.line); };
  $('download-board').onclick = () => download(CS.name.endsWith('.txt') ? CS.name : CS.name + '.txt', CS.board);
  const lim = await api('/api/limits');
  $('solve-budget').max = String(lim.max_budget_seconds);
  // The game in the address, else sample1.
  const saved = readURL();
  if (saved.load && await csLoad(saved.load)) {
    if (saved.load.builtin) sel.value = saved.load.builtin;
    if (saved.moves.length) {
      try {
        await csSetMoves(saved.moves, false);
        if (CS.state.over) $('cs-message').textContent = csOverText();
      } catch (e) {
        $('cs-message').textContent = `The address's moves could not be replayed: ${e.message}`;
      }
    }
    return;
  }
  const why = saved.load ? $('cs-error').textContent : '';
  sel.value = 'sample1';
  await csLoad({ builtin: 'sample1' });
  if (why) showError('cs-error', `The address's board could not be loaded: ${why}`);
}

// ---------------------------------------------------------------- Chain Reaction

const CR = {
  rows: 9, cols: 6, players: 2, seats: [], names: '', moves: [], movers: [],
  state: null, gen: 0, paused: false, seed: 1, presets: [], nextWave: null, cursor: null,
};

// crSeatRows draws a seat for each player, keeping the choices made, or
// taking the specs given (a game from the address).
function crSeatRows(specs) {
  const n = Math.max(2, Math.min(8, Number($('cr-players').value) || 2));
  const box = $('cr-seats');
  let old = [...box.querySelectorAll('.seat')].map((s) => ({
    kind: s.querySelector('select').value, custom: s.querySelector('input').value,
  }));
  if (specs) {
    const known = new Set(['human', ...CR.presets.map((pr) => pr.spec)]);
    old = specs.map((sp) => (known.has(sp) ? { kind: sp, custom: '' } : { kind: 'custom', custom: sp }));
  }
  box.replaceChildren();
  const names = 'RGBYPOCW';
  for (let p = 0; p < n; p++) {
    const row = el('div', 'seat');
    row.appendChild(el('span', `swatch p-${names[p]}`));
    row.appendChild(el('b', '', names[p]));
    const sel = el('select');
    sel.id = `cr-seat-${p}`;
    const human = el('option', '', 'human');
    human.value = 'human';
    sel.appendChild(human);
    for (const pr of CR.presets) {
      const o = el('option', '', pr.spec);
      o.value = pr.spec;
      o.title = pr.about;
      sel.appendChild(o);
    }
    const custom = el('option', '', 'other spec…');
    custom.value = 'custom';
    sel.appendChild(custom);
    const input = el('input');
    input.type = 'text';
    input.placeholder = 'e.g. alphabeta:depth=2';
    input.id = `cr-spec-${p}`;
    sel.value = old[p] ? old[p].kind : (p === 0 ? 'human' : 'best');
    input.value = old[p] ? old[p].custom : '';
    input.hidden = sel.value !== 'custom';
    sel.onchange = () => { input.hidden = sel.value !== 'custom'; };
    row.append(sel, input);
    box.appendChild(row);
  }
}

function crSeatsFromForm() {
  return [...$('cr-seats').querySelectorAll('.seat')].map((s) => {
    const kind = s.querySelector('select').value;
    if (kind === 'human') return { human: true, spec: 'human' };
    const spec = kind === 'custom' ? s.querySelector('input').value.trim() : kind;
    return { human: false, spec };
  });
}

function crBase() {
  return { rows: CR.rows, cols: CR.cols, players: CR.players };
}

// crNew starts a game from the form; with moves and a seed (a game from
// the address) it goes on from where they lead.
async function crNew(moves, seed) {
  showError('cr-error', '');
  const rows = Number($('cr-rows').value);
  const cols = Number($('cr-cols').value);
  const seats = crSeatsFromForm();
  moves = moves || [];
  try {
    const st = await api('/api/react/state', { rows, cols, players: seats.length, moves });
    CR.gen++;
    if (CR.nextWave) CR.nextWave();
    Object.assign(CR, { rows, cols, players: seats.length, seats, names: st.names, moves: st.moves, movers: st.movers, paused: false });
    CR.seed = seed || Math.floor(Math.random() * 1e9);
    CR.cursor = null;
    $('cr-pause').textContent = 'Pause';
    $('cr-caption').textContent = moves.length ? `back at move ${moves.length + 1}` : '';
    crRender(st, null, []);
    $('cr-board').dataset.game = String(CR.gen);
    saveURL();
    crNext();
    return true;
  } catch (e) {
    showError('cr-error', moves.length ? `The address's game could not be replayed: ${e.message}` : e.message);
    return false;
  }
}

// crRender draws a board (cells top row first) with the cells about to
// explode and the cell just played marked; with no cells given it draws
// the state's.
function crRender(st, cells, exploding, played) {
  CR.state = st;
  cells = cells || st.cells;
  const board = $('cr-board');
  board.replaceChildren();
  const size = cellSize(board, st.rows, st.cols);
  board.style.setProperty('--cell', size + 'px');
  board.style.gridTemplateColumns = `1.6em repeat(${st.cols}, ${size}px)`;
  const marks = new Set((exploding || []).map((m) => `${m[0]} ${m[1]}`));
  const legal = new Set(st.legal.map((m) => `${m[0]} ${m[1]}`));
  for (let top = 0; top < st.rows; top++) {
    const row = st.rows - top;
    board.appendChild(el('div', 'coord', String(row)));
    for (let c = 0; c < st.cols; c++) {
      const [owner, n] = cells[top][c];
      const cell = el('div', 'cell');
      const key = `${row} ${c + 1}`;
      cell.id = `cr-r${row}-c${c + 1}`;
      cell.dataset.row = row;
      cell.dataset.col = c + 1;
      cell.dataset.owner = owner;
      cell.dataset.orbs = n;
      cell.title = `${key}: critical mass ${st.critical[top][c]}`;
      if (marks.has(key)) cell.classList.add('exploding');
      if (played && played[0] === row && played[1] === c + 1) cell.classList.add('played');
      if (legal.has(key)) cell.classList.add('legal');
      if (owner >= 0 && n > 0) {
        const cls = `orb p-${st.names[owner]}`;
        if (n <= 3) {
          for (let i = 0; i < n; i++) cell.appendChild(el('div', cls));
        } else {
          cell.appendChild(el('div', cls + ' big', String(n)));
        }
      }
      board.appendChild(cell);
    }
  }
  board.appendChild(el('div', 'coord'));
  for (let c = 1; c <= st.cols; c++) board.appendChild(el('div', 'coord', String(c)));
  board.dataset.moves = String(st.moves.length);
  crPlayers(st);
  crShowCursor();
  const list = $('cr-moves');
  list.replaceChildren();
  st.moves.forEach((m, i) => {
    const li = el('li', '', `${st.names[CR.movers[i]] || '?'} ${m[0]} ${m[1]}`);
    li.dataset.move = `${m[0]} ${m[1]}`;
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
}

// crLastPlayed is the cell of the last move, marked on the board.
function crLastPlayed() {
  return CR.moves.length ? CR.moves[CR.moves.length - 1] : null;
}

function crPlayers(st) {
  const ul = $('cr-players-list');
  ul.replaceChildren();
  for (let p = 0; p < st.players; p++) {
    const li = el('li');
    li.appendChild(el('span', `swatch p-${st.names[p]}`));
    const seat = CR.seats[p] || { spec: '?' };
    li.appendChild(el('span', '', `${st.names[p]} (${seat.spec})`));
    li.appendChild(el('span', 'small', `${count(st.orbs[p], 'orb')}`));
    if (!st.alive[p]) li.classList.add('out');
    if (st.winner === p) li.classList.add('winner');
    if (!st.over && st.to_move === p) li.classList.add('to-move');
    ul.appendChild(li);
  }
}

function crSetTurn(turn, text) {
  $('cr-board').dataset.turn = turn;
  const s = $('cr-status');
  s.textContent = text;
  s.classList.toggle('win', turn === 'over');
  // Pause has nothing to hold once the game is over, nor in a game of
  // humans only; a hint is for a human about to move.
  $('cr-pause').disabled = turn === 'over' || CR.seats.every((x) => x.human);
  $('cr-hint').disabled = turn !== 'human';
  if (turn !== 'human') $('cr-hint-text').textContent = '';
}

// crNext asks the player to move: a human clicks, an AI is asked.
async function crNext() {
  const st = CR.state;
  const gen = CR.gen;
  if (st.over) {
    const w = st.names[st.winner];
    const who = CR.seats[st.winner];
    crSetTurn('over', `${w} wins${who && who.human ? '!' : ` (${who ? who.spec : ''})`} after ${count(st.moves.length, 'move')}.`);
    $('cr-board').dataset.winner = String(st.winner);
    return;
  }
  const p = st.to_move;
  const seat = CR.seats[p];
  if (seat.human) {
    crSetTurn('human', `${st.names[p]} to move: click an empty cell or one of ${st.names[p]}'s.`);
    return;
  }
  if (CR.paused) {
    crSetTurn('paused', `Paused before ${st.names[p]} (${seat.spec}) moves.`);
    return;
  }
  crSetTurn('ai', `${st.names[p]} (${seat.spec}) is thinking…`);
  try {
    const r = await api('/api/react/ai', { ...crBase(), moves: CR.moves, spec: seat.spec, seed: (CR.seed + CR.moves.length) % 4294967296 });
    if (gen !== CR.gen) return;
    await crShowMove(r, gen);
  } catch (e) {
    if (gen !== CR.gen) return;
    crSetTurn('error', '');
    showError('cr-error', e.message);
  }
}

// crHint asks the strongest player offered which move it would make for
// the human to move, and marks that cell; nothing is played.
async function crHint() {
  if ($('cr-board').dataset.turn !== 'human') return;
  const gen = CR.gen;
  const moves = CR.moves.length;
  $('cr-hint-text').textContent = 'Thinking…';
  try {
    const r = await api('/api/react/ai', { ...crBase(), moves: CR.moves, spec: 'best', seed: CR.seed });
    if (gen !== CR.gen || moves !== CR.moves.length) return;
    const c = $(`cr-r${r.move[0]}-c${r.move[1]}`);
    if (c) c.classList.add('hint');
    $('cr-hint-text').textContent = `Hint: ${r.move[0]} ${r.move[1]}, the move the strongest player offered here (${r.spec}) would make.`;
    $('cr-hint-text').dataset.move = `${r.move[0]} ${r.move[1]}`;
  } catch (e) {
    $('cr-hint-text').textContent = e.message;
  }
}

function crShowCursor() { showCursor(CR, 'cr'); }

async function crClick(row, col) {
  if ($('cr-board').dataset.turn !== 'human') return;
  const gen = CR.gen;
  showError('cr-error', '');
  crSetTurn('busy', '');
  try {
    const r = await api('/api/react/move', { ...crBase(), moves: CR.moves, move: [row, col] });
    if (gen !== CR.gen) return;
    await crShowMove(r, gen);
  } catch (e) {
    if (gen !== CR.gen) return;
    showError('cr-error', e.message);
    crNext();
  }
}

// crWaitDelay waits between two frames: the chosen delay, or in step by
// step mode until "Next wave" is pressed.
function crWaitDelay() {
  const v = $('cr-speed').value;
  if (v !== 'step') return sleep(Number(v));
  $('cr-next-wave').disabled = false;
  return new Promise((ok) => {
    CR.nextWave = () => { CR.nextWave = null; $('cr-next-wave').disabled = true; ok(); };
  });
}

// crShowMove draws a move wave by wave from the server's trace: the orb
// landed, each wave's cells about to explode, the board after each wave.
async function crShowMove(r, gen) {
  const tr = r.trace;
  const who = CR.state.names[tr.player];
  CR.movers.push(tr.player);
  const before = CR.state;
  const frames = [];
  const n0 = tr.waves.length ? tr.waves[0].exploded.length : 0;
  frames.push({ cells: tr.landed, marks: n0 ? tr.waves[0].exploded : [],
    caption: `${who} plays ${tr.move[0]} ${tr.move[1]}` + (n0 ? `: ${n0} to explode` : '') });
  tr.waves.forEach((w, i) => {
    const next = tr.waves[i + 1];
    let caption = `${who} plays ${tr.move[0]} ${tr.move[1]}, after wave ${i + 1}: `;
    if (next) caption += `${next.exploded.length} to explode`;
    else caption += tr.stopped ? 'the reaction stops, one player is left' : 'stable';
    frames.push({ cells: w.cells, marks: next ? next.exploded : [], caption });
  });
  const instant = $('cr-speed').value === '0';
  if (!instant && frames.length > 1) {
    $('cr-board').dataset.turn = 'anim';
    for (let i = 0; i < frames.length - 1; i++) {
      const f = frames[i];
      $('cr-caption').textContent = f.caption;
      $('cr-caption').dataset.frame = String(i);
      crRender({ ...before, legal: [] }, f.cells, f.marks, tr.move);
      await crWaitDelay();
      if (gen !== CR.gen) return;
    }
  }
  const last = frames[frames.length - 1];
  CR.moves.push(r.move);
  saveURL();
  $('cr-caption').textContent = last.caption;
  $('cr-caption').dataset.frame = String(frames.length - 1);
  crRender(r.state, null, [], tr.move);
  if (!instant && frames.length > 1) await sleep(Math.min(250, Number($('cr-speed').value) || 250));
  if (gen !== CR.gen) return;
  crNext();
}

async function crUndo() {
  if (!CR.moves.length) return;
  CR.gen++;
  if (CR.nextWave) CR.nextWave();
  const anyHuman = CR.seats.some((s) => s.human);
  do {
    CR.moves.pop();
    const p = CR.movers.pop();
    if (!anyHuman || CR.seats[p].human) break;
  } while (CR.moves.length);
  try {
    const st = await api('/api/react/state', { ...crBase(), moves: CR.moves });
    $('cr-caption').textContent = `back to move ${CR.moves.length + 1}`;
    crRender(st, null, []);
    saveURL();
    crNext();
  } catch (e) {
    showError('cr-error', e.message);
  }
}

async function crInit() {
  const pl = await api('/api/react/players');
  CR.presets = pl.presets;
  $('cr-limits').textContent = 'AI players: the presets, or any spec of "chainshot react play --vs" within these limits: ' + pl.limits + '.';
  $('cr-players').oninput = () => crSeatRows();
  $('cr-new').onclick = () => crNew();
  $('cr-undo').onclick = crUndo;
  $('cr-hint').onclick = crHint;
  $('cr-pause').onclick = () => {
    CR.paused = !CR.paused;
    $('cr-pause').textContent = CR.paused ? 'Resume' : 'Pause';
    if (!CR.paused && $('cr-board').dataset.turn === 'paused') crNext();
  };
  $('cr-next-wave').onclick = () => { if (CR.nextWave) CR.nextWave(); };
  $('cr-speed').onchange = () => { if ($('cr-speed').value !== 'step' && CR.nextWave) CR.nextWave(); };
  const board = $('cr-board');
  board.addEventListener('click', (e) => {
    const c = e.target.closest('.cell');
    if (!c) return;
    CR.cursor = { row: Number(c.dataset.row), col: Number(c.dataset.col) };
    crClick(CR.cursor.row, CR.cursor.col);
  });
  board.addEventListener('keydown', boardKeys(CR, crShowCursor, crClick, crUndo, crHint));
  board.addEventListener('focus', () => { if (!CR.cursor && CR.state) CR.cursor = { row: CR.state.rows, col: 1 }; crShowCursor(); });
  // The game in the address, else a new one.
  const saved = readURL().cr;
  if (saved) {
    $('cr-rows').value = saved.rows;
    $('cr-cols').value = saved.cols;
    $('cr-players').value = saved.seats.length;
    crSeatRows(saved.seats);
    if (await crNew(saved.moves, saved.seed)) return;
    // Not a game the server plays: the page's own new game, the error kept.
    const why = $('cr-error').textContent;
    $('cr-rows').value = 9;
    $('cr-cols').value = 6;
    $('cr-players').value = 2;
    crSeatRows(['human', 'best']);
    await crNew();
    showError('cr-error', why);
    return;
  }
  crSeatRows();
  await crNew();
}

// ---------------------------------------------------------------- start

window.addEventListener('DOMContentLoaded', async () => {
  $('tab-cs').onclick = () => showTab('cs');
  $('tab-cr').onclick = () => showTab('cr');
  showTab(readURL().tab);
  try {
    await csInit();
    await crInit();
    restoring = false;
    saveURL();
    document.body.dataset.ready = '1';
  } catch (e) {
    showError('cs-error', 'The page could not start: ' + e.message);
  }
  // An address edited by hand, or a link followed in this tab: its games.
  window.addEventListener('hashchange', () => { if (!restoring && location.hash !== savedHash) location.reload(); });
  // A narrower or wider window: the boards' squares fit it again.
  let resize = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resize);
    resize = setTimeout(fitBoards, 100);
  });
});
