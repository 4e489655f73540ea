// Behaviour of every page, attached here instead of in inline handlers (onclick=…), which the
// Content-Security-Policy forbids. Pages work without it; these are conveniences.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
      return;
    }
    const field = event.target.closest("[data-select-on-click]");
    if (field) field.select();
  });
  // A form (or the button pressed) with data-confirm="question" asks first; "Cancel" sends
  // nothing. Listening while capturing, so that it asks before HTMX or anything else acts.
  document.addEventListener(
    "submit",
    function (event) {
      const asking = (event.submitter && event.submitter.closest("[data-confirm]")) ||
        event.target.closest("[data-confirm]");
      if (asking && !window.confirm(asking.getAttribute("data-confirm"))) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true,
  );
  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-submit-on-change]") && event.target.form) {
      event.target.form.submit();
    }
  });
})();
