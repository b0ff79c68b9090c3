// The one poller of the pages (hints, analyses, versus opponents): ask, then read again every
// `every` ms until the answer is settled. One give-up rule for all: an answer whose `progress`
// has not moved for QUIET_MS means its worker is gone (or none is running); the caller says
// so and offers to ask again.

export const QUIET_MS = 180_000;

export class GaveUp extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// first(): the first answer (a POST); next(answer): the next one (a GET); settled(answer):
// true when done; progress(answer): what counts as moving on; onUpdate(answer, seconds).
export async function follow({ first, next, settled, progress = () => "", onUpdate = () => {}, every = 700, quietMs = QUIET_MS }) {
  const started = Date.now();
  let answer = await first();
  let mark = progress(answer);
  let movedAt = Date.now();
  while (!settled(answer)) {
    onUpdate(answer, Math.floor((Date.now() - started) / 1000));
    if (Date.now() - movedAt > quietMs) throw new GaveUp("no answer from the solver");
    await sleep(every);
    answer = await next(answer);
    const now = progress(answer);
    if (now !== mark) {
      mark = now;
      movedAt = Date.now();
    }
  }
  onUpdate(answer, Math.floor((Date.now() - started) / 1000));
  return answer;
}
