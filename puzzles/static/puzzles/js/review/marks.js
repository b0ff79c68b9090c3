// What the reviews of solo and versus games share: each mark's words and colour (the
// thresholds are the analysis's own, `marks`, never from here), a loss as it reads, and the
// better move's reasons as a list under a heading that already says whose they are.
import { formatNumber, gettext, interpolate } from "../dom.js";
import { lossClass } from "../analysis.js";

export const LOSS_SHOWN = 0.5; // below this a loss is the solver's noise: no better move is drawn
export const MARK_WORDS = { "?!": gettext("an inaccuracy"), "?": gettext("a mistake"), "??": gettext("a blunder") };
const MARK_CLASS = { "": "good", "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

export const markClass = (turnReview) => `loss-${MARK_CLASS[turnReview.mark] || lossClass(turnReview.loss)}`;
export const legendClass = (mark) => `loss-${MARK_CLASS[mark] || "good"}`;
export const lossy = (turnReview) => Boolean(turnReview) && turnReview.loss >= LOSS_SHOWN;
export const sign = (loss) => (loss >= 0.05 ? `−${formatNumber(loss)}` : formatNumber(0));

// The API says "the better move: ..." (in the page's language) before each of a better move's
// reasons: under a heading or after "The better move:", once is enough.
export function betterReasons(reasons) {
  const prefix = interpolate(gettext("the better move: %(reason)s"), { reason: "" });
  return (reasons || []).map((reason) => (reason.startsWith(prefix) ? reason.slice(prefix.length) : reason));
}
