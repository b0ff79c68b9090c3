// The quilt board: an SVG hex board drawn from a game object sent by the server, with a
// keyboard cursor. It reports clicks and Enter on empty patch spaces; it decides nothing.
import {
  HEX_R, HEX_W, buttonToken, catHead, cellCentre, describePatch, hexPoints, motifDefs,
  patchShape, rainbowDefs, svg,
} from "./svg.js";
import { GOAL_CELLS, PATCH_CELLS } from "./engine.js";
import { gettext, interpolate } from "./dom.js";
import { goalHelp, goalLabel, goalPicture, progressWords } from "./goals.js";

// A cell ("row,col", 0-based as in the API) named as a player finds it on the board: rows
// counted from the top, places from the left, 1-based, as the board's own cell labels say.
export const cellWords = (cell) => {
  const [r, c] = cell.split(",").map(Number);
  return interpolate(gettext("row %(row)s, place %(place)s"), { row: r + 1, place: c + 1 });
};

const SIZE = 7; // the drawing's grid: the patch spaces and the printed border around them
// Room for the edge labels (row numbers on the left, place numbers on top), in board units.
const EDGE_LEFT = 6;
const EDGE_TOP = 10;

const isPatchSpace = (r, c) => PATCH_CELLS.includes(`${r},${c}`);
const parse = (name) => name.split(",").map(Number);

let boards = 0; // boards made on this page, for their ids

export class Board {
  constructor(root, { onActivate, onGoal = null, onGoalInfo = null }) {
    this.root = root;
    this.onActivate = onActivate;
    this.onGoal = onGoal;
    this.onGoalInfo = onGoalInfo; // a tap on a goal while playing: show its words
    this.cursor = "3,3";
    this.state = null;
    // Ids of this board's own (cells, motifs, clip, rainbow): a page may hold several boards.
    this.uid = `b${++boards}`;
    const width = HEX_W * (SIZE + 0.5);
    const height = 1.5 * HEX_R * (SIZE - 1) + 2 * HEX_R;
    this.svg = svg("svg", {
      class: "board", tabindex: 0,
      viewBox: `${-EDGE_LEFT} ${-EDGE_TOP} ${(width + EDGE_LEFT).toFixed(1)} ${(height + EDGE_TOP).toFixed(1)}`,
      role: "group", "aria-label": gettext("Your quilt. Arrow keys move the cursor, Enter places the chosen patch."),
    });
    root.append(this.svg);
    this.svg.addEventListener("click", (event) => {
      const goal = event.target.closest("[data-goal]");
      if (goal && this.state && this.state.picking && this.onGoal) this.onGoal(goal.dataset.goal);
      else if (goal && goal.dataset.goalId && this.onGoalInfo) this.onGoalInfo(goal.dataset.goal);
      const cell = event.target.closest("[data-cell]");
      if (cell && cell.dataset.empty === "true") {
        this.cursor = cell.dataset.cell;
        this.onActivate(cell.dataset.cell);
      }
    });
    this.svg.addEventListener("keydown", (event) => {
      const goal = event.target.closest("[data-goal]");
      if (goal && this.onGoal && this.state && this.state.picking && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        this.onGoal(goal.dataset.goal);
      } else if (event.target === this.svg) {
        this.keydown(event);
      }
    });
    this.geometry = { width: width + EDGE_LEFT, height: height + EDGE_TOP };
    this.quiltSize = { width, height };
    // The cursor shows while the board has keyboard focus.
    // (Only the cursor is redrawn: re-rendering cells on focus would swallow the click.)
    for (const type of ["focus", "blur"]) this.svg.addEventListener(type, () => this.drawCursor());
  }

  keydown(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      event.preventDefault();
      this.moveCursor(...moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const empty = this.state && this.state.game.empty_cells.includes(this.cursor);
      if (empty) this.onActivate(this.cursor);
    }
  }

  // Step over goal spaces; stay put at the edge of the patch spaces.
  moveCursor(dr, dc) {
    let [r, c] = parse(this.cursor);
    for (let step = 0; step < SIZE; step++) {
      r += dr;
      c += dc;
      if (r < 1 || r > 5 || c < 1 || c > 5) return;
      if (isPatchSpace(r, c)) break;
    }
    this.cursor = `${r},${c}`;
    this.drawCursor();
  }

  drawCursor() {
    this.svg.querySelector(".cursor")?.remove();
    this.svg.setAttribute("aria-activedescendant", `${this.uid}-cell-${this.cursor.replace(",", "-")}`);
    if (!this.svg.matches(":focus-visible")) return;
    const [cx, cy] = cellCentre(...parse(this.cursor));
    this.svg.append(svg("polygon", { class: "cursor", points: hexPoints(cx, cy, HEX_R - 1) }));
  }

  render(state) {
    this.state = state;
    const { game, pending, hintCell, justPlaced, best = null, played = null } = state;
    if (game.id) this.root.dataset.gameId = game.id;
    else delete this.root.dataset.gameId; // the goal picker's board belongs to no game yet
    this.svg.replaceChildren();
    const { width, height } = this.quiltSize;
    const clip = { x: HEX_W * 0.32, y: HEX_R * 0.42, w: width - HEX_W * 0.64, h: height - HEX_R * 0.84 };
    this.svg.append(
      motifDefs(this.uid),
      rainbowDefs(this.uid),
      svg("defs", {}, [svg("clipPath", { id: `${this.uid}-quilt-clip` }, [
        svg("rect", { x: clip.x, y: clip.y, width: clip.w, height: clip.h, rx: 10 }),
      ])]),
      svg("rect", { x: clip.x - 5, y: clip.y - 5, width: clip.w + 10, height: clip.h + 10, rx: 14, fill: "#e4dac4" }),
      svg("rect", { x: clip.x, y: clip.y, width: clip.w, height: clip.h, rx: 10, fill: "#f3efe4" }),
    );
    const quilt = svg("g", { "clip-path": `url(#${this.uid}-quilt-clip)` });
    const cellsLayer = svg("g");
    const placed = new Map(game.quilt.placements.map((p) => [p.cell, p]));
    const goalResults = new Map((game.score.goals || []).map((g) => [g.cell, g]));
    const goalProgress = new Map((game.goal_progress || []).map((g) => [g.cell, g]));
    const empty = new Set(game.empty_cells);

    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < SIZE; c++) {
        const name = `${r},${c}`;
        const [cx, cy] = cellCentre(r, c);
        if (game.border[name]) {
          const patch = game.border[name];
          quilt.append(svg("g", { "data-border": name }, [
            patchShape(patch, cx, cy, { prefix: this.uid }), svg("title", {}, [interpolate(gettext("%(patch)s (printed)"), { patch: describePatch(patch) })]),
          ]));
        } else if (GOAL_CELLS.includes(name)) {
          cellsLayer.append(this.goalSpace(name, cx, cy, game.goals[name], goalResults.get(name), goalProgress.get(name), state));
        } else if (isPatchSpace(r, c)) {
          cellsLayer.append(this.patchSpace(name, cx, cy, {
            patch: placed.get(name), empty: empty.has(name),
            pending: pending && pending.cell === name ? pending.patch : null,
            hinted: hintCell === name, justPlaced: justPlaced === name,
            best: best && best.cell === name ? best.patch : null,
            played: played === name,
          }));
        }
      }
    }
    this.svg.append(edgeLabels(), quilt, cellsLayer, this.tokens(game.score), this.moveLabels(played, best));
    this.drawCursor();
  }

  patchSpace(name, cx, cy, { patch, empty, pending, hinted, justPlaced, best = null, played = false }) {
    const [r, c] = parse(name);
    const what = patch ? describePatch(patch)
      : pending ? interpolate(gettext("%(patch)s, not yet placed"), { patch: describePatch(pending) }) : gettext("empty");
    const group = svg("g", {
      class: `cell${empty ? " empty" : ""}${justPlaced ? " just-placed" : ""}`,
      id: `${this.uid}-cell-${r}-${c}`, "data-cell": name, "data-empty": String(empty),
      "data-hint-cell": hinted ? name : null, "data-best-cell": best ? name : null,
      "data-played-cell": played ? name : null, role: "button",
      // The words of the edge labels and of the review ("row R, place P", 1-based).
      "aria-label": interpolate(gettext("Row %(row)s, place %(place)s: %(what)s"), { row: r + 1, place: c + 1, what }),
    });
    group.append(svg("polygon", { class: "hex-base", points: hexPoints(cx, cy) }));
    if (patch) {
      group.append(patchShape(patch, cx, cy, { prefix: this.uid }), svg("title", {}, [describePatch(patch)]));
    } else {
      group.append(svg("polygon", { class: "stitch", points: hexPoints(cx, cy, HEX_R - 4.5) }));
      if (pending) {
        group.append(svg("g", { class: "pending" }, [patchShape(pending, cx, cy, { prefix: this.uid })]));
        group.append(svg("polygon", { class: "pending-ring", points: hexPoints(cx, cy, HEX_R - 2) }));
      }
    }
    group.append(svg("polygon", { class: "hex-edge", points: hexPoints(cx, cy) }));
    if (hinted) group.append(svg("polygon", { class: "hint-ring", points: hexPoints(cx, cy, HEX_R - 3) }));
    if (played) group.append(svg("polygon", { class: "played-ring", points: hexPoints(cx, cy, HEX_R - 3) }));
    if (best) { // a review's better move: its patch, drawn faintly where it would have gone
      if (!patch) group.append(svg("g", { class: "best-ghost" }, [patchShape(best, cx, cy, { r: HEX_R - 7, prefix: this.uid })]));
      group.append(svg("polygon", { class: "best-ring", points: hexPoints(cx, cy, HEX_R - 3) }),
        svg("title", {}, [interpolate(gettext("The better move: %(patch)s here"), { patch: describePatch(best) })]));
    }
    return group;
  }

  goalSpace(name, cx, cy, goalId, result, progress, { picking = false, chosenGoal = null } = {}) {
    const label = goalId ? goalLabel(goalId) : gettext("face-down goal");
    const met = result || { colors: false, patterns: false, points: 0 };
    const state = met.colors && met.patterns ? gettext("met by colours and patterns")
      : met.colors ? gettext("met by colours") : met.patterns ? gettext("met by patterns") : gettext("not met yet");
    const help = goalId ? goalHelp(goalId) : "";
    const standing = goalId ? progressWords(progress) : "";
    const [r, c] = parse(name);
    const where = interpolate(gettext("row %(row)s, place %(place)s"), { row: r + 1, place: c + 1 });
    const group = svg("g", {
      class: "goal", "data-goal": name, "data-goal-id": goalId || "",
      "data-colors-met": String(!!met.colors), "data-patterns-met": String(!!met.patterns),
      "data-goal-help": help || null, "data-goal-progress": goalId ? standing : null,
      "data-goal-filled": progress ? String(progress.filled) : null,
      "data-colors-possible": progress ? String(progress.colors.possible) : null,
      "data-patterns-possible": progress ? String(progress.patterns.possible) : null,
      "data-colors-counts": progress ? progress.colors.counts.join(",") : null,
      "data-patterns-counts": progress ? progress.patterns.counts.join(",") : null,
      role: picking ? "button" : "img", tabindex: picking ? 0 : null,
      "aria-label": picking
        ? interpolate(gettext("Goal space at %(where)s: %(what)s"), { where, what: goalId ? `${label}. ${help}` : gettext("empty") })
          + (chosenGoal ? interpolate(gettext("; put %(goal)s here"), { goal: goalLabel(chosenGoal) }) : "")
        : interpolate(gettext("Design goal %(goal)s at %(where)s: %(state)s."), { goal: label, where, state }) + ` ${help} ${standing}`,
    });
    if (picking) group.classList.add("droppable");
    else if (goalId) group.classList.add("explains");
    group.append(svg("polygon", { class: "goal-space", points: hexPoints(cx, cy, HEX_R - 0.5) }));
    if (!goalId) {
      if (picking) group.append(svg("text", { class: "goal-text", x: cx, y: cy + 3 }, [gettext("drop here")]));
      return group;
    }
    // The goal's shape as groups of dots (the letters AA·BB·C·D said the same to few).
    // Dots 5 px across on a phone whose goal picker leaves the board ~230 px tall.
    group.append(goalPicture(goalId, cx, cy - 7.5, { dot: 3.9 }));
    if (!picking) {
      const standingOf = (on, possible) => (on ? "met" : possible === false ? "lost" : "open");
      group.append(
        attributeMark("colours", cx - 13, cy + 15, standingOf(met.colors, progress && progress.colors.possible)),
        attributeMark("patterns", cx + 13, cy + 15, standingOf(met.patterns, progress && progress.patterns.possible)),
      );
    }
    if (met.points) {
      // What it scored, on a badge between its two marks (the picture fills the middle).
      group.append(svg("g", { class: "goal-points-badge" }, [
        svg("circle", { cx, cy: cy + 15, r: 6.8, fill: "#2f2a3a" }),
        svg("text", { class: "goal-points", x: cx, y: cy + 17.8, style: "fill:#fff;font-size:8px" }, [`+${met.points}`]),
      ]));
    }
    group.append(svg("title", {}, [`${label}: ${help} ${standing}`]));
    return group;
  }

  // A review's two moves named in words on the board (a ring's colour alone says nothing to
  // a colour-blind player): above every cell so no patch covers them.
  moveLabels(played, best) {
    const layer = svg("g", { class: "move-labels", "aria-hidden": "true" });
    const label = (cell, text, cls, below) => {
      const [cx, cy] = cellCentre(...parse(cell));
      const y = below ? cy + HEX_R * 0.42 : cy - HEX_R * 0.42; // inside the cell: both fit one
      const width = text.length * 6.4 + 10;
      layer.append(svg("g", { class: `move-label ${cls}`, "data-move-label": cls }, [
        svg("rect", { x: cx - width / 2, y: y - 8, width, height: 16, rx: 8 }),
        svg("text", { x: cx, y: y + 4 }, [text]),
      ]));
    };
    if (played) label(played, gettext("your move"), "played", false);
    if (best) label(best.cell, gettext("better"), "better", true);
    return layer;
  }

  // One button per buttoned group and one cat head per cat token, on the group's middle cell.
  tokens(score) {
    const layer = svg("g", { class: "tokens-layer" });
    const middle = (cells) => {
      const points = cells.map((n) => cellCentre(...parse(n)));
      const mx = points.reduce((s, p) => s + p[0], 0) / points.length;
      const my = points.reduce((s, p) => s + p[1], 0) / points.length;
      return points.reduce((best, p) =>
        Math.hypot(p[0] - mx, p[1] - my) < Math.hypot(best[0] - mx, best[1] - my) ? p : best);
    };
    for (const button of score.buttons || []) {
      const [x, y] = middle(button.cells);
      layer.append(buttonToken(button.color, x + 11, y + 11, 8, this.uid));
    }
    for (const token of score.cats || []) {
      const [x, y] = middle(token.cells);
      layer.append(catHead(token.cat, x - 10, y - 9, 9));
    }
    return layer;
  }
}

// A goal's colours or patterns mark: three colour wedges, or a dotted patch; met: a tick on
// green; no longer possible: faded and struck through. Words say the same in the labels.
function attributeMark(kind, x, y, standing) {
  const r = 5.6;
  const mark = svg("g", { class: `goal-mark-${kind} ${standing}`, "data-mark": kind, "data-standing": standing });
  if (standing === "met") {
    mark.append(svg("circle", { class: "goal-mark met", cx: x, cy: y, r }),
      svg("text", { class: "goal-mark-label met", x, y: y + 2.8 }, ["✓"]));
    return mark;
  }
  if (kind === "colours") {
    const colours = ["#353790", "#f8b22b", "#cd256f"];
    colours.forEach((fill, i) => {
      const a0 = (Math.PI * 2 * i) / 3 - Math.PI / 2;
      const a1 = a0 + (Math.PI * 2) / 3;
      const p = (a) => `${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`;
      mark.append(svg("path", { d: `M${x},${y} L${p(a0)} A${r},${r} 0 0 1 ${p(a1)} Z`, fill }));
    });
  } else {
    // a dark patch with a little white motif: three dots
    mark.append(svg("circle", { cx: x, cy: y, r, fill: "#3a3540" }),
      ...[[0, -2.3], [-2, 1.3], [2, 1.3]].map(([dx, dy]) => svg("circle", { cx: x + dx, cy: y + dy, r: 1.05, fill: "#fff" })));
  }
  mark.append(svg("circle", { cx: x, cy: y, r, fill: "none", stroke: "#fff", "stroke-width": 1 }));
  if (standing === "lost") {
    mark.append(svg("line", { class: "goal-mark-strike", x1: x - r, y1: y + r, x2: x + r, y2: y - r }));
  }
  return mark;
}

// Row numbers down the left edge and place numbers along the top: the words the review and
// the screen-reader labels use ("row 4, place 3", counted from the top and from the left, the
// printed border included). Odd rows sit half a space to the right, as drawn.
function edgeLabels() {
  const layer = svg("g", { class: "edge-labels", "aria-hidden": "true", "data-edge-labels": "" });
  for (let r = 0; r < SIZE; r++) {
    const [, cy] = cellCentre(r, 0);
    layer.append(svg("text", { class: "edge-label", "data-row-label": String(r + 1), x: 3, y: cy + 4 }, [String(r + 1)]));
  }
  for (let c = 0; c < SIZE; c++) {
    const [cx] = cellCentre(0, c);
    layer.append(svg("text", { class: "edge-label", "data-place-label": String(c + 1), x: cx, y: 3 }, [String(c + 1)]));
  }
  return layer;
}
