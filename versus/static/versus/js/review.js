// The review of your moves at a finished table: the solo game's analysis of each of your turns
// (the marks and reasons of puzzles/js/review/marks.js), its marked turns a tap away from the
// replay of that turn.
import { announce } from "../../puzzles/js/announce.js";
import { api } from "../../puzzles/js/api.js";
import { $, el, fill, formatNumber, gettext, interpolate } from "../../puzzles/js/dom.js";
import { GaveUp, follow } from "../../puzzles/js/poll.js";
import { betterReasons } from "../../puzzles/js/review/marks.js";

function betterMove(turn) {
  const said = betterReasons(turn);
  return said.length ? interpolate(gettext("The better move: %(reasons)s."), { reasons: said.join("; ") }) : "";
}

export class MovesReview {
  // game(): the table shown; onTurn(turn): show that turn in the replay; message(text, isError).
  constructor(root, { game, onTurn, message }) {
    Object.assign(this, { root, game, onTurn, message });
    this.reset();
  }

  reset() {
    this.answer = null; // the review as the API answers it
  }

  async open() {
    const { id, turns } = this.game();
    this.answer = { status: "pending", progress: { done: 0, total: turns } };
    this.render();
    try {
      this.answer = await follow({
        first: () => api.askVersusAnalysis(id),
        next: () => api.versusAnalysis(id),
        settled: (answer) => answer.status === "ready" || answer.status === "failed",
        progress: (answer) => String(answer.progress.done),
        onUpdate: (answer) => { this.answer = answer; this.render(); },
      });
    } catch (error) {
      this.answer = null;
      const why = error instanceof GaveUp ? gettext("no solver answered; ask again in a moment") : error.message;
      return this.message(interpolate(gettext("The review stopped: %(problem)s"), { problem: why }), true);
    }
    this.render();
    if (this.answer.status === "ready") announce(interpolate(gettext("Your moves reviewed: accuracy %(accuracy)s"), { accuracy: Math.round(this.answer.accuracy) }));
  }

  render() {
    const box = $("[data-review]", this.root);
    const review = this.answer;
    if (!box || !review) return;
    if (review.status === "failed") return fill(box, el("p", { class: "error-box", text: gettext("The solver could not finish the review; ask again.") }));
    if (review.status !== "ready") {
      const { done, total } = review.progress;
      return fill(box, el("p", { class: "muted", "data-review-progress": "", text: interpolate(gettext("Reviewing your moves… %(done)s of %(total)s turns"), { done, total }) }));
    }
    const marked = review.turns.filter((turn) => turn.mark);
    const items = marked.map((turn) => {
      const item = el("li", { "data-versus-review-turn": String(turn.turn), "data-mark": turn.mark }, [
        el("button", { type: "button", class: "link-button", text: interpolate(gettext("Turn %(turn)s %(mark)s"), { turn: turn.turn, mark: turn.mark }) }),
        el("span", { text: `${interpolate(gettext(" lost %(points)s points."), { points: formatNumber(turn.loss) })} ${betterMove(turn)}` }),
      ]);
      item.querySelector("button").addEventListener("click", () => this.onTurn(turn.turn));
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
        marks: review.marks.map((m) => interpolate(gettext("%(mark)s a loss of %(points)s points or more"), { mark: m.mark, points: m.min_loss })).join(", "),
      }) }),
    ]));
  }
}
