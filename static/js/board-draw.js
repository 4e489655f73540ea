/* The drawing of a backgammon board in an SVG, shared by every page that shows one.
 *
 * CrawfordDraw.create(svg) returns the drawer of that SVG: the frame, the points with their
 * highlights, the checkers, the bar, the tray of borne-off checkers, the dice and the cube,
 * and the point under a tap or a drop. It holds no game: each page hands it what to draw.
 * Points are drawn from a viewer's side: his home board bottom right, moving 24 -> 1; a board
 * in player 0's numbering (points[a - 1]: positive for player 0's checkers, negative for
 * player 1's) is turned for viewer 1.
 */
(function () {
  "use strict";

  const NS = "http://www.w3.org/2000/svg";
  const PIPS = { 1: [[0, 0]], 2: [[-6, -6], [6, 6]], 3: [[-6, -6], [0, 0], [6, 6]],
    4: [[-6, -6], [6, -6], [-6, 6], [6, 6]], 5: [[-6, -6], [6, -6], [0, 0], [-6, 6], [6, 6]],
    6: [[-6, -6], [6, -6], [-6, 0], [6, 0], [-6, 6], [6, 6]] };

  function el(tag, attrs, parent) {
    const node = document.createElementNS(NS, tag);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function create(svg) {
    // Geometry (viewBox 0 0 578 424): two quadrants of six points each side of the bar, a
    // tray. On a phone the margin is wider, for point numbers large enough to read
    // (board.css).
    const PHONE = window.matchMedia("(max-width: 600px)").matches;
    const M = PHONE ? 26 : 12, PW = 38, BAR_W = 40, R = 17, PH = 160, TRAY_W = 50;
    const LEFT = M, RIGHT = M + 6 * PW + BAR_W, EDGE = RIGHT + 6 * PW;
    const TRAY = EDGE + 8, W = TRAY + TRAY_W + M, H = 424, TOP = M, BOTTOM = H - M;
    const BAR_X = LEFT + 6 * PW + BAR_W / 2;

    function pointX(v) {
      if (v <= 6) return RIGHT + (6 - v) * PW + PW / 2;
      if (v <= 12) return LEFT + (12 - v) * PW + PW / 2;
      if (v <= 18) return LEFT + (v - 13) * PW + PW / 2;
      return RIGHT + (v - 19) * PW + PW / 2;
    }

    // The viewer's point under an SVG coordinate (25 = bar, 0 = tray), or null.
    function pointAt(x, y) {
      if (x >= TRAY) return 0;
      if (x >= LEFT + 6 * PW && x < RIGHT) return 25;
      const top = y < H / 2;
      let column;
      if (x >= RIGHT && x < EDGE) column = Math.floor((x - RIGHT) / PW);
      else if (x >= LEFT && x < LEFT + 6 * PW) column = Math.floor((x - LEFT) / PW);
      else return null;
      const right = x >= RIGHT;
      if (top) return right ? 19 + column : 13 + column;
      return right ? 6 - column : 12 - column;
    }

    // A pointer event's place in the SVG's coordinates.
    function svgPoint(event) {
      const p = svg.createSVGPoint();
      p.x = event.clientX;
      p.y = event.clientY;
      return p.matrixTransform(svg.getScreenCTM().inverse());
    }

    // The viewer's point a checker is dropped on: dropped beyond the right edge of the board
    // it is borne off, like dropping on the tray; null off the board.
    function dropAt(event) {
      const p = svgPoint(event);
      return p.x >= W || p.y < 0 || p.y > H ? (p.x >= W ? 0 : null) : pointAt(p.x, p.y);
    }

    function checker(parent, x, y, side, extra) {
      return el("circle", { cx: x, cy: y, r: R - 1, class: "checker side-" + side + (extra || "") }, parent);
    }

    function stack(parent, v, count, side, movable) {
      const top = v >= 13;
      const x = pointX(v);
      const shown = Math.min(count, 5);
      for (let k = 0; k < shown; k++) {
        const y = top ? TOP + R + k * 2 * R : BOTTOM - R - k * 2 * R;
        checker(parent, x, y, side, movable && k === shown - 1 ? " movable" : "");
        if (k === shown - 1 && count > 5) {
          el("text", { x: x, y: y + 5, class: "count side-" + side }, parent).textContent = count;
        }
      }
    }

    function drawDie(parent, x, y, value, used) {
      const g = el("g", { class: "die" + (used ? " used" : ""), transform: "translate(" + x + "," + y + ")" }, parent);
      el("rect", { x: -14, y: -14, width: 28, height: 28, rx: 5 }, g);
      for (const [dx, dy] of PIPS[value]) el("circle", { cx: dx, cy: dy, r: 2.6, class: "pip" }, g);
    }

    // The dice of the turn being moved (``g.dice``), those already used (not in
    // ``g.dice_left``) faded, on the mover's half of the board.
    function dice(g, viewer) {
      const rolled = g.dice;
      if (!rolled || g.phase !== "move") return;
      const values = rolled[0] === rolled[1] ? [rolled[0], rolled[0], rolled[0], rolled[0]] : [rolled[0], rolled[1]];
      const left = g.dice_left.slice();
      const used = values.map((d) => {
        const at = left.indexOf(d);
        if (at >= 0) { left.splice(at, 1); return false; }
        return true;
      });
      const centre = g.turn === viewer ? RIGHT + 3 * PW : LEFT + 3 * PW;
      const start = centre - (values.length - 1) * 18;
      const layer = el("g", { class: "dice" }, svg);
      values.forEach((d, n) => drawDie(layer, start + n * 36, H / 2, d, used[n]));
    }

    // The cube (``g.cube``: value, owner, shown, offered): in the tray, on its owner's side,
    // or offered on the board.
    function cube(g, viewer) {
      const c = g.cube;
      if (!c.shown) return;
      let y = H / 2;
      if (c.owner !== null) y = c.owner === viewer ? H / 2 + 56 : H / 2 - 56;
      let value = c.value === 1 ? 64 : c.value;
      let x = TRAY + TRAY_W / 2;
      let cls = "cube";
      if (c.offered) {
        value = c.value * 2;
        x = g.turn === viewer ? RIGHT + 3 * PW : LEFT + 3 * PW;
        y = H / 2;
        cls += " offered";
      }
      const node = el("g", { class: cls, transform: "translate(" + x + "," + y + ")" }, svg);
      el("rect", { x: -17, y: -17, width: 34, height: 34, rx: 5 }, node);
      el("text", { x: 0, y: 6 }, node).textContent = value;
    }

    function frame() {
      el("rect", { x: 0, y: 0, width: W, height: H, rx: 10, class: "frame" }, svg);
      el("rect", { x: LEFT, y: TOP, width: EDGE - LEFT, height: BOTTOM - TOP, class: "felt" }, svg);
      el("rect", { x: LEFT + 6 * PW, y: TOP, width: BAR_W, height: BOTTOM - TOP, class: "bar" }, svg);
      el("rect", { x: TRAY, y: TOP, width: TRAY_W, height: BOTTOM - TOP, rx: 4, class: "tray", "data-v": 0 }, svg);
    }

    // An empty board: the frame alone.
    function clear() {
      svg.textContent = "";
      svg.setAttribute("viewBox", "0 0 " + W + " " + H);
      frame();
    }

    function points(targets, sources, farTargets, selected) {
      const groups = {};
      for (let v = 1; v <= 24; v++) {
        const top = v >= 13;
        const x = pointX(v);
        const g = el("g", { class: "point", "data-v": v }, svg);
        groups[v] = g;
        el("rect", { x: x - PW / 2, y: top ? TOP : H / 2, width: PW, height: H / 2 - TOP, class: "hit" }, g);
        const tipY = top ? TOP + PH : BOTTOM - PH;
        const baseY = top ? TOP : BOTTOM;
        let cls = "tri " + (v % 2 ? "odd" : "even");
        if (targets.has(v)) { cls += " target"; g.classList.add("target"); }
        else if (farTargets.has(v)) { cls += " target far"; g.classList.add("far-target"); }
        if (sources.has(v)) g.classList.add("movable");
        if (selected === v) g.classList.add("selected");
        el("polygon", { points: (x - PW / 2 + 1) + "," + baseY + " " + (x + PW / 2 - 1) + "," + baseY + " " + x + "," + tipY, class: cls }, g);
        el("text", { x: x, y: top ? TOP - 3 : BOTTOM + M - 3, class: "label" }, g).textContent = v;
      }
      return groups;
    }

    // The position ``b`` (points, bar, off in player 0's numbering) from ``o.viewer``'s side,
    // with the highlights: the viewer's points a checker may leave (``o.sources``), go to
    // (``o.targets``) or reach in several steps (``o.farTargets``), the point ``o.selected``;
    // ``o.mover``'s checkers on the sources are drawn movable.
    function position(b, o) {
      const viewer = o.viewer, sources = o.sources, targets = o.targets, farTargets = o.farTargets;
      const groups = points(targets, sources, farTargets, o.selected);
      for (let a = 1; a <= 24; a++) {
        const n = b.points[a - 1];
        if (!n) continue;
        const v = viewer === 0 ? a : 25 - a;
        stack(groups[v], v, Math.abs(n), n > 0 ? 0 : 1, sources.has(v) && (n > 0 ? 0 : 1) === o.mover);
      }
      // The bar: the viewer's checkers above the middle, the opponent's below.
      const barG = el("g", { class: "point bar-point" + (sources.has(25) ? " movable" : "") + (o.selected === 25 ? " selected" : ""), "data-v": 25 }, svg);
      el("rect", { x: LEFT + 6 * PW, y: TOP, width: BAR_W, height: BOTTOM - TOP, class: "hit" }, barG);
      [viewer, 1 - viewer].forEach((side, n) => {
        for (let k = 0; k < Math.min(b.bar[side], 4); k++) {
          const y = n === 0 ? H / 2 - 28 - k * 2 * R : H / 2 + 28 + k * 2 * R;
          checker(barG, BAR_X, y, side, sources.has(25) && side === o.mover && k === 0 ? " movable" : "");
        }
        if (b.bar[side] > 4) el("text", { x: BAR_X, y: n === 0 ? H / 2 - 23 : H / 2 + 33, class: "count side-" + side }, barG).textContent = b.bar[side];
      });
      // Borne-off checkers in the tray: the viewer's at the bottom.
      const trayCls = targets.has(0) ? " target" : farTargets.has(0) ? " far-target" : "";
      const trayG = el("g", { class: "point tray-point" + trayCls, "data-v": 0 }, svg);
      el("rect", { x: TRAY, y: TOP, width: TRAY_W, height: BOTTOM - TOP, class: "hit" + (trayCls ? " target" : "") }, trayG);
      [viewer, 1 - viewer].forEach((side, n) => {
        for (let k = 0; k < b.off[side]; k++) {
          const y = n === 0 ? BOTTOM - 8 - k * 9 : TOP + k * 9;
          el("rect", { x: TRAY + 6, y: y, width: TRAY_W - 12, height: 8, rx: 2, class: "off side-" + side }, trayG);
        }
      });
    }

    // A checker following the pointer while it is dragged.
    function ghost(x, y, side) {
      checker(svg, x, y, side, " ghost");
    }

    return { clear: clear, position: position, dice: dice, cube: cube, ghost: ghost,
      svgPoint: svgPoint, dropAt: dropAt };
  }

  window.CrawfordDraw = { create: create };
})();
