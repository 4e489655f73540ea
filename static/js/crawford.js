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
  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-submit-on-change]") && event.target.form) {
      event.target.form.submit();
    }
  });
})();
