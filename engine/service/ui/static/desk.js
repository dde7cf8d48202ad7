// The auditor's desk: the page works without this file; it only helps.
// A link to a message (#m3) moves keyboard focus to that message, so a
// screen reader reads the cited message rather than the top of the page.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  function focusTarget() {
    var id = window.location.hash.slice(1);
    var el = id ? document.getElementById(id) : null;
    if (el && el.classList.contains("message")) { el.focus(); }
  }
  focusTarget();
  window.addEventListener("hashchange", focusTarget);
});
