// Every page: the site on the home screen, and the server's UTC times on the reader's clock.
import { localClock } from "./dom.js";

for (const node of document.querySelectorAll("time[data-local-time]")) {
  node.textContent = localClock(node.dateTime);
}

// The service worker (puzzles/web/app.py), registered quietly.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}
