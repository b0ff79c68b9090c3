// A scenario game's conditions with icons (beside the board) and its result card (the
// /scenarios/ cards are the server's). Every status and verdict is the server's (the engine).
import { conditionIcons } from "./icons.js";
import { capitalise, el } from "./panel.js";
import { gettext, interpolate } from "./dom.js";

const STATUS_TEXT = { met: gettext("met"), open: gettext("not yet"), missed: gettext("can no longer be met") };
const STATUS_MARK = { met: "✓", open: "…", missed: "✗" };

// `checks`: [{kind, text, target}] or, during and after a game, with {have, status} too.
// Once the game is over a condition not met is simply "missed".
export function conditionList(checks, cats, { finished = false } = {}) {
  return el("ul", { class: "conditions", "data-conditions": "" }, checks.map((check) => {
    const status = check.status || null;
    const words = finished && status === "missed" ? gettext("missed") : STATUS_TEXT[status];
    const counted = status && check.kind !== "score" && check.kind !== "rainbow" ? interpolate(gettext(" (%(have)s of %(target)s)"), { have: check.have, target: check.target }) : "";
    return el("li", { "data-condition": check.kind, "data-status": status || "" }, [
      el("span", { class: "icons" }, conditionIcons(check, cats)),
      el("span", { class: "text", text: capitalise(check.text) + counted }),
      status ? el("span", {
        class: `condition-status ${status}`, title: words, "aria-label": words,
        text: `${STATUS_MARK[status]} ${words}`,
      }) : null,
    ]);
  }));
}

// The result card of a finished scenario game: passed or not, condition by condition.
export function renderScenarioEnd(container, { game, info, onAgain }) {
  const verdict = game.scenario.passed;
  const again = el("button", { type: "button", class: "btn btn-primary", "data-action": "again", text: gettext("Try again on a new deal") });
  again.addEventListener("click", onAgain);
  container.replaceChildren(el("section", { class: "end card scenario-end", "aria-labelledby": "end-title", "data-passed": String(verdict) }, [
    el("h2", { id: "end-title", text: interpolate(verdict ? gettext("Scenario %(number)s passed!") : gettext("Scenario %(number)s not passed this time"), { number: info.number }) }),
    el("div", { class: "headline", "data-result": "", "data-result-score": String(game.score.total) }, [
      el("div", {}, [
        el("div", { class: "big-number", "data-score-total": String(game.score.total), text: String(game.score.total) }),
        el("div", { class: "big-label", text: gettext("your score") }),
      ]),
      el("div", {}, [
        el("div", { class: "big-number", text: String(info.min_score) }),
        el("div", { class: "big-label", text: gettext("to reach") }),
      ]),
      el("div", { class: `par-diff ${verdict ? "up" : "down"}`, text: verdict ? gettext("every condition met") : gettext("some conditions missed") }),
    ]),
    conditionList(game.scenario.conditions, info.cats.map((c) => c.cat), { finished: true }),
    game.weekly
      ? el("p", { class: "muted", "data-weekly-try": "" }, [
        gettext("Your one ranked try at this week's special: it is on the week's board. "),
        el("a", { href: "/weekly/", text: gettext("The weekly special") }),
      ])
      : el("p", { class: "muted", "data-seed": game.seed }, [
        gettext("Practice, never ranked. Anyone can deal this game again: "),
        el("code", { text: `python -m solver deal ${game.seed} --setup ${info.setup}` }),
      ]),
    el("div", { class: "end-actions" }, [again, el("a", { class: "btn", href: "/scenarios/", text: gettext("All scenarios") })]),
  ]));
}
