// The director's console: running clocks count down between the table's refreshes.
// Each clock carries the time left when the page was made (data-clock-left, ms) and, for the
// running one, what was left of its delay (data-clock-delay, ms); the server decides.
(function () {
  "use strict";
  function text(ms) {
    const seconds = Math.ceil(Math.max(0, ms) / 1000);
    return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  }
  let shown = performance.now();
  document.addEventListener("htmx:afterSwap", function () { shown = performance.now(); });
  setInterval(function () {
    const elapsed = performance.now() - shown;
    document.querySelectorAll("[data-clock-running='1']").forEach(function (clock) {
      const left = Number(clock.dataset.clockLeft);
      const delay = Number(clock.dataset.clockDelay || 0);
      clock.textContent = text(left - Math.max(0, elapsed - delay));
    });
  }, 250);
  // The table refreshes every five seconds, unless the director is filling in an action.
  const section = document.getElementById("director");
  setInterval(function () {
    if (!section || !window.htmx) return;
    if (section.querySelector("details[open]") || section.contains(document.activeElement)) return;
    window.htmx.ajax("GET", section.dataset.refresh, { target: section, swap: "innerHTML" });
  }, 5000);
})();
