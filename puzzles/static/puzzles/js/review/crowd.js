// The review's crowd (a closed day's other players: where most sewed at your key moments, your
// goals and first move beside theirs) and "Try again from here".
import { api, ApiError } from "../api.js";
import { cellWords } from "../board.js";
import { el, formatNumber, gettext, interpolate } from "../dom.js";

// The closed day's crowd at one of your key moments: where most players sewed that turn.
export function crowdAt(state, turn) {
  const a = state.analysis;
  const key = a && a.status === "ready" && (a.key_moments || []).some((m) => m.turn === turn);
  const most = key && state.crowd ? state.crowd.turn_cells.find((t) => t.turn === turn) : null;
  if (!most) return null;
  return el("p", { class: "muted", "data-crowd-turn": String(turn), text: interpolate(
    gettext("The crowd this turn: %(count)s of %(players)s players sewed on %(cell)s."),
    { count: most.players, players: state.crowd.players, cell: cellWords(most.cell) }) });
}

// Your goals and your first move beside the closed day's crowd (GET /api/games/{id}/crowd/).
export function renderCrowd(box, crowd) {
  box.hidden = !crowd;
  if (!crowd) return;
  const fared = (same) => (same.best === undefined
    ? interpolate(gettext("mean %(mean)s"), { mean: formatNumber(same.mean) })
    : interpolate(gettext("mean %(mean)s, best %(best)s"), { mean: formatNumber(same.mean), best: same.best }));
  const line = (attr, same, words) => el("li", { [attr]: String(same ? same.players : 0) },
    same ? interpolate(words, { count: same.players, players: crowd.players, fared: fared(same) }) : "");
  box.replaceChildren(
    el("h2", { text: gettext("You and the crowd") }),
    el("ul", {}, [
      line("data-crowd-goals", crowd.goals, gettext("Your goals: %(count)s of %(players)s players chose the same (%(fared)s).")),
      line("data-crowd-first-move", crowd.first_move, gettext("Your first move: %(count)s of %(players)s players made it (%(fared)s).")),
    ]),
    el("a", { href: `/day/${crowd.date}/`, "data-day-story": "", text: gettext("How everyone played this day") }),
  );
}

// "Try again from here": a practice game from the position before this turn, opened on the
// game page (which resumes the game its tab last stored for that day or scenario).
export function practiceButton(gameId, turn) {
  const box = el("div", { class: "practice-from" });
  const button = el("button", { type: "button", class: "btn btn-primary", "data-action": "practice-from", text: gettext("Try again from here") });
  const said = el("p", { class: "muted", "data-practice-message": "", hidden: "" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const game = await api.practiceFrom(gameId, turn);
      if (game.scenario) {
        sessionStorage.setItem(`calico-scenario-${game.scenario.number}`, game.id);
        location.href = `/scenarios/${game.scenario.number}/`;
      } else {
        sessionStorage.setItem(`calico-game-${game.date}`, game.id);
        location.href = `/play/${game.date}/`;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      said.hidden = false;
      said.textContent = error.body && error.body.error === "deal_not_public"
        ? gettext("Not yet: this is a ranked game of a day still open, so its deal is not public. Try again from here once the day closes at 00:00 UTC.")
        : interpolate(gettext("A practice game could not start: %(problem)s"), { problem: error.message });
      button.disabled = false;
    }
  });
  box.append(button, said);
  return box;
}
