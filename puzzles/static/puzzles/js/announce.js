// The page's one polite live region (base.html's [data-announcer]): what changes during play
// is said there in a few words, once, instead of every panel being its own live region (a
// re-drawn score table read out whole after each move floods a screen reader).
//
// It watches the page rather than being called: the scripts that draw the game stay as they
// are. Each watch names a value; a value that changes is said. What is on the page when it
// loads is not said (the reader can read the page).

import { gettext, interpolate } from "./dom.js";

const WATCHES = [
  // The turn's instruction (game and versus).
  { key: () => "prompt", value: () => text("[data-prompt]") },
  // The scores: the solo game's, yours in versus.
  { key: () => "score", value: () => attr("[data-stat-score]", "data-stat-score"), say: (v) => (v === "–" ? "" : interpolate(gettext("Score %(score)s"), { score: v })) },
  // Each opponent's last move (versus).
  ...[0, 1, 2, 3].map((n) => ({
    key: () => `opponent-${n}`,
    value: () => {
      const card = document.querySelectorAll("[data-opponent]")[n];
      const last = card && card.querySelector("[data-opponent-last]");
      return last && last.textContent.trim() ? `${card.dataset.opponent}: ${last.textContent.trim()}` : "";
    },
  })),
  // The hint's words once they are there (not its progress bar).
  { key: () => "hint", value: () => text("[data-hint-box] .hint-text p") },
  // The review: the turn shown and the first words about it.
  { key: () => "review-turn", value: () => text("[data-review-turn]") },
  { key: () => "review-note", value: () => text("[data-turn-note] p") },
  // A scenario's conditions: only a status that changes.
  ...[0, 1, 2, 3, 4, 5].map((n) => ({
    key: () => `condition-${n}`,
    value: () => {
      const item = document.querySelectorAll("[data-scenario-conditions] li")[n];
      return item ? item.textContent.replace(/\s+/g, " ").trim() : "";
    },
  })),
];

function text(selector) {
  const node = document.querySelector(selector);
  return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
}

function attr(selector, name) {
  const node = document.querySelector(selector);
  return node ? node.getAttribute(name) || "" : "";
}

const region = document.querySelector("[data-announcer]");
const last = new Map();
const toastsSeen = new WeakSet();
let queued = [];
let timer = null;

export function announce(message) {
  if (!region || !message) return;
  queued.push(message);
  clearTimeout(timer);
  // Gathered for a moment so that one move's changes are said as one message.
  timer = setTimeout(() => {
    // Each message a sentence: a full stop only where it has none (never "..").
    const words = [...new Set(queued)].map((m) => (/[.!?…:]$/.test(m) ? m : `${m}.`)).join(" ");
    queued = [];
    region.textContent = "";
    requestAnimationFrame(() => { region.textContent = words; });
  }, 250);
}

function check(silent) {
  for (const watch of WATCHES) {
    const key = watch.key();
    const value = watch.value();
    if (last.get(key) === value) continue;
    last.set(key, value);
    if (!silent && value) announce(watch.say ? watch.say(value) : value);
  }
  for (const toast of document.querySelectorAll("[data-toasts] > *")) {
    if (toastsSeen.has(toast)) continue;
    toastsSeen.add(toast);
    if (!silent) announce(toast.textContent.replace(/\s+/g, " ").trim());
  }
}

if (region) {
  // The page's first drawing (its scripts fetch and draw after load) is not said.
  let silent = true;
  check(true);
  const observer = new MutationObserver(() => {
    clearTimeout(observer.pending);
    observer.pending = setTimeout(() => check(silent), 60);
  });
  observer.observe(document.querySelector("main") || document.body, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-stat-score"],
  });
  const toasts = document.querySelector("[data-toasts]");
  if (toasts) observer.observe(toasts, { childList: true });
  window.addEventListener("load", () => setTimeout(() => { check(true); silent = false; }, 1500));
}
