// The first-visit walkthrough (issue 23): a few steps on the real board, each ringing the
// element it talks about. A modal dialog: focus moves into it and stays there (Tab cycles),
// Escape or its close button ends it, and focus goes back where it was. Once closed it stays
// closed: a flag in localStorage (a page view never writes the server's session). "How to
// play" opens it again.
import { el, gettext, interpolate } from "./dom.js";
import { goalExample } from "./goals.js";

// Two walkthroughs, each seen once: the goal picker's (before the first game), then the
// board's (once play starts). Seeing one never marks the other as seen.
const SEEN_KEYS = { board: "calico-tutorial-seen", picker: "calico-tutorial-picker-seen" };

// The words, in one place (for translation). `target`: what each step rings, in the game root.
const PICKER_STEPS = [
  {
    id: "pick", target: ["[data-picker]"], picture: "goal",
    title: gettext("First, choose three design goals"),
    text: gettext("A goal scores when the six patches around it match its shape by colour, by pattern, or both: the example shows one met by colour. Tap a goal, then a teal space on the quilt to put it there. Once you start, the walkthrough shows you the board."),
  },
];
const BOARD_STEPS = [
  {
    id: "place", target: ["[data-hand]", "[data-board] svg.board"],
    title: gettext("Sew a patch from your hand"),
    text: gettext("Each turn, choose one of the two patches in your hand, then tap an empty space of your quilt (a dashed hexagon) to sew it there. Tap the space again to take it back."),
  },
  {
    id: "market", target: ["[data-market]"],
    title: gettext("Take a patch from the market"),
    text: gettext("Then take one of the three market patches into your hand for the next turn. Of the two you leave, the one farther from the bag is thrown away, and the bag refills the market."),
  },
  {
    id: "goals", target: ["[data-goal]"],
    title: gettext("Design goals want a shape"),
    text: gettext("The teal spaces are design goals. Each wants its six neighbours to form a shape, by colour, by pattern, or both: the dots draw it (two stacked dots are a pair; a ring of six, all different). Tap a goal to read it. Its colour and pattern marks turn to ✓ when met, and are struck through when they can no longer be."),
  },
  {
    id: "cats", target: ["[data-cats]"],
    title: gettext("Cats and buttons"),
    text: gettext("A cat naps on a group that is all ONE of its two patterns (any colours) and big enough or in its shape; its card shows an example and how big your group is so far. Three or more touching patches of one colour earn a button; buttons of all six colours earn the rainbow button too. The score card adds them up."),
  },
];
const WORDS = {
  label: gettext("How to play"),
  step: (n, of) => interpolate(gettext("Step %(step)s of %(count)s"), { step: n, count: of }),
  back: gettext("Back"),
  next: gettext("Next"),
  done: gettext("Start playing"),
  pick: gettext("Choose my goals"),
  close: gettext("Close the walkthrough"),
};

export const tutorialSeen = (kind = "board") => {
  try {
    return localStorage.getItem(SEEN_KEYS[kind]) === "1";
  } catch {
    return true; // no storage (private mode): never nag on every page
  }
};

export class Tutorial {
  // root: the game root (targets are found in it); onClose(): after it is closed.
  constructor(root, { onClose = () => {} } = {}) {
    this.root = root;
    this.onClose = onClose;
    this.node = null;
    this.step = 0;
    // The rings follow the page: the board is re-fitted a frame after the tray appears.
    this.relayout = () => this.place();
    this.watcher = new ResizeObserver(() => requestAnimationFrame(this.relayout));
  }

  get open() {
    return Boolean(this.node);
  }

  // kind: "picker" (the goal picker's step) or "board" (the board's steps, once play starts).
  show(step = 0, kind = "board") {
    this.kind = kind;
    this.steps = kind === "picker" ? PICKER_STEPS : BOARD_STEPS;
    if (this.node) return this.go(step);
    this.returnFocus = document.activeElement;
    this.scroll = window.scrollY;
    this.node = el("div", {
      class: "tutorial", "data-tutorial": "", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "tutorial-title", "aria-describedby": "tutorial-text",
    });
    this.node.addEventListener("keydown", (event) => this.keydown(event));
    // The backdrop takes every click outside the card: the game waits until it is closed.
    this.node.addEventListener("click", (event) => { if (event.target === this.node) event.stopPropagation(); });
    document.body.append(this.node);
    this.root.inert = true; // the page behind it is out of reach of Tab and screen readers
    window.addEventListener("resize", this.relayout);
    window.addEventListener("scroll", this.relayout, { passive: true });
    for (const node of [this.root, ...this.root.querySelectorAll("[data-board] svg.board, .controls")]) this.watcher.observe(node);
    this.go(step);
  }

  go(step) {
    const steps = this.steps;
    this.step = Math.max(0, Math.min(steps.length - 1, step));
    const s = steps[this.step];
    const last = this.step === steps.length - 1;
    const back = el("button", { type: "button", class: "btn", "data-action": "tutorial-back", text: WORDS.back });
    back.disabled = this.step === 0;
    back.addEventListener("click", () => this.go(this.step - 1));
    const next = el("button", {
      type: "button", class: "btn btn-primary", "data-action": last ? "tutorial-done" : "tutorial-next",
      text: last ? (this.kind === "picker" ? WORDS.pick : WORDS.done) : WORDS.next,
    });
    next.addEventListener("click", () => (last ? this.close() : this.go(this.step + 1)));
    const close = el("button", {
      type: "button", class: "tutorial-x", "data-action": "tutorial-close", "aria-label": WORDS.close, text: "\u00d7",
    });
    close.addEventListener("click", () => this.close());
    this.card = el("div", { class: "tutorial-card", "data-tutorial-step": s.id }, [
      close,
      el("p", { class: "tutorial-count muted", text: `${WORDS.label} \u00b7 ${WORDS.step(this.step + 1, steps.length)}` }),
      el("h2", { id: "tutorial-title", text: s.title }),
      el("p", { id: "tutorial-text", text: s.text }),
      s.picture === "goal" ? this.goalPicture() : null,
      el("div", { class: "tutorial-buttons" }, [back, next]),
    ]);
    this.node.replaceChildren(this.card);
    this.node.dataset.tutorial = s.id;
    // The ringed parts on screen first (the cats sit under the fold on a phone), then the card.
    const targets = this.targets();
    if (targets.length) {
      const box = union(targets);
      // Scrolled to just above them, so that their ring shows whole.
      if (box.top < 0 || box.bottom > window.innerHeight) window.scrollTo({ top: window.scrollY + box.top - 16, behavior: "instant" });
    }
    this.place();
    next.focus({ preventScroll: true });
  }

  // What the step talks about, as drawn now; the board when its part is not on the page (the
  // goal picker has no hand or market yet).
  targets() {
    const found = this.steps[this.step].target.flatMap((selector) => [...this.root.querySelectorAll(selector)])
      .filter((node) => node.getBoundingClientRect().width > 0);
    if (found.length) return found;
    const board = this.root.querySelector("[data-board]");
    return board ? [board] : [];
  }

  // Rings around the targets, and the card where it covers none of them: at the top of the
  // screen when they sit low, else at the bottom.
  place() {
    if (!this.node) return;
    for (const ring of this.node.querySelectorAll(".tutorial-ring")) ring.remove();
    const boxes = this.targets().map((node) => node.getBoundingClientRect());
    for (const box of boxes) {
      this.node.append(el("div", {
        class: "tutorial-ring", "aria-hidden": "true",
        style: `left:${box.left - 4}px;top:${box.top - 4}px;width:${box.width + 8}px;height:${box.height + 8}px`,
      }));
    }
    const all = union(this.targets());
    this.card.classList.toggle("at-top", all.top > window.innerHeight - all.bottom);
  }

  // The first goal offered, drawn as a worked example (the picker's own options).
  goalPicture() {
    const option = this.root.querySelector("[data-goal-option]");
    return option ? goalExample(option.dataset.goalOption) : null;
  }

  keydown(event) {
    event.stopPropagation(); // the game's own keys (1, 2, H, Esc undo) wait until it is closed
    if (event.key === "Escape") {
      event.preventDefault();
      this.close();
    } else if (event.key === "Tab") {
      const buttons = [...this.node.querySelectorAll("button:not([disabled])")];
      const at = buttons.indexOf(document.activeElement);
      const to = event.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at + 1) % buttons.length;
      event.preventDefault();
      buttons[to].focus();
    }
  }

  close() {
    if (!this.node) return;
    try {
      localStorage.setItem(SEEN_KEYS[this.kind], "1");
    } catch {
      // no storage: it closes for this page view all the same
    }
    this.watcher.disconnect();
    window.removeEventListener("resize", this.relayout);
    window.removeEventListener("scroll", this.relayout);
    this.node.remove();
    this.node = null;
    this.root.inert = false;
    window.scrollTo({ top: this.scroll, behavior: "instant" });
    const back = this.returnFocus && this.returnFocus.isConnected && this.returnFocus !== document.body
      ? this.returnFocus : this.root.querySelector("svg.board");
    if (back) back.focus({ preventScroll: true });
    this.onClose();
  }
}

// The box around all the nodes, in the viewport's coordinates.
function union(nodes) {
  const boxes = nodes.map((node) => node.getBoundingClientRect());
  if (!boxes.length) return { top: 0, bottom: 0 };
  return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
}
