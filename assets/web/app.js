// The venue page keeps itself current: every few seconds it asks the laptop for the event's
// revision, and when it has changed it fetches this page's main part again and puts it in
// place. No reload: the reader keeps their place and the page never flashes.
(function () {
  "use strict";
  var body = document.body;
  var every = 3000;
  function part() {
    var url = new URL(window.location.href);
    url.searchParams.set("part", "main");
    return url.toString();
  }
  function tick() {
    fetch("/api/rev", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d || String(d.rev) === body.getAttribute("data-rev")) { return null; }
        return fetch(part(), { cache: "no-store" }).then(function (r) {
          if (!r.ok) { return null; }
          var rev = r.headers.get("X-Revision");
          return r.text().then(function (html) {
            var main = document.querySelector("main");
            if (main) { main.innerHTML = html; }
            if (rev) { body.setAttribute("data-rev", rev); }
          });
        });
      })
      .catch(function () { /* the laptop is away for a moment: try again later */ })
      .then(function () { window.setTimeout(tick, every); });
  }
  window.setTimeout(tick, every);
})();
