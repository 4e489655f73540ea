/* The venue display (tournaments/display/display.html): shows one section at a time and
   moves on every N seconds (the body's data-seconds, from ?seconds=). The sections refresh
   themselves with HTMX polling; this only rotates which one is on screen. */
(function () {
  "use strict";

  function start() {
    var body = document.body;
    var sections = Array.prototype.slice.call(document.querySelectorAll("[data-display-section]"));
    if (!sections.length) {
      return;
    }
    var seconds = parseInt(body.getAttribute("data-seconds"), 10);
    if (!(seconds > 0)) {
      seconds = 15;
    }
    var current = 0;

    function show(index) {
      current = index % sections.length;
      sections.forEach(function (section, i) {
        var active = i === current;
        section.classList.toggle("is-active", active);
        section.hidden = !active;
        var dot = document.querySelector('[data-dot-for="' + section.id + '"]');
        if (dot) {
          dot.classList.toggle("is-active", active);
        }
      });
      body.setAttribute("data-showing", sections[current].id);
    }

    body.classList.add("rotating");
    show(0);
    window.setInterval(function () {
      show(current + 1);
    }, seconds * 1000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
