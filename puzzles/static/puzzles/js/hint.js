// Hint polling: ask the server for a hint, then poll until a worker has an answer.
import { api } from "./api.js";

const POLL_MS = 600;
const GIVE_UP_MS = 180000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Resolves with the ready hint; `onProgress(seconds, message)` ticks while the worker thinks
// (the message says when no solver is running: the hint waits for one, play goes on).
export async function fetchHint(gameId, onProgress) {
  const started = Date.now();
  let hint = await api.askHint(gameId);
  while (hint.status === "pending") {
    const elapsed = Date.now() - started;
    if (elapsed > GIVE_UP_MS) throw new Error("The hint is taking too long; try again in a moment.");
    onProgress(Math.floor(elapsed / 1000), hint.message);
    await sleep(POLL_MS);
    hint = await api.hint(gameId, hint.id);
  }
  if (hint.status !== "ready") throw new Error(hint.message || "The solver could not find a hint this time.");
  return hint;
}
