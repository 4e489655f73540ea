// The control room: its board refreshes every second (answered 304 while nothing changed),
// but waits while the director is choosing in one of its forms, instead of undoing the
// choice; running clocks count down between refreshes (data-clock-left and, for the running
// one, what was left of its delay: data-clock-delay, both in ms as the page was made).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeRequest", function (event) {
    const part = event.detail.elt;
    if (part.id !== "control-board") return;
    const focused = document.activeElement;
    if (focused && part.contains(focused) && focused.closest("form")) event.preventDefault();
  });
  function text(ms) {
    const seconds = Math.ceil(Math.max(0, ms) / 1000);
    return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  }
  let shown = performance.now();
  document.addEventListener("htmx:afterSwap", function () { shown = performance.now(); });
  setInterval(function () {
    const elapsed = performance.now() - shown;
    document.querySelectorAll("#control-board [data-clock-running='1']").forEach(function (clock) {
      const left = Number(clock.dataset.clockLeft);
      const delay = Number(clock.dataset.clockDelay || 0);
      clock.textContent = text(left - Math.max(0, elapsed - delay));
    });
  }, 500);
})();
