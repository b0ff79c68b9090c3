// The JSON API client: same-origin session cookie, CSRF header on writes, errors as ApiError.
import { gettext, interpolate } from "./dom.js";

export class ApiError extends Error {
  constructor(status, body) {
    const message = (body && (body.detail || body.error)) || interpolate(gettext("The server answered %(status)s."), { status });
    super(typeof message === "string" ? message : JSON.stringify(message));
    this.status = status;
    this.body = body;
  }
}

// The cookie first: a page's first write logs its new guest in, which rotates the token
// (the meta tag still holds the one the page was rendered with).
function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  if (match) return decodeURIComponent(match[1]);
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRFToken"] = csrfToken();
  }
  const response = await fetch(path, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { detail: text.slice(0, 200) }; }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  daily: () => request("GET", "/api/daily/"),
  goals: () => request("GET", "/api/goals/"),
  challenge: (date) => request("GET", `/api/challenges/${encodeURIComponent(date)}/`),
  startGame: (date, goals) => request("POST", "/api/games/", goals ? { date, goals } : { date }),
  startWeekly: (weekly, goals) => request("POST", "/api/games/", goals ? { weekly, goals } : { weekly }),
  weekly: (week) => request("GET", `/api/weekly/${encodeURIComponent(week)}/`),
  game: (id) => request("GET", `/api/games/${id}/`),
  move: (id, move) => request("POST", `/api/games/${id}/moves/`, move),
  askHint: (id) => request("POST", `/api/games/${id}/hints/`, {}),
  hint: (id, hintId) => request("GET", `/api/games/${id}/hints/${hintId}/`),
  leaderboard: (date, { page = 1, excludeHints = false } = {}) =>
    request("GET", `/api/leaderboards/${encodeURIComponent(date)}/?page=${page}${excludeHints ? "&hints=exclude" : ""}`),
  me: () => request("GET", "/api/me/"),
  groups: () => request("GET", "/api/groups/"),
  createGroup: (name) => request("POST", "/api/groups/", { name }),
  joinGroup: (code) => request("POST", "/api/groups/join/", { invite_code: code }),
  rotateInvite: (id) => request("POST", `/api/groups/${id}/invite-code/`),
  removeMember: (id, username) => request("DELETE", `/api/groups/${id}/members/${encodeURIComponent(username)}/`),
  scenarios: () => request("GET", "/api/scenarios/"),
  startScenario: (number, goals) => request("POST", `/api/scenarios/${number}/games/`, goals ? { goals } : {}),
  versusList: () => request("GET", "/api/versus/"),
  startVersus: (opponents, level) => request("POST", "/api/versus/", { opponents, level }),
  versus: (id) => request("GET", `/api/versus/${id}/`),
  versusGoals: (id, goals) => request("POST", `/api/versus/${id}/goals/`, { goals }),
  versusMove: (id, move) => request("POST", `/api/versus/${id}/moves/`, move),
  versusResume: (id) => request("POST", `/api/versus/${id}/opponents/`, {}),
  askVersusHint: (id) => request("POST", `/api/versus/${id}/hints/`, {}),
  versusHint: (id, hintId) => request("GET", `/api/versus/${id}/hints/${hintId}/`),
  versusReplay: (id) => request("GET", `/api/versus/${id}/replay/`),
  askVersusAnalysis: (id) => request("POST", `/api/versus/${id}/analysis/`, {}),
  versusAnalysis: (id) => request("GET", `/api/versus/${id}/analysis/`),
  askAnalysis: (id) => request("POST", `/api/games/${id}/analysis/`, {}),
  analysis: (id) => request("GET", `/api/games/${id}/analysis/`),
  answerDrill: (answer) => request("POST", "/api/drill/answers/", answer),
  drillAnswer: (id) => request("GET", `/api/drill/answers/${id}/`),
  replay: (id) => request("GET", `/api/games/${id}/replay/`),
  gameCrowd: (id) => request("GET", `/api/games/${id}/crowd/`),
  practiceFrom: (id, turn) => request("POST", `/api/games/${id}/practice/`, { turn }),
  createDuel: (deal) => request("POST", "/api/duels/", deal),
  duel: (code) => request("GET", `/api/duels/${encodeURIComponent(code)}/`),
  acceptDuel: (code) => request("POST", `/api/duels/${encodeURIComponent(code)}/accept/`, {}),
  rematch: (code) => request("POST", `/api/duels/${encodeURIComponent(code)}/rematch/`, {}),
  solverGame: (date, kind) => request("GET", `/api/challenges/${encodeURIComponent(date)}/solver-games/${kind}/`),
};
