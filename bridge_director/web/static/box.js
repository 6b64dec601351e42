// bridge-director: the little the bidding box needs beyond plain forms (the page works without it).
// - a suit tapped before a level: say so at once instead of asking the server;
// - a form sent twice by a double tap: the second one is dropped;
// - the page keeps its scroll position across a tap in the bidding box (other forms go to the ruling).
(function () {
  "use strict";
  var KEY = "bd-scroll";
  try {
    var y = sessionStorage.getItem(KEY);
    if (y !== null) { sessionStorage.removeItem(KEY); window.scrollTo(0, parseInt(y, 10) || 0); }
  } catch (e) { /* private mode: anchors still work */ }
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var btn = ev.submitter;
    if (form.id === "bidding" && btn && /^(C|D|H|S|NT)$/.test(btn.value) && !form.querySelector("input[name=level]:checked")) {
      ev.preventDefault();
      form.classList.add("wants-level");
      var first = form.querySelector("input[name=level] + label");
      if (first) { first.scrollIntoView({block: "nearest"}); }
      return;
    }
    if (form.dataset.sent) { ev.preventDefault(); return; }
    form.dataset.sent = "1";
    if (form.id === "bidding" || form.dataset.keep !== undefined) {   // taps in the box: stay where the thumb is
      try { sessionStorage.setItem(KEY, String(window.scrollY)); } catch (e) { /* ignore */ }
    }
  }, true);
  document.addEventListener("change", function (ev) {
    if (ev.target.name === "level") { ev.target.form.classList.remove("wants-level"); }
  });
  window.addEventListener("pageshow", function () {   // back button: forms may be sent again
    Array.prototype.forEach.call(document.forms, function (f) { delete f.dataset.sent; });
  });
})();
