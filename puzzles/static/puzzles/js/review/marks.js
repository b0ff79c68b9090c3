// What the reviews of solo and versus games share: each mark's words and colour (the
// thresholds are the analysis's own, `marks`, never from here), a loss as it reads, and the
// better move's reasons as a list under a heading that already says whose they are.
import { formatNumber, gettext, interpolate } from "../dom.js";
import { lossClass } from "../analysis.js";
import { reasonList } from "../reasons.js";

export const LOSS_SHOWN = 0.5; // below this a loss is the solver's noise: no better move is drawn
export const MARK_WORDS = { "?!": gettext("an inaccuracy"), "?": gettext("a mistake"), "??": gettext("a blunder") };
const MARK_CLASS = { "": "good", "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

export const markClass = (turnReview) => `loss-${MARK_CLASS[turnReview.mark] || lossClass(turnReview.loss)}`;
export const legendClass = (mark) => `loss-${MARK_CLASS[mark] || "good"}`;
export const lossy = (turnReview) => Boolean(turnReview) && turnReview.loss >= LOSS_SHOWN;
export const sign = (loss) => (loss >= 0.05 ? `−${formatNumber(loss)}` : formatNumber(0));

// A turn's better move's reasons, worded here from the API's bare facts (an answer without them:
// its words, whose "the better move: " before each goes, as the heading or "The better move:"
// already says whose they are).
export function betterReasons(turnReview) {
  if (turnReview.reason_facts) return reasonList(turnReview.reason_facts);
  const prefix = interpolate(gettext("the better move: %(reason)s"), { reason: "" });
  return (turnReview.reasons || []).map((reason) => (reason.startsWith(prefix) ? reason.slice(prefix.length) : reason));
}

// What the move played earned and built, in words.
export const playedReasons = (turnReview) => reasonList(turnReview.played_reason_facts, turnReview.played_reasons || []);
