// The versus page: you against one to three solver opponents. Every quilt is on screen (yours
// large, theirs small; tap one to enlarge it: table.js), the shared market, whose turn it is
// and the scores, all as the server sends them. Your seat is the solo game's (seat/: hand,
// market, prompt, and a hint, the table player's, ringed with its words beside the board).
// After your move the opponents play on a worker; the page polls and highlights each
// placement as it arrives. One screen per turn (fit.js). A finished table replays
// (replay.js) and reviews your moves (review.js).
import { api, ApiError } from "../../puzzles/js/api.js";
import { Board } from "../../puzzles/js/board.js";
import { $, bringIntoView, el, gettext, interpolate } from "../../puzzles/js/dom.js";
import { keepFitted } from "../../puzzles/js/fit.js";
import { renderCats, renderScore, showMessage } from "../../puzzles/js/panel.js";
import { GoalPicker } from "../../puzzles/js/picker.js";
import { GaveUp, follow } from "../../puzzles/js/poll.js";
import { Seat, expectedWords } from "../../puzzles/js/seat/controller.js";
import { Replay } from "./replay.js";
import { MovesReview } from "./review.js";
import { Table, quiltView, renderStandings } from "./table.js";

const POLL_MS = 300;
const HINT_POLL_MS = 150; // a versus hint takes well under a second: poll it closely
const HINT_CALLS = { ask: api.askVersusHint, read: api.versusHint, every: HINT_POLL_MS };
const STORAGE_KEY = "calico-versus-game";

class VersusController {
  constructor(root) {
    this.root = root;
    this.game = null;
    // The solo game's seat (hand, space, market; undo; the last turn confirmed; hints).
    this.seat = new Seat(root, {
      game: () => this.game,
      hand: (game) => game.you.hand,
      canMove: (game) => game.status === "playing" && game.to_move === "you",
      send: (move) => api.versusMove(this.game.id, move),
      reload: () => api.versus(this.game.id),
      refresh: async () => {
        this.game = await api.versus(this.game.id);
      },
      render: () => this.renderMine([]),
      shown: (game) => this.show(game),
      message: (text, isError) => this.message(text, isError),
      prompt: (step, patch) => ({
        waiting: () => interpolate(gettext("%(name)s is sewing…"), { name: this.game.to_move }),
        place: () => interpolate(gettext("Your turn: place your %(patch)s patch on an empty space."), { patch }),
        take: () => gettext("Now take a patch from the market (the slot you take is refilled from the bag)."),
      })[step](),
      conveyor: false,
      hintCalls: HINT_CALLS,
      hintWords: gettext("The solver is reading the table… %(seconds)ss"),
      hintExpected: (hint, game) => expectedWords(hint, game.turn < game.turns
        ? gettext(" The solver expects about %(score)s points from here, with the others taking from the market between your turns.")
        : gettext(" The solver expects about %(score)s points from here.")),
      hintExtras: () => [],
      reloadsOn: (error) => error instanceof ApiError && error.status === 409,
    });
    document.addEventListener("keydown", (event) => this.seat.shortcut(event));
    this.table = new Table(root);
    this.board = new Board($("[data-my-board]", root), {
      onActivate: (cell) => this.seat.chooseCell(cell),
      onGoal: (cell) => this.picker && this.picker.drop(cell),
    });
    const message = (text, isError) => this.message(text, isError);
    this.replay = new Replay(root, { game: () => this.game, board: this.board, boards: this.table.boards, message });
    this.review = new MovesReview(root, { game: () => this.game, onTurn: (turn) => this.replay.showTurn(turn), message });
    keepFitted(this.board, $(".controls", root));
    $("[data-new-table]", root).addEventListener("submit", (event) => {
      event.preventDefault();
      this.sitDown();
    });
  }

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
      this.seat.reset(); // a hint belongs to one table
      this.replay.reset();
      this.review.reset();
      this.table.clear();
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
    this.table.renderOpponents(game, fresh);
    this.table.renderScores(game);
    this.renderMine(fresh);
    renderStandings(this.root, game, {
      newTable: () => {
        sessionStorage.removeItem(STORAGE_KEY);
        this.showForm();
      },
      replay: () => this.replay.open(),
      review: () => this.review.open(),
    });
    this.replay.render();
    this.review.render();
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
    this.table.renderOpponents(this.game, []);
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

  renderMine(fresh) {
    const game = this.game;
    const mine = fresh.filter((entry) => entry.name === "you").map((entry) => entry.cell).pop();
    const playing = game.status === "playing";
    const myTurn = this.seat.mine();
    this.board.render({
      game: quiltView(game, game.you, { empty_cells: myTurn ? game.you.empty_cells : [] }),
      ...this.seat.boardMarks(),
      justPlaced: mine || null,
    });
    $("[data-playing]", this.root).hidden = !playing;
    if (playing) this.seat.renderTray();
  }

  message(text, isError = false) {
    showMessage($("[data-message]", this.root), text, isError);
  }
}

const root = document.querySelector("[data-versus-root]");
if (root) new VersusController(root).boot();
