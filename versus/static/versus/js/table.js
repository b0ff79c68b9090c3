// The versus table around your seat: the opponents' quilts (theirs small, in seat order; a tap
// enlarges one; a fresh placement pops and its card glows), the scores, and the final
// standings, all as the server sends them.
import { Board, cellWords } from "../../puzzles/js/board.js";
import { $, el, gettext, interpolate, ngettext } from "../../puzzles/js/dom.js";
import { describePatch } from "../../puzzles/js/svg.js";

// Each level's name and the solver player who plays it, in the page's language (the view's:
// setting CALICO_VERSUS_TABLE_LEVELS decides which levels the table player plays).
const LEVELS = JSON.parse(document.getElementById("versus-levels")?.textContent || "{}");

const capFirst = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// "hard (plans the whole game and watches yours)", as the table form names a level.
function levelWords(level) {
  const named = LEVELS[level];
  return named ? interpolate(gettext("%(level)s (%(player)s)"), { level: named.name, player: named.player }) : level;
}

function ordinal(n) {
  return { 1: gettext("1st"), 2: gettext("2nd"), 3: gettext("3rd") }[n] || interpolate(gettext("%(rank)sth"), { rank: n });
}

// A quilt as the board draws it: a seat's (yours, an opponent's, or one in the replay).
export function quiltView(game, seat, extra = {}) {
  return {
    id: game.id, border: seat.border, goals: seat.goals || {}, quilt: seat.quilt || { placements: [] },
    score: seat.score || { goals: [], buttons: [], cats: [] }, empty_cells: [], ...extra,
  };
}

export class Table {
  constructor(root) {
    this.root = root;
    this.expanded = null; // the opponent whose quilt is shown large
    this.boards = new Map(); // each opponent's board, by name
  }

  clear() {
    this.boards.clear();
    $("[data-opponents]", this.root).replaceChildren();
  }

  renderOpponents(game, fresh) {
    const box = $("[data-opponents]", this.root);
    for (const seat of game.opponents) {
      let card = box.querySelector(`[data-opponent="${seat.name}"]`);
      if (!card) {
        card = el("article", { class: "card opponent", "data-opponent": seat.name, tabindex: "0", role: "button" }, [
          el("header", {}, [el("h3", { text: seat.name }), el("span", { class: "pill", text: (LEVELS[seat.level] || { name: seat.level }).name }),
            el("b", { class: "opp-score", "data-opponent-score": "" })]),
          el("p", { class: "opp-player muted", "data-opponent-player": seat.level, text: capFirst((LEVELS[seat.level] || { player: "" }).player) }),
          el("div", { class: "opp-board" }),
          el("p", { class: "opp-last muted", "data-opponent-last": "" }),
        ]);
        const toggle = () => {
          this.expanded = this.expanded === seat.name ? null : seat.name;
          for (const other of box.children) other.classList.toggle("expanded", other.dataset.opponent === this.expanded);
          for (const other of box.children) other.setAttribute("aria-pressed", String(other.dataset.opponent === this.expanded));
        };
        card.addEventListener("click", toggle);
        card.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
        });
        card.setAttribute("aria-pressed", "false");
        box.append(card);
        const board = new Board(card.querySelector(".opp-board"), { onActivate: () => {} });
        board.svg.setAttribute("aria-label", interpolate(gettext("%(name)s's quilt"), { name: seat.name }));
        board.svg.removeAttribute("tabindex");
        this.boards.set(seat.name, board);
      }
      const placed = fresh.filter((entry) => entry.name === seat.name).pop();
      this.boards.get(seat.name).render({ game: quiltView(game, seat), justPlaced: placed ? placed.cell : null });
      card.querySelector("[data-opponent-score]").textContent = seat.score ? `${seat.score.total} pts` : "";
      card.querySelector("[data-opponent-score]").dataset.opponentScore = seat.score ? String(seat.score.total) : "";
      card.classList.toggle("to-move", game.to_move === seat.name);
      if (placed) {
        card.querySelector("[data-opponent-last]").textContent = interpolate(gettext("Turn %(turn)s: %(patch)s at %(cell)s"), { turn: placed.turn, patch: describePatch(placed.patch), cell: cellWords(placed.cell) });
        card.classList.remove("placing");
        void card.offsetWidth; // restart the glow
        card.classList.add("placing");
      }
    }
  }

  renderScores(game) {
    const rows = [game.you, ...game.opponents].map((seat) => {
      const mover = game.to_move === seat.name;
      return el("li", { "data-score-of": seat.name, class: mover ? "to-move" : null }, [
        el("span", { text: seat.name === "you" ? gettext("You") : seat.name, "data-to-move": mover ? gettext("to move") : null }),
        el("b", { text: String(seat.score.total) }),
      ]);
    });
    $("[data-scores]", this.root).replaceChildren(...rows);
  }
}

// The final standings; `actions`: the buttons under them (new table, replay, review).
export function renderStandings(root, game, actions) {
  const box = $("[data-standings]", root);
  const result = game.result;
  if (!result.length) return box.replaceChildren();
  const mine = result.find((entry) => entry.name === "you");
  const shared = result.filter((entry) => entry.rank === mine.rank).length > 1;
  const headline = mine.rank === 1 ? (shared ? gettext("A shared win!") : gettext("You win!"))
    : interpolate(shared ? gettext("You finish %(rank)s (shared).") : gettext("You finish %(rank)s."), { rank: ordinal(mine.rank) });
  const again = el("button", { type: "button", class: "btn btn-primary", "data-action": "new-table", text: gettext("New table") });
  again.addEventListener("click", () => {
    // The lobby was listed when the page loaded: this table is no longer in progress.
    root.querySelector(`[data-versus-resume="${game.id}"]`)?.closest("li")?.remove();
    const list = root.querySelector(".resume-tables");
    if (list && !list.querySelector("li")) list.remove();
    actions.newTable();
  });
  const replay = el("button", { type: "button", class: "btn", "data-action": "replay", text: gettext("Replay the table") });
  replay.addEventListener("click", () => actions.replay());
  const review = el("button", { type: "button", class: "btn", "data-action": "review", text: gettext("Review your moves") });
  review.addEventListener("click", () => actions.review());
  const used = game.hints_used || 0;
  box.replaceChildren(el("section", { class: "card standings", "aria-label": gettext("Final standings") }, [
    el("h2", { "data-headline": "", text: headline }),
    el("p", { class: "muted small", "data-opponents-level": game.level, text: interpolate(gettext("Your opponents: %(level)s."), { level: levelWords(game.level) }) }),
    el("table", { class: "table" }, [
      el("thead", {}, [el("tr", {}, [gettext("Rank"), gettext("Player"), gettext("Score"), gettext("Cat tokens"), gettext("Button tokens")].map((h, i) =>
        el("th", { class: i > 1 ? "num" : null, text: h })))]),
      el("tbody", {}, result.map((entry) => el("tr", {
        "data-rank": String(entry.rank), "data-name": entry.name, class: entry.name === "you" ? "me" : null,
      }, [
        el("td", { text: ordinal(entry.rank) }),
        el("td", { text: entry.name === "you" ? gettext("You") : entry.name }),
        el("td", { class: "num", text: String(entry.score) }),
        el("td", { class: "num", text: String(entry.cats) }),
        el("td", { class: "num", text: String(entry.buttons) }),
      ]))),
    ]),
    el("p", { "data-hints-used": String(used), text: used ? interpolate(ngettext("You asked for %(count)s hint.", "You asked for %(count)s hints.", used), { count: used }) : gettext("You played without hints.") }),
    el("p", { class: "muted small", text: gettext("Most points wins; a tie goes to most cat tokens, then most button tokens (rainbow included); a further tie is shared.") }),
    el("div", { class: "end-actions" }, [again, replay, review]),
    el("div", { "data-replay": "" }),
    el("div", { "data-review": "" }),
  ]));
}
