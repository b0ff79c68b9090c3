// The goal picker of the standard setup: choose 3 of the 4 offered goals and drop each on a
// goal space. Starts from a sensible preselection, so "Start" alone is a fine first game.
import { el, gettext, interpolate } from "./dom.js";
import { GOAL_CELLS } from "./engine.js";
import { GOALS, goalExample, goalHelp, goalIcon, goalLabel } from "./goals.js";

// The goal spaces top to bottom, as a player names them.
const SPACE_NAMES = Object.fromEntries([...GOAL_CELLS].sort().map((cell, i) => [cell, [gettext("on the upper space"), gettext("on the right space"), gettext("on the lower space")][i]]));

// Leave out "all different" when it is offered (the hardest to complete), else the last one.
// A scenario offers exactly three: all of them, in its listed order.
export function preselect(options) {
  if (options.length <= 3) return Object.fromEntries(GOAL_CELLS.map((cell, i) => [cell, options[i]]));
  const leaveOut = options.includes("all-different") ? "all-different" : options[options.length - 1];
  const chosen = options.filter((goal) => goal !== leaveOut).slice(0, 3);
  return Object.fromEntries(GOAL_CELLS.map((cell, i) => [cell, chosen[i]]));
}

export class GoalPicker {
  constructor(container, options, onChange) {
    this.container = container;
    this.options = options;
    this.onChange = onChange;
    this.placement = preselect(options);
    this.holding = null; // the goal picked up, waiting for a goal space
  }

  get complete() {
    return GOAL_CELLS.every((cell) => this.placement[cell]);
  }

  pick(goal) {
    this.holding = this.holding === goal ? null : goal;
    this.render();
  }

  // Drop the held goal on a space; a goal already there goes back to the options.
  drop(cell) {
    if (!this.holding) {
      this.holding = this.placement[cell] || null;
      delete this.placement[cell];
    } else {
      for (const [other, goal] of Object.entries(this.placement)) {
        if (goal === this.holding) delete this.placement[other];
      }
      this.placement[cell] = this.holding;
      this.holding = null;
    }
    this.render();
  }

  render() {
    const used = new Set(Object.values(this.placement));
    const buttons = this.options.map((goal) => {
      const where = Object.entries(this.placement).find(([, g]) => g === goal);
      const button = el("button", {
        type: "button", class: `goal-option${used.has(goal) ? "" : " unused"}`,
        "aria-pressed": String(this.holding === goal), "data-goal-option": goal,
        "data-goal-help": goalHelp(goal), "aria-describedby": `goal-help-${goal}`,
      }, [
        // The goal's picture and its words (shown beside the board; on a phone they are the
        // option's description and the note's once it is picked up: room for the board).
        el("span", { class: "goal-option-head" }, [
          goalIcon(goal), el("span", { class: "notation", text: goalLabel(goal) }),
        ]),
        el("span", { class: "goal-help", id: `goal-help-${goal}`, text: goalHelp(goal) }),
        goalExample(goal),
        el("span", { class: "values", text: interpolate(gettext("%(one)s / %(both)s pts"), { one: GOALS[goal].one, both: GOALS[goal].both }) }),
        el("span", { class: "values", text: where ? SPACE_NAMES[where[0]] : gettext("not used") }),
      ]);
      button.addEventListener("click", () => this.pick(goal));
      return button;
    });
    this.container.replaceChildren(
      el("h2", { text: gettext("Choose your design goals") }),
      el("p", {
        class: "picker-note",
        text: this.holding
          ? interpolate(gettext("Now tap a teal goal space on the quilt to put %(goal)s there. %(help)s"),
            { goal: goalLabel(this.holding), help: goalHelp(this.holding) })
          : `${this.options.length > 3 ? gettext("Three of these four go on the quilt.") : gettext("All three go on the quilt: you choose where.")} ${
            gettext("Tap a goal, then tap a teal space to move it there. A goal scores when its six neighbours match by colour, by pattern, or both.")}`,
      }),
      el("div", { class: "options" }, buttons),
    );
    this.onChange(this.placement, this.holding);
  }
}
