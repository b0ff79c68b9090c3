// Asking for a game's analysis and following its progress (the end screen and the review).
import { api } from "./api.js";
import { el, formatNumber, gettext, interpolate } from "./dom.js";
import { GaveUp, follow } from "./poll.js";

export const STALLED = gettext("The analysis stopped moving: no solver is working on it (its worker may have stopped). Ask again to retry.");

// POST once, then poll until ready or failed; onUpdate sees every answer. A run whose
// progress stands still for the poller's quiet time rejects with GaveUp (say STALLED, offer
// to ask again: asking again re-sends a lost run).
export async function analyse(gameId, onUpdate) {
  return follow({
    first: () => api.askAnalysis(gameId),
    next: () => api.analysis(gameId),
    settled: (answer) => answer.status !== "pending" && answer.status !== "running",
    progress: (answer) => `${answer.status}:${answer.progress ? answer.progress.done : ""}`,
    onUpdate: (answer) => onUpdate(answer),
  });
}
export { GaveUp };

export function progressText(analysis) {
  const { done, total } = analysis.progress;
  if (analysis.status === "failed") return gettext("The analysis failed; ask again to retry.");
  if (analysis.status === "pending") return gettext("Waiting for a solver…");
  if (analysis.status === "running") return interpolate(gettext("Analysing… %(done)s / %(total)s turns"), { done, total });
  return interpolate(gettext("Analysed: accuracy %(accuracy)s%"), { accuracy: analysis.accuracy });
}

export function progressBar(analysis) {
  const { done, total } = analysis.progress;
  return el("progress", { max: String(total), value: String(done), "aria-label": gettext("Analysis progress") });
}

// How a move's loss reads (points of expected final score).
export function lossClass(loss) {
  if (loss < 0.5) return "good";
  if (loss < 2) return "inaccuracy";
  if (loss < 5) return "mistake";
  return "blunder";
}

// Where the points came from, in the API's whole figures (`told`: expected_start + decisions
// + luck == score, added up by the server; nothing is computed here) beside par's mean.
export function toldSentence(told) {
  if (!told) return null;
  const start = { start: told.expected_start, par: told.par === null ? "" : formatNumber(told.par, 0) };
  const first = told.par === null
    ? interpolate(gettext("Before the first patch the solver expected about %(start)s from this deal."), start)
    : interpolate(gettext("Before the first patch the solver expected about %(start)s from this deal; its own games here averaged %(par)s (par)."), start);
  const figures = { choices: -told.decisions, luck: Math.abs(told.luck), score: told.score };
  const second = told.luck >= 0
    ? interpolate(gettext("Your choices cost %(choices)s; the draws gave back %(luck)s; you made %(score)s."), figures)
    : interpolate(gettext("Your choices cost %(choices)s; the draws took %(luck)s more; you made %(score)s."), figures);
  return el("p", {
    class: "told", "data-told": "", "data-told-start": String(told.expected_start), "data-told-decisions": String(told.decisions),
    "data-told-luck": String(told.luck), "data-told-score": String(told.score), text: `${first} ${second}`,
  });
}
