/* The online board: draws what the server sends, sends what the player clicks.
 *
 * The server is the authority (play/consumers.py documents the messages): it rolls,
 * checks every step and sends the whole state after every action. This script keeps no game
 * logic; it highlights the targets the server lists and sends {type, seq, payload}.
 * Points are drawn from the viewer's side: his home board bottom right, moving 24 -> 1.
 */
(function () {
  "use strict";

  const root = document.getElementById("online");
  const config = JSON.parse(document.getElementById("board-config").textContent);
  const T = config.texts;
  const you = config.you === null || config.you === undefined ? null : config.you;
  const viewer = you === null ? 0 : you;
  const svg = document.getElementById("board");
  const statusEl = document.getElementById("online-status");
  const errorEl = document.getElementById("online-error");
  const controls = document.getElementById("online-controls");
  const resignPanel = document.getElementById("online-resign");
  const finished = document.getElementById("online-finished");
  const autoRollRow = document.getElementById("online-autoroll-row");
  // The drawing of the board is shared with the clock of a recorded match (board-draw.js).
  const D = window.CrawfordDraw.create(svg);

  let state = null, seq = -1, selected = null, socket = null, retries = 0, busy = false;
  let drag = null, errorTimer = null, busyTimer = null, idleTimer = null;
  const BUSY_MS = 5000, IDLE_MS = 30000;

  const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const pts = (n) => (n === 1 ? T.one_point : fmt(T.n_points, { n: n }));
  const nameOf = (side) => config.names[side];
  const diceText = (dice) => (dice ? dice[0] + "-" + dice[1] : "");
  // A point in the mover's numbering (25 bar, 0 off) as the viewer sees it.
  const toView = (i, mover) => (i === 0 || i === 25 || mover === viewer ? i : 25 - i);

  function myMove() {
    return state && state.status === "playing" && you !== null && state.game.phase === "move" &&
      state.game.turn === you && state.actions[you].includes("move") && !busy;
  }

  // --- drawing ---------------------------------------------------------------------------

  function draw() {
    D.clear();
    if (!state || !state.board) return;
    const g = state.game;
    const mine = myMove();
    const sources = new Set(), targets = new Set(), farTargets = new Set();
    if (mine) {
      for (const from in state.targets) sources.add(Number(from));
      if (selected !== null && state.targets[selected]) {
        state.targets[selected].forEach((t) => targets.add(t));
        // Points several steps away (the whole roll): lit too, as "far" targets.
        Object.keys(pathsFrom(selected)).forEach((t) => farTargets.add(Number(t)));
      }
    }
    D.position(state.board, { viewer: viewer, mover: you, sources: sources, targets: targets,
      farTargets: farTargets, selected: selected });
    if (state.status === "playing") { D.dice(g, viewer); D.cube(g, viewer); }
    if (drag && drag.moved) D.ghost(drag.x, drag.y, you);
  }

  // --- the panel around the board ----------------------------------------------------------

  function kindText(kind, points) { return T[kind] + ", " + pts(points); }

  function statusText() {
    if (!state) return T.connecting;
    if (state.status === "waiting") return T.waiting;
    if (state.time_forfeit !== null && state.time_forfeit !== undefined) {
      return fmt(T.time_forfeit, { name: nameOf(state.time_forfeit), winner: nameOf(1 - state.time_forfeit) });
    }
    if (state.clock && state.clock.paused && state.status === "playing") return T.paused;
    if (state.status === "over") {
      const winner = state.match ? state.match.winner : null;
      return winner === null || winner === undefined ? T.match_ended : fmt(T.match_won, { name: nameOf(winner) });
    }
    const g = state.game, other = you === null ? null : 1 - you;
    if (g.phase === "roll") {
      if (g.to_act === you) return state.actions[you].includes("double") ? T.your_roll_or_double : T.your_roll;
      return fmt(T.their_roll, { name: nameOf(g.to_act) });
    }
    if (g.phase === "move") {
      if (g.turn === you) return state.actions[you].includes("confirm") ? T.your_move_done : T.your_move;
      return fmt(T.their_move, { name: nameOf(g.turn), dice: diceText(g.dice) });
    }
    if (g.phase === "doubled") {
      const values = { cube: g.cube.value * 2 };
      if (g.to_act === you) return fmt(T.doubled_you, Object.assign(values, { name: nameOf(g.turn) }));
      if (g.turn === you) return fmt(T.you_doubled, Object.assign(values, { name: nameOf(other) }));
      return fmt(T.watch_doubled, Object.assign(values, { name: nameOf(g.turn) }));
    }
    if (g.phase === "resigned" && g.resignation) {
      const r = g.resignation, kind = kindText(r.kind, r.points);
      if (g.to_act === you) return fmt(T.resigned_you, { name: nameOf(r.side), kind: kind });
      if (r.side === you) return fmt(T.you_resigned, { name: nameOf(other), kind: kind });
      return fmt(T.watch_resigned, { name: nameOf(r.side), kind: kind });
    }
    return "";
  }

  function gameWonText(prev) {
    const kind = prev.ended_by === "drop" ? T.dropped : T[prev.kind];
    return fmt(T.game_won, { name: nameOf(prev.winner), number: prev.number, points: pts(prev.points), kind: kind });
  }

  function drawScoreboard() {
    const players = document.querySelectorAll(".online-player");
    const score = state.match ? state.match.score : state.score;
    players.forEach((row) => {
      const side = Number(row.dataset.side);
      row.querySelector(".online-score").textContent = score ? score[side] : "–";
      row.querySelector(".online-pips").textContent = state.board ? T.pips + " " + state.board.pips[side] : "";
      const onTurn = state.status === "playing" && state.game.to_act === side;
      row.querySelector(".online-turn").hidden = !onTurn;
      row.classList.toggle("on-turn", onTurn);
      row.classList.toggle("is-you", side === you);
    });
    const info = [];
    if (state.match) {
      info.push(state.match.best_of ? fmt(T.best_of, { n: state.match.best_of }) : (state.match.length === 1 ? T.to_one_point : fmt(T.to_points, { n: state.match.length })));
      if (state.status === "playing") info.push(fmt(T.game, { n: state.game.number }));
      if (state.match.crawford && state.status === "playing") info.push(T.crawford);
    }
    const matchEl = document.getElementById("online-match");
    matchEl.textContent = info.join(" · ");
    matchEl.classList.toggle("crawford", Boolean(state.match && state.match.crawford));
    drawClocks();
    const noticeEl = document.getElementById("online-notice");
    const notice = state.notice;
    noticeEl.hidden = !notice;
    if (notice) {
      const values = { name: nameOf(notice.side), minutes: Math.round((notice.seconds || 0) / 60) };
      const action = fmt(T["notice_" + notice.kind] || notice.kind, values);
      noticeEl.textContent = fmt(T.notice, { action: action, reason: notice.reason });
    }
    const prevEl = document.getElementById("online-previous");
    prevEl.hidden = !state.previous;
    if (state.previous) prevEl.textContent = gameWonText(state.previous);
  }

  // --- the clocks: the server sends the time left and what is left of the running
  // player's delay; the board counts down from the moment it received them. ---------------

  let clockSeen = 0;

  function clockText(ms) {
    const seconds = Math.ceil(Math.max(0, ms) / 1000);
    return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  }

  function drawClocks() {
    const clock = state && state.clock;
    document.querySelectorAll(".online-player").forEach((row) => {
      const side = Number(row.dataset.side);
      const el = row.querySelector(".online-clock");
      if (!el) return;
      el.hidden = !clock;
      if (!clock) return;
      let left = clock.left[side];
      const running = clock.running === side && !clock.paused && state.status === "playing";
      if (running) {
        const elapsed = performance.now() - clockSeen;
        left -= clock.bronstein ? elapsed : Math.max(0, elapsed - clock.delay);
      }
      el.textContent = clockText(left);
      el.classList.toggle("running", running);
      el.classList.toggle("low", left < 30000);
    });
  }

  setInterval(() => { if (state && state.clock) drawClocks(); }, 250);

  function button(type, label, cls, payload) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button big " + (cls || "");
    b.dataset.action = type;
    b.textContent = label;
    b.disabled = busy;
    b.addEventListener("click", () => send(type, payload));
    return b;
  }

  const ORDER = ["confirm", "roll", "take", "accept", "double", "drop", "decline", "undo", "undo_all"];

  function drawControls() {
    controls.textContent = "";
    resignPanel.textContent = "";
    const mine = state && state.actions && you !== null ? state.actions[you] : [];
    for (const type of ORDER) {
      if (!mine.includes(type)) continue;
      const cls = ["drop", "decline"].includes(type) ? "danger" : ["undo", "undo_all"].includes(type) ? "secondary" : "";
      controls.appendChild(button(type, T[type], cls));
    }
    if (mine.includes("resign")) {
      const open = document.createElement("button");
      open.type = "button";
      open.className = "button big secondary";
      open.dataset.action = "resign-open";
      open.textContent = T.resign;
      open.addEventListener("click", () => { resignPanel.hidden = !resignPanel.hidden; });
      controls.appendChild(open);
      const g = state.game, best = Boolean(state.match.best_of);
      for (const kind of state.resign[you]) {
        const times = best ? 0 : { single: 1, gammon: 2, backgammon: 3 }[kind];
        const points = best ? 1 : g.stake * times;
        resignPanel.appendChild(button("resign", fmt(T["resign_" + kind], { points: pts(points) }), "danger", { kind: kind }));
      }
      resignPanel.appendChild(button("resign-cancel", T.cancel, "secondary"));
    } else {
      resignPanel.hidden = true;
    }
  }

  function drawLog() {
    const log = document.getElementById("online-log");
    log.textContent = "";
    for (const e of (state && state.recent) || []) {
      const values = { name: nameOf(e.side), dice: diceText(e.dice), play: e.play || "", value: e.value, points: pts(e.value || 0) };
      const text = { move: e.play ? T.log_move : T.log_no_move, roll: T.log_roll, double: T.log_double,
        take: T.log_take, drop: T.log_drop, win: T.log_win }[e.kind];
      if (!text) continue;
      const li = document.createElement("li");
      li.textContent = fmt(text, values);
      log.appendChild(li);
    }
  }

  // Optional automatic roll when doubling is not possible (the player's choice, kept in
  // this browser).
  const autoRoll = document.getElementById("online-autoroll");
  let autoRolled = -1;
  if (autoRoll) {
    try { autoRoll.checked = localStorage.getItem("crawford.autoroll") === "1"; } catch (e) { /* private mode */ }
    autoRoll.addEventListener("change", () => {
      try { localStorage.setItem("crawford.autoroll", autoRoll.checked ? "1" : "0"); } catch (e) { /* private mode */ }
      render();
    });
  }

  function maybeAutoRoll() {
    if (!autoRoll || !autoRoll.checked || busy || !state || !state.actions || you === null) return;
    const mine = state.actions[you];
    if (mine.includes("roll") && !mine.includes("double") && autoRolled !== seq) {
      autoRolled = seq;
      send("roll");
    }
  }

  function render() {
    if (selected !== null && !(myMove() && state.targets[selected])) selected = null;
    draw();
    statusEl.textContent = statusText();
    if (state) {
      drawScoreboard();
      drawControls();
      drawLog();
      root.dataset.seq = seq;
      root.dataset.status = state.status;
      root.dataset.phase = state.game ? state.game.phase : "";
      root.dataset.toAct = state.game && state.game.to_act !== null ? state.game.to_act : "";
      root.dataset.pending = state.pending ? state.pending.length : 0;
      // A finished match offers the way on (the next match, the standings) instead of play.
      const over = state.status === "over";
      if (finished) finished.hidden = !over;
      if (autoRollRow) autoRollRow.hidden = over;
      maybeAutoRoll();
    }
  }

  function showError(message) {
    errorEl.textContent = message;
    errorEl.hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { errorEl.hidden = true; }, 5000);
  }

  // --- talking to the server -------------------------------------------------------------

  // A state that got lost on the way (a busy server drops messages rather than queue them
  // forever) must not leave a board waiting: ask again when an answer is late, and now and
  // then while nothing happens.
  function sync() {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
  }

  function heard() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => { sync(); heard(); }, IDLE_MS);
  }

  function send(type, payload) {
    if (type === "resign-cancel") { resignPanel.hidden = true; return; }
    if (!socket || socket.readyState !== WebSocket.OPEN || busy) return;
    busy = true;
    resignPanel.hidden = true;
    socket.send(JSON.stringify({ type: type, seq: seq, payload: payload || {} }));
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { if (busy) { busy = false; sync(); } }, BUSY_MS);
    render();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + config.socket);
    // The pause before the next try grows until the server has sent a state: a server
    // without Redis accepts a socket and closes it at once, and must not be knocked on
    // every second by every board.
    socket.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      heard();
      if (msg.type === "state") {
        retries = 0;
        if (msg.seq < seq) return;  // an older state overtaken by a newer one
        state = msg.payload;
        clockSeen = performance.now();
        seq = msg.seq;
        busy = false;
        render();
      } else if (msg.type === "error") {
        busy = false;
        showError(msg.payload.message);
        render();
      }
    });
    socket.addEventListener("close", (event) => {
      busy = false;
      clearTimeout(idleTimer);
      if (event.code === 4403 || event.code === 4008) {  // refused, or too many messages
        statusEl.textContent = T.closed;
        return;
      }
      statusEl.textContent = T.reconnecting;
      retries += 1;
      setTimeout(connect, Math.min(500 * 2 ** retries, 10000));
    });
  }

  // --- pointer: click a checker then its target, or drag it -------------------------------

  // Several steps of one checker in one gesture (the sum of the dice, 2-4 steps of a
  // double): the server lists them in state.paths and checks every step again.
  function pathsFrom(v) { return (state && state.paths && state.paths[v]) || {}; }

  // Move the checker on ``from`` to ``to``: one step, or a path of steps; false if neither.
  function moveTo(from, to) {
    if ((state.targets[from] || []).includes(to)) {
      selected = null;
      send("move", { from: from, to: to });
      return true;
    }
    const path = pathsFrom(from)[to];
    if (path) {
      selected = null;
      send("move", { steps: path });
      return true;
    }
    return false;
  }

  // A double-click or double tap moves the checker by the higher die it can use.
  function moveByHigherDie(v) {
    const ends = state.targets[v] || [];
    if (!ends.length) return;
    selected = null;
    send("move", { from: v, to: ends[ends.length - 1] });  // the lowest point: the higher die
  }

  let lastTap = { v: null, t: 0 };

  function pick(v) {
    if (!myMove() || v === null) return;
    const now = performance.now();
    const double = lastTap.v === v && now - lastTap.t < 400;
    lastTap = { v: v, t: now };
    if (double && state.targets[v]) { lastTap = { v: null, t: 0 }; moveByHigherDie(v); return; }
    if (selected !== null && moveTo(selected, v)) return;
    selected = state.targets[v] && selected !== v ? v : null;
    render();
  }

  svg.addEventListener("pointerdown", (event) => {
    const node = event.target.closest("[data-v]");
    if (!node || !myMove()) return;
    const v = Number(node.dataset.v);
    const p = D.svgPoint(event);
    drag = { v: v, x: p.x, y: p.y, sx: p.x, sy: p.y, moved: false, movable: Boolean(state.targets[v]) };
    svg.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  svg.addEventListener("pointermove", (event) => {
    if (!drag || !drag.movable) return;
    const p = D.svgPoint(event);
    drag.x = p.x;
    drag.y = p.y;
    if (!drag.moved && Math.hypot(p.x - drag.sx, p.y - drag.sy) > 8) {
      drag.moved = true;
      selected = drag.v;
    }
    if (drag.moved) draw();
  });

  svg.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (!d.moved) { pick(d.v); return; }
    const to = D.dropAt(event);
    if (to === null || !moveTo(d.v, to)) render();
  });

  svg.addEventListener("pointercancel", () => { drag = null; render(); });

  document.addEventListener("visibilitychange", () => { if (!document.hidden) sync(); });

  // The replay board (templates/analysis/replay.html) draws the same board from the states it
  // is handed (static/js/replay.js) and talks to no server.
  if (config.replay) {
    window.CrawfordBoard = { show: (next) => { state = next; seq = -1; render(); } };
    return;
  }
  render();
  connect();
})();
