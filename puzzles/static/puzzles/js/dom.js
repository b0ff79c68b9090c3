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

// A challenge's day (an ISO date, a UTC day) in the reader's words.
const dateFormats = {
  long: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  day: { day: "numeric", month: "long", year: "numeric" },
  short: { day: "numeric", month: "short", year: "numeric" },
  tiny: { day: "numeric", month: "short" },
  weekday: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
};
export function formatDay(iso, format = "day") {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, { ...dateFormats[format], timeZone: "UTC" });
}

// Scroll a node into view at once (no smooth scroll: the next tap must land where it looks).
export function bringIntoView(node, block = "nearest") {
  if (node) node.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
}
