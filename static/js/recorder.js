/* The clock of a recorded match: a tablet or phone beside a physical board.
 *
 * The recorder taps the dice, moves the checkers (tap a checker, then where it goes) and
 * ends the turn; the clock of the side to act runs. Each action is kept in localStorage
 * first, then posted in order with its id and the number of actions it follows, so that a
 * lost answer or a lost network loses nothing and the server applies each action once
 * (recording/services.py). The server's engine decides every action; this script only
 * shows the record as it stands, with the actions not yet sent applied on top of it. The
 * board is drawn by the online board's drawing (board-draw.js), from player 0's side.
 */
(function () {
  "use strict";

  const root = document.getElementById("recorder");
  const config = JSON.parse(document.getElementById("clock-config").textContent);
  const T = config.texts;
  const BASE = root.dataset.base;
  const CSRF = root.dataset.csrf;
  const KEY = "crawford-clock-" + config.match;
  const svg = document.getElementById("rec-board");
  const statusEl = document.getElementById("rec-status");
  const errorEl = document.getElementById("rec-error");
  const syncEl = document.getElementById("rec-sync");
  const pad = document.getElementById("rec-pad");
  const clocks = [document.getElementById("rec-clock-0"), document.getElementById("rec-clock-1")];
  const scoreEl = document.getElementById("rec-score");
  const D = window.CrawfordDraw.create(svg);
  const KIND_POINTS = { single: 1, gammon: 2, backgammon: 3 };

  let server = null;      // the state the server last sent
  let view = null;        // the server's state with the queued actions applied
  let queue = load();     // actions not yet acknowledged, oldest first
  let steps = [];         // the turn being entered: [from, to] in the mover's numbering
  let selected = null;    // the mover's point tapped, waiting for where it goes
  let dicePicked = [];    // dice tapped for a roll (two), or the opening (one per side)
  let sending = false;

  const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const clone = (x) => JSON.parse(JSON.stringify(x));

  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  function save() { window.localStorage.setItem(KEY, JSON.stringify(queue)); }
  function newId() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Date.now().toString(16) + Math.random().toString(16).slice(2);
  }

  // --- the record, locally: the server's state with the queued actions on top -------------

  function initialGame(number, crawford) {
    const points = new Array(24).fill(0);
    points[23] = 2; points[12] = 5; points[7] = 3; points[5] = 5;
    points[0] = -2; points[11] = -5; points[16] = -3; points[18] = -5;
    return { number: number, phase: "opening", turn: null, to_act: null, dice: null, cube: 1,
      cube_owner: null, crawford: crawford, resignation: null, points: points, bar: [0, 0],
      off: [0, 0], plays: [] };
  }

  function parsePlay(text) {
    const out = [];
    text.replace(/\*/g, "").split(/\s+/).filter(Boolean).forEach((part) => {
      const m = /^(\w+)\/(\w+)(?:\((\d)\))?$/.exec(part);
      if (!m) return;
      const num = (s) => (s === "bar" ? 25 : s === "off" ? 0 : Number(s));
      for (let k = 0; k < Number(m[3] || 1); k++) out.push([num(m[1]), num(m[2])]);
    });
    return out;
  }

  function applyStep(g, mover, from, to) {
    const sign = mover === 0 ? 1 : -1;
    const abs = (i) => (mover === 0 ? i : 25 - i);
    if (from === 25) g.bar[mover] -= 1; else g.points[abs(from) - 1] -= sign;
    if (to === 0) { g.off[mover] += 1; return; }
    const at = abs(to) - 1;
    if (g.points[at] === -sign) { g.points[at] = 0; g.bar[1 - mover] += 1; }
    g.points[at] += sign;
  }

  function endGame(v, winner, points) {
    const g = v.game;
    v.score[winner] += points;
    v.post_crawford = v.post_crawford || g.crawford;
    if (v.length && v.score[winner] >= v.length) { v.over = true; v.winner = winner; v.game = null; return; }
    const crawford = !v.post_crawford && v.length > 0 && v.score.some((s) => s === v.length - 1);
    v.game = initialGame(g.number + 1, crawford);
    // The variants of who starts the next game (the tournament's setting), as the engine.
    let starter = null;
    if (v.start === "winner_starts") starter = winner;
    else if (v.start === "loser_starts_second" && g.number === 1) starter = 1 - winner;
    if (starter !== null) { v.game.turn = starter; v.game.to_act = starter; v.game.phase = "roll"; }
  }

  function winKind(g, winner) {
    const loser = 1 - winner;
    if (g.off[loser] > 0) return "single";
    const home = winner === 0 ? [0, 6] : [18, 24];  // the winner's home board, absolute
    const sign = loser === 0 ? 1 : -1;
    const inHome = g.points.slice(home[0], home[1]).some((n) => n * sign > 0);
    return g.bar[loser] > 0 || inHome ? "backgammon" : "gammon";
  }

  function applyEntry(v, e) {
    const g = v.game;
    if (!g) return;
    if (e.kind === "flag") { v.over = true; v.winner = e.side; v.flagged = 1 - e.side; v.game = null; return; }
    g.plays = [];
    if (e.kind === "opening") {
      const high = e.dice[0] > e.dice[1] ? 0 : 1;
      const starter = v.lower_die_starts ? 1 - high : high;
      g.turn = starter; g.dice = [e.dice[starter], e.dice[1 - starter]]; g.phase = "move";
    } else if (e.kind === "roll") { g.dice = e.dice; g.phase = "move"; }
    else if (e.kind === "move") {
      parsePlay(e.play).forEach(([f, t]) => applyStep(g, g.turn, f, t));
      if (g.off[g.turn] === 15) { endGame(v, g.turn, g.cube * KIND_POINTS[winKind(g, g.turn)]); return; }
      g.turn = 1 - g.turn; g.dice = null; g.phase = "roll";
    } else if (e.kind === "double") g.phase = "doubled";
    else if (e.kind === "take") { g.cube *= 2; g.cube_owner = 1 - g.turn; g.phase = "roll"; }
    else if (e.kind === "drop") { endGame(v, g.turn, g.cube); return; }
    else if (e.kind === "resign") { g.resume = g.phase; g.resignation = [e.side, e.resign]; g.phase = "resigned"; }
    else if (e.kind === "accept") { endGame(v, 1 - g.resignation[0], g.cube * KIND_POINTS[g.resignation[1]]); return; }
    else if (e.kind === "decline") { g.phase = g.resume || "roll"; g.resignation = null; }
    g.to_act = g.phase === "doubled" ? 1 - g.turn : g.phase === "resigned" ? 1 - g.resignation[0] : g.turn;
  }

  function runClock(c, e, toAct) {
    if (!c) return;
    const at = Math.max(e.at, c.since);
    if (c.running !== null) {
      const elapsed = at - c.since, covered = Math.min(elapsed, c.delay_left);
      c.reserve[c.running] = Math.max(0, c.reserve[c.running] - (elapsed - covered));
    }
    c.since = at; c.running = toAct; c.delay_left = toAct === null ? 0 : c.delay;
  }

  function rebuild() {
    if (!server) return;
    view = clone(server);
    queue.forEach((e) => {
      applyEntry(view, e);
      runClock(view.clock, e, view.game ? view.game.to_act : null);
    });
    view.count = server.count + queue.length;
  }

  // --- entering actions -------------------------------------------------------------------

  function enter(kind, fields) {
    const entry = Object.assign({ id: newId(), after: view.count, kind: kind, side: null,
      dice: null, play: "", resign: "", at: Date.now() }, fields);
    queue.push(entry);
    save();
    steps = []; selected = null; dicePicked = [];
    rebuild(); render(); flush();
  }

  // --- talking to the server --------------------------------------------------------------

  async function fetchState() {
    const answer = await fetch(BASE + "state/", { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) throw new Error("state " + answer.status);
    server = await answer.json();
    // What the server has already (an answer lost on the way) is no longer queued.
    const known = new Set(server.entries.map((e) => e.id));
    queue = queue.filter((e) => !known.has(e.id));
    save();
  }

  async function flush() {
    if (sending) return;
    sending = true;
    try {
      while (queue.length) {
        const entry = queue[0];
        showSync();
        const answer = await fetch(BASE + "actions/", {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": CSRF },
          body: JSON.stringify(entry),
        });
        let body = null;
        try { body = await answer.json(); } catch (e) { body = null; }
        if (!body || !body.state) { showError(T.unknown_error); break; }
        server = body.state;
        if (answer.ok) {
          queue.shift();
        } else {
          // Refused: this action and the ones entered after it (they followed it) are dropped.
          queue = [];
          steps = []; selected = null;
          showError(body.error);
        }
        save();
        rebuild(); render();
      }
    } catch (e) {
      // No network: the queue waits in localStorage for the network to come back.
    } finally {
      sending = false;
      showSync();
    }
  }

  function showSync() {
    syncEl.textContent = !queue.length ? T.online
      : queue.length === 1 ? T.offline_one : fmt(T.offline, { count: queue.length });
    syncEl.classList.toggle("pending", queue.length > 0);
  }

  function showError(message) {
    errorEl.textContent = message;
    errorEl.hidden = !message;
  }

  // --- drawing ----------------------------------------------------------------------------

  // The board during the turn being entered: the steps so far applied to it.
  function shownGame() {
    const g = clone(view.game);
    steps.forEach(([f, t]) => applyStep(g, g.turn, f, t));
    return g;
  }

  // A point in the mover's numbering (25 bar, 0 off) as the board shows it (player 0's).
  const asShown = (i, mover) => (i === 0 || i === 25 || mover === 0 ? i : 25 - i);

  function draw() {
    D.clear();
    if (!view || !view.game) return;
    const g = shownGame();
    const none = new Set();
    D.position(g, { viewer: 0, mover: g.turn, sources: none, targets: none, farTargets: none,
      selected: selected === null ? null : asShown(selected, g.turn) });
    D.dice({ dice: g.dice, phase: g.phase, turn: g.turn, dice_left: g.phase === "move" ? diceLeft(g) : [] }, 0);
    D.cube({ turn: g.turn, cube: { value: g.cube, owner: g.cube_owner, offered: g.phase === "doubled",
      shown: Boolean(view.uses_cube) && !g.crawford } }, 0);
  }

  // --- the panel --------------------------------------------------------------------------

  function button(label, onClick, cls, attrs) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.className = "button " + (cls || "");
    for (const key in attrs || {}) b.setAttribute(key, attrs[key]);
    b.addEventListener("click", onClick);
    pad.appendChild(b);
    return b;
  }

  function row(label) {
    const p = document.createElement("p");
    p.className = "rec-row";
    if (label) { const s = document.createElement("span"); s.textContent = label; p.appendChild(s); }
    pad.appendChild(p);
    return p;
  }

  function diceRow(label, which) {
    const p = row(label);
    for (let d = 1; d <= 6; d++) {
      const b = button(String(d), () => pickDie(which, d), "die-key", { "data-die": d, "data-which": which });
      if (dicePicked[which] === d) b.classList.add("picked");
      p.appendChild(b);
    }
  }

  function pickDie(which, d) {
    const g = view.game;
    if (g.phase === "opening") {
      dicePicked[which] = d;
      if (dicePicked[0] && dicePicked[1]) {
        if (dicePicked[0] === dicePicked[1]) { dicePicked = []; showError(T.tie); render(); return; }
        enter("opening", { dice: [dicePicked[0], dicePicked[1]] });
        return;
      }
    } else {
      dicePicked.push(d);
      if (dicePicked.length === 2) { enter("roll", { side: g.turn, dice: dicePicked.slice() }); return; }
    }
    render();
  }

  function diceLeft(g) {
    const all = g.dice[0] === g.dice[1] ? [g.dice[0], g.dice[0], g.dice[0], g.dice[0]] : g.dice.slice();
    steps.forEach(([f, t]) => {
      const used = t === 0 ? all.filter((d) => d >= f).sort((a, b) => a - b)[0] : f - t;
      const at = all.indexOf(used);
      if (at >= 0) all.splice(at, 1);
    });
    return all;
  }

  // A tap on the board's point ``v`` (as the board shows it, 25 bar, 0 off).
  function tapPoint(v) {
    const g = view && view.game;
    if (!g || g.phase !== "move") return;
    const mover = g.turn;
    const mine = asShown(v, mover);
    const shown = shownGame();
    const sign = mover === 0 ? 1 : -1;
    const has = mine === 25 ? shown.bar[mover] > 0 : mine > 0 && shown.points[(mover === 0 ? mine : 25 - mine) - 1] * sign > 0;
    if (selected === null || (has && mine !== selected && !(selected > mine && diceLeft(g).includes(selected - mine)))) {
      selected = has ? mine : null;
    } else if (mine === selected) {
      selected = null;
    } else {
      const left = diceLeft(g);
      const ok = mine === 0 ? left.some((d) => d >= selected) : left.includes(selected - mine);
      if (ok) { steps.push([selected, mine]); selected = null; showError(""); }
    }
    render();
  }

  function endTurn() {
    const g = view.game;
    const text = steps.map(([f, t]) => (f === 25 ? "bar" : f) + "/" + (t === 0 ? "off" : t)).join(" ");
    enter("move", { side: g.turn, play: text });
  }

  function typed(event) {
    event.preventDefault();
    const input = document.getElementById("rec-typed");
    const text = input.value.trim();
    if (!text || !view.game || view.game.phase !== "move") return;
    input.value = "";
    enter("move", { side: view.game.turn, play: text });
  }

  // The side whose reserve has run out by now, if any (the opponent may claim the match).
  function fallen() {
    const c = view && view.clock;
    if (!c || c.running === null || view.over) return null;
    const elapsed = Math.max(0, Date.now() - c.since);
    const charged = elapsed - Math.min(elapsed, c.delay_left);
    return c.reserve[c.running] - charged <= 0 ? c.running : null;
  }

  function drawPad() {
    pad.textContent = "";
    const form = document.getElementById("rec-type-form");
    form.hidden = true;
    if (!view || !view.game) return;
    const g = view.game;
    const name = (side) => config.names[side];
    const out = fallen();
    if (out !== null) {
      const r = row(fmt(T.fallen, { name: name(out) }));
      r.appendChild(button(fmt(T.claim, { name: name(1 - out) }), () => enter("flag", { side: 1 - out }), "", { "data-action": "flag" }));
    }
    if (g.phase === "opening") {
      statusEl.textContent = T.opening;
      diceRow(name(0), 0);
      diceRow(name(1), 1);
    } else if (g.phase === "roll") {
      statusEl.textContent = fmt(g.crawford ? T.roll_crawford : T.roll, { name: name(g.turn) });
      diceRow(T.dice, 2);
      const r = row("");
      if (!g.crawford && (g.cube_owner === null || g.cube_owner === g.turn)) r.appendChild(button(T.double, () => enter("double", { side: g.turn }), "secondary", { "data-action": "double" }));
      r.appendChild(resignButton(g.turn));
    } else if (g.phase === "move") {
      statusEl.textContent = fmt(T.move, { name: name(g.turn), dice: g.dice.join("-") });
      const r = row("");
      r.appendChild(button(T.undo, () => { steps.pop(); selected = null; render(); }, "secondary", { "data-action": "undo" }));
      r.appendChild(button(T.end_turn, endTurn, "", { "data-action": "end-turn" }));
      r.appendChild(resignButton(g.turn));
      form.hidden = false;
    } else if (g.phase === "doubled") {
      statusEl.textContent = fmt(T.doubled, { name: name(g.turn) });
      const r = row("");
      r.appendChild(button(T.take, () => enter("take", { side: 1 - g.turn }), "", { "data-action": "take" }));
      r.appendChild(button(T.drop, () => enter("drop", { side: 1 - g.turn }), "secondary", { "data-action": "drop" }));
    } else if (g.phase === "resigned") {
      statusEl.textContent = fmt(T.resigned, { name: name(g.resignation[0]) });
      const r = row("");
      r.appendChild(button(T.accept, () => enter("accept", { side: 1 - g.resignation[0] }), "", { "data-action": "accept" }));
      r.appendChild(button(T.decline, () => enter("decline", { side: 1 - g.resignation[0] }), "secondary", { "data-action": "decline" }));
    }
  }

  function resignButton(side) {
    const wrap = document.createElement("span");
    const select = document.createElement("select");
    select.id = "rec-resign-kind";
    select.setAttribute("aria-label", T.resign);
    ["single", "gammon", "backgammon"].forEach((k) => {
      const o = document.createElement("option"); o.value = k; o.textContent = T["resign_" + k]; select.appendChild(o);
    });
    wrap.appendChild(select);
    const b = document.createElement("button");
    b.type = "button"; b.className = "button secondary"; b.textContent = T.resign;
    b.setAttribute("data-action", "resign");
    b.addEventListener("click", () => enter("resign", { side: side, resign: select.value }));
    wrap.appendChild(b);
    return wrap;
  }

  function clockText(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  let shownFallen = null;

  function drawClocks() {
    const c = view && view.clock;
    const now = Date.now();
    if (fallen() !== shownFallen) { shownFallen = fallen(); drawPad(); }
    [0, 1].forEach((side) => {
      const box = clocks[side];
      box.querySelector(".rec-name").textContent = config.names[side];
      if (!c) { box.querySelector(".rec-time").textContent = ""; return; }
      let left = c.reserve[side], delay = "";
      if (c.running === side) {
        const elapsed = Math.max(0, now - c.since), covered = Math.min(elapsed, c.delay_left);
        left = Math.max(0, left - (elapsed - covered));
        if (c.delay_left - covered > 0) delay = T.delay + " " + Math.ceil((c.delay_left - covered) / 1000);
      }
      box.querySelector(".rec-time").textContent = left > 0 ? clockText(left) : T.time_up;
      box.querySelector(".rec-delay").textContent = delay;
      box.classList.toggle("running", c.running === side);
      box.setAttribute("aria-pressed", c.running === side ? "true" : "false");
    });
  }

  // Every action recorded (and those still to send), newest last, as the recorder entered them.
  function drawLog() {
    const list = document.getElementById("rec-log");
    list.textContent = "";
    server.entries.concat(queue).forEach((e) => {
      const li = document.createElement("li");
      const who = e.side === null || e.side === undefined ? "" : config.names[e.side] + ": ";
      const what = e.kind === "opening" || e.kind === "roll" ? T["log_" + e.kind] + " " + e.dice.join("-")
        : e.kind === "move" ? (e.play || "–") : e.kind === "resign" ? T.resign + " (" + T["resign_" + e.resign] + ")"
        : T[e.kind] || e.kind;
      li.textContent = who + what;
      if (queue.includes(e)) li.className = "pending";
      list.appendChild(li);
    });
  }

  function render() {
    if (!view) return;
    drawLog();
    if (view.over) {
      statusEl.textContent = fmt(view.flagged !== null && view.flagged !== undefined ? T.over_on_time : T.over, { name: config.names[view.winner] });
      // A record the players entered is their report: it waits for the opponent.
      if (view.report) statusEl.textContent += " " + (view.report === "disputed" ? T.disputed : T.reported);
    }
    scoreEl.textContent = view.score[0] + " – " + view.score[1] +
      (view.game ? " · " + T.cube + " " + view.game.cube : "");
    draw();
    drawPad();
    drawClocks();
    showSync();
  }

  // A tap on the clock of the side that is moving ends its turn, as on a chess clock.
  clocks.forEach((box, side) => box.addEventListener("click", () => {
    const g = view && view.game;
    if (g && g.phase === "move" && g.turn === side && steps.length) endTurn();
  }));
  // A checker is tapped then its point tapped, or dragged from its point to the other.
  let dragFrom = null;
  svg.addEventListener("pointerdown", (event) => { dragFrom = D.dropAt(event); });
  svg.addEventListener("pointerup", (event) => {
    const from = dragFrom, to = D.dropAt(event);
    dragFrom = null;
    if (from === null || to === null) return;
    if (from === to) { tapPoint(to); return; }
    selected = null;
    tapPoint(from);
    tapPoint(to);
  });
  document.getElementById("rec-type-form").addEventListener("submit", typed);
  window.addEventListener("online", () => flush());
  window.setInterval(drawClocks, 250);
  window.setInterval(() => { if (queue.length) flush(); }, 3000);

  async function start() {
    try {
      await fetchState();
    } catch (e) {
      showSync();
      window.setTimeout(start, 3000);
      return;
    }
    rebuild(); render(); flush();
  }
  start();
})();
