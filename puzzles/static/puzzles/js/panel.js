// The side panel: the three cats, the tokens earned and the live score, all as sent by the server.
import { catPortrait, describePatch, patchIcon, shapeDrawing, sizeBadge, tokenIcon } from "./svg.js";
import { goalLabel } from "./goals.js";
import { el } from "./dom.js";

export const capitalise = (word) => word.charAt(0).toUpperCase() + word.slice(1);

export { el };

// A page's passing message in its ``box`` (game and versus pages): an error stays red, and the
// box hides itself after six seconds unless another message has replaced this one.
function fillMessage(box, text, kind) {
  box.hidden = !text;
  box.className = kind;
  box.textContent = text || "";
}

// A message in the page's box: a notice (or a game's refusal) fades after 6 s...
export function showMessage(box, text, isError = false) {
  fillMessage(box, text, isError ? "error-box" : "card");
  if (text) setTimeout(() => { if (box.textContent === text) box.hidden = true; }, 6000);
}

// ...an error that leaves the page without its content stays until replaced ("" hides it).
export function showError(box, text) {
  fillMessage(box, text, "error-box");
}

// A board entry's figures as table cells (the leaderboard and group pages): score, cats,
// buttons and hints.
export function entryCells(entry) {
  return [
    el("td", { class: "num", "data-entry-score": String(entry.score), text: String(entry.score) }),
    el("td", { class: "num", text: String(entry.cats) }),
    el("td", { class: "num", text: String(entry.buttons) }),
    el("td", { class: "num", text: entry.hints_used ? String(entry.hints_used) : "–" }),
  ];
}

// The hand's patches as the buttons of a hand row (game and versus pages): ``selected`` is
// pressed, ``hinted`` (an index or null) marked; a click calls ``onChoose(index)``.
export function handSlots(hand, { selected, hinted = null, onChoose }) {
  return hand.map((patch, index) => {
    const button = el("button", {
      type: "button", class: `slot${hinted === index ? " hinted" : ""}`,
      "data-hand-index": String(index), "aria-pressed": String(selected === index),
      "aria-label": `Hand patch ${index + 1}: ${describePatch(patch)}`,
    }, [patchIcon(patch), el("span", { class: "slot-label", text: describePatch(patch) })]);
    button.addEventListener("click", () => onChoose(index));
    return button;
  });
}

export function renderCats(container, cats, score) {
  const earned = (catId) => (score.cats || []).filter((token) => token.cat === catId).length;
  container.replaceChildren(...cats.map((cat) => {
    const tiles = el("div", { class: "tiles" }, cat.patterns.map((pattern) => {
      const icon = patchIcon({ color: "navy", pattern }, { mono: true, scale: 1.8 });
      icon.setAttribute("role", "img");
      icon.setAttribute("aria-label", `${pattern} pattern`);
      icon.setAttribute("aria-hidden", "false");
      return icon;
    }));
    const size = (cat.requirement || "").match(/group of (\d+)/);
    const shape = shapeDrawing(cat.shape) || (size ? sizeBadge(size[1]) : null);
    const count = earned(cat.cat);
    return el("div", { class: "cat", "data-cat": cat.cat }, [
      catPortrait(cat.cat),
      el("div", {}, [
        el("div", { class: "name", text: capitalise(cat.cat) }),
        // A scenario's cats have no patterns until its deal: then the requirement alone.
        el("div", { class: "req", text: `${cat.patterns.length ? `${capitalise(cat.patterns.join(" or "))}: ` : ""}${cat.requirement || ""}` }),
        tiles,
      ]),
      el("div", { class: "points" }, [
        shape ? el("div", { class: "shape", title: cat.requirement }, [shape]) : null,
        el("b", { text: String(cat.points) }),
        el("span", { class: "muted", text: "pts" }),
        count ? el("div", { class: "earned", text: `×${count} earned` }) : null,
      ]),
    ]);
  }));
}

export function renderScore(container, score) {
  const buttons = (score.buttons || []).length;
  const catTokens = (score.cats || []).length;
  const goalsMet = (score.goals || []).filter((g) => g.points > 0).length;
  const row = (label, sub, value, attrs = {}) => el("tr", attrs, [
    el("td", {}, [label, sub ? el("span", { class: "sub", text: ` ${sub}` }) : null]),
    el("td", { text: value }),
  ]);
  const tokens = el("div", { class: "tokens", role: "group", "aria-label": "Tokens earned" }, [
    ...(score.buttons || []).map((b) => tokenIcon("button", b.color)),
    ...(score.rainbow ? [tokenIcon("button", "rainbow")] : []),
    ...(score.cats || []).map((c) => tokenIcon("cat", c.cat)),
  ]);
  container.replaceChildren(
    el("table", { class: "score-table" }, [
      el("tbody", {}, [
        row("Goals", `${goalsMet} of ${(score.goals || []).length} met`, String(score.goal_points)),
        row("Cats", `${catTokens} token${catTokens === 1 ? "" : "s"}`, String(score.cat_points)),
        row("Buttons", `${buttons} token${buttons === 1 ? "" : "s"}${score.rainbow ? ", rainbow incl." : ""}`, String(score.button_points)),
        row("Rainbow", "all six colours", score.rainbow ? "yes" : "not yet"),
        row("Total", null, String(score.total), { class: "total" }),
      ]),
    ]),
    tokens,
    el("ul", { class: "goal-list muted", style: "margin:.4rem 0 0;padding-left:1rem;font-size:.85rem" },
      (score.goals || []).map((g) => el("li", {
        text: `${goalLabel(g.goal)} at ${g.cell}: ${g.colors && g.patterns ? "colours and patterns" : g.colors ? "colours" : g.patterns ? "patterns" : "not met"}${g.points ? ` (+${g.points})` : ""}`,
      }))),
  );
}
