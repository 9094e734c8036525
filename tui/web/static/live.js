// Keeps an open page current: the server sends a "change" event whenever the ledger moves, and the
// page fetches itself again and swaps in the new <main> (no reload, scroll position kept).
"use strict";
(function () {
  if (!window.EventSource) return;
  let busy = false;
  let again = false;
  async function refresh() {
    if (busy) {
      again = true;  // a change while fetching: fetch once more when done
      return;
    }
    busy = true;
    try {
      const response = await fetch(window.location.href, { cache: "no-store", headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.querySelector("main");
      const current = document.querySelector("main");
      if (fresh && current) {
        current.replaceWith(fresh);
        document.title = page.title;
      }
    } finally {
      busy = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }
  const source = new EventSource("/events");
  source.addEventListener("change", refresh);
})();
