// app.js — the live boards of an event (issue 34). No library: the page is
// served by tabula-hub-web from the package's files, nothing is fetched from
// elsewhere. Boards arrive as JSON (board_json.h) over server-sent events
// (/events): "reset" then each board whole ("board") when the stream opens,
// then only what changed of a board ("patch", board_patch.h), "gone",
// "status"; the arbiter's page (arbiter.html) adds alerts and actions.
'use strict';

const ARBITER = document.body.dataset.mode === 'arbiter';
const boards = new Map();     // name -> {data, received}
let focused = null;           // the board shown large
let status = {};

const SEAT_COLOURS = {
  Red: '#d23c3c', Blue: '#2f6fd6', Yellow: '#e0b400', Green: '#2f9e4a',
  White: '#f4f1ea', Black: '#2a2a2a', 'Light Brown': '#d8b27a', 'Dark Brown': '#7a4a25',
};
const FALLBACK = ['#d23c3c', '#2f6fd6', '#e0b400', '#2f9e4a'];
const GLYPHS = { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟', D: '♛' };
const SVG = 'http://www.w3.org/2000/svg';

function colourOf(b, seat) {
  const s = b.seats[seat];
  // The variant's own colour first (Chess Four's, told apart by a
  // colour-blind spectator too: variant.proto SeatDef.colour), then by name.
  return (s && (s.colour || SEAT_COLOURS[s.name])) || FALLBACK[seat % 4];
}

// A piece's outline, as the kiosk draws it (ui/piece_art.cpp, piece_style):
// a fill as dark as the dark squares (Chess Four's Dark Brown, 16 apart from
// them in CIE76 Delta E) would sink into them under a black outline, so a
// fill of luminance 0.2-0.42 gets a light rim; every other a dark one.
function rimmed(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || '');
  if (!m) return false;
  const lum = (0.2126 * parseInt(m[1], 16) + 0.7152 * parseInt(m[2], 16) + 0.0722 * parseInt(m[3], 16)) / 255;
  return lum > 0.2 && lum < 0.42;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function svg(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function clockText(ms) {
  if (ms < 0) ms = 0;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  const mm = String(m).padStart(h ? 2 : 1, '0'), ss = String(sec).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

function clockNow(entry, seat) {
  const b = entry.data;
  const base = b.seats[seat].clock_ms;
  if (b.clock_running === seat && !b.paused && !b.over) return base - (Date.now() - entry.received);
  return base;
}

function drawBoard(b, big) {
  const W = b.w || 8, H = b.h || 8;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board' + (big ? ' big' : ''), role: 'img',
                            'aria-label': `board ${b.board}` });
  const cells = b.cells || [];
  for (let r = 0; r < H; r++) {
    const row = cells[r] || '';
    for (let f = 0; f < W; f++) {
      if (row[f] !== '1') continue;
      const rank = H - 1 - r;
      root.appendChild(svg('rect', { x: f, y: r, width: 1, height: 1,
                                     class: (f + rank) % 2 ? 'light' : 'dark' }));
    }
  }
  if (b.last) {
    for (const [f, rk] of b.last) root.appendChild(svg('rect', { x: f, y: H - 1 - rk, width: 1, height: 1, class: 'last' }));
  }
  for (const [f, rk, seat, letter, dead] of b.pieces) {
    const glyph = GLYPHS[letter];
    const fill = dead ? '#9a9a9a' : colourOf(b, seat);
    const t = svg('text', { x: f + 0.5, y: H - 1 - rk + 0.8, 'text-anchor': 'middle',
                            class: 'piece' + (dead ? ' dead' : '') + (glyph ? '' : ' letter') +
                                   (!dead && rimmed(fill) ? ' rim' : ''),
                            fill });
    t.textContent = glyph || letter;
    root.appendChild(t);
  }
  return root;
}

// Session 20: a board whose journal cannot be written plays on, unrecorded;
// session 21: the board's words (they name its journal's file) come in the
// arbiter's view only.
function resultLine(b) {
  const line = playLine(b);
  if (!b.not_recording) return line;
  return `${line ? line + ' · ' : ''}NOT RECORDING` + (b.not_recording_why ? ` (${b.not_recording_why})` : '');
}

// s30-table: the seats with their players, as the kiosk says them ("Ann
// (Yellow) to move", "Ann (White) wins"; the page said "Yellow to move").
function playLine(b) {
  if (!b.over) {
    const who = b.to_move >= 0 && b.seats[b.to_move] ? seatName(b.seats[b.to_move]) : '';
    const bits = [];
    if (who) bits.push(`${who} to move`);
    if (b.paused) bits.push('paused by the arbiter');
    if (b.tracker !== 'in sync') bits.push(b.tracker);
    if (b.online === false) bits.push('offline');
    return bits.join(' · ');
  }
  if (b.draw) return `draw (${b.reason})`;
  // s31-hall: a team wins together ("Ann (White) and Cem (Yellow) win").
  const names = winnersOf(b).map(i => b.seats[i] ? seatName(b.seats[i]) : '?');
  const won = names.length > 1 ? names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1] + ' win'
            : names.length ? names[0] + ' wins' : 'over';
  return `${won}${b.reason ? ' (' + b.reason + ')' : ''}`;
}

// The seats that won: the feed's "winners" (the ranking's first with its
// team, as the kiosk marks them; s31-hall), else, from a service of before
// the field, the ranking's first.
function winnersOf(b) {
  if (!b.over || b.draw) return [];
  if (Array.isArray(b.winners)) return b.winners;
  return b.ranking && b.ranking.length ? [b.ranking[0]] : [];
}

// The variant by its name, as the kiosk shows it ("Four-player FFA
// (chess.com)", not its id "chesscom-ffa"); the id while the service cannot
// read the variant (s30-table).
function variantName(b) {
  return b.variant_name || b.variant;
}

// Who plays a seat: "Ann (Red)", "bot, level 2 (Green)" for a seat a bot
// plays that nobody named (the kiosk's words), "Green" for an unnamed person
// (and every seat of a board of before session 17, whose state has no `bot`).
function seatName(s) {
  if (s.player) return `${s.player} (${s.name})`;
  return s.bot ? `bot, ${s.bot} (${s.name})` : s.name;
}

// How a seat stands: how it went out ("checkmated"), or, once the game is
// over, "won" (each winner: the ranking's first with its team, s31-hall) or
// "drawn" for a seat still in play (the kiosk's words; s30-table: the
// winner's seat said nothing after the end).
function endStatus(b, s, i) {
  if (s.status !== 'live') return s.status;
  if (!b.over) return '';
  if (b.draw) return 'drawn';
  return winnersOf(b).includes(i) ? 'won' : '';
}

function seatList(entry) {
  const b = entry.data;
  const ul = el('ul', 'seats');
  b.seats.forEach((s, i) => {
    const li = el('li', 'seat' + (i === b.to_move && !b.over ? ' to-move' : '') + (s.status !== 'live' ? ' out' : ''));
    const chip = el('span', 'chip');
    chip.style.background = colourOf(b, i);
    li.appendChild(chip);
    li.appendChild(el('span', 'name', seatName(s)));
    if (b.ledger) li.appendChild(el('span', 'points', b.ledger === 'tokens' ? `${s.points} token${s.points === 1 ? '' : 's'}` : `${s.points} pt`));
    const status = endStatus(b, s, i);
    if (status) li.appendChild(el('span', 'status' + (s.status === 'live' ? ' end' : ''), status));
    if (b.clocks) {
      const c = el('span', 'clock', clockText(clockNow(entry, i)));
      c.dataset.board = b.board;
      c.dataset.seat = i;
      li.appendChild(c);
    }
    ul.appendChild(li);
  });
  return ul;
}

// `moves` counts every seat's moves (plies), not chess's numbered moves:
// "2. b7-d7" read as move 2 where the kiosk says round 1.
function played(n) {
  return n === 1 ? '1 move played' : `${n} moves played`;
}

function card(entry) {
  const b = entry.data;
  const c = el('article', 'card' + (b.over ? ' over' : ''));
  c.tabIndex = 0;
  c.dataset.board = b.board;
  const h = el('h2', '', `${b.board}`);
  h.appendChild(el('span', 'sub', ` round ${b.round} · ${variantName(b)}`));
  c.appendChild(h);
  if (b.error) c.appendChild(el('p', 'error', b.error));
  c.appendChild(drawBoard(b, false));
  c.appendChild(el('p', 'line', resultLine(b)));
  c.appendChild(el('p', 'last', b.last_move ? `last move ${b.last_move} (${played(b.moves)})` : 'no move yet'));
  c.appendChild(seatList(entry));
  c.addEventListener('click', () => openFocus(b.board));
  c.addEventListener('keydown', e => { if (e.key === 'Enter') openFocus(b.board); });
  return c;
}

function renderAll() {
  const main = document.getElementById('boards');
  const names = [...boards.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  main.replaceChildren(...names.map(n => card(boards.get(n))));
  if (!names.length) main.appendChild(el('p', 'note', 'No board has reported yet.'));
  if (focused) renderFocus();
}

function renderOne(name) {
  const main = document.getElementById('boards');
  const old = main.querySelector(`article[data-board="${CSS.escape(name)}"]`);
  if (!old) return renderAll();
  old.replaceWith(card(boards.get(name)));
  if (focused === name) renderFocus();
}

function openFocus(name) {
  focused = name;
  document.getElementById('focus').hidden = false;
  renderFocus();
}

function renderFocus() {
  const entry = boards.get(focused);
  const body = document.getElementById('focus-body');
  if (!entry) { body.replaceChildren(el('p', 'note', `${focused} is not shown now.`)); return; }
  const b = entry.data;
  const h = el('h2', '', b.board);
  h.appendChild(el('span', 'sub', ` round ${b.round} · ${variantName(b)}`));
  const wrap = el('div', 'focus-grid');
  wrap.appendChild(drawBoard(b, true));
  const side = el('div', 'side');
  side.appendChild(el('p', 'line', resultLine(b)));
  side.appendChild(el('p', 'last', b.last_move ? `last move ${b.last_move} (${played(b.moves)})` : 'no move yet'));
  side.appendChild(seatList(entry));
  const rul = el('ul', 'rulings');
  // s30-words: the players named beside their seats, as the kiosk says them
  // ("Ann (White) is in check"): the service's `said` (one rule, in C++).
  for (const r of b.rulings) rul.appendChild(el('li', 'ruling ' + r.severity, r.said || r.text));
  // Session 29: an offline board's rulings as the tournament record kept
  // them (the board has not sent its stream to this service), said so.
  side.appendChild(el('h3', '', 'Latest rulings'));
  if (b.rulings_kept) side.appendChild(el('p', 'note kept', b.rulings_kept));
  side.appendChild(rul);
  if (ARBITER) side.appendChild(actions(b));
  wrap.appendChild(side);
  body.replaceChildren(h, wrap);
}

function tickClocks() {
  for (const c of document.querySelectorAll('.clock')) {
    const entry = boards.get(c.dataset.board);
    if (entry) c.textContent = clockText(clockNow(entry, Number(c.dataset.seat)));
  }
}

function setConn(text, ok) {
  const c = document.getElementById('conn');
  c.textContent = text;
  c.className = 'conn ' + (ok ? 'ok' : 'bad');
}

function applyStatus(s) {
  status = s;
  if (s.event) document.getElementById('event').textContent = (ARBITER ? 'Arbiter · ' : '') + s.event;
  document.title = `Tabula — ${s.event || 'live boards'}`;
  setConn(s.connected ? 'live' : 'reconnecting to the hub…', s.connected);
  document.getElementById('delay').textContent = s.delay_s ? `moves shown ${s.delay_s} s late` : '';
  // Session 29 (the arbiter's page): why the tournament record is not read yet.
  const rec = document.getElementById('record-note');
  if (rec) {
    rec.textContent = s.record ? `Tournament record: ${s.record}` : '';
    rec.hidden = !s.record;
  }
  // Session 30 (the arbiter's page): what the public delay's bounds merged away.
  const merged = document.getElementById('delay-note');
  if (merged) {
    merged.textContent = s.delay_merged ? `Public view: ${s.delay_merged}` : '';
    merged.hidden = !s.delay_merged;
  }
  const feeds = document.getElementById('feeds');
  if (feeds) {
    feeds.replaceChildren();
    for (const r of s.rounds || []) {
      for (const ext of ['pgn', 'pgn4']) {
        const a = el('a', '', `round ${r} .${ext}`);
        a.href = `round-${r}.${ext}`;
        feeds.appendChild(a);
      }
    }
  }
}

// A board's patch (board_patch.h): the fields it names replace the board's;
// pieces_del and pieces_add empty their squares, then pieces_add is added;
// each [index, seat] of seats_at replaces that seat.
function applyPatch(b, p) {
  const out = Object.assign({}, b, p);
  if (p.pieces_del || p.pieces_add) {
    const add = p.pieces_add || [];
    const taken = new Set([...(p.pieces_del || []), ...add].map(q => `${q[0]},${q[1]}`));
    out.pieces = b.pieces.filter(q => !taken.has(`${q[0]},${q[1]}`)).concat(add);
    delete out.pieces_del;
    delete out.pieces_add;
  }
  if (p.seats_at) {
    out.seats = b.seats.slice();
    for (const [i, seat] of p.seats_at) out.seats[i] = seat;
    delete out.seats_at;
  }
  return out;
}

function connect() {
  const src = new EventSource(ARBITER ? 'events?arbiter=1' : 'events');
  src.addEventListener('reset', () => { boards.clear(); renderAll(); });
  src.addEventListener('board', e => {
    const data = JSON.parse(e.data);
    const had = boards.has(data.board);
    boards.set(data.board, { data, received: Date.now() });
    had ? renderOne(data.board) : renderAll();
  });
  src.addEventListener('patch', e => {
    const p = JSON.parse(e.data);
    const entry = boards.get(p.board);
    if (!entry) return;  // not sent before its board: the service never does that
    boards.set(p.board, { data: applyPatch(entry.data, p), received: Date.now() });
    renderOne(p.board);
  });
  src.addEventListener('gone', e => { boards.delete(JSON.parse(e.data)); renderAll(); });
  src.addEventListener('status', e => applyStatus(JSON.parse(e.data)));
  src.onopen = () => setConn(status.connected === false ? 'reconnecting to the hub…' : 'live', status.connected !== false);
  src.onerror = () => setConn('reconnecting…', false);
}

// ---- the standings (issue 35) --------------------------------------------------
// From api/standings (the arbiter's event file, read again when it changes),
// every 5 s; each section's table as the hub screen and the file show it.

let standingsText = '';

function renderStandings(s) {
  const box = document.getElementById('standings');
  if (!box) return;
  const text = JSON.stringify(s);
  if (text === standingsText) return;  // unchanged: the page is not redrawn
  standingsText = text;
  const parts = [];
  for (const sec of s.sections || []) {
    parts.push(el('h2', '', sec.title));
    const table = el('table', 'standings-table');
    table.dataset.section = sec.name;
    const head = el('tr');
    for (const c of sec.columns) head.appendChild(el('th', '', c));
    table.appendChild(el('thead')).appendChild(head);
    const body = el('tbody');
    for (const row of sec.rows) {
      const tr = el('tr');
      for (const cell of row) tr.appendChild(el('td', '', cell));
      body.appendChild(tr);
    }
    table.appendChild(body);
    parts.push(table);
  }
  if (s.error) parts.push(el('p', 'note', s.error));
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

async function loadStandings() {
  try {
    const res = await fetch('api/standings', { credentials: 'same-origin' });
    if (res.ok) renderStandings(await res.json());
  } catch (e) { /* the next try in 5 s */ }
}

// ---- the arbiter ------------------------------------------------------------

async function post(path, params) {
  const res = await fetch(path, { method: 'POST', credentials: 'same-origin',
    headers: { 'X-Tabula-Arbiter': '1', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params) });
  return { ok: res.ok, status: res.status, text: (await res.text()).trim() };
}

function actions(b) {
  // Session 28: a board that takes no arbiter actions (a `tabula play` board
  // replaying a recorded trace) says why in place of the buttons, as the
  // hall screen does; each would be refused (409).
  if (b.takes_no_actions) return el('p', 'no-actions', `No arbiter actions: ${b.takes_no_actions}`);
  const box = el('div', 'actions');
  const say = t => { document.getElementById('action-result').textContent = t; };
  const button = (label, params) => {
    const btn = el('button', '', label);
    btn.addEventListener('click', async () => {
      if (['draw', 'win'].includes(params.kind) && !confirm(`${label} on ${b.board}?`)) return;
      const r = await post('api/arbiter/action', { board: b.board, ...params });
      say(r.text);
    });
    box.appendChild(btn);
  };
  button(b.paused ? 'Resume' : 'Pause', { kind: b.paused ? 'resume' : 'pause' });
  button('Take back 1', { kind: 'takeback', count: '1' });
  button('Adjudicate draw', { kind: 'draw' });
  b.seats.forEach((s, i) => button(`${s.name} wins`, { kind: 'win', seat: String(i) }));
  return box;
}

// The alerts as an arbiter works them: the open ones, newest first, each with
// its Acknowledge; one acknowledged leaves that list at once (the page does not
// wait for the next poll) and is kept in the history below it, newest first,
// as the hall screen keeps it (ui/hub/hub_screen.cpp).
const SHOWN_ALERTS = 50;
const KEPT_ALERT = 'raised before the hub started, kept in the tournament record';
let acknowledgedHere = new Set();  // ids this page acknowledged, until the hub says so too

function alertTime(ms) {
  return ms ? new Date(ms).toTimeString().slice(0, 8) : '';
}

function alertTone(a) {
  return a.tone === 'all-clear' ? 'all-clear' : 'alarm';
}

function renderAlerts(list) {
  const isOpen = a => !a.acknowledged && !acknowledgedHere.has(a.id);
  const open = list.filter(isOpen);
  const done = list.filter(a => !isOpen(a));
  const ul = document.getElementById('alert-list');
  ul.replaceChildren();
  for (const a of open.slice(-SHOWN_ALERTS).reverse()) {
    // The text names its board ("board t6: game over (checkmate)", hub_model.cpp).
    // Its tone is its class: an all-clear ("records again") is drawn calm,
    // never in the alarms' red (session 22; the kind has spaces, not a class).
    // Session 29: raised before the hub started, from the tournament record.
    const li = el('li', 'alert ' + alertTone(a), a.text + (a.from_record ? ` (${KEPT_ALERT})` : ''));
    li.dataset.alert = a.id;
    const ack = el('button', 'small', 'Acknowledge');
    ack.addEventListener('click', async () => {
      const r = await post('api/arbiter/ack', { id: String(a.id) });
      if (r.ok) acknowledgedHere.add(a.id);
      else document.getElementById('action-result').textContent = r.text;
      renderAlerts(list);
      loadAlerts();
    });
    li.appendChild(ack);
    ul.appendChild(li);
  }
  if (!ul.children.length) ul.appendChild(el('li', 'note', 'No open alert.'));
  document.getElementById('alerts-title').textContent = open.length ? `Alerts (${open.length} open)` : 'Alerts';
  const hist = document.getElementById('history-list');
  hist.replaceChildren(...done.slice(-SHOWN_ALERTS).reverse().map(a => {
    // Acknowledged on another hub (the hall screen) says where (session 19).
    // Closed by itself (a game the record took at last) says how (session 22).
    const where = a.cleared ? ` (${a.cleared})` : a.acknowledged_by ? ` (acknowledged on ${a.acknowledged_by})` : '';
    const li = el('li', 'alert done ' + alertTone(a), `${alertTime(a.wall_ms)} ${a.text}${where}`);
    li.dataset.alert = a.id;
    return li;
  }));
  document.getElementById('history-title').textContent =
    done.length ? `History (${done.length} acknowledged)` : 'History (none acknowledged yet)';
}

async function loadAlerts() {
  const res = await fetch('api/arbiter/alerts', { credentials: 'same-origin' });
  if (res.status === 401) return showLogin();
  const list = await res.json();
  // What the hub now says acknowledged no longer needs remembering here.
  for (const a of list) if (a.acknowledged) acknowledgedHere.delete(a.id);
  renderAlerts(list);
}

function showLogin() {
  document.getElementById('login').hidden = false;
  document.getElementById('alerts').hidden = true;
  document.getElementById('logout').hidden = true;
}

async function startArbiter() {
  const form = document.getElementById('login');
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const r = await post('api/arbiter/login', { token: document.getElementById('token').value });
    if (!r.ok) { document.getElementById('login-error').textContent = r.text; return; }
    location.reload();
  });
  document.getElementById('logout').addEventListener('click', async () => {
    await post('api/arbiter/logout', {});
    location.reload();
  });
  const res = await fetch('api/status', { credentials: 'same-origin' });
  const s = await res.json();
  if (!s.arbiter) return showLogin();
  document.getElementById('alerts').hidden = false;
  document.getElementById('logout').hidden = false;
  loadAlerts();
  setInterval(loadAlerts, 3000);
  connect();
}

document.getElementById('close').addEventListener('click', () => {
  focused = null;
  document.getElementById('focus').hidden = true;
});
document.addEventListener('keydown', e => { if (e.key === 'Escape') document.getElementById('close').click(); });
setInterval(tickClocks, 500);
loadStandings();
setInterval(loadStandings, 5000);
if (ARBITER) startArbiter(); else connect();
