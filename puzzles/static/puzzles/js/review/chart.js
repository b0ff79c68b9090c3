// The review's expected-score chart (your moves against the best, turn by turn; a dot is a
// link to its turn) and the marks' legend.
import { lossClass } from "../analysis.js";
import { LANG, el, formatNumber, gettext, interpolate } from "../dom.js";
import { svg } from "../svg.js";
import { MARK_WORDS, legendClass } from "./marks.js";

// Expected final score after each turn's move (the hints' scale, from the API): yours against
// the best move's; the last turn's is the final score itself.
export function chart(turns, current, go) {
  const width = 420;
  const height = 170;
  const pad = { left: 30, right: 10, top: 12, bottom: 22 };
  const values = turns.flatMap((t) => [t.played_value, t.best_value]);
  const lo = Math.floor(Math.min(...values)) - 1;
  const hi = Math.ceil(Math.max(...values)) + 1;
  const x = (turn) => pad.left + ((turn - 1) / Math.max(1, turns.length - 1)) * (width - pad.left - pad.right);
  const y = (value) => pad.top + ((hi - value) / (hi - lo)) * (height - pad.top - pad.bottom);
  const line = (key) => turns.map((t) => `${x(t.turn).toFixed(1)},${y(t[key]).toFixed(1)}`).join(" ");
  const root = svg("svg", {
    class: "review-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": gettext("Expected final score after each turn: your moves against the best moves"),
  }, [
    svg("line", { class: "axis", x1: pad.left, x2: width - pad.right, y1: height - pad.bottom, y2: height - pad.bottom }),
    svg("text", { x: 2, y: y(hi) + 4 }, [String(hi)]),
    svg("text", { x: 2, y: y(lo) }, [String(lo)]),
    svg("text", { x: pad.left, y: height - 6 }, [interpolate(gettext("turn %(turn)s"), { turn: 1 })]),
    svg("text", { x: width - pad.right, y: height - 6, "text-anchor": "end" }, [interpolate(gettext("turn %(turn)s"), { turn: turns.length })]),
    svg("line", { class: "now", x1: x(current), x2: x(current), y1: pad.top, y2: height - pad.bottom }),
    svg("polyline", { class: "best-line", points: line("best_value") }),
    svg("polyline", { class: "your-line", points: line("played_value") }),
  ]);
  for (const t of turns) {
    const dot = svg("circle", {
      class: `dot loss-${lossClass(t.loss)}`, cx: x(t.turn), cy: y(t.played_value), r: t.turn === current ? 5 : 3.2,
      "data-turn": String(t.turn),
    }, [svg("title", {}, [interpolate(gettext("Turn %(turn)s: %(played)s (best %(best)s)"), {
      turn: t.turn, played: formatNumber(t.played_value), best: formatNumber(t.best_value) })])]);
    root.append(dot);
  }
  root.addEventListener("click", (event) => {
    const dot = event.target.closest("[data-turn]");
    if (dot) go(Number(dot.dataset.turn));
  });
  return root;
}

// The marks' legend from the analysis's own thresholds (worst first, as the API sends them).
export function marksLegend(marks) {
  return el("ul", { class: "marks-legend", "data-marks-legend": "", "aria-label": gettext("Marks") }, marks.map((m) =>
    el("li", { class: legendClass(m.mark) }, [
      el("span", { class: "mark", text: m.mark }), " ", interpolate(gettext("%(mark)s: lost %(points)s points or more"), { mark: MARK_WORDS[m.mark] || "", points: m.min_loss.toLocaleString(LANG) }),
    ])));
}
