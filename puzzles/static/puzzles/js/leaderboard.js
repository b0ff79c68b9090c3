// The leaderboard page: a day's ranked quilts, its histogram, par and your rank. The days
// before and after (those with a challenge) are links the server wrote.
import { api, ApiError } from "./api.js";
import { $ as find, el, fill, formatDay } from "./dom.js";
import { histogram, rankWords } from "./endscreen.js";
import { entryCells, showError as panelError } from "./panel.js";

const root = document.querySelector("[data-leaderboard-root]");
const $ = (selector) => find(selector, root);
const state = { date: root.dataset.date, page: 1, excludeHints: false };

const showError = (text) => panelError($("[data-message]"), text);

async function load() {
  showError("");
  try {
    const [board, challenge] = await Promise.all([
      api.leaderboard(state.date, { page: state.page, excludeHints: state.excludeHints }),
      api.challenge(state.date),
    ]);
    render(board, challenge);
  } catch (error) {
    fill($("[data-entries] tbody"));
    fill($("[data-summary]"), el("p", { class: "muted" }, [
      "Every day since the first has a leaderboard: ",
      el("a", { href: "/archive/", text: "see the past days" }), " or ",
      el("a", { href: "/leaderboard/", text: "today's board" }), ".",
    ]));
    showError(error instanceof ApiError && error.status === 404
      ? `There was no daily quilt on ${formatDay(state.date)}.`
      : `The leaderboard could not be loaded (${error.message}). Try again in a moment.`);
  }
}

function render(board, challenge) {
  $("[data-heading]").textContent = `Leaderboard · ${formatDay(board.date)}`;
  const rows = board.entries.map((entry) => el("tr", {
    class: entry.player === root.dataset.username ? "me" : null,
  }, [
    el("td", { class: "num", text: String(entry.rank) }),
    el("td", {}, [entry.game_id // a closed day: each quilt's replay
      ? el("a", { href: `/review/${entry.game_id}/`, "data-replay": String(entry.game_id), text: entry.name })
      : entry.name]),
    ...entryCells(entry),
  ]));
  if (!rows.length) {
    const none = challenge.closed ? "Nobody finished a ranked quilt on this day."
      : state.excludeHints ? "No ranked quilt without hints yet." : "No finished ranked quilts yet. Be the first!";
    rows.push(el("tr", {}, [el("td", { colspan: 6, class: "muted", text: none })]));
  }
  fill($("[data-entries] tbody"), rows);

  const pager = [];
  if (board.page > 1) pager.push(pageButton("← Previous", board.page - 1));
  if (board.page < board.pages) pager.push(pageButton("Next →", board.page + 1));
  fill($("[data-pager]"), pager);

  const par = board.par && board.par.status === "ready" ? board.par.score : null;
  const best = challenge.best_known && challenge.best_known.status === "ready" ? challenge.best_known.score : null;
  const fact = (label, value) => el("div", { class: "stat" }, [el("b", { text: value }), el("span", { text: label })]);
  fill($("[data-summary]"),
    el("h2", { text: "The day" }),
    el("div", { class: "stats lb-facts" }, [
      fact("players", String(board.count)),
      fact("par", par === null ? "…" : String(par)),
      fact("best known", best === null ? (challenge.closed ? "…" : "after today") : String(best)),
      board.me ? fact("your rank", `#${board.me.rank}`) : null,
    ]),
    board.me ? el("p", { "data-me": "", text: `You scored ${board.me.score}. ${rankWords(board.me.rank, board.count)}` })
      : el("p", { class: "muted", text: !challenge.closed ? "Finish the day's ranked game to see your rank."
        : board.count ? "This day is closed: tap a player to replay their quilt." : "This day is closed." }),
    el("div", { class: "histogram" }, [histogram(board.histogram || [], { mine: board.me ? board.me.score : null, par })]),
    challenge.closed ? el("div", { class: "leader-links" }, [
      par === null ? null : el("a", { class: "btn", href: `/review/${board.date}/par/`, "data-action": "par-replay", text: "How par played" }),
      best === null ? null : el("a", { class: "btn", href: `/review/${board.date}/best/`, "data-action": "best-replay", text: "The best-known quilt" }),
    ]) : null,
    challenge.closed ? seedBox(challenge.seed) : el("p", { class: "muted small", text: "The deal's seed is published when the day closes (00:00 UTC), so that anyone can check it." }),
    challenge.closed ? el("a", { class: "btn", href: `/play/${board.date}/`, text: "Play this day as practice" })
      : el("a", { class: "btn btn-primary", href: "/", text: "Play today's quilt" }),
  );
}

// A closed day's seed: long (64 characters), so it wraps in its own box; how to check the
// deal is one click away, for those who want it.
function seedBox(seed) {
  return el("div", { class: "seed-box", "data-seed": seed }, [
    el("p", { class: "muted small", text: "The deal's seed, published at the close:" }),
    el("code", { class: "seed", text: seed }),
    el("details", { class: "small" }, [
      el("summary", { text: "Check the deal yourself" }),
      el("p", { class: "muted" }, ["With the solver from the source: ", el("code", { text: `python -m solver deal ${seed}` })]),
    ]),
  ]);
}

function pageButton(text, page) {
  const button = el("button", { type: "button", class: "btn", text });
  button.addEventListener("click", () => { state.page = page; load(); });
  return button;
}

$("[data-date-form]").addEventListener("submit", (event) => {
  event.preventDefault();
  const value = $("#lb-date").value;
  if (value) location.href = `/leaderboard/${value}/`;
});
$("[data-exclude-hints]").addEventListener("change", (event) => {
  state.excludeHints = event.target.checked;
  state.page = 1;
  load();
});
load();
