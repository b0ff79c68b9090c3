// A profile page (/me/ or /players/{username}/): stats, the three pictures and recent days.
import { api, ApiError } from "./api.js";
import { scoreBars, scoreLine, streakCalendar } from "./charts.js";
import { el, formatDay } from "./dom.js";
import { showError } from "./panel.js";

const root = document.querySelector("[data-profile-root]");
const $ = (selector) => root.querySelector(selector);

const longDate = (iso) => formatDay(iso, "day");
const shortDate = (iso) => formatDay(iso, "tiny");
const signed = (value) => (value > 0 ? `+${value}` : String(value));
const days = (n) => `${n} day${n === 1 ? "" : "s"}`;

function renderStats(stats) {
  const tile = (key, value, label, title) => el("div", { class: "stat", "data-stat": key, title }, [
    el("b", { text: value }), el("span", { text: label }),
  ]);
  $("[data-stats]").replaceChildren(
    tile("ranked_games", String(stats.ranked_games), "ranked games"),
    tile("current_streak", String(stats.current_streak), "current streak", "consecutive days (UTC) with a finished ranked game"),
    tile("longest_streak", String(stats.longest_streak), "longest streak"),
    tile("average", stats.average === null ? "–" : String(stats.average), "average"),
    tile("best", stats.best ? String(stats.best.score) : "–", stats.best ? `best · ${longDate(stats.best.date)}` : "best"),
    tile("beat_par", stats.days_with_par ? `${stats.beat_par}/${stats.days_with_par}` : "–", "days above par"),
    tile("average_vs_par", stats.average_vs_par === null ? "–" : signed(stats.average_vs_par), "versus par"),
  );
}

function renderRecent(recent) {
  const rows = recent.map((row) => el("tr", { "data-recent-day": row.date }, [
    el("td", {}, [el("a", { href: `/leaderboard/${row.date}/`, title: `${longDate(row.date)}: the day's leaderboard`, text: shortDate(row.date) })]),
    el("td", { class: "num", text: String(row.score) }),
    el("td", { class: "num", text: row.par === null ? "–" : String(row.par) }),
    el("td", { class: "num", text: `#${row.rank}` }),
    el("td", { class: "num", title: "share of the day's ranked quilts at or below this score", text: row.percentile === null ? "–" : `${row.percentile}%` }),
    el("td", {}, [el("a", { href: `/review/${row.game_id}/`, "data-review-link": row.game_id, text: "Review" })]),
  ]));
  if (!rows.length) rows.push(el("tr", {}, [el("td", { colspan: 6, class: "muted", text: "No ranked games yet." })]));
  $("[data-recent] tbody").replaceChildren(...rows);
}

function renderVersus(record) {
  const rows = Object.entries(record).map(([level, { played, won }]) => el("tr", { "data-versus-level": level }, [
    el("td", { text: level }),
    el("td", { class: "num", text: String(played) }),
    el("td", { class: "num", text: String(won) }),
  ]));
  $("[data-versus-record] tbody").replaceChildren(...rows);
}

async function load() {
  const username = root.dataset.username;
  let profile;
  try {
    profile = username ? await api.player(username) : await api.me();
  } catch (error) {
    if (!username && error instanceof ApiError && error.status === 403) return notPlayedYet();
    showError($("[data-message]"), `This profile could not be loaded: ${error.message}`);
    return;
  }
  root.dataset.loaded = "true";
  $("[data-heading]").textContent = username ? profile.name : `${profile.name} · my stats`;
  $("[data-joined]").textContent = `Playing since ${longDate(profile.joined)}`;
  $("[data-guest-note]").hidden = !profile.is_guest;
  const { stats } = profile;
  renderStats(stats);
  $("[data-chart-scores]").replaceChildren(scoreLine(profile.history));
  $("[data-chart-histogram]").replaceChildren(scoreBars(profile.histogram, stats.average));
  $("[data-chart-streak]").replaceChildren(
    el("p", { class: "streak-line", "data-streak": String(stats.current_streak) }, [
      el("b", { text: days(stats.current_streak) }),
      el("span", { class: "muted", text: ` in a row · longest ${days(stats.longest_streak)}` }),
    ]),
    streakCalendar(profile.history, profile.today, stats.current_streak),
  );
  renderRecent(profile.recent);
  renderVersus(profile.versus);
}

// A visitor becomes a guest with their first game (a page view makes nobody): until then
// there is nothing to show but the way in.
function notPlayedYet() {
  root.dataset.loaded = "true";
  root.dataset.visitor = "true";
  const box = $("[data-message]");
  box.className = "card note";
  box.hidden = false;
  box.replaceChildren("You have not played yet: your stats start with your first game. ",
    el("a", { href: "/", text: "Play today's quilt" }), ".");
  for (const section of root.querySelectorAll("section.card, .profile-grid")) section.hidden = true;
}

load();
