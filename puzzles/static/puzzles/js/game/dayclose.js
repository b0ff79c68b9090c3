// A ranked game's day: fair play (a game that no longer counts says so plainly, docs/design.md,
// Phase 2) and the close counted down from the server's closes_in (a device's clock may be
// wrong): from CLOSING_SOON seconds before it, a banner (data-closing-soon, the seconds left);
// at the close the game is read again, and the server says it expired.
import { $, el, fill, formatDay, gettext, interpolate, localClock } from "../dom.js";

const CLOSING_SOON = 600; // seconds before the day's close that the page starts to warn

export function renderFairPlay(root, game) {
  const box = $("[data-fair-play]", root);
  let text = "";
  if (game.disqualified) text = interpolate(gettext("This game was disqualified by the moderators: %(reason)s. It no longer counts."), { reason: game.disqualified });
  else if (game.expired) text = interpolate(gettext("The day of %(day)s closed at %(clock)s; this game no longer counts. Its deal is public now: you can play it again as practice."), { day: formatDay(game.date), clock: localClock(game.closes_at) });
  box.hidden = !text;
  // An expired game's day is over: today's daily is one tap away.
  const today = game.expired && !game.disqualified
    ? el("a", { href: "/", "data-today-link": "", text: gettext("Play today's quilt") }) : null;
  box.replaceChildren(text, ...(today ? [" ", today] : []));
  box.dataset.fairPlay = game.disqualified ? "disqualified" : game.expired ? "expired" : "";
}

// watch(game) restarts the countdown for the game shown; onClose() reads it again.
export class ClosingWatch {
  constructor(root, onClose) {
    this.root = root;
    this.onClose = onClose;
    this.tick = null;
  }

  watch(game) {
    clearInterval(this.tick);
    const box = $("[data-closing-soon]", this.root);
    const left = game ? game.closes_in : null;
    box.hidden = true;
    if (left === null || left === undefined) return;
    const deadline = performance.now() + left * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
      if (seconds > CLOSING_SOON) return;
      const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
      box.dataset.closingSoon = String(seconds);
      fill(box, el("b", { "data-countdown": "", text: clock }), " ",
        interpolate(gettext("left before the day closes at %(clock)s: finish your quilt by then for it to count."), { clock: localClock(game.closes_at) }));
      box.hidden = false;
      if (seconds > 0) return;
      clearInterval(this.tick);
      setTimeout(() => this.onClose(game.id), 1000);
    };
    tick();
    this.tick = setInterval(tick, 1000);
  }
}
