// The versus page: you against one to three solver opponents. Every quilt is on screen (yours
// large, theirs small; tap one to enlarge it), the shared market, whose turn it is and the
// scores, all as the server sends them. After your move the opponents play on a worker; the
// page polls and highlights each placement as it arrives. One screen per turn, as the solo
// game (fit.js): your board sized to what the controls leave; a hint (hint.js, the table
// player's) rings its space with its words beside the board. A finished table replays.
import { announce } from "../../puzzles/js/announce.js";
import { api, ApiError } from "../../puzzles/js/api.js";
import { Board, cellWords } from "../../puzzles/js/board.js";
import { $, bringIntoView, el, fill, formatNumber, gettext, interpolate, ngettext } from "../../puzzles/js/dom.js";
import { keepFitted } from "../../puzzles/js/fit.js";
import { fetchHint } from "../../puzzles/js/hint.js";
import { handSlots, renderCats, renderScore, showMessage } from "../../puzzles/js/panel.js";
import { GoalPicker } from "../../puzzles/js/picker.js";
import { GaveUp, follow } from "../../puzzles/js/poll.js";
import { describePatch, patchIcon } from "../../puzzles/js/svg.js";
import { Turn } from "../../puzzles/js/turns.js";

const POLL_MS = 300;
const HINT_POLL_MS = 150; // a versus hint takes well under a second: poll it closely
const HINT_CALLS = { ask: api.askVersusHint, read: api.versusHint, every: HINT_POLL_MS };
const STORAGE_KEY = "calico-versus-game";
// Each level's name and the solver player who plays it, in the page's language (the view's:
// setting CALICO_VERSUS_TABLE_LEVELS decides which levels the table player plays).
const LEVELS = JSON.parse(document.getElementById("versus-levels")?.textContent || "{}");

const capFirst = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// "hard (the solver's table player)", as the table form names a level.
function levelWords(level) {
  const named = LEVELS[level];
  return named ? interpolate(gettext("%(level)s (%(player)s)"), { level: named.name, player: named.player }) : level;
}

class VersusController {
  constructor(root) {
    this.root = root;
    this.game = null;
    // The same turn as the solo game's (hand, space, market; undo; the last turn confirmed).
    this.turn = new Turn({
      state: () => this.game,
      send: (move) => api.versusMove(this.game.id, move),
      reload: () => api.versus(this.game.id),
      render: () => this.renderMine([]),
      shown: (game) => this.show(game),
      message: (text, isError) => this.message(text, isError),
    });
    $('[data-action="confirm"]', root).addEventListener("click", () => this.turn.confirm());
    $('[data-action="undo"]', root).addEventListener("click", () => this.turn.undo());
    this.hint = null; // the table player's hint for your current turn
    this.hintRunning = null; // {seconds, note} while a worker thinks
    this.replay = null; // a finished table's replay: {data, step}
    this.review = null; // the review of your moves, as the API answers it
    $('[data-action="hint"]', root).addEventListener("click", () => this.askHint());
    document.addEventListener("keydown", (event) => this.shortcut(event));
    this.expanded = null; // the opponent whose quilt is shown large
    this.opponentBoards = new Map();
    this.board = new Board($("[data-my-board]", root), {
      onActivate: (cell) => this.chooseCell(cell),
      onGoal: (cell) => this.picker && this.picker.drop(cell),
    });
    keepFitted(this.board, $(".controls", root));
    $("[data-new-table]", root).addEventListener("submit", (event) => {
      event.preventDefault();
      this.sitDown();
    });
  }

  get selectedHand() { return this.turn.hand; }

  get pending() { return this.turn.cell; }

  get busy() { return this.turn.busy; }

  async boot() {
    // A table chosen in the lobby's list (?table=<id>, any browser of your session or
    // account), else this tab's own.
    const url = new URL(window.location.href);
    const chosen = url.searchParams.get("table");
    if (chosen !== null) {
      url.searchParams.delete("table"); // a reload after "New table" shows the lobby
      history.replaceState(null, "", url);
    }
    const saved = chosen || sessionStorage.getItem(STORAGE_KEY);
    if (saved) {
      try {
        const game = await api.versus(saved);
        sessionStorage.setItem(STORAGE_KEY, game.id);
        return this.show(game);
      } catch (error) {
        if (!(error instanceof ApiError)) return this.message(error.message, true);
        sessionStorage.removeItem(STORAGE_KEY);
      }
    }
    this.showForm();
  }

  showForm() {
    this.game = null;
    this.root.dataset.phase = "new";
    $("[data-new-table]", this.root).hidden = false;
    for (const selector of ["[data-setup]", "[data-playing]", "[data-scores-card]", "[data-score-card]", "[data-my-board]"]) {
      $(selector, this.root).hidden = true;
    }
    $("[data-standings]", this.root).replaceChildren();
    $("[data-opponents]", this.root).replaceChildren();
    $("[data-cats]", this.root).replaceChildren(el("p", { class: "muted", text: gettext("Three cats are dealt when you sit down.") }));
    this.renderStats();
  }

  async sitDown() {
    const form = $("[data-new-table]", this.root);
    const button = $('[data-action="sit-down"]', form);
    button.disabled = true;
    try {
      const data = new FormData(form);
      const game = await api.startVersus(Number(data.get("opponents")), data.get("level"));
      sessionStorage.setItem(STORAGE_KEY, game.id);
      this.show(game);
      window.scrollTo({ top: 0, behavior: "instant" });
    } catch (error) {
      this.message(error.message, true);
    } finally {
      button.disabled = false;
    }
  }

  show(game) {
    const before = this.game && this.game.id === game.id ? this.game : null;
    if (!before) {
      this.turn.reset();
      this.hint = null; // a hint belongs to one table
      this.replay = null;
      this.review = null;
      this.opponentBoards.clear();
      $("[data-opponents]", this.root).replaceChildren();
    }
    this.game = game;
    this.root.dataset.phase = game.status;
    $("[data-new-table]", this.root).hidden = true;
    $("[data-my-board]", this.root).hidden = false;
    renderCats($("[data-cats]", this.root), game.cats, game.you.score || { cats: [] });
    this.renderStats();
    if (game.status === "choosing") return this.showChoosing();
    $("[data-setup]", this.root).hidden = true;
    $("[data-scores-card]", this.root).hidden = false;
    $("[data-score-card]", this.root).hidden = false;
    renderScore($("[data-score]", this.root), game.you.score);
    const fresh = before ? game.log.slice(before.log.length) : [];
    this.renderOpponents(fresh);
    this.renderScores();
    this.renderMine(fresh);
    this.renderStandings();
    if (before && before.status === "playing" && game.status === "finished") {
      bringIntoView($("[data-standings]", this.root), "start"); // the result where you look
    }
    if (game.opponent_error) return this.showStalled();
    if (game.status === "playing" && game.to_move !== "you") this.poll();
  }

  // The opponents' run failed or was refused: say so in words (the worker's error text stays
  // in the API's opponent_error and the logs), and let the player send it again; it carries
  // on from the last move saved.
  showStalled() {
    const retry = el("button", { type: "button", class: "btn", "data-action": "resume", text: gettext("Try again") });
    retry.addEventListener("click", () => this.resume());
    const box = $("[data-message]", this.root);
    box.hidden = false;
    box.className = "error-box";
    box.replaceChildren(el("span", { "data-opponents-stalled": "", text: `${gettext("Your opponents could not move. Try again in a moment: they carry on from their last move.")} ` }), retry);
  }

  async resume() {
    $("[data-message]", this.root).hidden = true;
    try {
      this.show(await api.versusResume(this.game.id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return this.show(await api.versus(this.game.id));
      this.message(error.message, true);
    }
  }

  showChoosing() {
    $("[data-setup]", this.root).hidden = false;
    $("[data-playing]", this.root).hidden = true;
    const start = $('[data-action="start"]', this.root);
    this.picker = new GoalPicker($("[data-picker]", this.root), this.game.you.goal_options,
      (placement, holding) => {
        this.board.render({
          game: { id: this.game.id, border: this.game.you.border, goals: placement, empty_cells: [],
            quilt: { placements: [] }, score: { goals: [], buttons: [], cats: [] } },
          picking: true, chosenGoal: holding,
        });
        start.disabled = !this.picker.complete;
      });
    this.picker.render();
    this.renderOpponents([]);
    start.onclick = async () => {
      start.disabled = true;
      try {
        this.show(await api.versusGoals(this.game.id, { ...this.picker.placement }));
        // The first turn starts at the top: board, hand, market and hint on one screen.
        window.scrollTo({ top: 0, behavior: "instant" });
      } catch (error) {
        start.disabled = false;
        this.message(error.message, true);
      }
    };
  }

  // The opponents play on a worker: follow the table until it is your move again, showing
  // each placement as it arrives. Opponents that stop moving (the poller's one give-up
  // rule) are sent again.
  async poll() {
    if (this.polling) return;
    this.polling = true;
    const id = this.game.id;
    try {
      const game = await follow({
        first: () => api.versus(id),
        next: () => api.versus(id),
        settled: (answer) => answer.status !== "playing" || answer.to_move === "you" || Boolean(answer.opponent_error),
        progress: (answer) => String(answer.log.length),
        onUpdate: (answer) => this.show(answer),
        every: POLL_MS,
      });
      this.polling = false;
      this.show(game);
    } catch (error) {
      this.polling = false;
      if (error instanceof GaveUp) return this.resume();
      this.message(interpolate(gettext("Lost the table: %(problem)s"), { problem: error.message }), true);
    }
  }

  renderStats() {
    const game = this.game;
    const mover = !game ? "–" : game.status === "finished" ? "nobody" : game.to_move || "–";
    const stats = [
      [gettext("Turn"), game ? (game.status === "finished" ? gettext("done") : `${game.turn}/${game.turns}`) : "–", "turn"],
      [gettext("To move"), mover === "you" ? gettext("You") : mover === "nobody" ? gettext("nobody") : mover, "to-move"],
      [gettext("Your score"), game && game.you.score ? String(game.you.score.total) : "–", "score"],
    ];
    $("[data-stats]", this.root).replaceChildren(...stats.map(([label, value, key]) =>
      el("div", { class: "stat", [`data-stat-${key}`]: key === "to-move" ? mover : value }, [
        el("b", { text: value }), el("span", { text: label }),
      ])));
    if (game) this.root.dataset.toMove = mover;
  }

  quiltView(seat, extra = {}) {
    return {
      id: this.game.id, border: seat.border, goals: seat.goals || {}, quilt: seat.quilt || { placements: [] },
      score: seat.score || { goals: [], buttons: [], cats: [] }, empty_cells: [], ...extra,
    };
  }

  renderMine(fresh) {
    const game = this.game;
    const mine = fresh.filter((entry) => entry.name === "you").map((entry) => entry.cell).pop();
    const playing = game.status === "playing";
    const myTurn = playing && game.to_move === "you";
    const hintMove = myTurn && this.currentHint() ? this.currentHint().move : null;
    this.board.render({
      game: this.quiltView(game.you, { empty_cells: myTurn ? game.you.empty_cells : [] }),
      pending: this.pending && { cell: this.pending, patch: game.you.hand[this.selectedHand] },
      hintCell: hintMove && hintMove.cell,
      justPlaced: mine || null,
    });
    $("[data-playing]", this.root).hidden = !playing;
    if (!playing) return;
    this.renderHand(myTurn, hintMove);
    this.renderMarket(myTurn, hintMove);
    this.renderPrompt(myTurn);
    this.renderHintBox();
    $("[data-market-group]", this.root).hidden = this.turn.last;
    $("[data-confirm-bar]", this.root).hidden = !(myTurn && this.turn.confirming);
  }

  renderHand(myTurn, hintMove) {
    const slots = handSlots(this.game.you.hand, {
      selected: this.selectedHand, hinted: hintMove ? hintMove.hand_index : null,
      onChoose: (index) => this.chooseHand(index),
    });
    for (const button of slots) button.disabled = !myTurn || this.busy;
    $("[data-hand]", this.root).replaceChildren(...slots);
  }

  renderMarket(myTurn, hintMove) {
    const lastTurn = this.game.turn === this.game.turns;
    const slots = this.game.market.map((patch, index) => {
      const hinted = hintMove && hintMove.market_index === index;
      const button = el("button", {
        type: "button", class: `slot${hinted ? " hinted" : ""}`, "data-market-index": String(index),
        "aria-label": interpolate(gettext("Market patch %(number)s: %(patch)s"), { number: index + 1, patch: describePatch(patch) }),
      }, [patchIcon(patch), el("span", { class: "slot-label", text: describePatch(patch) })]);
      button.disabled = !myTurn || lastTurn || !this.pending || this.busy;
      button.addEventListener("click", () => this.chooseMarket(index));
      return button;
    });
    $("[data-market]", this.root).replaceChildren(...slots);
  }

  renderPrompt(myTurn) {
    const game = this.game;
    let text;
    if (this.busy) text = gettext("Sewing…");
    else if (!myTurn) text = interpolate(gettext("%(name)s is sewing…"), { name: game.to_move });
    else if (this.turn.confirming) text = gettext("The last patch: sew it here, or undo and choose again.");
    else if (!this.pending) text = interpolate(gettext("Your turn: place your %(patch)s patch on an empty space."), { patch: describePatch(game.you.hand[this.selectedHand]) });
    else text = gettext("Now take a patch from the market (the slot you take is refilled from the bag).");
    $("[data-prompt]", this.root).textContent = text;
  }

  // Theirs small, in seat order; a tap enlarges one. A fresh placement pops and its card glows.
  renderOpponents(fresh) {
    const box = $("[data-opponents]", this.root);
    for (const seat of this.game.opponents) {
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
        this.opponentBoards.set(seat.name, board);
      }
      const placed = fresh.filter((entry) => entry.name === seat.name).pop();
      this.opponentBoards.get(seat.name).render({ game: this.quiltView(seat), justPlaced: placed ? placed.cell : null });
      card.querySelector("[data-opponent-score]").textContent = seat.score ? `${seat.score.total} pts` : "";
      card.querySelector("[data-opponent-score]").dataset.opponentScore = seat.score ? String(seat.score.total) : "";
      card.classList.toggle("to-move", this.game.to_move === seat.name);
      if (placed) {
        card.querySelector("[data-opponent-last]").textContent = interpolate(gettext("Turn %(turn)s: %(patch)s at %(cell)s"), { turn: placed.turn, patch: describePatch(placed.patch), cell: cellWords(placed.cell) });
        card.classList.remove("placing");
        void card.offsetWidth; // restart the glow
        card.classList.add("placing");
      }
    }
  }

  renderScores() {
    const rows = [this.game.you, ...this.game.opponents].map((seat) => {
      const mover = this.game.to_move === seat.name;
      return el("li", { "data-score-of": seat.name, class: mover ? "to-move" : null }, [
        el("span", { text: seat.name === "you" ? gettext("You") : seat.name, "data-to-move": mover ? gettext("to move") : null }),
        el("b", { text: String(seat.score.total) }),
      ]);
    });
    $("[data-scores]", this.root).replaceChildren(...rows);
  }

  renderStandings() {
    const box = $("[data-standings]", this.root);
    const result = this.game.result;
    if (!result.length) return box.replaceChildren();
    const mine = result.find((entry) => entry.name === "you");
    const shared = result.filter((entry) => entry.rank === mine.rank).length > 1;
    const headline = mine.rank === 1 ? (shared ? gettext("A shared win!") : gettext("You win!"))
      : interpolate(shared ? gettext("You finish %(rank)s (shared).") : gettext("You finish %(rank)s."), { rank: ordinal(mine.rank) });
    const again = el("button", { type: "button", class: "btn btn-primary", "data-action": "new-table", text: gettext("New table") });
    again.addEventListener("click", () => {
      sessionStorage.removeItem(STORAGE_KEY);
      // The lobby was listed when the page loaded: this table is no longer in progress.
      this.root.querySelector(`[data-versus-resume="${this.game.id}"]`)?.closest("li")?.remove();
      const list = this.root.querySelector(".resume-tables");
      if (list && !list.querySelector("li")) list.remove();
      this.showForm();
    });
    const replay = el("button", { type: "button", class: "btn", "data-action": "replay", text: gettext("Replay the table") });
    replay.addEventListener("click", () => this.openReplay());
    const review = el("button", { type: "button", class: "btn", "data-action": "review", text: gettext("Review your moves") });
    review.addEventListener("click", () => this.openReview());
    const used = this.game.hints_used || 0;
    box.replaceChildren(el("section", { class: "card standings", "aria-label": gettext("Final standings") }, [
      el("h2", { "data-headline": "", text: headline }),
      el("p", { class: "muted small", "data-opponents-level": this.game.level, text: interpolate(gettext("Your opponents: %(level)s."), { level: levelWords(this.game.level) }) }),
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
    if (this.replay) this.renderReplay();
    if (this.review) this.renderReview();
  }

  // ---- hints: the table player's move for your seat --------------------------------------
  // The hint of the turn you are on, while it is your move (a hint of a played turn is stale).
  currentHint() {
    const game = this.game;
    const hint = this.hint;
    if (!hint || !game || game.status !== "playing" || game.to_move !== "you") return null;
    return hint.turn === game.turn && !hint.stale ? hint : null;
  }

  async askHint() {
    const game = this.game;
    if (!game || this.hintRunning || game.status !== "playing" || game.to_move !== "you") return;
    const turn = game.turn;
    this.hintRunning = { seconds: 0 };
    this.renderHintBox();
    try {
      const hint = await fetchHint(game.id, (seconds, note) => {
        this.hintRunning = { seconds, note };
        this.renderHintBox();
      }, HINT_CALLS);
      this.hintRunning = null;
      if (this.game.id !== game.id || this.game.turn !== turn || hint.stale) return this.renderHintBox();
      this.hint = hint;
      this.game = await api.versus(game.id);
      this.turn.hand = hint.move.hand_index;
      this.turn.cell = null;
      this.renderMine([]);
      // The ringed space and the hint's words on one screen (the board shrinks to make room).
      bringIntoView($("[data-hint-cell]", this.root));
      bringIntoView($("[data-hint-text]", this.root));
    } catch (error) {
      this.hintRunning = null;
      if (error instanceof ApiError && error.status === 409) return this.show(await api.versus(game.id));
      this.message(error.message, true);
      this.renderHintBox();
    }
  }

  renderHintBox() {
    const box = $("[data-hint-box]", this.root);
    const button = $('[data-action="hint"]', this.root);
    const game = this.game;
    const used = game ? game.hints_used || 0 : 0;
    $("[data-hint-count]", this.root).textContent = interpolate(ngettext("%(count)s hint used", "%(count)s hints used", used), { count: used });
    const myTurn = Boolean(game) && game.status === "playing" && game.to_move === "you";
    button.disabled = Boolean(this.hintRunning) || !myTurn || this.busy;
    if (this.hintRunning) {
      box.replaceChildren(
        el("div", { class: "progress", role: "progressbar", "aria-label": gettext("The solver is thinking") }),
        el("p", { class: "muted", text: this.hintRunning.note || interpolate(gettext("The solver is reading the table… %(seconds)ss"), { seconds: this.hintRunning.seconds }) }),
      );
      return;
    }
    const hint = this.currentHint();
    if (!hint) return box.replaceChildren();
    const { move } = hint;
    const market = move.market_index === null || move.market_index === undefined
      ? "" : interpolate(gettext(", then take market patch %(number)s (%(patch)s)"),
        { number: move.market_index + 1, patch: describePatch(game.market[move.market_index]) });
    const play = el("button", { type: "button", class: "btn btn-primary", "data-action": "play-hint", text: gettext("Play this move") });
    play.addEventListener("click", () => this.turn.play(hint.move));
    const expected = hint.expected_score !== undefined && hint.expected_score !== null
      ? interpolate(game.turn < game.turns
        ? gettext(" The solver expects about %(score)s points from here, with the others taking from the market between your turns.")
        : gettext(" The solver expects about %(score)s points from here."), { score: Math.round(hint.expected_score) }) : "";
    fill(box, el("div", { class: "hint-text", "data-hint-text": "" }, [
      el("p", { "data-hint": "" }, [
        el("b", { text: interpolate(gettext("Hint: %(patch)s on the ringed space%(market)s."), { patch: describePatch(game.you.hand[move.hand_index]), market }) }),
        el("span", { class: "muted", text: expected }),
      ]),
      (hint.reasons || []).length ? el("ul", {}, hint.reasons.map((reason) => el("li", { text: reason }))) : null,
      play,
    ]));
  }

  // H asks for a hint, as in the solo game (the board handles arrows and Enter itself).
  shortcut(event) {
    if (!this.game || event.target.closest("input, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.toLowerCase() === "h") this.askHint();
  }

  // ---- the review of your moves: the solo game's analysis of each of your turns --------
  async openReview() {
    const id = this.game.id;
    this.review = { status: "pending", progress: { done: 0, total: this.game.turns } };
    this.renderReview();
    try {
      this.review = await follow({
        first: () => api.askVersusAnalysis(id),
        next: () => api.versusAnalysis(id),
        settled: (answer) => answer.status === "ready" || answer.status === "failed",
        progress: (answer) => String(answer.progress.done),
        onUpdate: (answer) => { this.review = answer; this.renderReview(); },
      });
    } catch (error) {
      this.review = null;
      const why = error instanceof GaveUp ? gettext("no solver answered; ask again in a moment") : error.message;
      return this.message(interpolate(gettext("The review stopped: %(problem)s"), { problem: why }), true);
    }
    this.renderReview();
    if (this.review.status === "ready") announce(interpolate(gettext("Your moves reviewed: accuracy %(accuracy)s"), { accuracy: Math.round(this.review.accuracy) }));
  }

  renderReview() {
    const box = $("[data-review]", this.root);
    const review = this.review;
    if (!box || !review) return;
    if (review.status === "failed") return fill(box, el("p", { class: "error-box", text: gettext("The solver could not finish the review; ask again.") }));
    if (review.status !== "ready") {
      const { done, total } = review.progress;
      return fill(box, el("p", { class: "muted", "data-review-progress": "", text: interpolate(gettext("Reviewing your moves… %(done)s of %(total)s turns"), { done, total }) }));
    }
    const marked = review.turns.filter((turn) => turn.mark);
    const players = this.game.opponents.length + 1;
    const items = marked.map((turn) => {
      const item = el("li", { "data-versus-review-turn": String(turn.turn), "data-mark": turn.mark }, [
        el("button", { type: "button", class: "link-button", text: interpolate(gettext("Turn %(turn)s %(mark)s"), { turn: turn.turn, mark: markWord(turn.mark) }) }),
        el("span", { text: `${interpolate(gettext(" lost %(points)s points."), { points: formatNumber(turn.loss) })} ${betterMove(turn.reasons)}` }),
      ]);
      // the replay shows the table just after your move of that turn
      item.querySelector("button").addEventListener("click", async () => {
        if (!this.replay) await this.openReplay();
        this.replay.step = (turn.turn - 1) * players + 1;
        this.renderReplay();
      });
      return item;
    });
    fill(box, el("div", { class: "review" }, [
      el("h3", { text: gettext("Your moves") }),
      el("p", { "data-review-accuracy": String(review.accuracy), text: interpolate(!marked.length
        ? gettext("Accuracy %(accuracy)s: you left about %(points)s points on the table against the solver's choices, no turn by much.")
        : marked.length === 1
          ? gettext("Accuracy %(accuracy)s: you left about %(points)s points on the table against the solver's choices, most on this turn:")
          : gettext("Accuracy %(accuracy)s: you left about %(points)s points on the table against the solver's choices, most on these turns:"),
      { accuracy: Math.round(review.accuracy), points: formatNumber(review.expected_loss) }) }),
      marked.length ? el("ul", {}, items) : null,
      el("p", { class: "muted small", text: interpolate((review.market === "conveyor"
        ? gettext("Judged as the solo game's review is, from what you could see each turn: %(marks)s.")
        : gettext("Judged on the table's likely futures, from what you could see each turn: %(marks)s.")), {
        marks: review.marks.map((m) => interpolate(gettext("%(mark)s a loss of %(points)s points or more"), { mark: markWord(m.mark), points: m.min_loss })).join(", "),
      }) }),
    ]));
  }

  // ---- the replay of a finished table: every seat's placements, step by step ------------
  async openReplay() {
    try {
      this.replay = { data: await api.versusReplay(this.game.id), step: 0 };
    } catch (error) {
      return this.message(error.message, true);
    }
    this.renderReplay();
    bringIntoView($("[data-replay]", this.root));
  }

  // Each seat's quilt after `step` placements: the first placements of its final quilt (they
  // are in order), with the score the server sent for its last move by then.
  replayShown(step) {
    const { seats, steps } = this.replay.data;
    return seats.map((seat) => {
      const mine = steps.slice(0, step).filter((entry) => entry.name === seat.name);
      const score = mine.length ? mine[mine.length - 1].score : { goals: [], buttons: [], cats: [], total: 0 };
      return { ...seat, quilt: { ...seat.quilt, placements: seat.quilt.placements.slice(0, mine.length) }, score };
    });
  }

  renderReplay() {
    const { data, step } = this.replay;
    const box = $("[data-replay]", this.root);
    const total = data.steps.length;
    const entry = step ? data.steps[step - 1] : null;
    const who = (name) => (name === "you" ? gettext("You") : name);
    const caption = entry
      ? interpolate(entry.hinted
        ? gettext("Move %(step)s of %(total)s · turn %(turn)s · %(who)s: %(patch)s at %(cell)s (after a hint)")
        : gettext("Move %(step)s of %(total)s · turn %(turn)s · %(who)s: %(patch)s at %(cell)s"),
      { step, total, turn: entry.turn, who: who(entry.name), patch: describePatch(entry.patch), cell: cellWords(entry.cell) })
      : interpolate(gettext("The table before the first move (%(total)s moves in all)"), { total });
    const go = (to) => {
      this.replay.step = Math.max(0, Math.min(total, to));
      this.renderReplay();
    };
    const button = (action, text, to, label) => {
      const node = el("button", { type: "button", class: "btn", "data-action": action, "aria-label": label, text });
      node.disabled = to < 0 || to > total;
      node.addEventListener("click", () => go(to));
      return node;
    };
    const slider = el("input", { type: "range", min: "0", max: String(total), value: String(step), "data-replay-step": "", "aria-label": gettext("Move") });
    slider.addEventListener("input", () => go(Number(slider.value)));
    fill(box, el("div", { class: "replay" }, [
      el("h3", { text: gettext("Replay") }),
      el("div", { class: "replay-controls" }, [
        button("replay-prev", "◀", step - 1, gettext("Previous move")), slider, button("replay-next", "▶", step + 1, gettext("Next move")),
      ]),
      el("p", { class: "muted small", "data-replay-caption": "", text: caption }),
    ]));
    const shown = this.replayShown(step);
    const mover = entry && entry.name;
    this.board.render({ game: this.quiltView(shown[0]), justPlaced: mover === "you" ? entry.cell : null });
    for (const seat of shown.slice(1)) {
      const board = this.opponentBoards.get(seat.name);
      if (board) board.render({ game: this.quiltView(seat), justPlaced: mover === seat.name ? entry.cell : null });
    }
  }

  chooseHand(index) {
    if (!this.game) return;
    this.turn.chooseHand(index);
  }

  chooseCell(cell) {
    const game = this.game;
    if (!game || game.status !== "playing" || game.to_move !== "you") return;
    if (this.turn.chooseCell(cell) && this.turn.last) $('[data-action="confirm"]', this.root).focus({ preventScroll: true });
  }

  chooseMarket(index) {
    this.turn.chooseMarket(index);
  }

  message(text, isError = false) {
    showMessage($("[data-message]", this.root), text, isError);
  }
}

// The analysis says "the better move: ..." (in the page's language) before each of its
// reasons: once is enough here.
function betterMove(reasons) {
  const prefix = interpolate(gettext("the better move: %(reason)s"), { reason: "" });
  const said = reasons.map((reason) => (reason.startsWith(prefix) ? reason.slice(prefix.length) : reason));
  return said.length ? interpolate(gettext("The better move: %(reasons)s."), { reasons: said.join("; ") }) : "";
}

// A review mark (the API's word) in the page's language.
function markWord(mark) {
  return { inaccuracy: gettext("inaccuracy"), mistake: gettext("mistake"), blunder: gettext("blunder") }[mark] || mark;
}

function ordinal(n) {
  return { 1: gettext("1st"), 2: gettext("2nd"), 3: gettext("3rd") }[n] || interpolate(gettext("%(rank)sth"), { rank: n });
}

const root = document.querySelector("[data-versus-root]");
if (root) new VersusController(root).boot();
