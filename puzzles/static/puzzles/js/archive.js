// The archive: past days, newest first, each playable as practice, with your own ranked
// result of the day beside par and the best known.
import { api } from "./api.js";
import { el, fill, formatDay } from "./dom.js";
import { capitalise, showError } from "./panel.js";
import { catPortrait } from "./svg.js";

const root = document.querySelector("[data-archive-root]");
const $ = (selector) => root.querySelector(selector);

// Your ranked days (date -> {score, game_id}); none for a visitor who has not played yet.
async function myDays() {
  try {
    const me = await api.me();
    return new Map(me.recent.map((row) => [row.date, row]).concat(
      (me.history || []).map((row) => [row.date, { ...row, ...(me.recent.find((r) => r.date === row.date) || {}) }])));
  } catch {
    return new Map();
  }
}

async function load(page) {
  try {
    const [data, mine] = await Promise.all([api.challenges(page), myDays()]);
    const run = (r) => (r && r.status === "ready" ? String(r.score) : r && r.status === "pending" ? "…" : "–");
    const rows = data.results.map((challenge) => {
      const own = mine.get(challenge.date);
      return el("tr", { "data-day": challenge.date }, [
        el("td", {}, [el("a", { href: `/leaderboard/${challenge.date}/`, text: formatDay(challenge.date, "weekday") })]),
        el("td", { class: "col-board", text: capitalise(challenge.board) }),
        el("td", { class: "col-cats" }, [el("span", { class: "archive-cats" }, challenge.cats.map((c) =>
          el("span", { class: "archive-cat", title: capitalise(c.cat) }, [catPortrait(c.cat), el("span", { class: "cat-name", text: capitalise(c.cat) })])))]),
        el("td", { class: "num", "data-my-score": own ? String(own.score) : "" }, [own
          ? (own.game_id ? el("a", { href: `/review/${own.game_id}/`, title: "review your quilt", text: String(own.score) }) : String(own.score))
          : el("span", { class: "muted", text: "–" })]),
        el("td", { class: "num", text: run(challenge.par) }),
        el("td", { class: "num col-best", text: run(challenge.best_known) }),
        el("td", { class: "num" }, [el("a", { class: "btn btn-small", href: `/play/${challenge.date}/`, text: "Practice" })]),
      ]);
    });
    if (!rows.length) rows.push(el("tr", {}, [el("td", { colspan: 7, class: "muted", text: "No past days yet: today is the first. Come back tomorrow!" })]));
    fill($("[data-days] tbody"), rows);
    const pager = [];
    if (data.previous) pager.push(button("← Newer", page - 1));
    if (data.next) pager.push(button("Older →", page + 1));
    fill($("[data-pager]"), pager);
  } catch (error) {
    showError($("[data-message]"), `Could not load the archive (${error.message}). Try again in a moment.`);
  }
}

function button(text, page) {
  const node = el("button", { type: "button", class: "btn", text });
  node.addEventListener("click", () => load(page));
  return node;
}

load(1);
