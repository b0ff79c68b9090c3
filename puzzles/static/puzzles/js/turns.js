// One turn of the solo game and of versus: hand patch -> empty space -> market patch. Every
// step before the market take can be undone (tap the space again, Esc, Undo); the last turn
// has no market step, so its placement waits for a confirmation. A stale turn (409) reloads
// the game as the server has it. The server applies the move; nothing here scores.
import { ApiError } from "./api.js";
import { gettext } from "./dom.js";

export class Turn {
  // state(): {turn, turns} of the game shown; send(move): the API call, resolving with the
  // next game; reload(): the game as the server has it; render(): redraw the page;
  // shown(game, placedCell): show the server's answer; message(text, isError).
  constructor({ state, send, reload, render, shown, message }) {
    Object.assign(this, { state, send, reload, render, shown, message });
    this.busy = false;
    this.reset();
  }

  reset() {
    this.hand = 0; // the hand patch chosen
    this.cell = null; // the empty space chosen for it, not yet sent
  }

  get last() {
    const game = this.state();
    return Boolean(game) && game.turn === game.turns;
  }

  // The last turn's placement is chosen and waits for "confirm" (or undo).
  get confirming() {
    return this.last && this.cell !== null && !this.busy;
  }

  chooseHand(index) {
    if (this.busy) return;
    this.hand = index;
    this.render();
  }

  // A tap on an empty space: choose it, or undo it when tapped again. Answers whether a
  // space is chosen now.
  chooseCell(cell) {
    if (this.busy) return false;
    this.cell = this.cell === cell ? null : cell;
    this.render();
    return this.cell !== null;
  }

  undo() {
    if (this.busy || this.cell === null) return;
    this.cell = null;
    this.render();
  }

  chooseMarket(index) {
    if (this.busy || this.cell === null || this.last) return null;
    return this.submit(index);
  }

  confirm() {
    if (this.busy || this.cell === null || !this.last) return null;
    return this.submit(null);
  }

  // A hint's move: sent at once with its market take; on the last turn it waits for confirm.
  play(move) {
    if (this.busy) return null;
    this.hand = move.hand_index;
    this.cell = move.cell;
    if (this.last) return this.render();
    return this.submit(move.market_index);
  }

  async submit(marketIndex) {
    const game = this.state();
    const cell = this.cell;
    this.busy = true;
    this.render();
    let answer;
    try {
      answer = await this.send({ turn: game.turn, hand_index: this.hand, cell, market_index: marketIndex });
    } catch (error) {
      this.busy = false;
      this.cell = null;
      if (error instanceof ApiError && error.status === 409) {
        // A closed day explains itself on the page (the game comes back expired).
        if (!(error.body && error.body.error === "day_closed")) {
          this.message(gettext("That turn was already played; here is the quilt as it stands."));
        }
        return this.shown(await this.reload(), null);
      }
      this.message(error.message, true);
      return this.render();
    }
    this.busy = false;
    this.reset();
    return this.shown(answer, cell);
  }
}
