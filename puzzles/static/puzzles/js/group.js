// A group's page: the members' board of a day, members and the invite, 7 and 30 day standings.
import { api } from "./api.js";
import { el, formatDay } from "./dom.js";
import { entryCells, showError as panelError } from "./panel.js";

const root = document.querySelector("[data-group-root]");
const $ = (selector) => root.querySelector(selector);
const groupId = root.dataset.groupId;
const me = root.dataset.username;
const state = { date: new URLSearchParams(location.search).get("date"), days: 7 };

const showError = (text) => panelError($("[data-message]"), text);

// A player's name, linked to their public page (guests, shown as "Guest 3f9a", have none).
const who = (username, name) => (name !== username ? el("span", { text: name })
  : el("a", { href: `/players/${encodeURIComponent(username)}/`, text: name }));

function renderMembers(group) {
  const owner = group.owner === me;
  $("[data-members]").replaceChildren(...group.members.map((member) => {
    const remove = owner && member.username !== me
      ? el("button", { type: "button", class: "btn btn-small", "data-remove": member.username, text: "Remove" }) : null;
    remove?.addEventListener("click", async () => {
      if (!confirm(`Remove ${member.name} from ${group.name}?`)) return;
      if (await call(() => api.removeMember(groupId, member.username))) loadGroup();
    });
    return el("li", { "data-member": member.username }, [
      who(member.username, member.name),
      member.owner ? el("span", { class: "pill", text: "owner" }) : null,
      remove,
    ]);
  }));
  $("[data-invite-code]").textContent = group.invite_code;
  $("[data-invite-link]").value = `${location.origin}/groups/join/${group.invite_code}/`;
  $('[data-action="new-invite"]').hidden = !owner;
}

function renderBoard(board) {
  $("[data-board-title]").textContent = `The group's board · ${formatDay(board.date)}`;
  const rows = board.entries.map((entry) => el("tr", { class: entry.player === me ? "me" : null, "data-entry": entry.player }, [
    el("td", { class: "num", text: String(entry.rank) }),
    el("td", {}, [who(entry.player, entry.name)]),
    ...entryCells(entry),
  ]));
  if (!rows.length) rows.push(el("tr", {}, [el("td", { colspan: 6, class: "muted", text: "No member has finished this day's ranked quilt yet." })]));
  $("[data-entries] tbody").replaceChildren(...rows);
  const par = board.par && board.par.status === "ready" ? board.par.score : null;
  $("[data-board-summary]").replaceChildren(el("p", { class: "muted" }, [
    `${board.count} of the group finished${par === null ? "" : ` · par ${par}`}. `,
    el("a", { href: `/leaderboard/${board.date}/`, text: "Everyone's board" }),
  ]));
}

function renderStandings(standings) {
  $("[data-standings-title]").textContent = `Last ${standings.days} days`;
  for (const button of root.querySelectorAll("[data-standing-days]")) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.standingDays) === standings.days));
  }
  $("[data-standings] tbody").replaceChildren(...standings.members.map((row) => el("tr", {
    class: row.username === me ? "me" : null, "data-standing": row.username,
  }, [
    el("td", {}, [who(row.username, row.name)]),
    el("td", { class: "num", text: String(row.games) }),
    el("td", { class: "num", text: row.average === null ? "–" : String(row.average) }),
    el("td", { class: "num", "data-days-won": String(row.days_won), text: String(row.days_won) }),
  ])));
}

// Runs an API call; on failure shows why and answers false.
async function call(action) {
  showError("");
  try {
    return (await action()) ?? true;
  } catch (error) {
    showError(error.message);
    return false;
  }
}

async function loadGroup() {
  const group = await call(() => api.group(groupId));
  if (group) renderMembers(group);
}

async function loadBoard() {
  if (!state.date) state.date = (await api.daily()).date;
  $("#group-date").value = state.date;
  const board = await call(() => api.groupLeaderboard(groupId, state.date));
  if (board) renderBoard(board);
}

async function loadStandings() {
  const standings = await call(() => api.groupStandings(groupId, state.days));
  if (standings) renderStandings(standings);
}

$("[data-date-form]").addEventListener("submit", (event) => {
  event.preventDefault();
  state.date = $("#group-date").value || state.date;
  history.replaceState(null, "", `?date=${state.date}`);
  loadBoard();
});
for (const button of root.querySelectorAll("[data-standing-days]")) {
  button.addEventListener("click", () => { state.days = Number(button.dataset.standingDays); loadStandings(); });
}
$('[data-action="copy-invite"]').addEventListener("click", async (event) => {
  try {
    await navigator.clipboard.writeText($("[data-invite-link]").value);
    event.target.textContent = "Copied!";
  } catch {
    $("[data-invite-link]").select();
  }
});
$('[data-action="new-invite"]').addEventListener("click", async () => {
  if (!confirm("Make a new invite code? The old code and link stop working.")) return;
  const group = await call(() => api.rotateInvite(groupId));
  if (group) renderMembers(group);
});
$('[data-action="leave"]').addEventListener("click", async () => {
  if (!confirm("Leave this group?")) return;
  if (await call(() => api.removeMember(groupId, me))) location.href = "/groups/";
});
await Promise.all([loadGroup(), loadBoard(), loadStandings()]);
root.dataset.loaded = "true";
