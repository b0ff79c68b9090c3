// The side panel: the three cats, the tokens earned and the live score, all as sent by the server.
import { catExample, catPortrait, describePatch, patchIcon, patternWord, shapeDrawing, sizeBadge, tokenIcon } from "./svg.js";
import { goalLabel } from "./goals.js";
import { el, gettext, interpolate, ngettext } from "./dom.js";

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
      "aria-label": interpolate(gettext("Hand patch %(number)s: %(patch)s"), { number: index + 1, patch: describePatch(patch) }),
    }, [patchIcon(patch), el("span", { class: "slot-label", text: describePatch(patch) })]);
    button.addEventListener("click", () => onChoose(index));
    return button;
  });
}

// ``progress`` (optional): the game's ``cat_progress``, the engine's largest free group of
// each cat's patterns and what it needs.
export function renderCats(container, cats, score, progress = null) {
  const earned = (catId) => (score.cats || []).filter((token) => token.cat === catId).length;
  const standing = new Map((progress || []).map((p) => [p.cat, p]));
  container.replaceChildren(...cats.map((cat) => {
    const tiles = el("div", { class: "tiles" }, cat.patterns.map((pattern) => {
      const icon = patchIcon({ color: "navy", pattern }, { mono: true, scale: 1.8 });
      icon.setAttribute("role", "img");
      icon.setAttribute("aria-label", interpolate(gettext("%(pattern)s pattern"), { pattern: patternWord(pattern) }));
      icon.setAttribute("aria-hidden", "false");
      return icon;
    }));
    const shape = shapeDrawing(cat.shape) || (cat.size ? sizeBadge(cat.size) : null);
    const count = earned(cat.cat);
    return el("div", { class: "cat", "data-cat": cat.cat }, [
      catPortrait(cat.cat),
      el("div", {}, [
        el("div", { class: "name", text: capitalise(cat.cat) }),
        // A scenario's cats have no patterns until its deal: then the requirement alone.
        el("div", { class: "req", text: catRule(cat) }),
        el("div", { class: "cat-pictures" }, [tiles, catExample(cat)]),
        standing.has(cat.cat) ? catProgress(cat, standing.get(cat.cat)) : null,
      ]),
      el("div", { class: "points" }, [
        shape ? el("div", { class: "shape", title: cat.requirement }, [shape]) : null,
        el("b", { text: String(cat.points) }),
        el("span", { class: "muted", text: gettext("pts") }),
        count ? el("div", { class: "earned", text: interpolate(gettext("×%(count)s earned"), { count }) }) : null,
      ]),
    ]);
  }));
}

// A cat's rule in words: the group is all one of its two patterns ("Flowers or vines, all one
// pattern: a straight line of 5"). A scenario's cats have no patterns until its deal.
export function catRule(cat) {
  if (!cat.patterns.length) return cat.requirement || "";
  return interpolate(gettext("%(patterns)s, all one pattern: %(requirement)s"), {
    patterns: capitalise(cat.patterns.map(patternWord).join(gettext(" or "))),
    requirement: cat.requirement || "",
  }, true);
}

// A cat's progress in words, the engine's count (``cat_progress``): a size cat's largest group;
// a shape cat's cells of its shape already in place where it can still be finished.
function catProgress(cat, { largest, needed }) {
  const words = cat.shape && cat.shape.length
    ? gettext("Its shape so far: %(largest)s of %(needed)s in place, with no cat yet")
    : gettext("Your largest group with no cat yet: %(largest)s of %(needed)s");
  return el("div", { class: "cat-progress", "data-cat-progress": `${largest}/${needed}` },
    [interpolate(words, { largest, needed })]);
}

// ``buttonColors`` (optional): the game's ``button_colors``, colours with a button so far.
// A cell ("r,c", 0-based as in the API) in the board's edge-label words: "row 3, place 4".
const placeWords = (cell) => {
  const [r, c] = cell.split(",").map(Number);
  return interpolate(gettext("row %(row)s, place %(place)s"), { row: r + 1, place: c + 1 });
};

export function renderScore(container, score, buttonColors = null) {
  const buttons = (score.buttons || []).length;
  const catTokens = (score.cats || []).length;
  const goalsMet = (score.goals || []).filter((g) => g.points > 0).length;
  const row = (label, sub, value, attrs = {}) => el("tr", attrs, [
    el("td", {}, [label, sub ? el("span", { class: "sub", text: ` ${sub}` }) : null]),
    el("td", { text: value }),
  ]);
  const tokens = el("div", { class: "tokens", role: "group", "aria-label": gettext("Tokens earned") }, [
    ...(score.buttons || []).map((b) => tokenIcon("button", b.color)),
    ...(score.rainbow ? [tokenIcon("button", "rainbow")] : []),
    ...(score.cats || []).map((c) => tokenIcon("cat", c.cat)),
  ]);
  container.replaceChildren(
    el("table", { class: "score-table" }, [
      el("tbody", {}, [
        row(gettext("Goals"), interpolate(gettext("%(met)s of %(count)s met"), { met: goalsMet, count: (score.goals || []).length }), String(score.goal_points)),
        row(gettext("Cats"), interpolate(ngettext("%(count)s token", "%(count)s tokens", catTokens), { count: catTokens }), String(score.cat_points)),
        row(gettext("Buttons"), interpolate(score.rainbow ? ngettext("%(count)s token, rainbow incl.", "%(count)s tokens, rainbow incl.", buttons)
          : ngettext("%(count)s token", "%(count)s tokens", buttons), { count: buttons }), String(score.button_points)),
        row(gettext("Rainbow"), gettext("all six colours"), score.rainbow ? gettext("yes")
          : buttonColors === null ? gettext("not yet") : interpolate(gettext("%(count)s of 6"), { count: buttonColors }), { "data-rainbow-colors": buttonColors === null ? null : String(buttonColors) }),
        row(gettext("Total"), null, String(score.total), { class: "total" }),
      ]),
    ]),
    tokens,
    el("ul", { class: "goal-list muted", style: "margin:.4rem 0 0;padding-left:1rem;font-size:.85rem" },
      (score.goals || []).map((g) => el("li", {
        text: `${interpolate(gettext("%(goal)s at %(cell)s: %(state)s"), {
          goal: goalLabel(g.goal), cell: placeWords(g.cell),
          state: g.colors && g.patterns ? gettext("colours and patterns") : g.colors ? gettext("colours") : g.patterns ? gettext("patterns") : gettext("not met"),
        })}${g.points ? ` (+${g.points})` : ""}`,
      }))),
  );
}
