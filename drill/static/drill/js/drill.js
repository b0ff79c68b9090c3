// The drill: one position of yours (a turn your review marked ? or ??), drawn as it was; choose
// a hand patch, a space and a market patch at the seat every mode shares (seat/: here the
// market patch is held, not taken), and a worker judges the move against the best on the same
// futures (drill/services.py). Within a point of the best, the position is solved.
import { api } from "../../puzzles/js/api.js";
import { Board } from "../../puzzles/js/board.js";
import { keepFitted } from "../../puzzles/js/fit.js";
import { el, formatNumber, gettext, interpolate } from "../../puzzles/js/dom.js";
import { GaveUp, follow } from "../../puzzles/js/poll.js";
import { Seat } from "../../puzzles/js/seat/controller.js";

const $ = (selector) => document.querySelector(selector);
const root = $("[data-drill-root]");
const position = JSON.parse($("#drill-position").textContent);
let verdict = null; // the judged answer, once there is one

const PROMPTS = {
  waiting: () => "", // judged: the verdict speaks
  place: () => gettext("Find a better move: tap a space for the hand patch."),
  take: () => gettext("Now tap the market patch to take."),
  ready: () => gettext("Check your move when you are ready."),
};

const seat = new Seat(root, {
  game: () => position,
  hand: (game) => game.hand,
  canMove: () => !verdict,
  render: () => render(),
  prompt: (step) => PROMPTS[step](),
  holdsTake: true,
});

const board = new Board($("[data-board]"), { onActivate: (cell) => seat.chooseCell(cell) });

function render() {
  const best = verdict && !verdict.solved ? verdict.best : null;
  board.render({
    game: position,
    ...seat.boardMarks(),
    best: best ? { cell: best.cell, patch: position.hand[best.hand_index] } : null,
  });
  seat.renderTray();
  $('[data-action="check"]').disabled = !seat.ready || Boolean(verdict);
}

function showVerdict(answer) {
  verdict = answer;
  const box = $("[data-drill-verdict]");
  const values = { played: formatNumber(answer.played_value), best: formatNumber(answer.best_value) };
  const words = answer.solved
    ? gettext("Solved: this position leaves your drill.")
    : gettext("Not yet: the better move is ringed on the board. The position stays in your drill.");
  box.replaceChildren(
    el("p", { "data-drill-solved": String(answer.solved), text: words }),
    el("p", { class: "muted", text: interpolate(gettext("Your move: about %(played)s points by the end. The best: about %(best)s."), values) }),
  );
  box.hidden = false;
  $('[data-action="check"]').hidden = true;
  const next = $('[data-action="next-position"]');
  if (!answer.solved) next.textContent = gettext("Try again"); // the same position comes back
  next.hidden = false;
  render();
}

$('[data-action="check"]').addEventListener("click", async () => {
  const button = $('[data-action="check"]');
  button.disabled = true;
  const move = { game: position.game, turn: position.turn, hand_index: seat.selectedHand, cell: seat.pending, market_index: seat.take };
  $("[data-prompt]").textContent = gettext("The solver is judging your move…");
  try {
    const answer = await follow({
      first: () => api.answerDrill(move),
      next: (last) => api.drillAnswer(last.id),
      settled: (last) => last.status !== "pending",
    });
    if (answer.status === "ready") showVerdict(answer);
    // The worker's error text stays in the API's `error` and the logs; the page says it in words.
    else throw new Error(gettext("The judgement failed; check again."));
  } catch (error) {
    $("[data-prompt]").textContent = error instanceof GaveUp
      ? gettext("No answer from the solver yet; check again in a moment.") : error.message;
    button.disabled = false;
  }
});

render();
keepFitted(board, $("[data-drill-controls]")); // one screen: the board takes what the tray leaves
