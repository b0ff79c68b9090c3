// The game controller: loads the day, runs the goal picker, then the turns
// (hand patch -> empty space -> market patch), hints and the end screen.
// The server applies every move and sends back every number shown.
import { api, ApiError } from "./api.js";
import { awardWords } from "./award.js";
import { Board } from "./board.js";
import { fetchStanding, parProgress, renderEnd } from "./endscreen.js";
import { renderPlayerLinks } from "./endlinks.js";
import { fetchHint } from "./hint.js";
import { $, bringIntoView, el, fill, formatDay, gettext, interpolate, localClock, ngettext } from "./dom.js";
import { keepFitted } from "./fit.js";
import { handSlots, renderCats, renderScore, showMessage } from "./panel.js";
import { goalExample, goalHelp, goalIcon, goalLabel, progressWords } from "./goals.js";
import { GoalPicker } from "./picker.js";
import { conditionList, renderScenarioEnd } from "./scenario.js";
import { buttonExample, catExample, describePatch, patchIcon, rainbowExample, tokenIcon } from "./svg.js";
import { Turn } from "./turns.js";
import { Tutorial, tutorialSeen } from "./tutorial.js";

const DIFFICULTY = { gentle: gettext("gentle"), usual: gettext("usual"), tough: gettext("tough"), brutal: gettext("brutal") };

// A button's colour is the API's English word; Spanish agrees it with "grupo".
const CLOSING_SOON = 600; // seconds before the day's close that the page starts to warn

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
    this.turn = new Turn({
      state: () => this.game,
      send: (move) => api.move(this.game.id, move),
      reload: () => api.game(this.game.id),
      render: () => this.render(),
      shown: (game, cell) => this.moved(game, cell),
      message: (text, isError) => this.message(text, isError),
    });
    this.hint = null;
    this.hintRunning = null; // {seconds} while a worker thinks
    this.board = new Board($("[data-board]", root), {
      onActivate: (cell) => this.chooseCell(cell),
      onGoal: (cell) => this.picker && this.picker.drop(cell),
      onGoalInfo: (cell) => this.toggleGoalInfo(cell),
    });
    this.goalInfoCell = null; // the goal whose words show over the board
    this.tutorial = new Tutorial(root);
    $('[data-action="tutorial-replay"]', root).addEventListener("click",
      () => this.tutorial.show(0, this.game ? "board" : "picker"));
    keepFitted(this.board, $(".controls", root));
    document.addEventListener("keydown", (event) => this.shortcut(event));
    $('[data-action="confirm"]', root).addEventListener("click", () => this.turn.confirm());
    $('[data-action="undo"]', root).addEventListener("click", () => this.turn.undo());
  }

  // The hand patch and the space chosen this turn (the turn controller keeps them).
  get selectedHand() { return this.turn.hand; }

  get pending() { return this.turn.cell; }

  // ---- loading ---------------------------------------------------------------------
  async boot() {
    if (this.scenario) return this.bootScenario();
    try {
      this.challenge = this.date ? await api.challenge(this.date) : await api.daily();
      this.date = this.challenge.date;
      this.renderHeading();
      // A visitor who has never played has no profile to ask for (its 403 is a console error).
      if (this.root.dataset.hasPlayer === "true") this.renderStreak();
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
    if (this.scenario) {
      const words = this.weekly ? gettext("Weekly special %(week)s · scenario %(number)s · reach %(score)s") : gettext("Scenario %(number)s · reach %(score)s");
      $("[data-heading]", this.root).textContent = interpolate(words, { week: this.weekly, number: this.scenario, score: this.scenarioInfo.min_score });
      return;
    }
    // What the server plays, not the address: the game shown, else what Start will make (the
    // day's first game is ranked until the day closes; every later one is practice).
    const c = this.challenge;
    const ranked = this.game ? this.game.ranked : !c.closed && !c.ranked_game;
    const title = ranked ? gettext("Daily quilt") : gettext("Practice");
    // The puzzle number is the server's (days since the first daily), never counted here.
    const number = Number.isInteger(c.number) ? `#${c.number}` : "";
    const day = formatDay(this.date, "short");
    fill($("[data-heading]", this.root), `${title} `,
      number ? el("span", { class: "heading-number", "data-puzzle-number": String(c.number), text: `${number} ` }) : null,
      el("span", { class: "heading-day", text: `· ${day}` }));
    this.root.dataset.ranked = String(ranked);
    document.title = ranked && number ? `Calico Daily ${number} · ${day}`
      : `${title}${number ? ` ${number}` : ""} ${day} · Calico Daily`;
  }

  // A player's current streak under the heading (from /api/me/); a visitor who has not played
  // yet has no profile (401/403) and a player without a streak sees nothing either.
  async renderStreak() {
    const line = $("[data-home-streak]", this.root);
    if (!line) return;
    let me;
    try {
      me = await api.me();
    } catch {
      return;
    }
    const streak = me.stats ? me.stats.current_streak : 0;
    if (!streak) return;
    // A streak runs up to yesterday until today's game is finished: then it asks for today's.
    const playedToday = Boolean(me.recent && me.recent.length && me.recent[0].date === me.today);
    line.dataset.homeStreak = String(streak);
    line.replaceChildren(el("b", { text: interpolate(ngettext("Streak: %(count)s day in a row", "Streak: %(count)s days in a row", streak), { count: streak }) }),
      el("span", { class: "muted", text: interpolate(playedToday
        ? gettext(" · longest %(longest)s · come back tomorrow to keep it")
        : gettext(" · longest %(longest)s · play today's quilt to keep it"), { longest: me.stats.longest_streak }) }));
    line.hidden = false;
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
    this.goalInfoCell = null;
    this.renderGoalInfo();
    renderCats($("[data-cats]", this.root), c.cats, { cats: [] });
    this.renderHowToPictures();
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
    if (fresh) {
      this.hint = null; // a hint belongs to one game
      this.turn.reset();
    }
    this.game = game;
    if (fresh && this.challenge && this.challenge.date) this.renderHeading();
    this.root.dataset.phase = game.expired ? "expired" : game.status;
    $("[data-score-card]", this.root).hidden = false;
    $("[data-setup]", this.root).hidden = true;
    this.renderStats();
    this.renderFairPlay();
    renderCats($("[data-cats]", this.root), game.setup.cats, game.score, game.cat_progress);
    renderScore($("[data-score]", this.root), game.score, game.button_colors);
    this.renderGoals();
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

  // Fair play (docs/design.md, Phase 2): a ranked game that no longer counts says so plainly.
  renderFairPlay() {
    const game = this.game;
    const box = $("[data-fair-play]", this.root);
    let text = "";
    if (game.disqualified) text = interpolate(gettext("This game was disqualified by the moderators: %(reason)s. It no longer counts."), { reason: game.disqualified });
    else if (game.expired) text = interpolate(gettext("The day of %(day)s closed at %(clock)s; this game no longer counts. Its deal is public now: you can play it again as practice."), { day: formatDay(game.date), clock: localClock(game.closes_at) });
    box.hidden = !text;
    // An expired game's day is over: today's daily is one tap away.
    const today = game.expired && !game.disqualified
      ? el("a", { href: "/", "data-today-link": "", text: gettext("Play today's quilt") }) : null;
    box.replaceChildren(text, ...(today ? [" ", today] : []));
    box.dataset.fairPlay = game.disqualified ? "disqualified" : game.expired ? "expired" : "";
    this.watchClose();
  }

  // The day's close, counted down from the server's closes_in (a device's clock may be wrong):
  // from CLOSING_SOON seconds before it, a banner (data-closing-soon, the seconds left); at the
  // close the game is read again, and the server says it expired.
  watchClose() {
    clearInterval(this.closeTick);
    const box = $("[data-closing-soon]", this.root);
    const left = this.game ? this.game.closes_in : null;
    box.hidden = true;
    if (left === null || left === undefined) return;
    const deadline = performance.now() + left * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
      if (seconds > CLOSING_SOON) return;
      const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
      box.dataset.closingSoon = String(seconds);
      fill(box, el("b", { "data-countdown": "", text: clock }), " ",
        interpolate(gettext("left before the day closes at %(clock)s: finish your quilt by then for it to count."), { clock: localClock(this.game.closes_at) }));
      box.hidden = false;
      if (seconds > 0) return;
      clearInterval(this.closeTick);
      const id = this.game.id;
      setTimeout(async () => {
        if (!this.game || this.game.id !== id) return;
        try {
          this.show(await api.game(id));
        } catch (error) {
          this.message(error.message, true);
        }
      }, 1000);
    };
    tick();
    this.closeTick = setInterval(tick, 1000);
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
    const game = this.game;
    const hintMove = this.hint && this.hint.turn === game.turn ? this.hint.move : null;
    this.board.render({
      game: this.boardView(),
      pending: this.pending && { cell: this.pending, patch: game.hand[this.selectedHand] },
      hintCell: hintMove && hintMove.cell,
      justPlaced,
    });
    this.renderHand(hintMove);
    this.renderMarket(hintMove);
    this.renderHintBox();
    this.renderPrompt();
    this.renderGoalInfo();
    // The last turn has no market step: its placement waits for a confirmation instead.
    $("[data-market-group]", this.root).hidden = this.turn.last;
    $("[data-confirm-bar]", this.root).hidden = !this.turn.confirming;
  }

  // The board draws the printed parts from the game's setup and the rest from the game.
  boardView() {
    const { border, goals } = this.game.setup;
    return { ...this.game, border, goals };
  }

  renderStats() {
    const game = this.game;
    const par = (game && game.par) || this.challenge.par;
    // While par's games are played the figure says how far they are ("12/40"), and the
    // label's words in full for a screen reader and as the tooltip (the phone's HUD row has
    // no room for them: the end screen shows them).
    const estimating = parProgress(par);
    const parText = par && par.status === "ready" ? String(par.score) : par && par.status === "failed" ? "–"
      : estimating ? `${par.games || 0}/${par.of}` : "…";
    const turn = game ? Math.min(game.turn, game.turns) : 0;
    const stats = [
      [gettext("Turn"), game ? (game.status === "finished" ? gettext("done") : `${turn}/${game.turns}`) : "–", "turn"],
      [gettext("Score"), game ? String(game.score.total) : "–", "score"],
      this.scenarioInfo ? [gettext("To reach"), String(this.scenarioInfo.min_score), "target"] : [gettext("Par"), parText, "par"],
      [gettext("Hints"), game ? String(game.hints_used) : "0", "hints"],
    ];
    $("[data-stats]", this.root).replaceChildren(...stats.map(([label, value, key]) =>
      el("div", { class: "stat", [`data-stat-${key}`]: value, ...(key === "par" && estimating ? { title: estimating } : {}) }, [
        el("b", { text: value, ...(key === "par" && estimating ? { "aria-hidden": "true" } : {}) }),
        el("span", { text: label }),
        key === "par" && estimating ? el("span", { class: "visually-hidden", "data-par-progress": "", text: estimating }) : null,
      ])));
    this.renderDifficulty();
  }

  // How hard the day is (the server's word, from par's percentile among the reference deals'
  // pars, or from the crowd once closed) beside par's label: "Par · tough".
  renderDifficulty() {
    const difficulty = !this.scenarioInfo && this.challenge && this.challenge.difficulty;
    const stat = $("[data-stat-par]", this.root);
    if (!difficulty || !stat) return;
    const word = DIFFICULTY[difficulty.label];
    stat.dataset.difficulty = difficulty.label;
    stat.title = difficulty.basis === "crowd" ? interpolate(gettext("A %(word)s day: the players' median against par"), { word })
      : difficulty.percentile !== null && difficulty.percentile !== undefined
        ? interpolate(gettext("A %(word)s day: par is higher than on %(percentile)s of 100 reference deals"),
          { word, percentile: Math.round(difficulty.percentile) })
        : interpolate(gettext("A %(word)s day: par against the last 30 days' par"), { word });
    $("span", stat).textContent = `${gettext("Par")} · ${word}`;
  }

  renderHand(hintMove) {
    const slots = handSlots(this.game.hand, {
      selected: this.selectedHand, hinted: hintMove ? hintMove.hand_index : null,
      onChoose: (index) => this.chooseHand(index),
    });
    $("[data-hand]", this.root).replaceChildren(...slots);
  }

  renderMarket(hintMove) {
    const lastTurn = this.game.turn === this.game.turns;
    const slots = this.game.market.map((patch, index) => {
      const hinted = hintMove && hintMove.market_index === index;
      const button = el("button", {
        type: "button", class: `slot${hinted ? " hinted" : ""}`, "data-market-index": String(index),
        "aria-label": interpolate(index === 0 ? gettext("Market patch %(number)s, by the bag: %(patch)s")
          : index === 2 ? gettext("Market patch %(number)s, last chance: %(patch)s") : gettext("Market patch %(number)s: %(patch)s"),
        { number: index + 1, patch: describePatch(patch) }),
      }, [
        index === 0 ? el("span", { class: "slot-tag", text: gettext("by the bag") }) : null,
        index === 2 ? el("span", { class: "slot-tag", text: gettext("last chance") }) : null,
        " ", // the tag and the label read as words apart (the name must hold the visible text)
        patchIcon(patch),
        el("span", { class: "slot-label", text: describePatch(patch) }),
      ]);
      if (lastTurn || !this.pending || this.turn.busy) button.disabled = true;
      button.addEventListener("click", () => this.chooseMarket(index));
      return button;
    });
    $("[data-market]", this.root).replaceChildren(...slots);
  }

  renderPrompt() {
    const hand = this.game.hand[this.selectedHand];
    let text;
    if (this.turn.busy) text = gettext("Sewing…");
    else if (this.turn.confirming) text = gettext("The last patch: sew it here, or undo and choose again.");
    else if (!this.pending) text = interpolate(this.turn.last ? gettext("Last turn! Place your %(patch)s patch on an empty space.")
      : gettext("Place your %(patch)s patch on an empty space."), { patch: describePatch(hand) });
    else text = gettext("Now take a patch from the market (tap the space again to undo).");
    $("[data-prompt]", this.root).textContent = text;
  }

  chooseHand(index) {
    if (!this.game) return;
    this.turn.chooseHand(index);
  }

  chooseCell(cell) {
    if (!this.game || this.game.status !== "playing") return;
    if (!this.turn.chooseCell(cell)) return;
    // Keyboard players go straight on: to the market (Enter takes the patch by the bag), or on
    // the last turn to its confirmation.
    const next = this.turn.last ? $('[data-action="confirm"]', this.root) : $("[data-market-index]:not([disabled])", this.root);
    if (next) next.focus({ preventScroll: true });
  }

  chooseMarket(index) {
    this.fromKeyboard = this.root.contains(document.activeElement) && document.activeElement.matches(":focus-visible");
    this.turn.chooseMarket(index);
  }

  // The server's answer to a move (or, after a stale turn, the game as it stands).
  moved(game, cell) {
    if (cell) this.announce(game.last_award, game.score.total - this.game.score.total,
      game.score.goal_points - this.game.score.goal_points);
    this.show(game, { justPlaced: cell });
    if (this.fromKeyboard && game.status === "playing") this.board.svg.focus({ preventScroll: true });
    this.fromKeyboard = false;
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

  // ---- hints -------------------------------------------------------------------------
  async askHint() {
    if (!this.game || this.hintRunning || this.game.status !== "playing") return;
    const turn = this.game.turn;
    this.hintRunning = { seconds: 0 };
    this.renderHintBox();
    try {
      const hint = await fetchHint(this.game.id, (seconds, note) => {
        this.hintRunning = { seconds, note };
        this.renderHintBox();
      });
      this.hintRunning = null;
      if (this.game.turn !== turn) return this.renderHintBox();
      this.hint = hint;
      this.game = await api.game(this.game.id);
      this.renderStats();
      this.turn.hand = hint.move.hand_index;
      this.render();
      // The ringed space and the hint's words on one screen (the board shrinks to make room).
      bringIntoView($("[data-hint-cell]", this.root));
      bringIntoView($("[data-hint-text]", this.root));
    } catch (error) {
      this.hintRunning = null;
      if (error instanceof ApiError && error.body && error.body.error === "day_closed") {
        return this.show(await api.game(this.game.id));
      }
      this.message(error.message, true);
      this.renderHintBox();
    }
  }

  renderHintBox() {
    const box = $("[data-hint-box]", this.root);
    const button = $('[data-action="hint"]', this.root);
    const used = this.game ? this.game.hints_used : 0;
    $("[data-hint-count]", this.root).textContent = interpolate(ngettext("%(count)s hint used", "%(count)s hints used", used), { count: used });
    button.disabled = Boolean(this.hintRunning) || !this.game || this.game.status !== "playing";
    if (this.hintRunning) {
      box.replaceChildren(
        el("div", { class: "progress", role: "progressbar", "aria-label": gettext("The solver is thinking") }),
        el("p", { class: "muted", text: this.hintRunning.note || interpolate(gettext("The solver is looking ahead… %(seconds)ss"), { seconds: this.hintRunning.seconds }) }),
      );
      return;
    }
    const hint = this.hint && this.game && this.hint.turn === this.game.turn ? this.hint : null;
    if (!hint) return box.replaceChildren();
    const { move } = hint;
    const market = move.market_index === null || move.market_index === undefined
      ? "" : interpolate(gettext(", then take market patch %(number)s (%(patch)s)"),
        { number: move.market_index + 1, patch: describePatch(this.game.market[move.market_index]) });
    const play = el("button", { type: "button", class: "btn btn-primary", "data-action": "play-hint", text: gettext("Play this move") });
    play.addEventListener("click", () => this.turn.play(hint.move));
    // The hint's expected final score (the review's scale) beside par, named for what it is.
    const par = this.scenarioInfo ? null : (this.game.par || this.challenge.par);
    const score = hint.expected_score !== undefined && hint.expected_score !== null ? Math.round(hint.expected_score) : null;
    const expected = score === null ? ""
      : par && par.status === "ready"
        ? interpolate(gettext(" Expected final score: about %(score)s if you play on as the solver would; par, %(par)s, is what the solver's own games made of this deal on average."), { score, par: par.score })
        : interpolate(gettext(" The solver expects about %(score)s points from here."), { score });
    fill(box, el("div", { class: "hint-text", "data-hint-text": "" }, [
      el("p", { "data-hint": "" }, [
        el("b", { text: interpolate(gettext("Hint: %(patch)s on the ringed space%(market)s."), { patch: describePatch(this.game.hand[move.hand_index]), market }) }),
        el("span", { class: "muted", "data-hint-expected": score === null ? null : String(score), text: expected }),
      ]),
      passChance(this.game, hint),
      (hint.reasons || []).length ? el("ul", {}, hint.reasons.map((reason) => el("li", { text: reason }))) : null,
      play,
    ]));
  }

  // ---- goals that explain themselves ------------------------------------------------
  // The goals card: each goal's picture, words and progress (the engine's, from the game).
  renderGoals() {
    const card = $("[data-goals-card]", this.root);
    const goals = this.game ? this.game.setup.goals : {};
    card.hidden = !Object.keys(goals).length;
    const progress = new Map((this.game.goal_progress || []).map((g) => [g.cell, g]));
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

  toggleGoalInfo(cell) {
    if (!this.game) return;
    this.goalInfoCell = this.goalInfoCell === cell ? null : cell;
    this.renderGoalInfo();
  }

  // A tapped goal's words over the board's bottom edge, until tapped again or closed.
  renderGoalInfo() {
    const wrap = $("[data-board]", this.root);
    let box = $("[data-goal-info]", wrap);
    const goal = this.game && this.goalInfoCell && this.game.setup.goals[this.goalInfoCell];
    if (!goal) {
      if (box) box.remove();
      this.goalInfoCell = null;
      return;
    }
    if (!box) {
      box = el("div", { class: "goal-info", "data-goal-info": "", role: "status" });
      wrap.append(box);
    }
    const standing = (this.game.goal_progress || []).find((g) => g.cell === this.goalInfoCell);
    const close = el("button", { type: "button", class: "tutorial-x goal-info-x", "data-action": "goal-info-close", "aria-label": gettext("Close"), text: "\u00d7" });
    close.addEventListener("click", () => this.toggleGoalInfo(this.goalInfoCell));
    box.dataset.goalInfo = this.goalInfoCell;
    box.replaceChildren(goalIcon(goal), el("div", {}, [
      el("p", {}, [el("b", { text: goalLabel(goal) })]),
      el("p", { text: goalHelp(goal) }),
      goalExample(goal),
      el("p", { class: "goal-progress", text: progressWords(standing) }),
    ]), close);
  }

  // ---- keyboard shortcuts (the board handles arrows and Enter itself) -----------------
  shortcut(event) {
    if (!this.game || this.game.status !== "playing" || event.target.closest("input, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey || this.tutorial.open) return;
    if (event.key === "1" || event.key === "2") this.chooseHand(Number(event.key) - 1);
    else if (event.key === "Escape" && this.goalInfoCell) this.toggleGoalInfo(this.goalInfoCell);
    else if (event.key === "Escape" && this.pending) this.turn.undo();
    else if (event.key.toLowerCase() === "h") this.askHint();
  }

  // How to play's worked examples: the buttons, the day's first cat and first goal.
  renderHowToPictures() {
    const c = this.challenge;
    const picture = (name) => $(`[data-how-to-picture="${name}"]`, this.root);
    if (!picture("buttons")) return;
    picture("buttons").replaceChildren(buttonExample(), rainbowExample());
    picture("cat").replaceChildren(...(c.cats.length ? [catExample(c.cats[0])].filter(Boolean) : []));
    const goal = (c.goal_options || [])[0];
    picture("goal").replaceChildren(...(goal ? [goalExample(goal)].filter(Boolean) : []));
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
    if (justPlaced) this.renderStreak(); // the streak this game extended, once, under the heading
    renderPlayerLinks(end, this.game);
  }
}

const root = document.querySelector("[data-game-root]");
if (root) {
  const controller = new GameController(root);
  $('[data-action="hint"]', root).addEventListener("click", () => controller.askHint());
  controller.boot();
}
