// The pages' one DOM helper: query, build an element, and the dates every page prints.

export const $ = (selector, root = document) => root.querySelector(selector);

// el("p", {class: "muted", text: "…"}, [children]): null/undefined attributes and children are
// left out (so `cond ? node : null` can sit in a list of children).
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of [].concat(children)) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

// replaceChildren that skips null/undefined/false (the DOM's own turns null into "null").
export function fill(container, ...children) {
  container.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

// The page's language (<html lang>, from the server's choice): dates and numbers follow it.
export const LANG = document.documentElement.lang || undefined;
// The locale dates and numbers are written in: the server's English dates are British
// ("4 December 2026", puzzles/formats/en), so the scripts' are too, never "December 4, 2026".
export const LOCALE = LANG === "en" ? "en-GB" : LANG;

// The interface's words in the page's language: Django's JavaScript catalog (base.html loads
// it, /i18n/<lang>.js) defines the globals; these fall back to the English msgid without it.
// Call gettext("...") with a string literal (makemessages extracts those), then interpolate:
// interpolate(gettext("Turn %(turn)s of %(count)s"), { turn, count }).
export const gettext = (msgid) => (globalThis.gettext ? globalThis.gettext(msgid) : msgid);
export const pgettext = (context, msgid) =>
  (globalThis.pgettext ? globalThis.pgettext(context, msgid) : msgid);
export const ngettext = (one, many, count) =>
  (globalThis.ngettext ? globalThis.ngettext(one, many, count) : count === 1 ? one : many);
export const interpolate = (format, values) =>
  format.replace(/%\(([a-z_]+)\)s/g, (_, name) => String(values[name]));

// A number in the page's language (1.5 is "1,5" in Spanish).
export const formatNumber = (value, digits = 1) =>
  Number(value).toLocaleString(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });

// A challenge's day (an ISO date, a UTC day) in the reader's words.
const dateFormats = {
  long: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  day: { day: "numeric", month: "long", year: "numeric" },
  short: { day: "numeric", month: "short", year: "numeric" },
  tiny: { day: "numeric", month: "short" },
  weekday: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
};
export function formatDay(iso, format = "day") {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(LOCALE, { ...dateFormats[format], timeZone: "UTC" });
}

// A moment (an ISO instant: a day's close) on the reader's own clock: "01:00 CET". The day
// itself stays the UTC day; only the hour is said where the reader lives.
export function localClock(iso) {
  return new Date(iso).toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" });
}

// The reader's own day of a moment (an ISO instant), in words: "5 March 2031".
export function localDay(iso) {
  return new Date(iso).toLocaleDateString(LANG, dateFormats.day);
}

// Scroll a node into view at once (no smooth scroll: the next tap must land where it looks).
export function bringIntoView(node, block = "nearest") {
  if (node) node.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
}
