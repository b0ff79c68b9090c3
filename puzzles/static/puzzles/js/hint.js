// Hint polling: ask the server for a hint, then poll until a worker has an answer.
import { api } from "./api.js";
import { GaveUp, follow } from "./poll.js";

// Resolves with the ready hint; `onProgress(seconds, message)` ticks while the worker thinks
// (the message says when no solver is running: the hint waits for one, play goes on).
export async function fetchHint(gameId, onProgress) {
  let hint;
  try {
    hint = await follow({
      first: () => api.askHint(gameId),
      next: (last) => api.hint(gameId, last.id),
      settled: (answer) => answer.status !== "pending",
      every: 600,
      onUpdate: (answer, seconds) => { if (answer.status === "pending") onProgress(seconds, answer.message); },
    });
  } catch (error) {
    if (error instanceof GaveUp) throw new Error("The hint is taking too long: no solver answered. Ask again in a moment.");
    throw error;
  }
  if (hint.status !== "ready") throw new Error(hint.message || "The solver could not find a hint this time.");
  return hint;
}
