// The game controller: loads the day, runs the goal picker, then the turns (the seat's:
// seat/controller.js, hand patch -> empty space -> market patch, and hints) and the end
// screen. The server applies every move and sends back every number shown.
import { api, ApiError } from "./api.js";
import { awardWords } from "./award.js";
import { Board } from "./board.js";
import { fetchStanding, renderEnd } from "./endscreen.js";
import { renderPlayerLinks } from "./endlinks.js";
import { $, bringIntoView, el, gettext, interpolate } from "./dom.js";
import { keepFitted } from "./fit.js";
import { renderCats, renderScore, showMessage } from "./panel.js";
import { GoalPicker } from "./picker.js";
import { conditionList, renderScenarioEnd } from "./scenario.js";
import { tokenIcon } from "./svg.js";
import { Tutorial, tutorialSeen } from "./tutorial.js";
import { ClosingWatch, renderFairPlay } from "./game/dayclose.js";
import { GoalInfo, renderGoals } from "./game/goalcard.js";
import { renderHeading, renderHowToPictures, renderStreak } from "./game/heading.js";
import { renderStats } from "./game/stats.js";
import { Seat, expectedWords } from "./seat/controller.js";

// A scenario game's hint says how often the solver's play-outs from its move pass, in words
// (the daily's hint has none: null).
function passChance(game, hint) {
  if (!game.scenario || typeof hint.pass_chance !== "number") return null;
  return el("p", { class: "hint-pass", "data-hint-pass": String(hint.pass_chance),
    text: interpolate(gettext("Chance to pass after this move: %(percent)s%"), { percent: Math.round(hint.pass_chance * 100) }) });
}

class GameController {
  constructor(root) {
    this.root = root;
    this.date = root.dataset.date || "";
    // A rulebook scenario (practice on a fresh deal) instead of a day's challenge.
    this.scenario = root.dataset.scenario ? Number(root.dataset.scenario) : null;
    this.weekly = root.dataset.weekly || ""; // a week's special: a scenario on the week's deal
    this.scenarioInfo = null;
    this.challenge = null;
    this.game = null;
    this.seat = new Seat(root, {
      game: () => this.game,
      hand: (game) => game.hand,
      canMove: (game) => game.status === "playing",
      send: (move) => api.move(this.game.id, move),
      reload: () => api.game(this.game.id),
      refresh: async () => {
        this.game = await api.game(this.game.id);
        this.renderStats();
      },
      render: () => this.render(),
      shown: (game, cell) => this.moved(game, cell),
      message: (text, isError) => this.message(text, isError),
      prompt: (step, patch) => (step === "take" ? gettext("Now take a patch from the market (tap the space again to undo).")
        : interpolate(this.seat.turn.last ? gettext("Last turn! Place your %(patch)s patch on an empty space.")
          : gettext("Place your %(patch)s patch on an empty space."), { patch })),
      conveyor: true,
      hintWords: gettext("The solver is looking ahead… %(seconds)ss"),
      hintExpected: (hint, game) => this.hintExpected(hint, game),
      hintExtras: (hint, game) => [passChance(game, hint)],
      reloadsOn: (error) => error instanceof ApiError && Boolean(error.body) && error.body.error === "day_closed",
    });
    this.board = new Board($("[data-board]", root), {
      onActivate: (cell) => this.seat.chooseCell(cell),
      onGoal: (cell) => this.picker && this.picker.drop(cell),
      onGoalInfo: (cell) => this.goalInfo.toggle(cell),
    });
    this.goalInfo = new GoalInfo(root, () => this.game);
    this.closing = new ClosingWatch(root, (id) => this.closed(id));
    this.tutorial = new Tutorial(root);
    $('[data-action="tutorial-replay"]', root).addEventListener("click",
      () => this.tutorial.show(0, this.game ? "board" : "picker"));
    keepFitted(this.board, $(".controls", root));
    document.addEventListener("keydown", (event) => this.shortcut(event));
  }

  // ---- loading ---------------------------------------------------------------------
  async boot() {
    if (this.scenario) return this.bootScenario();
    try {
      this.challenge = this.date ? await api.challenge(this.date) : await api.daily();
      this.date = this.challenge.date;
      this.renderHeading();
      // A visitor who has never played has no profile to ask for (its 403 is a console error).
      if (this.root.dataset.hasPlayer === "true") renderStreak(this.root);
      // Resume a game in progress (a practice run of this tab first), else show the
      // finished ranked game, else set up a new one.
      const ranked = this.challenge.ranked_game;
      const saved = sessionStorage.getItem(this.storageKey());
      let finished = null;
      for (const id of [saved, ranked].filter(Boolean)) {
        const game = await this.tryLoad(id);
        if (game && game.status === "playing") return this.show(game);
        if (game && String(game.id) === String(ranked)) finished = game;
      }
      return finished ? this.show(finished) : this.showSetup();
    } catch (error) {
      this.fail(error);
    }
  }

  // A scenario has no deal until its game starts: the setup shows its goals and cats (their
  // patterns come with the deal) on a bare board. Resume its unfinished game if there is one.
  async bootScenario() {
    try {
      const list = await api.scenarios();
      const info = list.find((s) => s.number === this.scenario);
      if (!info) return this.message(interpolate(gettext("There is no scenario %(number)s."), { number: this.scenario }), true);
      this.scenarioInfo = info;
      this.challenge = { date: "", border: {}, cats: info.cats, goal_options: info.goals, par: null };
      this.renderHeading();
      // A week's special: the player's one try, finished or not, until the week closes.
      const week = this.weekly ? await api.weekly(this.weekly) : null;
      const tried = week && week.yours ? week.yours.game : null;
      const candidates = week ? [sessionStorage.getItem(this.storageKey()), tried] : [sessionStorage.getItem(this.storageKey()), info.playing];
      for (const id of candidates.filter(Boolean)) {
        const game = await this.tryLoad(id);
        if (game && game.status === "playing" && game.scenario) return this.show(game);
        if (game && String(game.id) === String(tried) && !week.closed) return this.show(game);
      }
      return this.showSetup();
    } catch (error) {
      this.fail(error);
    }
  }

  renderConditions(checks, finished = false) {
    const card = $("[data-scenario-card]", this.root);
    if (!card || !this.scenarioInfo) return;
    card.hidden = false;
    $("[data-scenario-conditions]", card).replaceChildren(
      conditionList(checks, this.scenarioInfo.cats.map((c) => c.cat), { finished }));
  }

  async tryLoad(id) {
    try {
      return await api.game(id);
    } catch (error) {
      if (error instanceof ApiError) return null; // gone, or another player's
      throw error;
    }
  }

  storageKey() {
    if (this.weekly) return `calico-weekly-${this.weekly}`;
    if (this.scenario) return `calico-scenario-${this.scenario}`;
    return `calico-game-${this.date}`;
  }

  renderHeading() {
    renderHeading(this.root, this);
  }

  // ---- setup: goal picker and start --------------------------------------------------
  showSetup() {
    const c = this.challenge;
    this.root.dataset.phase = "setup";
    this.game = null;
    const setupBox = $("[data-setup]", this.root);
    setupBox.hidden = false;
    // Before the start only the cats matter (they help choose goals).
    $("[data-score-card]", this.root).hidden = true;
    $("[data-playing]", this.root).hidden = true;
    $("[data-end]", this.root).replaceChildren();
    $("[data-fair-play]", this.root).hidden = true;
    $("[data-goals-card]", this.root).hidden = true; // the picker explains the goals
    this.goalInfo.close();
    renderCats($("[data-cats]", this.root), c.cats, { cats: [] });
    renderHowToPictures(this.root, c);
    if (this.scenarioInfo) this.renderConditions(this.scenarioInfo.checks);
    this.renderStats();
    this.renderHeading();
    const start = $('[data-action="start"]', this.root);
    const pickerBox = $("[data-picker]", this.root);
    if (c.goal_options) {
      this.picker = new GoalPicker(pickerBox, c.goal_options, (placement, holding) => {
        this.drawSetupBoard(placement, holding);
        start.disabled = !this.picker.complete;
      });
      this.picker.render();
    } else {
      this.picker = null;
      pickerBox.replaceChildren(
        el("h2", { text: gettext("Today's design goals") }),
        el("p", { class: "picker-note", text: c.goals && Object.keys(c.goals).length
          ? gettext("This setup fixes the goals. Fill their six neighbours to match by colour, pattern or both.")
          : gettext("In this variant the goal spaces are face-down: only cats and buttons score.") }),
      );
      this.drawSetupBoard(c.goals || {}, null);
      start.disabled = false;
    }
    start.onclick = () => this.start();
    // A first visit starts at the hardest decision: what a goal wants, at the picker.
    if (this.picker && !tutorialSeen("picker") && !tutorialSeen("board") && !this.tutorial.open) {
      requestAnimationFrame(() => requestAnimationFrame(() => { if (!this.tutorial.open) this.tutorial.show(0, "picker"); }));
    }
  }

  drawSetupBoard(goals, holding) {
    this.board.render({
      game: {
        id: null, border: this.challenge.border, goals, empty_cells: [], quilt: { placements: [] },
        score: { goals: [], buttons: [], cats: [] },
      },
      picking: Boolean(this.picker), chosenGoal: holding,
    });
  }

  async start() {
    const start = $('[data-action="start"]', this.root);
    start.disabled = true;
    try {
      const goals = this.picker ? { ...this.picker.placement } : undefined;
      const game = this.weekly ? await api.startWeekly(this.weekly, goals)
        : this.scenario ? await api.startScenario(this.scenario, goals)
          : await api.startGame(this.date, goals);
      sessionStorage.setItem(this.storageKey(), game.id);
      this.show(game);
      this.renderHeading();
      // The first turn starts at the top: board, hand, market and hint on one screen.
      window.scrollTo({ top: 0, behavior: "instant" });
      this.board.svg.focus({ preventScroll: true });
    } catch (error) {
      start.disabled = false;
      this.message(error.message, true);
    }
  }

  // ---- playing -----------------------------------------------------------------------
  show(game, { justPlaced = null } = {}) {
    const fresh = !this.game || this.game.id !== game.id;
    if (fresh) this.seat.reset(); // a hint belongs to one game
    this.game = game;
    if (fresh && this.challenge && this.challenge.date) this.renderHeading();
    this.root.dataset.phase = game.expired ? "expired" : game.status;
    $("[data-score-card]", this.root).hidden = false;
    $("[data-setup]", this.root).hidden = true;
    this.renderStats();
    renderFairPlay(this.root, game);
    this.closing.watch(game);
    renderCats($("[data-cats]", this.root), game.setup.cats, game.score, game.cat_progress);
    renderScore($("[data-score]", this.root), game.score, game.button_colors);
    renderGoals(this.root, game);
    if (game.scenario) this.renderConditions(game.scenario.conditions, game.status === "finished");
    if (game.status === "finished") return this.finish(justPlaced);
    if (game.expired) return this.expire();
    $("[data-playing]", this.root).hidden = false;
    this.render(justPlaced);
    // A first visit: the walkthrough, once, on the real board (after the first layout).
    // Two frames: the board is re-fitted in the frame after the tray appears (fit.js).
    if (!tutorialSeen("board") && !this.tutorial.open) {
      requestAnimationFrame(() => requestAnimationFrame(() => { if (!this.tutorial.open) this.tutorial.show(0, "board"); }));
    }
  }

  // The day closed while the game was open: read it again, the server says it expired.
  async closed(id) {
    if (!this.game || this.game.id !== id) return;
    try {
      this.show(await api.game(id));
    } catch (error) {
      this.message(error.message, true);
    }
  }

  // An expired ranked game takes no more moves: show the quilt as it stood, offer practice.
  expire() {
    this.board.render({ game: this.boardView() });
    $("[data-playing]", this.root).hidden = true;
    const again = el("button", { type: "button", class: "btn", "data-action": "practice", text: gettext("Play this day as practice") });
    again.addEventListener("click", () => this.showSetup());
    $("[data-end]", this.root).replaceChildren(el("div", { class: "end-actions" }, [again]));
  }

  render(justPlaced = null) {
    this.board.render({ game: this.boardView(), ...this.seat.boardMarks(), justPlaced });
    this.seat.renderTray();
    this.goalInfo.render();
  }

  // The board draws the printed parts from the game's setup and the rest from the game.
  boardView() {
    const { border, goals } = this.game.setup;
    return { ...this.game, border, goals };
  }

  renderStats() {
    renderStats(this.root, this);
  }

  // The hint's expected final score (the review's scale) beside par, named for what it is.
  hintExpected(hint, game) {
    const par = this.scenarioInfo ? null : (game.par || this.challenge.par);
    if (!(par && par.status === "ready")) return expectedWords(hint);
    const words = gettext(" Expected final score: about %(score)s if you play on as the solver would; par, %(par)s, is what the solver's own games made of this deal on average.");
    return expectedWords(hint, words.replace("%(par)s", String(par.score)));
  }

  // The server's answer to a move (or, after a stale turn, the game as it stands).
  moved(game, cell) {
    if (cell) this.announce(game.last_award, game.score.total - this.game.score.total,
      game.score.goal_points - this.game.score.goal_points);
    this.show(game, { justPlaced: cell });
    if (this.seat.fromKeyboard && game.status === "playing") this.board.svg.focus({ preventScroll: true });
    this.seat.fromKeyboard = false;
  }

  // What the placement earned, the moment the server says so: one toast per placement.
  // `gained` is the change in the server's total, so the page adds no points of its own.
  announce(award, gained, goalGained) {
    const earned = award || {};
    const icons = [];
    if (earned.button) icons.push(tokenIcon("button", earned.button));
    if (earned.cat) icons.push(tokenIcon("cat", earned.cat));
    if (earned.rainbow) icons.push(tokenIcon("button", "rainbow"));
    const words = awardWords(award, gained, goalGained);
    if (!words.length) return;
    const layer = $("[data-toasts]");
    const toast = el("div", { class: "toast", role: "status", "data-toast": "" }, [...icons, el("span", { text: words.join(" · ") })]);
    layer.append(toast);
    while (layer.children.length > 2) layer.firstElementChild.remove();
    setTimeout(() => toast.remove(), 3200);
  }

  message(text, isError = false) {
    showMessage($("[data-message]", this.root), text, isError);
  }

  fail(error) {
    this.message(interpolate(gettext("Could not load the game: %(problem)s"), { problem: error.message }), true);
  }

  // The game's own keys first: none while the walkthrough is open; Escape closes a goal's
  // words before it undoes a space. The rest are the seat's.
  shortcut(event) {
    if (this.tutorial.open || !this.game || this.game.status !== "playing") return;
    if (event.key === "Escape" && this.goalInfo.cell && !event.target.closest("input, textarea")) return this.goalInfo.close();
    this.seat.shortcut(event);
  }

  // ---- the end -----------------------------------------------------------------------
  async finish(justPlaced) {
    this.root.dataset.phase = "finished";
    sessionStorage.removeItem(this.storageKey());
    this.board.render({ game: this.boardView(), justPlaced });
    $("[data-playing]", this.root).hidden = true;
    this.board.svg.blur();
    if (this.scenario) {
      renderScenarioEnd($("[data-end]", this.root), {
        game: this.game, info: this.scenarioInfo, onAgain: () => this.showSetup(),
      });
      this.renderStats();
      return justPlaced ? bringIntoView($(".end", this.root), "start") : null;
    }
    let board = null;
    const standing = fetchStanding(this.game.date, this.game.ranked);
    try {
      [this.challenge, board] = await Promise.all([api.challenge(this.date), api.leaderboard(this.date)]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    const end = $("[data-end]", this.root);
    renderEnd(end, { game: this.game, challenge: this.challenge, board, standing: await standing, quilt: this.board.svg });
    const again = el("button", { type: "button", class: "btn", "data-action": "practice", text: gettext("Play again (practice)") });
    again.addEventListener("click", () => this.showSetup());
    $(".end-actions", end).append(again);
    this.renderStats();
    this.renderHeading();
    // Where the player looks after the last move: score, par and rank.
    if (justPlaced) bringIntoView($(".end", end), "start");
    if (justPlaced) renderStreak(this.root); // the streak this game extended, once, under the heading
    renderPlayerLinks(end, this.game);
  }
}

const root = document.querySelector("[data-game-root]");
if (root) new GameController(root).boot();
