// The pages' little pictures, drawn into the placeholders a server-rendered page wrote
// ([data-icon]): cat portraits, cat shapes and what a scenario's condition counts. Decoration
// only (aria-hidden): every word and number is already in the page.
import { catPortrait, hexPoints, shapeDrawing, sizeBadge, svg, tokenIcon } from "./svg.js";

function goalSpaceIcon(both) {
  const icon = svg("svg", { viewBox: "-12 -12 24 24", "aria-hidden": "true" }, [
    svg("polygon", { points: hexPoints(0, 0, 11), fill: "#cfeef0", stroke: "#3a9ea5", "stroke-width": 1.5 }),
  ]);
  if (both) icon.append(svg("polygon", { points: hexPoints(0, 0, 6), fill: "#3a9ea5" }));
  return icon;
}

function scoreIcon(target) {
  return svg("svg", { viewBox: "-12 -12 24 24", "aria-hidden": "true" }, [
    svg("circle", { r: 11, fill: "#2f2a3a" }),
    svg("text", { y: 4, "text-anchor": "middle", fill: "#fff", style: "font: 800 10px system-ui, sans-serif" }, [String(target)]),
  ]);
}

// The icons the page already draws for what a condition counts.
export function conditionIcons(check, cats) {
  switch (check.kind) {
    case "score": return [scoreIcon(check.target)];
    case "goals-met": return [goalSpaceIcon(false)];
    case "goals-both": return [goalSpaceIcon(true)];
    case "rainbow": return [tokenIcon("button", "rainbow")];
    case "cat-tokens": return [tokenIcon("cat", cats[0])];
    case "each-cat": return cats.map((cat) => tokenIcon("cat", cat));
    case "buttons-one-color": return [tokenIcon("button", "navy"), tokenIcon("button", "navy"), tokenIcon("button", "navy")];
    case "tokens-one-cat": return [tokenIcon("cat", cats[0]), tokenIcon("cat", cats[0]), tokenIcon("cat", cats[0])];
    default: return [];
  }
}

// A cat's shape, else a size cat's badge ("N+"), else nothing.
function catShape(node) {
  const size = Number(node.dataset.size);
  return shapeDrawing(JSON.parse(node.dataset.shape || "null")) || (size ? sizeBadge(size) : null);
}

const DRAW = {
  cat: (node) => node.replaceWith(catPortrait(node.dataset.cat)),
  "cat-shape": (node) => {
    const drawing = catShape(node);
    if (drawing) node.replaceChildren(drawing);
    else node.remove();
  },
  condition: (node) => node.replaceChildren(...conditionIcons(
    { kind: node.dataset.kind, target: Number(node.dataset.target) }, node.dataset.cats.split(" "))),
};

export function drawIcons(root = document) {
  for (const node of root.querySelectorAll("[data-icon]")) DRAW[node.dataset.icon]?.(node);
}
