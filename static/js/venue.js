// The night's page refreshes itself; while the director chooses a table in one of its
// forms, the refresh waits for the next turn instead of undoing the choice.
document.addEventListener("htmx:beforeRequest", (event) => {
  const part = event.detail.elt;
  if (part.id !== "venue-night") return;
  const focused = document.activeElement;
  if (focused && part.contains(focused) && focused.closest("form")) event.preventDefault();
});
