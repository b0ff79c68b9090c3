// Every page: the site on the home screen, and the server's UTC times on the reader's clock.
import { gettext, localClock } from "./dom.js";

for (const node of document.querySelectorAll("time[data-local-time]")) {
  node.textContent = localClock(node.dateTime);
}

// A countdown to a moment (<time data-countdown datetime="…Z">), ticked each second; at zero
// it says so (the page behind it has changed: reload it).
for (const node of document.querySelectorAll("time[data-countdown]")) {
  const at = Date.parse(node.dateTime);
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((at - Date.now()) / 1000));
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor(seconds / 60) % 60;
    const secs = String(seconds % 60).padStart(2, "0");
    node.dataset.secondsLeft = String(seconds);
    node.textContent = !seconds ? gettext("now: reload the page")
      : hours ? `${hours} h ${String(minutes).padStart(2, "0")} min ${secs} s` : `${minutes} min ${secs} s`;
    if (seconds) setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  };
  if (at) tick();
}

// The service worker (puzzles/web/app.py), registered quietly.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}
