// Hint polling: ask the server for a hint, then poll until a worker has an answer.
import { api } from "./api.js";
import { GaveUp, follow } from "./poll.js";
import { gettext } from "./dom.js";

// Resolves with the ready hint; `onProgress(seconds, message)` ticks while the worker thinks
// (the message says when no solver is running: the hint waits for one, play goes on).
// `ask(gameId)` and `read(gameId, hintId)` are the solo game's calls unless given (versus).
export async function fetchHint(gameId, onProgress, { ask = api.askHint, read = api.hint, every = 600 } = {}) {
  let hint;
  try {
    hint = await follow({
      first: () => ask(gameId),
      next: (last) => read(gameId, last.id),
      settled: (answer) => answer.status !== "pending",
      every,
      onUpdate: (answer, seconds) => { if (answer.status === "pending") onProgress(seconds, answer.message); },
    });
  } catch (error) {
    if (error instanceof GaveUp) throw new Error(gettext("The hint is taking too long: no solver answered. Ask again in a moment."));
    throw error;
  }
  if (hint.status !== "ready") throw new Error(hint.message || gettext("The solver could not find a hint this time."));
  return hint;
}
