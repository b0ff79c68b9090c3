// A player's pictures: score and par over time, the histogram of their scores and the streak
// calendar. Plain SVG drawn from the profile the server sent; nothing here counts anything.
import { LOCALE, el, gettext, interpolate, ngettext, pgettext } from "./dom.js";
import { svg } from "./svg.js";

const SCORE = "#2f8f96";
const PAR = "#b04a2a";
const DAY_MS = 86_400_000;

const dayNumber = (iso) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
const shortDate = (iso) => new Date(`${iso}T12:00:00Z`).toLocaleDateString(LOCALE, {
  day: "numeric", month: "short", timeZone: "UTC",
});

const empty = (text) => el("p", { class: "muted", text });

// Score and par by day: two lines on a date axis (gaps where no game or no par yet).
export function scoreLine(history) {
  if (!history.length) return empty(gettext("No ranked games yet: finish today's quilt to start."));
  const width = 560;
  const height = 220;
  const pad = { left: 34, right: 14, top: 26, bottom: 26 };
  const values = history.flatMap((row) => [row.score, row.par]).filter((v) => v !== null);
  const lo = Math.floor(Math.min(...values) / 5) * 5 - 5;
  const hi = Math.ceil(Math.max(...values) / 5) * 5 + 5;
  const first = dayNumber(history[0].date);
  const last = dayNumber(history[history.length - 1].date);
  const span = last - first;
  // One day (a first game): its point in the middle, not at the left edge.
  const x = (iso) => pad.left + (span ? (dayNumber(iso) - first) / span : 0.5) * (width - pad.left - pad.right);
  const y = (v) => height - pad.bottom - ((v - lo) / (hi - lo)) * (height - pad.top - pad.bottom);
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", "data-chart": "scores", "data-points": history.length,
    "aria-label": interpolate(ngettext("Your score and par on %(count)s day", "Your score and par on %(count)s days", history.length), { count: history.length }),
  });
  for (const v of [lo, Math.round((lo + hi) / 2), hi]) {
    root.append(
      svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }, [String(v)]),
    );
  }
  // A line per run of consecutive known values: a missing par breaks the par line.
  const line = (key, color, dashed) => {
    let run = [];
    const flush = () => {
      if (run.length > 1) {
        root.append(svg("polyline", {
          points: run.join(" "), fill: "none", stroke: color, "stroke-width": 2.2,
          "stroke-dasharray": dashed ? "5 4" : null, "stroke-linejoin": "round",
        }));
      }
      run = [];
    };
    for (const row of history) {
      if (row[key] === null) flush();
      else run.push(`${x(row.date).toFixed(1)},${y(row[key]).toFixed(1)}`);
    }
    flush();
  };
  line("par", PAR, true);
  line("score", SCORE, false);
  // Par as a short dash on each day too: a lone day's par (no line to draw) still shows.
  for (const row of history) {
    if (row.par === null) continue;
    const [px, py] = [x(row.date), y(row.par)];
    root.append(svg("line", {
      x1: px - 7, x2: px + 7, y1: py, y2: py, stroke: PAR, "stroke-width": 2.5, "data-par-point": row.date,
    }, [svg("title", {}, [interpolate(gettext("%(date)s: par %(par)s"), { date: row.date, par: row.par })])]));
  }
  if (history.length <= 60) {
    for (const row of history) {
      root.append(svg("circle", { cx: x(row.date), cy: y(row.score), r: 3.2, fill: SCORE, "data-point": row.date }, [
        svg("title", {}, [`${row.date}: ${row.score}${row.par === null ? "" : interpolate(gettext(" (par %(par)s)"), { par: row.par })}`]),
      ]));
    }
  }
  root.append(
    ...(span ? [
      svg("text", { x: pad.left, y: height - 6, "data-axis": "first" }, [shortDate(history[0].date)]),
      svg("text", { x: width - pad.right, y: height - 6, "text-anchor": "end", "data-axis": "last" }, [shortDate(history[history.length - 1].date)]),
    ] : [svg("text", { x: x(history[0].date), y: height - 6, "text-anchor": "middle", "data-axis": "only" }, [shortDate(history[0].date)])]),
    svg("line", { x1: pad.left + 4, x2: pad.left + 24, y1: 12, y2: 12, stroke: SCORE, "stroke-width": 2.5 }),
    svg("text", { x: pad.left + 28, y: 16 }, [gettext("your score")]),
    svg("line", { x1: pad.left + 110, x2: pad.left + 130, y1: 12, y2: 12, stroke: PAR, "stroke-width": 2.5, "stroke-dasharray": "5 4" }),
    svg("text", { x: pad.left + 134, y: 16 }, [gettext("par")]),
  );
  return root;
}

// How many days scored each score: one bar per score.
export function scoreBars(histogram, average = null) {
  if (!histogram.length) return empty(gettext("Your scores will show here."));
  const width = 420;
  const height = 170;
  const pad = { left: 24, right: 24, top: 22, bottom: 24 };
  const lo = Math.min(...histogram.map((b) => b.score)) - 1;
  const hi = Math.max(...histogram.map((b) => b.score)) + 1;
  const top = Math.max(...histogram.map((b) => b.games));
  const x = (score) => pad.left + ((score - lo) / (hi - lo)) * (width - pad.left - pad.right);
  const barW = Math.max(3, (width - pad.left - pad.right) / (hi - lo + 1) - 1.5);
  const base = height - pad.bottom;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", "data-chart": "histogram",
    "aria-label": interpolate(gettext("Histogram of your %(count)s ranked scores"), { count: histogram.reduce((n, b) => n + b.games, 0) }),
  });
  for (const bucket of histogram) {
    const h = ((base - pad.top) * bucket.games) / top;
    root.append(svg("rect", {
      class: "bar mine", x: x(bucket.score) - barW / 2, y: base - h, width: barW, height: h, rx: 1.5,
      "data-bar-score": bucket.score,
    }, [svg("title", {}, [interpolate(ngettext("%(score)s: %(count)s day", "%(score)s: %(count)s days", bucket.games), { score: bucket.score, count: bucket.games })])]));
  }
  root.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: base, y2: base, stroke: "#cbbd9f" }));
  if (average !== null) {
    root.append(
      svg("line", { class: "mark-line", x1: x(average), x2: x(average), y1: pad.top - 6, y2: base, stroke: PAR, "stroke-dasharray": "4 3" }),
      svg("text", { x: x(average), y: 12, "text-anchor": "middle", style: `fill:${PAR};font-weight:700` }, [interpolate(gettext("average %(score)s"), { score: average })]),
    );
  }
  root.append(
    svg("text", { x: pad.left, y: height - 6 }, [String(lo)]),
    svg("text", { x: width - pad.right, y: height - 6, "text-anchor": "end" }, [String(hi)]),
  );
  return root;
}

// The last weeks as a calendar (a column per week, Monday on top, today last): played days
// filled, the current streak darker, today outlined.
export function streakCalendar(history, today, current, weeks = 12) {
  const played = new Set(history.map((row) => row.date));
  const end = dayNumber(today);
  const endRow = (new Date(end * DAY_MS).getUTCDay() + 6) % 7; // Monday = 0
  const start = end - endRow - (weeks - 1) * 7;
  const cell = 15;
  const gap = 3;
  const left = 26;
  const width = left + weeks * (cell + gap);
  const height = 7 * (cell + gap) + 18;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", "data-chart": "streak",
    "aria-label": interpolate(ngettext("Ranked days of the last %(weeks)s weeks; current streak %(count)s day",
      "Ranked days of the last %(weeks)s weeks; current streak %(count)s days", current), { weeks, count: current }),
  });
  [pgettext("Monday", "M"), "", pgettext("Wednesday", "W"), "", pgettext("Friday", "F"), "", pgettext("Sunday", "S")].forEach((label, row) => {
    if (label) root.append(svg("text", { x: 0, y: 18 + row * (cell + gap) + 11 }, [label]));
  });
  for (let n = start; n <= end; n++) {
    const iso = isoOf(n);
    const column = Math.floor((n - start) / 7);
    const row = (n - start) % 7;
    const inStreak = n > end - current - (played.has(today) ? 0 : 1) && played.has(iso);
    root.append(svg("rect", {
      x: left + column * (cell + gap), y: 18 + row * (cell + gap), width: cell, height: cell, rx: 3,
      class: `day${played.has(iso) ? " played" : ""}${inStreak ? " streak" : ""}${n === end ? " today" : ""}`,
      "data-day": iso, "data-played": played.has(iso) ? "true" : "false",
    }, [svg("title", {}, [`${iso}${played.has(iso) ? gettext(": played") : ""}`])]));
    // A month is named over the week of its 1st (this month too, when that week began in
    // the last: it was named only over a week whose Monday was in the month's first 7 days).
    if (new Date(n * DAY_MS).getUTCDate() === 1) {
      root.append(svg("text", { x: left + column * (cell + gap), y: 11, "data-month": iso.slice(0, 7) }, [
        new Date(n * DAY_MS).toLocaleDateString(LOCALE, { month: "short", timeZone: "UTC" }),
      ]));
    }
  }
  return root;
}

// Two or more players' expected final score after each turn (a duel's): a line each on a turn
// axis from the start (turn 0: the turn-1 expectation) to the last turn (the score itself).
// ``players``: [{name, start, expected: [after each turn]}]; ``marked``: turns to mark;
// ``label``: the chart's words for a screen reader (the caller's, in its catalog).
export function expectedLines(players, marked, label) {
  const width = 560;
  const height = 240;
  const pad = { left: 34, right: 14, top: 18, bottom: 30 };
  const turns = players[0].expected.length;
  const values = players.flatMap((p) => [p.start, ...p.expected]);
  const lo = Math.floor(Math.min(...values) / 5) * 5 - 5;
  const hi = Math.ceil(Math.max(...values) / 5) * 5 + 5;
  const x = (turn) => pad.left + (turn / turns) * (width - pad.left - pad.right);
  const y = (v) => height - pad.bottom - ((v - lo) / (hi - lo)) * (height - pad.top - pad.bottom);
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", "data-chart": "expected", "data-points": turns,
    "aria-label": label,
  });
  for (const v of [lo, Math.round((lo + hi) / 2), hi]) {
    root.append(
      svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }, [String(v)]),
    );
  }
  for (const turn of [1, Math.round(turns / 2), turns]) {
    root.append(svg("text", { x: x(turn), y: height - 8, "text-anchor": "middle" }, [String(turn)]));
  }
  for (const turn of marked) {
    root.append(svg("line", { x1: x(turn), x2: x(turn), y1: pad.top, y2: height - pad.bottom, class: "mark-turn" }));
  }
  const colors = [SCORE, PAR];
  players.forEach((player, k) => {
    const points = [player.start, ...player.expected].map((v, t) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`);
    root.append(svg("polyline", {
      points: points.join(" "), fill: "none", stroke: colors[k % colors.length], "stroke-width": 2.4,
      "stroke-dasharray": k % 2 ? "6 4" : null, "stroke-linejoin": "round", "data-line": k,
    }));
  });
  return root;
}
