// SVG drawing kit: hexes, the six pattern motifs, patches, buttons, cats and cat shapes.
// Purely visual: nothing here knows a rule.

import { gettext, interpolate, pgettext } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";

const COLORS = {
  navy: "#353790",
  teal: "#6cc4ca",
  green: "#7ca045",
  yellow: "#f8b22b",
  purple: "#8c2c8e",
  pink: "#cd256f",
};

export const HEX_R = 30; // centre to corner, in board units
export const HEX_W = Math.sqrt(3) * HEX_R;

export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function hexPoints(cx, cy, r = HEX_R) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 90); // pointy top
    points.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

// Centre of "row,col" on the odd-r grid (odd rows shifted right by half a hex).
export function cellCentre(row, col) {
  return [HEX_W * (col + (row % 2 ? 0.5 : 0)) + HEX_W / 2, 1.5 * HEX_R * row + HEX_R];
}

// White motifs drawn over the colour; each is told apart by shape alone.
const MOTIFS = {
  dots: { size: 12, draw: () => [
    svg("circle", { cx: 3, cy: 3, r: 2.1 }), svg("circle", { cx: 9, cy: 9, r: 2.1 }),
  ] },
  stripes: { size: 7, draw: () => [svg("rect", { x: 2.4, y: 0, width: 2.1, height: 7 })] },
  flowers: { size: 16, draw: () => [flower(4, 4), flower(12, 12)] },
  quatrefoil: { size: 12, draw: () => [
    svg("g", { fill: "none", stroke: "#fff", "stroke-width": 1.25 }, [
      svg("circle", { cx: 3, cy: 6, r: 3 }), svg("circle", { cx: 9, cy: 6, r: 3 }),
      svg("circle", { cx: 6, cy: 3, r: 3 }), svg("circle", { cx: 6, cy: 9, r: 3 }),
    ]),
  ] },
  ferns: { size: 16, draw: () => [
    svg("g", { fill: "none", stroke: "#fff", "stroke-width": 1.2, "stroke-linecap": "round" }, [
      svg("path", { d: "M8 15.5 Q7.2 8 8.6 0.5" }),
      svg("path", { d: "M8 13 L4.6 10.8 M8 13 L11.4 11 M7.8 9.8 L4.8 7.8 M7.9 9.8 L11 8 M8 6.6 L5.4 4.9 M8.2 6.6 L10.8 5 M8.4 3.5 L6.6 2.2 M8.5 3.5 L10.2 2.3" }),
    ]),
  ] },
  vines: { size: 18, draw: () => [
    svg("g", { fill: "none", stroke: "#fff", "stroke-width": 1.3, "stroke-linecap": "round" }, [
      svg("path", { d: "M1 15 C1 6 13 4 13 10 C13 14 7.5 14 7.5 10.5 C7.5 8.6 10 8.6 10 10.2" }),
      svg("path", { d: "M13 10 C14 14 16 16 18 17" }),
    ]),
  ] },
};

function flower(cx, cy) {
  const petals = [];
  for (let i = 0; i < 5; i++) {
    const a = (Math.PI * 2 * i) / 5 - Math.PI / 2;
    petals.push(svg("ellipse", {
      cx: (cx + 2.1 * Math.cos(a)).toFixed(2), cy: (cy + 2.1 * Math.sin(a)).toFixed(2),
      rx: 1.55, ry: 1.05, transform: `rotate(${(a * 180) / Math.PI} ${(cx + 2.1 * Math.cos(a)).toFixed(2)} ${(cy + 2.1 * Math.sin(a)).toFixed(2)})`,
    }));
  }
  return svg("g", {}, [...petals, svg("circle", { cx, cy, r: 0.75 })]);
}

// <defs> with one <pattern> per motif; put it once in every SVG that draws patches.
// `scale` enlarges the motif for small icons, where the board's scale would be too fine.
export function motifDefs(prefix = "m", scale = 1) {
  const defs = svg("defs");
  for (const [name, motif] of Object.entries(MOTIFS)) {
    defs.append(svg("pattern", {
      id: `${prefix}-${name}`, width: motif.size, height: motif.size,
      patternUnits: "userSpaceOnUse", patternTransform: scale === 1 ? null : `scale(${scale})`,
    }, [svg("g", { fill: "#fff", "fill-opacity": 0.92 }, motif.draw())]));
  }
  return defs;
}

// A patch in words, in the page's language ("navy dots"; Spanish agrees the colour with the
// loseta: "azul marino de lunares", "amarilla de flores").
const PATCH_COLOURS = {
  navy: pgettext("a patch's colour", "navy"), teal: pgettext("a patch's colour", "teal"),
  green: pgettext("a patch's colour", "green"), yellow: pgettext("a patch's colour", "yellow"),
  purple: pgettext("a patch's colour", "purple"), pink: pgettext("a patch's colour", "pink"),
};
const PATCH_PATTERNS = {
  dots: pgettext("pattern", "dots"), ferns: pgettext("pattern", "ferns"),
  flowers: pgettext("pattern", "flowers"), quatrefoil: pgettext("pattern", "quatrefoil"),
  stripes: pgettext("pattern", "stripes"), vines: pgettext("pattern", "vines"),
};
// A pattern alone, in the page's language (the cats' cards name their patterns).
export const patternWord = (pattern) => PATCH_PATTERNS[pattern] || pattern;
// A patch's colour alone, agreed with "loseta" (a reason's market patch: reasons.js).
export const patchColourWord = (color) => PATCH_COLOURS[color] || color;

export function describePatch(patch) {
  return interpolate(gettext("%(color)s %(pattern)s"), {
    color: PATCH_COLOURS[patch.color] || patch.color, pattern: PATCH_PATTERNS[patch.pattern] || patch.pattern,
  });
}

// The colour-blind aid: one symbol per colour, drawn dark on a white disc at the patch's
// centre (settings.js shows them when chosen; the CSS hides them otherwise). Plain shapes
// that stay apart at phone size, and apart most where colours are confused (navy and purple:
// circle and diamond; green and pink: triangle and cross).
const SYMBOLS = {
  navy: (x, y, s) => [svg("circle", { class: "glyph", cx: x, cy: y, r: 0.52 * s })],
  teal: (x, y, s) => [svg("path", { class: "glyph-line", "stroke-width": 0.3 * s,
    d: `M${x - 0.62 * s} ${y} H${x + 0.62 * s} M${x} ${y - 0.62 * s} V${y + 0.62 * s}` })],
  green: (x, y, s) => [svg("polygon", { class: "glyph",
    points: `${x},${y - 0.66 * s} ${x + 0.66 * s},${y + 0.5 * s} ${x - 0.66 * s},${y + 0.5 * s}` })],
  yellow: (x, y, s) => [svg("rect", { class: "glyph", x: x - 0.48 * s, y: y - 0.48 * s, width: 0.96 * s, height: 0.96 * s })],
  purple: (x, y, s) => [svg("polygon", { class: "glyph",
    points: `${x},${y - 0.7 * s} ${x + 0.6 * s},${y} ${x},${y + 0.7 * s} ${x - 0.6 * s},${y}` })],
  pink: (x, y, s) => [svg("path", { class: "glyph-line", "stroke-width": 0.3 * s,
    d: `M${x - 0.48 * s} ${y - 0.48 * s} L${x + 0.48 * s} ${y + 0.48 * s} M${x + 0.48 * s} ${y - 0.48 * s} L${x - 0.48 * s} ${y + 0.48 * s}` })],
};
export const SYMBOL_NAMES = {
  navy: "circle", teal: "plus", green: "triangle", yellow: "square", purple: "diamond", pink: "cross",
};

// The key's words, one per colour ("navy circle"), in the page's language.
export const SYMBOL_WORDS = {
  navy: gettext("navy circle"), teal: gettext("teal plus"), green: gettext("green triangle"),
  yellow: gettext("yellow square"), purple: gettext("purple diamond"), pink: gettext("pink cross"),
};

export function colorSymbol(color, cx, cy, r = HEX_R) {
  const draw = SYMBOLS[color];
  if (!draw) return null;
  const s = 0.32 * r;
  return svg("g", { class: "color-symbol", "data-color-symbol": color, "aria-hidden": "true" }, [
    svg("circle", { class: "badge", cx, cy, r: s }),
    ...draw(cx, cy, s),
  ]);
}

// A patch hex at (cx, cy): the colour, then the motif on top (and the colour's symbol,
// hidden unless chosen). `mono` draws the black-and-white pattern tile of a cat instead.
export function patchShape(patch, cx, cy, { r = HEX_R, prefix = "m", mono = false } = {}) {
  const points = hexPoints(cx, cy, r);
  return svg("g", { class: "patch-shape" }, [
    svg("polygon", { points, class: mono ? "mono-fill" : null, fill: mono ? "#3a3540" : COLORS[patch.color] || "#999" }),
    svg("polygon", { points, fill: `url(#${prefix}-${patch.pattern})` }),
    svg("polygon", { points, class: "patch-edge", fill: "none", stroke: "rgb(0 0 0 / 18%)", "stroke-width": 1 }),
    mono ? null : colorSymbol(patch.color, cx, cy, r),
  ]);
}

// A standalone little SVG of one patch (hand, market, cat pattern tiles).
export function patchIcon(patch, { mono = false, scale = 1 } = {}) {
  const id = `i${Math.random().toString(36).slice(2, 8)}`;
  return svg("svg", { viewBox: "-2 -2 56 64", "aria-hidden": "true" }, [
    motifDefs(id, scale),
    patchShape(patch, 26, 30, { prefix: id, mono }),
  ]);
}

// ``prefix``: whose rainbowDefs the rainbow button's fill is (a page may hold several).
export function buttonToken(color, cx = 0, cy = 0, r = 9, prefix = "") {
  const fill = color === "rainbow" ? `url(#${prefix}rainbow-fill)` : COLORS[color];
  return svg("g", { class: "token button-token" }, [
    svg("circle", { cx, cy, r, fill, stroke: "#fff", "stroke-width": 2 }),
    svg("circle", { cx, cy, r: r - 2.5, fill: "none", stroke: "rgb(255 255 255 / 55%)", "stroke-width": 0.8 }),
    ...[[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([dx, dy]) =>
      svg("circle", { cx: cx + dx * r * 0.22, cy: cy + dy * r * 0.22, r: r * 0.11, fill: "#fff" })),
  ]);
}

export function rainbowDefs(prefix = "") {
  const stops = Object.values(COLORS).map((c, i, all) =>
    svg("stop", { offset: `${(i / (all.length - 1)) * 100}%`, "stop-color": c }));
  return svg("defs", {}, [svg("linearGradient", { id: `${prefix}rainbow-fill`, x1: 0, y1: 0, x2: 1, y2: 1 }, stops)]);
}

export function tokenIcon(kind, value) {
  const root = svg("svg", { viewBox: "-12 -12 24 24", "aria-hidden": "true" });
  if (kind === "button") {
    const id = `t${Math.random().toString(36).slice(2, 8)}-`; // its own rainbow, as patchIcon's motifs
    if (value === "rainbow") root.append(rainbowDefs(id));
    root.append(buttonToken(value, 0, 0, 10.5, id));
  } else {
    root.append(catHead(value, 0, 1, 10));
  }
  return root;
}

const CAT_COATS = {
  millie: ["#f1efe9", "#2f2a3a"], tibbit: ["#d99a4e", "#6b3d12"], callie: ["#e7c9a0", "#3c2c1e"],
  rumi: ["#8f8f99", "#2c2c34"], coconut: ["#fbf7f0", "#c07a38"], cira: ["#c8c0b4", "#4a3f36"],
  tecolote: ["#6e6259", "#f1c26a"], almond: ["#d8b48a", "#5a3b20"], gwenivere: ["#efe9f5", "#7a6a92"],
  leo: ["#f0b45a", "#7a4310"],
};

// A friendly cat head: coat colour and a patch of marking, ears, eyes.
export function catHead(catId, cx, cy, size = 20) {
  const [coat, mark] = CAT_COATS[catId] || ["#ddd", "#333"];
  const s = size / 20;
  const p = (x, y) => `${(cx + x * s).toFixed(2)},${(cy + y * s).toFixed(2)}`;
  return svg("g", { class: "token cat-head" }, [
    svg("polygon", { points: [p(-17, -6), p(-15, -21), p(-4, -13)].join(" "), fill: coat, stroke: mark, "stroke-width": 1.6 * s, "stroke-linejoin": "round" }),
    svg("polygon", { points: [p(17, -6), p(15, -21), p(4, -13)].join(" "), fill: coat, stroke: mark, "stroke-width": 1.6 * s, "stroke-linejoin": "round" }),
    svg("ellipse", { cx, cy: cy + 1 * s, rx: 18 * s, ry: 15 * s, fill: coat, stroke: mark, "stroke-width": 1.6 * s }),
    svg("path", { d: `M${p(-5, -14)} Q${p(0, -6)} ${p(5, -14)}`, fill: mark, opacity: 0.55 }),
    svg("ellipse", { cx: cx - 6.5 * s, cy: cy, rx: 2.4 * s, ry: 3 * s, fill: mark }),
    svg("ellipse", { cx: cx + 6.5 * s, cy: cy, rx: 2.4 * s, ry: 3 * s, fill: mark }),
    svg("path", { d: `M${p(-2, 6)} L${p(2, 6)} L${p(0, 8.5)} Z`, fill: "#d9707a" }),
  ]);
}

export function catPortrait(catId) {
  return svg("svg", { viewBox: "-23 -25 46 46", class: "portrait", "aria-hidden": "true" }, [
    svg("circle", { cx: 0, cy: -2, r: 22, fill: "#f0e6d3" }),
    catHead(catId, 0, 0, 20),
  ]);
}

// A size cat's badge: a dark hex with "N+" (N: the cat's `size`).
export function sizeBadge(size) {
  return svg("svg", { viewBox: "-16 -17 32 34", "aria-hidden": "true" }, [
    svg("polygon", { points: hexPoints(0, 0, 16), class: "mono-fill", fill: "#3a3540" }),
    svg("text", { x: 0, y: 5, "text-anchor": "middle", fill: "#fff", style: "font: 800 13px system-ui, sans-serif" }, [`${size}+`]),
  ]);
}

// A cat's shape ([q, r] axial cells) as little hexes, or null for a size cat.
export function shapeDrawing(shape) {
  if (!shape || !shape.length) return null;
  const r = 7;
  const w = Math.sqrt(3) * r;
  const centres = shape.map(([q, row]) => [w * (q + row / 2), 1.5 * r * row]);
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  const minX = Math.min(...xs) - w / 2 - 1;
  const minY = Math.min(...ys) - r - 1;
  const width = Math.max(...xs) - Math.min(...xs) + w + 2;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * r + 2;
  return svg("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, "aria-hidden": "true" },
    centres.map(([x, y]) => svg("polygon", {
      points: hexPoints(x, y, r - 0.6), class: "mono-fill", fill: "#3a3540", stroke: "#fff", "stroke-width": 0.8,
    })));
}

// A cat's worked example (the engine's ``example`` cells): a group all in one of its patterns,
// in several colours, since a cat counts the pattern alone.
export function catExample(cat) {
  if (!cat.example || !cat.example.length || !cat.patterns.length) return null;
  const r = 9;
  const w = Math.sqrt(3) * r;
  const centres = cat.example.map(([q, row]) => [w * (q + row / 2), 1.5 * r * row]);
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  const minX = Math.min(...xs) - w / 2 - 1;
  const minY = Math.min(...ys) - r - 1;
  const width = Math.max(...xs) - minX + w / 2 + 1;
  const height = Math.max(...ys) - minY + r + 1;
  const id = `x${Math.random().toString(36).slice(2, 8)}`;
  const colours = Object.keys(COLORS);
  return svg("svg", {
    viewBox: `${minX.toFixed(2)} ${minY.toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)}`,
    class: "cat-example", "data-cat-example": cat.cat, role: "img",
    "aria-label": interpolate(gettext("For example: %(count)s %(pattern)s patches in any colours"),
      { count: cat.example.length, pattern: patternWord(cat.patterns[0]) }, true),
  }, [
    motifDefs(id, 0.35),
    ...centres.map(([x, y], i) => patchShape({ color: colours[(i * 2) % colours.length], pattern: cat.patterns[0] }, x, y, { r: r - 0.5, prefix: id })),
  ]);
}

// How to play's pictures of the buttons: three touching patches of one colour (any patterns)
// earn its button; one button of each of the six colours earns the rainbow button.
export function buttonExample() {
  const r = 9;
  const w = Math.sqrt(3) * r;
  const id = `b${Math.random().toString(36).slice(2, 8)}`;
  const cells = [[0, 0], [w, 0], [w / 2, 1.5 * r]];
  return svg("svg", { viewBox: `${(-w / 2 - 1).toFixed(2)} ${-r - 1} ${(2 * w + 36).toFixed(2)} ${2.5 * r + 2}`,
    class: "rule-example", "data-button-example": "", role: "img",
    "aria-label": gettext("For example: three touching pink patches earn a pink button") }, [
    motifDefs(id, 0.35),
    ...cells.map(([x, y], i) => patchShape({ color: "pink", pattern: ["dots", "ferns", "stripes"][i] }, x, y, { r: r - 0.5, prefix: id })),
    svg("text", { x: (1.5 * w + 4).toFixed(2), y: 4, "font-size": 10, fill: "currentColor" }, ["→"]),
    buttonToken("pink", Math.round((1.5 * w + 24) * 100) / 100, 2, 8), // a number: cx + dx must add
  ]);
}

export function rainbowExample() {
  const colours = Object.keys(COLORS);
  const id = `r${Math.random().toString(36).slice(2, 8)}-`;
  return svg("svg", { viewBox: "-10 -10 140 20", class: "rule-example", "data-rainbow-example": "", role: "img",
    "aria-label": gettext("For example: a button of each of the six colours earns the rainbow button") }, [
    rainbowDefs(id),
    ...colours.map((colour, i) => buttonToken(colour, i * 17, 0, 7.5)),
    svg("text", { x: 96, y: 4, "font-size": 10, fill: "currentColor" }, ["→"]),
    buttonToken("rainbow", 120, 0, 8, id),
  ]);
}
