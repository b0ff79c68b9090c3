// The solo game's goals that explain themselves: the goals card (each goal's picture, words and
// progress, the engine's from the game) and a tapped goal's words over the board.
import { $, el, gettext, interpolate } from "../dom.js";
import { goalExample, goalHelp, goalIcon, goalLabel, progressWords } from "../goals.js";

export function renderGoals(root, game) {
  const card = $("[data-goals-card]", root);
  const goals = game ? game.setup.goals : {};
  card.hidden = !Object.keys(goals).length;
  const progress = new Map((game.goal_progress || []).map((g) => [g.cell, g]));
  $("[data-goal-list]", card).replaceChildren(...Object.entries(goals).sort().map(([cell, goal]) => {
    const standing = progress.get(cell);
    const [r, c] = cell.split(",").map(Number);
    return el("li", {
      "data-goal-item": cell, "data-goal-help": goalHelp(goal), "data-goal-progress": progressWords(standing),
    }, [
      goalIcon(goal),
      el("div", {}, [
        el("p", {}, [el("b", { text: `${goalLabel(goal)}` }), el("span", { class: "muted", text: ` · ${interpolate(gettext("row %(row)s, place %(place)s"), { row: r + 1, place: c + 1 })}` })]),
        el("p", { text: goalHelp(goal) }),
        el("p", { class: "goal-progress", text: progressWords(standing) }),
      ]),
    ]);
  }));
}

// A tapped goal's words over the board's bottom edge, until tapped again or closed.
export class GoalInfo {
  constructor(root, game) {
    this.root = root;
    this.game = game; // () => the game shown
    this.cell = null; // the goal whose words show over the board
  }

  toggle(cell) {
    if (!this.game()) return;
    this.cell = this.cell === cell ? null : cell;
    this.render();
  }

  close() {
    this.cell = null;
    this.render();
  }

  render() {
    const game = this.game();
    const wrap = $("[data-board]", this.root);
    let box = $("[data-goal-info]", wrap);
    const goal = game && this.cell && game.setup.goals[this.cell];
    if (!goal) {
      if (box) box.remove();
      this.cell = null;
      return;
    }
    if (!box) {
      box = el("div", { class: "goal-info", "data-goal-info": "", role: "status" });
      wrap.append(box);
    }
    const standing = (game.goal_progress || []).find((g) => g.cell === this.cell);
    const close = el("button", { type: "button", class: "tutorial-x goal-info-x", "data-action": "goal-info-close", "aria-label": gettext("Close"), text: "\u00d7" });
    close.addEventListener("click", () => this.toggle(this.cell));
    box.dataset.goalInfo = this.cell;
    box.replaceChildren(goalIcon(goal), el("div", {}, [
      el("p", {}, [el("b", { text: goalLabel(goal) })]),
      el("p", { text: goalHelp(goal) }),
      goalExample(goal),
      el("p", { class: "goal-progress", text: progressWords(standing) }),
    ]), close);
  }
}
