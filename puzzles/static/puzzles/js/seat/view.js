// The seat's view: the hand and market strips, the board prompt and the hint panel, drawn into
// the tray that every mode's page shares (puzzles/_tray.html; the drill's own tray). It draws
// what it is given and calls back on a tap; what a tap does is the controller's (controller.js).
import { $, el, fill, gettext, interpolate, ngettext } from "../dom.js";
import { handSlots } from "../panel.js";
import { reasonList } from "../reasons.js";
import { describePatch, patchIcon } from "../svg.js";

// The hand: `selected` pressed, `hinted` (an index or null) marked, all `disabled` or none.
export function renderHand(root, hand, { selected, hinted = null, disabled = false, onChoose }) {
  const slots = handSlots(hand, { selected, hinted, onChoose });
  for (const button of slots) button.disabled = disabled;
  $("[data-hand]", root).replaceChildren(...slots);
}

// A conveyor market (the solo game's) names its ends: the patch by the bag and the last chance.
function marketLabel(index, patch, conveyor) {
  const words = !conveyor ? gettext("Market patch %(number)s: %(patch)s")
    : index === 0 ? gettext("Market patch %(number)s, by the bag: %(patch)s")
      : index === 2 ? gettext("Market patch %(number)s, last chance: %(patch)s") : gettext("Market patch %(number)s: %(patch)s");
  return interpolate(words, { number: index + 1, patch: describePatch(patch) });
}

// The market: `hinted` (an index or null) marked; `pressed` (an index, or undefined where a take
// is sent at once) the patch chosen to take; `conveyor` tags its ends; the last turn has none.
export function renderMarket(root, market, { hinted = null, pressed, conveyor = false, disabled = false, onChoose }) {
  const slots = market.map((patch, index) => {
    const tags = conveyor ? [
      index === 0 ? el("span", { class: "slot-tag", text: gettext("by the bag") }) : null,
      index === 2 ? el("span", { class: "slot-tag", text: gettext("last chance") }) : null,
      " ", // the tag and the label read as words apart (the name must hold the visible text)
    ] : [];
    const button = el("button", {
      type: "button", class: `slot${hinted === index ? " hinted" : ""}`, "data-market-index": String(index),
      "aria-pressed": pressed === undefined ? null : String(pressed === index),
      "aria-label": marketLabel(index, patch, conveyor),
    }, [...tags, patchIcon(patch), el("span", { class: "slot-label", text: describePatch(patch) })]);
    button.disabled = disabled;
    button.addEventListener("click", () => onChoose(index));
    return button;
  });
  $("[data-market]", root).replaceChildren(...slots);
  if (!market.length) $("[data-market]", root).append(el("p", { class: "muted", text: gettext("No market step on the last turn.") }));
}

export function renderPrompt(root, text) {
  $("[data-prompt]", root).textContent = text;
}

// The hint panel: how many hints were used, the button, and the solver at work (`running`:
// {seconds, note}, `runningWords` its words) or the hint of this turn with "Play this move".
// `expected` ({score, text}) and `extras` (nodes after the hint's line) are the mode's.
export function renderHintPanel(root, { used, disabled, running, runningWords, hint, hand, market, expected, extras = [], onPlay }) {
  const box = $("[data-hint-box]", root);
  $("[data-hint-count]", root).textContent = interpolate(ngettext("%(count)s hint used", "%(count)s hints used", used), { count: used });
  $('[data-action="hint"]', root).disabled = disabled;
  if (running) {
    box.replaceChildren(
      el("div", { class: "progress", role: "progressbar", "aria-label": gettext("The solver is thinking") }),
      el("p", { class: "muted", text: running.note || interpolate(runningWords, { seconds: running.seconds }) }),
    );
    return;
  }
  if (!hint) return box.replaceChildren();
  const { move } = hint;
  const take = move.market_index === null || move.market_index === undefined
    ? "" : interpolate(gettext(", then take market patch %(number)s (%(patch)s)"),
      { number: move.market_index + 1, patch: describePatch(market[move.market_index]) });
  const play = el("button", { type: "button", class: "btn btn-primary", "data-action": "play-hint", text: gettext("Play this move") });
  play.addEventListener("click", () => onPlay(move));
  const reasons = reasonList(hint.reason_facts, hint.reasons || []);
  fill(box, el("div", { class: "hint-text", "data-hint-text": "" }, [
    el("p", { "data-hint": "" }, [
      el("b", { text: interpolate(gettext("Hint: %(patch)s on the ringed space%(market)s."), { patch: describePatch(hand[move.hand_index]), market: take }) }),
      el("span", { class: "muted", "data-hint-expected": expected.score === null ? null : String(expected.score), text: expected.text }),
    ]),
    ...extras,
    reasons.length ? el("ul", {}, reasons.map((reason) => el("li", { text: reason }))) : null,
    play,
  ]));
}
