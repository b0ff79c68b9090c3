// The leaderboard page: a day's ranked quilts, its histogram, par and your rank.
import { api } from "./api.js";
import { histogram } from "./endscreen.js";
import { el, entryCells, showError as panelError } from "./panel.js";

const root = document.querySelector("[data-leaderboard-root]");
const $ = (selector) => root.querySelector(selector);
const state = { date: root.dataset.date, page: 1, excludeHints: false };

function shiftDay(iso, days) {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const showError = (text) => panelError($("[data-message]"), text);

async function load() {
  showError("");
  try {
    if (!state.date) state.date = (await api.daily()).date;
    const [board, challenge] = await Promise.all([
      api.leaderboard(state.date, { page: state.page, excludeHints: state.excludeHints }),
      api.challenge(state.date),
    ]);
    render(board, challenge);
  } catch (error) {
    $("[data-entries] tbody").replaceChildren();
    $("[data-summary]").replaceChildren();
    showError(`No leaderboard for ${state.date}: ${error.message}`);
  }
  $("#lb-date").value = state.date;
  $('[data-day-step="-1"]').href = `/leaderboard/${shiftDay(state.date, -1)}/`;
  $('[data-day-step="1"]').href = `/leaderboard/${shiftDay(state.date, 1)}/`;
}

function render(board, challenge) {
  const when = new Date(`${board.date}T12:00:00Z`).toLocaleDateString(undefined, {
    day: "numeric", month: "long", year: "numeric", timeZone: "UTC",
  });
  $("[data-heading]").textContent = `Leaderboard · ${when}`;
  $('[data-day-step="1"]').hidden = !challenge.closed;
  const rows = board.entries.map((entry) => el("tr", {
    class: entry.player === root.dataset.username ? "me" : null,
  }, [
    el("td", { class: "num", text: String(entry.rank) }),
    el("td", {}, [entry.game_id // a closed day: each quilt's replay
      ? el("a", { href: `/review/${entry.game_id}/`, "data-replay": String(entry.game_id), text: entry.name })
      : entry.name]),
    ...entryCells(entry),
  ]));
  if (!rows.length) rows.push(el("tr", {}, [el("td", { colspan: 6, class: "muted", text: "No finished ranked quilts yet. Be the first!" })]));
  $("[data-entries] tbody").replaceChildren(...rows);

  const pager = [];
  if (board.page > 1) pager.push(pageButton("← Previous", board.page - 1));
  if (board.page < board.pages) pager.push(pageButton("Next →", board.page + 1));
  $("[data-pager]").replaceChildren(...pager);

  const par = board.par && board.par.status === "ready" ? board.par.score : null;
  const best = challenge.best_known && challenge.best_known.status === "ready" ? challenge.best_known.score : null;
  const fact = (label, value) => el("div", { class: "stat" }, [el("b", { text: value }), el("span", { text: label })]);
  $("[data-summary]").replaceChildren(
    el("h2", { text: "The day" }),
    el("div", { class: "stats", style: "margin:0 0 .8rem" }, [
      fact("players", String(board.count)),
      fact("par", par === null ? "…" : String(par)),
      fact("best known", best === null ? (challenge.closed ? "…" : "after today") : String(best)),
      board.me ? fact("your rank", `#${board.me.rank}`) : null,
    ]),
    board.me ? el("p", { "data-me": "", text: `You scored ${board.me.score}: at or above ${board.me.percentile}% of the day's ranked quilts.` })
      : el("p", { class: "muted", text: "Finish the day's ranked game to see your rank." }),
    el("div", { class: "histogram" }, [histogram(board.histogram || [], { mine: board.me ? board.me.score : null, par })]),
    challenge.closed ? el("div", { class: "leader-links" }, [
      par === null ? null : el("a", { class: "btn", href: `/review/${board.date}/par/`, "data-action": "par-replay", text: "How par played" }),
      best === null ? null : el("a", { class: "btn", href: `/review/${board.date}/best/`, "data-action": "best-replay", text: "The best-known quilt" }),
    ]) : null,
    el("p", { class: "muted", style: "font-size:.85rem", text: challenge.closed
      ? `Seed ${challenge.seed}: run "python -m solver deal ${challenge.seed}" to check the deal.`
      : `Deal commitment (SHA-256 of the seed): ${challenge.commitment.slice(0, 16)}…` }),
    challenge.closed ? el("a", { class: "btn", href: `/play/${board.date}/`, text: "Play this day as practice" })
      : el("a", { class: "btn btn-primary", href: "/", text: "Play today's quilt" }),
  );
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
