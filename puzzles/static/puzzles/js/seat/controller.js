// The seat's controller (lila's ctrl beside its view): one player's place at a game, the same
// in the solo game and in versus. It keeps the turn being chosen (turns.js: hand patch, empty
// space, market patch; undo; the last turn confirmed), the hint of this turn and the solver at
// work on one, and draws the tray with view.js. Each mode hands it an adapter:
//   game()             the game shown, or null before one
//   hand(game)         your hand; canMove(game): whether it is your move now
//   send(move)         the API's move; reload(): the game as the server has it
//   refresh()          read the game again after a hint (the hint counted)
//   render()           redraw the page (board and tray); shown(game, placedCell): the answer
//   message(text, isError)
//   prompt(step, patch) the mode's words for "waiting", "place" and "take"
//   conveyor           the market names its ends (the solo game's)
//   hintCalls          the hint's API calls (hint.js; the solo game's unless given)
//   hintWords          the words while the solver thinks (%(seconds)s)
//   hintExpected(hint, game) {score, text}; hintExtras(hint, game): nodes under the hint's line
//   reloadsOn(error)   a refused hint after which the game is read again and shown
//   holdsTake          the market patch is chosen, not taken: the mode sends the whole move
//                      itself (the drill's "Check my move"), and prompt() has a "ready" step
// A page without a hint panel, an undo or a confirmation (the drill) leaves them out.
import { $, bringIntoView, gettext, interpolate } from "../dom.js";
import { fetchHint } from "../hint.js";
import { describePatch } from "../svg.js";
import { Turn } from "../turns.js";
import { renderHand, renderHintPanel, renderMarket, renderPrompt } from "./view.js";

export class Seat {
  constructor(root, mode) {
    this.root = root;
    this.mode = mode;
    this.turn = new Turn({
      state: mode.game, send: mode.send, reload: mode.reload, render: mode.render, shown: mode.shown, message: mode.message,
    });
    this.hint = null; // the hint asked for this game
    this.running = null; // {seconds, note} while a worker thinks
    this.fromKeyboard = false; // the last market take was a key press (focus goes back to the board)
    this.take = null; // the market patch chosen, where the mode holds it (holdsTake)
    $('[data-action="confirm"]', root)?.addEventListener("click", () => this.turn.confirm());
    $('[data-action="undo"]', root)?.addEventListener("click", () => this.turn.undo());
    $('[data-action="hint"]', root)?.addEventListener("click", () => this.askHint());
  }

  // A new game: nothing chosen, no hint.
  reset() {
    this.turn.reset();
    this.hint = null;
    this.take = null;
  }

  // The move chosen is whole: a space, and a market patch unless it is the last turn.
  get ready() {
    return this.pending !== null && (this.turn.last || this.take !== null);
  }

  get selectedHand() { return this.turn.hand; }

  get pending() { return this.turn.cell; }

  get busy() { return this.turn.busy; }

  mine() {
    const game = this.mode.game();
    return Boolean(game) && this.mode.canMove(game);
  }

  // The hint of the turn you are on, while it is your move (a hint of a played turn is stale).
  currentHint() {
    const game = this.mode.game();
    const hint = this.hint;
    if (!hint || !this.mine()) return null;
    return hint.turn === game.turn && !hint.stale ? hint : null;
  }

  hintMove() {
    const hint = this.currentHint();
    return hint ? hint.move : null;
  }

  // What the board draws of the turn being chosen: the pending patch and the hint's space.
  boardMarks() {
    const game = this.mode.game();
    const move = this.hintMove();
    return {
      pending: this.pending && { cell: this.pending, patch: this.mode.hand(game)[this.selectedHand] },
      hintCell: move && move.cell,
    };
  }

  chooseHand(index) {
    if (!this.mode.game()) return;
    this.turn.chooseHand(index);
  }

  // Keyboard players go straight on: to the market (Enter takes the patch by the bag), or on
  // the last turn to its confirmation.
  chooseCell(cell) {
    if (!this.mine() || !this.turn.chooseCell(cell)) return;
    const next = this.turn.last ? $('[data-action="confirm"]', this.root) : $("[data-market-index]:not([disabled])", this.root);
    if (next) next.focus({ preventScroll: true });
  }

  chooseMarket(index) {
    if (this.mode.holdsTake) {
      this.take = index;
      return this.mode.render();
    }
    this.fromKeyboard = this.root.contains(document.activeElement) && document.activeElement.matches(":focus-visible");
    this.turn.chooseMarket(index);
  }

  // 1 and 2 choose the hand patch, Escape undoes the space, H asks for a hint (the board
  // handles arrows and Enter itself).
  shortcut(event) {
    if (!this.mine() || event.target.closest("input, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "1" || event.key === "2") this.chooseHand(Number(event.key) - 1);
    else if (event.key === "Escape" && this.pending) this.turn.undo();
    else if (event.key.toLowerCase() === "h") this.askHint();
  }

  // ---- the tray ----------------------------------------------------------------------
  renderTray() {
    const game = this.mode.game();
    const mine = this.mine();
    const move = this.hintMove();
    const hand = this.mode.hand(game);
    renderHand(this.root, hand, {
      selected: this.selectedHand, hinted: move ? move.hand_index : null, disabled: !mine || this.busy,
      onChoose: (index) => this.chooseHand(index),
    });
    const held = Boolean(this.mode.holdsTake);
    renderMarket(this.root, game.market, {
      hinted: move ? move.market_index : null, conveyor: this.mode.conveyor, pressed: held ? this.take : undefined,
      disabled: held ? !mine : !mine || this.turn.last || !this.pending || this.busy,
      onChoose: (index) => this.chooseMarket(index),
    });
    renderPrompt(this.root, this.promptWords(mine, hand));
    if ($("[data-hint-box]", this.root)) this.renderHint();
    // The last turn has no market step: its placement waits for a confirmation instead.
    const group = $("[data-market-group]", this.root);
    if (group) group.hidden = this.turn.last;
    const bar = $("[data-confirm-bar]", this.root);
    if (bar) bar.hidden = !(mine && this.turn.confirming);
  }

  promptWords(mine, hand) {
    if (this.busy) return gettext("Sewing…");
    if (!mine) return this.mode.prompt("waiting");
    if (this.turn.confirming && !this.mode.holdsTake) return gettext("The last patch: sew it here, or undo and choose again.");
    if (!this.pending) return this.mode.prompt("place", describePatch(hand[this.selectedHand]));
    if (this.mode.holdsTake && this.ready) return this.mode.prompt("ready");
    return this.mode.prompt("take");
  }

  // ---- hints -------------------------------------------------------------------------
  async askHint() {
    const game = this.mode.game();
    if (!this.mine() || this.running) return;
    const { id, turn } = game;
    this.running = { seconds: 0 };
    this.renderHint();
    try {
      const hint = await fetchHint(id, (seconds, note) => {
        this.running = { seconds, note };
        this.renderHint();
      }, this.mode.hintCalls);
      this.running = null;
      const now = this.mode.game();
      if (!now || now.id !== id || now.turn !== turn || hint.stale) return this.renderHint();
      this.hint = hint;
      await this.mode.refresh();
      this.turn.hand = hint.move.hand_index;
      this.turn.cell = null;
      this.mode.render();
      // The ringed space and the hint's words on one screen (the board shrinks to make room).
      bringIntoView($("[data-hint-cell]", this.root));
      bringIntoView($("[data-hint-text]", this.root));
    } catch (error) {
      this.running = null;
      if (this.mode.reloadsOn(error)) return this.mode.shown(await this.mode.reload(), null);
      this.mode.message(error.message, true);
      this.renderHint();
    }
  }

  renderHint() {
    const game = this.mode.game();
    const hint = this.currentHint();
    renderHintPanel(this.root, {
      used: game ? game.hints_used || 0 : 0,
      disabled: Boolean(this.running) || !this.mine() || this.busy,
      running: this.running,
      runningWords: this.mode.hintWords,
      hint,
      hand: hint ? this.mode.hand(game) : [],
      market: game ? game.market : [],
      expected: hint ? this.mode.hintExpected(hint, game) : null,
      extras: hint ? this.mode.hintExtras(hint, game) : [],
      onPlay: (move) => this.turn.play(move),
    });
  }
}

// The solver's expected final score from here in its plainest words (a mode may say more).
export function expectedWords(hint, words = gettext(" The solver expects about %(score)s points from here.")) {
  const known = hint.expected_score !== undefined && hint.expected_score !== null;
  const score = known ? Math.round(hint.expected_score) : null;
  return { score, text: known ? interpolate(words, { score }) : "" };
}
