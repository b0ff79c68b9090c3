// The design goals (id -> {label, symbol, one, both, counts, shape_words, help}) as the engine
// names them, from the API (GET /api/goals/). Fetched once per page; a module importing this
// waits for it. Also: a goal's picture (its counts drawn as groups of dots) and a goal's
// progress in words, from the engine's verdicts the game sends (`goal_progress`).
import { api } from "./api.js";
import { hexPoints, motifDefs, patchShape, svg } from "./svg.js";
import { gettext, interpolate } from "./dom.js";

export const GOALS = Object.fromEntries((await api.goals()).goals.map((goal) => [goal.id, goal]));
export const goalLabel = (id) => (GOALS[id] ? GOALS[id].label : id);
export const goalHelp = (id) => (GOALS[id] ? GOALS[id].help : "");

// The words this module shows, in one place (for translation).
const WORDS = {
  empty: gettext("None of its six neighbours filled yet"),
  filled: (n) => interpolate(gettext("%(count)s of its 6 neighbours filled"), { count: n }),
  colours: gettext("Colours"),
  patterns: gettext("Patterns"),
  met: gettext("met"),
  possible: gettext("can still be met"),
  lost: gettext("can no longer be met"),
  soFar: (shape) => interpolate(gettext("so far %(shape)s"), { shape }),
  and: gettext(" and "),
};
// One group of a size, and several ("two pairs": the number is a word from NUMBER).
const PART = {
  1: [gettext("one single"), gettext("%(number)s singles")],
  2: [gettext("one pair"), gettext("%(number)s pairs")],
  3: [gettext("one set of three"), gettext("%(number)s sets of three")],
  4: [gettext("one set of four"), gettext("%(number)s sets of four")],
  5: [gettext("one set of five"), gettext("%(number)s sets of five")],
  6: [gettext("one set of six"), gettext("%(number)s sets of six")],
};
const NUMBER = ["", "", gettext("two"), gettext("three"), gettext("four"), gettext("five"), gettext("six")];

// Counts so far ([2, 1, 1]) in words: "a pair and two singles".
export function countsWords(counts) {
  const parts = [];
  for (const size of [...new Set(counts)].sort((a, b) => b - a)) {
    const n = counts.filter((c) => c === size).length;
    parts.push(n === 1 ? PART[size][0] : interpolate(PART[size][1], { number: NUMBER[n] }));
  }
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")}${WORDS.and}${parts[parts.length - 1]}` : parts[0] || "";
}

// One attribute's standing in words: "Colours: so far one pair and one single, can still be met".
function attributeWords(name, standing, filled) {
  const verdict = standing.met ? WORDS.met : standing.possible ? WORDS.possible : WORDS.lost;
  const shape = filled && !standing.met ? `${WORDS.soFar(countsWords(standing.counts))}, ` : "";
  return `${name}: ${shape}${verdict}`;
}

// A goal's progress (one entry of the game's `goal_progress`) in words.
export function progressWords(progress) {
  if (!progress) return WORDS.empty;
  if (!progress.filled) return `${WORDS.empty}.`;
  return `${WORDS.filled(progress.filled)}. ${attributeWords(WORDS.colours, progress.colors, progress.filled)}. `
    + `${attributeWords(WORDS.patterns, progress.patterns, progress.filled)}.`;
}

// A goal's counts drawn as groups of dots, each group a column on its own pale pill
// (bottom-aligned), centred on (cx, cy): a pair is two dots stacked. "All different" is six
// single dots in a ring, like the six neighbours. The pills and gaps say the shape; the
// shades only help tell groups apart.
const SHADES = ["#24606a", "#ffffff", "#8a7a5c"];
export function goalPicture(goalId, cx, cy, { dot = 3.3 } = {}) {
  const counts = GOALS[goalId] ? GOALS[goalId].counts : [];
  const group = svg("g", { class: "goal-picture", "aria-hidden": "true" });
  const pad = 1.1;
  const pill = (x, top, count, step) => svg("rect", {
    class: "goal-picture-group", x: (x - dot - pad).toFixed(2), y: (top - dot - pad).toFixed(2),
    width: (2 * (dot + pad)).toFixed(2), height: ((count - 1) * step + 2 * (dot + pad)).toFixed(2),
    rx: (dot + pad).toFixed(2), fill: "#ffffff", "fill-opacity": 0.85, stroke: "#24606a",
    "stroke-opacity": 0.55, "stroke-width": 0.7,
  });
  const circle = (x, y, shade) => svg("circle", {
    cx: x.toFixed(2), cy: y.toFixed(2), r: dot, fill: shade, stroke: "#24606a", "stroke-width": 0.9,
  });
  if (counts.length > 4) { // six singles: a ring of six pills
    const ring = 2.9 * dot;
    counts.forEach((_, i) => {
      const a = (Math.PI / 3) * i - Math.PI / 2;
      const x = cx + ring * Math.cos(a);
      const y = cy + ring * Math.sin(a);
      group.append(pill(x, y, 1, 0), circle(x, y, SHADES[i % SHADES.length]));
    });
    return group;
  }
  const step = 2 * dot + 0.4;
  const between = 2 * (dot + pad) + 2.4;
  const tallest = Math.max(...counts, 1);
  const width = (counts.length - 1) * between;
  const bottom = cy + ((tallest - 1) * step) / 2;
  counts.forEach((count, i) => {
    const x = cx - width / 2 + i * between;
    group.append(pill(x, bottom - (count - 1) * step, count, step));
    for (let k = 0; k < count; k++) group.append(circle(x, bottom - k * step, SHADES[i % SHADES.length]));
  });
  return group;
}

// The same picture as a standalone little SVG (the goal picker, the goals card).
export function goalIcon(goalId) {
  const icon = svg("svg", { viewBox: "-22 -16.5 44 33", class: "goal-icon", "aria-hidden": "true" });
  icon.append(goalPicture(goalId, 0, 0, { dot: 3 }));
  return icon;
}

// A goal's worked example (its engine counts): the goal space and its six neighbours, the
// colours in the goal's groups (three the same, two the same, one other: AAA-BB-C), each
// patch in another pattern: this goal met by colour.
const EXAMPLE_COLOURS = ["navy", "pink", "yellow", "green", "teal", "purple"];
const EXAMPLE_PATTERNS = ["dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"];
export function goalExample(goalId) {
  const counts = GOALS[goalId] ? GOALS[goalId].counts : [];
  if (!counts.length) return null;
  const colours = counts.flatMap((count, group) => Array(count).fill(EXAMPLE_COLOURS[group]));
  const r = 10;
  const w = Math.sqrt(3) * r;
  const ring = [[w, 0], [w / 2, 1.5 * r], [-w / 2, 1.5 * r], [-w, 0], [-w / 2, -1.5 * r], [w / 2, -1.5 * r]];
  const id = `g${Math.random().toString(36).slice(2, 8)}`;
  const size = (w + w / 2 + 1).toFixed(2);
  const height = (1.5 * r + r + 1).toFixed(2);
  return svg("svg", {
    viewBox: `-${size} -${height} ${(2 * size).toFixed(2)} ${(2 * height).toFixed(2)}`,
    class: "goal-example", "data-goal-example": goalId, role: "img",
    "aria-label": interpolate(gettext("For example, met by colour: %(shape)s"), { shape: countsWords(counts) }),
  }, [
    motifDefs(id, 0.4),
    svg("polygon", { points: hexPoints(0, 0, r - 0.5), class: "goal-space" }),
    ...ring.map(([x, y], i) => patchShape({ color: colours[i], pattern: EXAMPLE_PATTERNS[i] }, x, y, { r: r - 0.5, prefix: id })),
  ]);
}
