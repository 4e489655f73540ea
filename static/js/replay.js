/* The replay board: steps through the positions of a played match on the online board
 * (board.js draws them). First/previous/next/last, the arrow keys, Home/End and a slider;
 * each position shows its action, gnubg's view of the move and its Position ID:Match ID.
 * It opens at the frame the page names (data-start): the decision a worst error links to.
 */
(function () {
  "use strict";

  const frames = JSON.parse(document.getElementById("replay-frames").textContent);
  const root = document.getElementById("online");
  const slider = document.getElementById("replay-slider");
  const caption = document.getElementById("replay-caption");
  const note = document.getElementById("replay-note");
  const where = document.getElementById("replay-where");
  const ids = document.getElementById("replay-ids");
  const copied = document.getElementById("replay-copied");
  let at = 0;

  function show(index) {
    at = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[at];
    window.CrawfordBoard.show(frame);
    caption.textContent = frame.caption;
    note.textContent = frame.note || "";
    note.hidden = !frame.note;
    where.textContent = (at + 1) + " / " + frames.length;
    ids.textContent = frame.position_id + ":" + frame.match_id;
    slider.value = at;
    root.dataset.frame = at;
    copied.hidden = true;
  }

  const steps = {
    first: () => show(0),
    previous: () => show(at - 1),
    next: () => show(at + 1),
    last: () => show(frames.length - 1),
  };

  document.getElementById("replay-controls").addEventListener("click", (event) => {
    const button = event.target.closest("[data-step]");
    if (button) steps[button.dataset.step]();
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") && event.target !== slider) return;
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    const step = keys[event.key];
    if (!step) return;
    event.preventDefault();
    steps[step]();
  });
  document.getElementById("replay-copy").addEventListener("click", () => {
    const text = ids.textContent;
    const done = () => { copied.hidden = false; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => { select(); done(); });
    } else {
      select();
      document.execCommand("copy");
      done();
    }
  });

  function select() {
    const range = document.createRange();
    range.selectNodeContents(ids);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  // A worst error's link opens at its decision (the server found its frame).
  show(Number(root.dataset.start) || 0);
})();
