// The replay of a finished table: every seat's placements, step by step (buttons, a slider),
// drawn on the boards of the page (yours and the opponents').
import { api } from "../../puzzles/js/api.js";
import { cellWords } from "../../puzzles/js/board.js";
import { $, bringIntoView, el, fill, gettext, interpolate } from "../../puzzles/js/dom.js";
import { describePatch } from "../../puzzles/js/svg.js";
import { quiltView } from "./table.js";

export class Replay {
  // game(): the table shown; board: yours; boards: the opponents' by name; message(text, isError).
  constructor(root, { game, board, boards, message }) {
    Object.assign(this, { root, game, board, boards, message });
    this.reset();
  }

  reset() {
    this.data = null; // the API's replay, once asked for
    this.step = 0;
  }

  async open() {
    try {
      this.data = await api.versusReplay(this.game().id);
    } catch (error) {
      return this.message(error.message, true);
    }
    this.render();
    bringIntoView($("[data-replay]", this.root));
  }

  // The table just after your move of `turn` (each turn is every seat's move, yours first).
  async showTurn(turn) {
    if (!this.data) await this.open();
    if (!this.data) return;
    this.step = (turn - 1) * (this.game().opponents.length + 1) + 1;
    this.render();
  }

  // Each seat's quilt after `step` placements: the first placements of its final quilt (they
  // are in order), with the score the server sent for its last move by then.
  shown(step) {
    const { seats, steps } = this.data;
    return seats.map((seat) => {
      const mine = steps.slice(0, step).filter((entry) => entry.name === seat.name);
      const score = mine.length ? mine[mine.length - 1].score : { goals: [], buttons: [], cats: [], total: 0 };
      return { ...seat, quilt: { ...seat.quilt, placements: seat.quilt.placements.slice(0, mine.length) }, score };
    });
  }

  render() {
    if (!this.data) return;
    const { data, step } = this;
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
      this.step = Math.max(0, Math.min(total, to));
      this.render();
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
    const shown = this.shown(step);
    const mover = entry && entry.name;
    const game = this.game();
    this.board.render({ game: quiltView(game, shown[0]), justPlaced: mover === "you" ? entry.cell : null });
    for (const seat of shown.slice(1)) {
      const board = this.boards.get(seat.name);
      if (board) board.render({ game: quiltView(game, seat), justPlaced: mover === seat.name ? entry.cell : null });
    }
  }
}
