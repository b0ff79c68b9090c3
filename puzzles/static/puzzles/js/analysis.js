// Asking for a game's analysis and following its progress (the end screen and the review).
import { api } from "./api.js";
import { el } from "./panel.js";

const POLL_MS = 700;

// POST once, then poll until ready or failed; onUpdate sees every answer.
export async function analyse(gameId, onUpdate) {
  let analysis = await api.askAnalysis(gameId);
  onUpdate(analysis);
  while (analysis.status === "pending" || analysis.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    analysis = await api.analysis(gameId);
    onUpdate(analysis);
  }
  return analysis;
}

export function progressText(analysis) {
  const { done, total } = analysis.progress;
  if (analysis.status === "failed") return "The analysis failed; ask again to retry.";
  if (analysis.status === "pending") return "Waiting for a solver…";
  if (analysis.status === "running") return `Analysing… ${done} / ${total} turns`;
  return `Analysed: accuracy ${analysis.accuracy}%`;
}

export function progressBar(analysis) {
  const { done, total } = analysis.progress;
  return el("progress", { max: String(total), value: String(done), "aria-label": "Analysis progress" });
}

// How a move's loss reads (points of expected final score).
export function lossClass(loss) {
  if (loss < 0.5) return "good";
  if (loss < 2) return "inaccuracy";
  if (loss < 5) return "mistake";
  return "blunder";
}
