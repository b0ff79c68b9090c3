// The review of a finished game: the quilt turn by turn (buttons and ← →), that turn's hand and
// market, the expected-score chart, the move list with each move's loss, and the better move
// drawn on the board. Replay and analysis come from the API; nothing here scores anything.
// The marks, losses and better-move reasons are the versus review's too (review/marks.js).
import { api, ApiError } from "./api.js";
import { GaveUp, STALLED, analyse, progressBar, progressText, toldSentence } from "./analysis.js";
import { Board, cellWords } from "./board.js";
import { LANG, el, fill, formatDay, formatNumber, gettext, interpolate, ngettext } from "./dom.js";
import { PATCH_CELLS } from "./engine.js";
import { renderCats, renderScore, showError } from "./panel.js";
import { chart, marksLegend } from "./review/chart.js";
import { crowdAt, practiceButton, renderCrowd } from "./review/crowd.js";
import { MARK_WORDS, betterReasons, lossy, markClass, playedReasons, sign } from "./review/marks.js";
import { describePatch, patchIcon } from "./svg.js";

const root = document.querySelector("[data-review-root]");
const $ = (selector) => root.querySelector(selector);
const TITLES = { par: gettext("How par played"), best: gettext("The best-known quilt") };

const state = { replay: null, analysis: null, crowd: null, turn: 1 };
const board = new Board($("[data-board]"), { onActivate: () => {} });
board.svg.removeAttribute("tabindex"); // the arrow keys step through turns here

const showMessage = (text) => showError($("[data-message]"), text);

const review = (turn) => (state.analysis && state.analysis.status === "ready"
  ? state.analysis.turns.find((t) => t.turn === turn) : null);


function go(turn) {
  const count = state.replay.turns.length;
  state.turn = Math.max(1, Math.min(count, turn));
  // The address names the turn shown, so /review/{id}/#turn-N opens it again.
  history.replaceState(null, "", `#turn-${state.turn}`);
  render();
}

function render() {
  const { replay, turn } = state;
  const count = replay.turns.length;
  const seen = replay.turns[turn - 1];
  const turnReview = review(turn);
  const best = lossy(turnReview) ? turnReview.best : null;
  const placed = new Set(seen.quilt_after.placements.map((p) => p.cell));
  board.render({
    game: {
      quilt: seen.quilt_after, score: seen.score_after, border: replay.setup.border,
      goals: seen.quilt_after.goals || {}, empty_cells: PATCH_CELLS.filter((c) => !placed.has(c)),
    },
    justPlaced: seen.move.cell,
    played: turnReview ? seen.move.cell : null,
    best: best ? { cell: best.cell, patch: seen.hand[best.hand_index] } : null,
  });
  const label = $("[data-review-turn]");
  label.dataset.reviewTurn = String(turn);
  label.textContent = interpolate(gettext("Turn %(turn)s of %(count)s"), { turn, count });
  $('[data-action="first"]').disabled = $('[data-action="prev"]').disabled = turn === 1;
  $('[data-action="last"]').disabled = $('[data-action="next"]').disabled = turn === count;
  renderSlots(seen, best);
  renderNote(seen, turnReview);
  renderScore($("[data-score]"), seen.score_after);
  renderCats($("[data-cats]"), replay.setup.cats, seen.score_after);
  renderMoves();
  renderAnalysis();
  renderKeyMoments();
}

// The turn's hand and market as they were before the move: what was played and taken, and
// what the better move would have played and taken.
function renderSlots(seen, best) {
  const slot = (patch, tags) => el("div", { class: `slot${tags.length ? " marked" : ""}` }, [
    patchIcon(patch),
    el("span", { class: "slot-label", text: describePatch(patch) }),
    ...tags.map(([cls, text]) => el("span", { class: `tag ${cls}`, text })),
  ]);
  const tags = (index, played, better, verbs) => [
    index === played ? ["played", verbs[0]] : null,
    best && index === better ? ["better", verbs[1]] : null,
  ].filter(Boolean);
  $("[data-hand]").replaceChildren(...seen.hand.map((patch, i) =>
    slot(patch, tags(i, seen.move.hand_index, best && best.hand_index, [gettext("placed"), gettext("better")]))));
  $("[data-market]").replaceChildren(...seen.market.map((patch, i) =>
    slot(patch, tags(i, seen.move.market_index, best && best.market_index, [gettext("taken"), gettext("better")]))));
  if (!seen.market.length) $("[data-market]").append(el("p", { class: "muted", text: gettext("No market step on the last turn.") }));
}

function moveText(seen) {
  const placed = { patch: describePatch(seen.move.patch), cell: cellWords(seen.move.cell) };
  if (seen.move.market_index === null) return interpolate(gettext("%(patch)s on %(cell)s"), placed);
  const taken = describePatch(seen.market[seen.move.market_index]);
  return interpolate(gettext("%(patch)s on %(cell)s, took %(taken)s"), { ...placed, taken });
}

function renderNote(seen, turnReview) {
  const lines = [el("p", { text: interpolate(gettext("Move: %(move)s."), { move: moveText(seen) }) })];
  if (turnReview) {
    const better = lossy(turnReview);
    const mark = turnReview.mark ? ` ${turnReview.mark} ${MARK_WORDS[turnReview.mark] || ""}.` : "";
    lines.push(el("p", {
      class: `verdict ${markClass(turnReview)}`, "data-loss": turnReview.loss.toFixed(2),
      text: better
        ? interpolate(gettext("Your move expected a final score of %(played)s; the better move, %(patch)s on %(cell)s, expected %(best)s (%(loss)s)."), {
          played: formatNumber(turnReview.played_value), patch: describePatch(seen.hand[turnReview.best.hand_index]),
          cell: cellWords(turnReview.best.cell), best: formatNumber(turnReview.best_value), loss: sign(turnReview.loss),
        }) + mark
        : interpolate(gettext("As good as the solver's move: expected final score %(played)s."), { played: formatNumber(turnReview.played_value) }),
    }));
    const list = (items, attr) => el("ul", { class: "reasons", [attr]: "" }, items.map((r) => el("li", { text: r })));
    const played = playedReasons(turnReview);
    const pair = [];
    if (played.length) pair.push(el("div", {}, [el("h3", { text: gettext("What your move earned") }), list(played, "data-played-reasons")]));
    if (better && turnReview.reasons.length) {
      // The heading already says whose they are.
      pair.push(el("div", {}, [el("h3", { text: gettext("What the better move would have") }), list(betterReasons(turnReview), "data-best-reasons")]));
    }
    if (pair.length) lines.push(el("div", { class: "reasons-pair" }, pair));
  }
  const crowd = crowdAt(state, seen.turn);
  if (crowd) lines.push(crowd);
  if (state.replay.id !== null) lines.push(practiceButton(state.replay.id, seen.turn));
  $("[data-turn-note]").replaceChildren(...lines);
}

function renderMoves() {
  const items = state.replay.turns.map((seen) => {
    const turnReview = review(seen.turn);
    const item = el("li", {
      class: turnReview ? markClass(turnReview) : null,
      "data-loss": turnReview ? turnReview.loss.toFixed(2) : null,
      "data-mark": turnReview ? turnReview.mark : null,
      "aria-current": seen.turn === state.turn ? "step" : null,
    }, [
      el("button", { type: "button", "data-turn": String(seen.turn), text: `${seen.turn}. ${moveText(seen)}` }),
      turnReview ? el("span", {
        class: "mark", text: turnReview.mark, title: MARK_WORDS[turnReview.mark] || "",
        "aria-label": MARK_WORDS[turnReview.mark] || "",
      }) : null,
      turnReview ? el("span", { class: "loss", text: sign(turnReview.loss) }) : null,
    ]);
    return item;
  });
  $("[data-moves]").replaceChildren(...items);
  $("[data-moves] [aria-current]")?.scrollIntoView({ block: "nearest" });
}

function renderAnalysis() {
  const box = $("[data-analysis]");
  const mine = state.replay.player === root.dataset.username && state.replay.id !== null;
  const a = state.analysis;
  if (a && a.status === "ready") {
    box.replaceChildren(
      el("div", { class: "stats" }, [
        el("div", { class: "stat" }, [
          el("b", { "data-accuracy": String(a.accuracy), text: `${a.accuracy.toLocaleString(LANG)}%` }), el("span", { text: gettext("accuracy") }),
        ]),
        el("div", { class: "stat" }, [
          el("b", { text: formatNumber(a.expected_loss) }), el("span", { text: gettext("points lost in all") }),
        ]),
      ]),
      ...(a.told ? [toldSentence(a.told)] : []),
      el("p", { class: "chart-title muted", "data-chart-axis": "", text: gettext("expected final score (points)") }),
      chart(a.turns, state.turn, go),
      el("p", { class: "legend muted" }, [
        el("span", { class: "key your", text: gettext("your moves") }), " · ",
        el("span", { class: "key best", text: gettext("the solver's best") }),
      ]),
      el("p", { class: "muted", "data-scale-note": "", text: gettext("Each point is the final score to expect after that turn's move if you play on as the solver would, the same estimate a hint gives; the last is your final score.") }),
      marksLegend(a.marks || []),
    );
  } else if (a && state.stalled) {
    fill(box, el("p", { class: "error-box", "data-analysis-progress": "", "data-stalled": "", text: STALLED }), analyseButton(gettext("Ask again")));
  } else if (a) {
    fill(box, el("p", { "data-analysis-progress": "", text: progressText(a) }), progressBar(a),
      a.status === "failed" ? analyseButton(gettext("Try again")) : null);
  } else if (mine) {
    box.replaceChildren(
      el("p", { class: "muted", text: gettext("See where you lost points and what the better move was.") }),
      analyseButton(gettext("Analyse my game")),
    );
  } else {
    box.replaceChildren(el("p", { class: "muted", text: state.replay.id === null
      ? gettext("The solver's own game: each move is its best from what it saw (par) or knew (best known).")
      : gettext("Only a quilt's own player can ask for its analysis.") }));
  }
}

// The turns that decided the game, at the top of the page: each a link to its turn.
function renderKeyMoments() {
  const box = $("[data-key-moments]");
  const a = state.analysis;
  const moments = a && a.status === "ready" ? a.key_moments || [] : null;
  box.hidden = !moments;
  if (!moments) return;
  if (!moments.length) {
    box.replaceChildren(el("p", { text: gettext("No turn cost you a mistake's worth of points: well played.") }));
    return;
  }
  const total = moments.reduce((sum, m) => sum + m.loss, 0);
  const links = moments.flatMap((m, i) => [
    i ? (i === moments.length - 1 ? gettext(" and ") : ", ") : "",
    el("a", { href: `#turn-${m.turn}`, "data-key-moment": String(m.turn), text: interpolate(gettext("turn %(turn)s (%(loss)s)"), { turn: m.turn, loss: sign(m.loss) }) }),
  ]);
  const many = interpolate(ngettext("%(count)s turn cost you %(points)s points: ", "%(count)s turns cost you %(points)s points: ", moments.length), { count: moments.length, points: Math.round(total) });
  box.replaceChildren(el("p", {}, [many, ...links, "."]));
  // Your own mistakes come back in your drill once their day has closed (drill/selectors.py).
  const mine = state.replay.player === root.dataset.username && state.replay.id !== null;
  const closed = !state.replay.date || state.replay.date < new Date().toISOString().slice(0, 10);
  if (mine && closed) box.append(el("p", {}, [el("a", { href: "/drill/", "data-drill-link": "", text: gettext("Practise these turns in your drill") })]));
}

function analyseButton(text) {
  const button = el("button", { type: "button", class: "btn btn-primary", "data-action": "analyse", text });
  button.addEventListener("click", () => {
    button.disabled = true;
    follow().then(() => { button.disabled = false; });
  });
  return button;
}

// Ask for the analysis (again) and follow it; a run that stops moving says so and offers to
// ask again (asking again re-sends a lost run).
async function follow() {
  state.stalled = false;
  try {
    await analyse(state.replay.id, (answer) => { state.analysis = answer; renderAnalysis(); });
    render();
  } catch (error) {
    if (error instanceof GaveUp) {
      state.stalled = true;
      return renderAnalysis();
    }
    showMessage(interpolate(gettext("The analysis could not start: %(problem)s"), { problem: error.message }));
  }
}

// The page cannot show this quilt: say why and where to go instead of a board stuck "Loading".
function cannotShow(text, links) {
  for (const node of root.querySelectorAll(".play-area, .side")) node.hidden = true;
  $("[data-heading]").textContent = gettext("Nothing to review");
  fill($("[data-message]"));
  const box = $("[data-message]");
  box.hidden = false;
  box.className = "card error-page";
  fill(box, el("p", { "data-review-error": "", text }),
    el("p", { class: "error-actions" }, links.map(([href, label]) => el("a", { class: "btn", href, text: label }))));
}

async function load() {
  const { gameId, date, kind } = root.dataset;
  try {
    state.replay = gameId ? await api.replay(gameId) : await api.solverGame(date, kind);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const home = [["/", gettext("Today's quilt")], ["/archive/", gettext("Past days")]];
    if (gameId) {
      cannotShow(error.status === 404
        ? gettext("There is no quilt to show here: either no game has this number, or it is another player's ranked quilt and its day has not closed yet (those show from 00:00 UTC after the day).")
        : interpolate(gettext("This quilt cannot be shown right now (%(problem)s). Try again in a moment."), { problem: error.message }), home);
    } else {
      const what = TITLES[kind] ? TITLES[kind].toLowerCase() : gettext("solver game");
      cannotShow(interpolate(gettext("There is no %(what)s for %(date)s yet: the solver's games of a day show once the day has closed and its run has finished."), { what, date }),
        [[`/leaderboard/${date}/`, gettext("The day's leaderboard")], ...home]);
    }
    return;
  }
  const { replay } = state;
  const title = replay.id === null ? TITLES[kind]
    : replay.player === root.dataset.username ? gettext("Your quilt") : interpolate(gettext("%(name)s's quilt"), { name: replay.name });
  // A scenario game has no day: it belongs to the scenarios, not to a leaderboard.
  $("[data-heading]").textContent = replay.date ? `${title} · ${formatDay(replay.date)}` : interpolate(gettext("%(title)s · scenario"), { title });
  $("[data-stats]").replaceChildren(
    el("div", { class: "stat" }, [el("b", { text: String(replay.score) }), el("span", { text: gettext("final score") })]),
    replay.date
      ? el("a", { class: "btn", href: `/leaderboard/${replay.date}/`, text: gettext("Leaderboard") })
      : el("a", { class: "btn", href: "/scenarios/", text: gettext("Scenarios") }),
  );
  if (replay.id !== null && replay.player === root.dataset.username) {
    try {
      state.analysis = await api.analysis(replay.id);
    } catch {
      state.analysis = null; // not asked for yet
    }
  }
  if (replay.id !== null && replay.date) {
    try {
      const crowd = await api.gameCrowd(replay.id);
      state.crowd = crowd.turn_cells ? crowd : null; // 202: the day's story is being told
    } catch {
      state.crowd = null; // the day is open: nothing of the crowd before the close
    }
    renderCrowd($("[data-crowd-lines]"), state.crowd);
  }
  go(hashTurn() || 1);
  if (state.analysis && state.analysis.status !== "ready" && state.analysis.status !== "failed") await follow();
}

const hashTurn = () => {
  const match = location.hash.match(/^#turn-(\d+)$/);
  return match ? Number(match[1]) : null;
};
window.addEventListener("hashchange", () => {
  if (state.replay && hashTurn()) go(hashTurn());
});

root.addEventListener("click", (event) => {
  const action = event.target.closest("[data-action]");
  const step = { first: () => go(1), prev: () => go(state.turn - 1), next: () => go(state.turn + 1),
    last: () => go(state.replay.turns.length) };
  if (action && state.replay && step[action.dataset.action]) step[action.dataset.action]();
  const turn = event.target.closest("[data-moves] [data-turn]");
  if (turn) go(Number(turn.dataset.turn));
});
document.addEventListener("keydown", (event) => {
  if (!state.replay || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, textarea, select")) return;
  const keys = { ArrowLeft: -1, ArrowRight: 1 };
  if (keys[event.key]) {
    event.preventDefault();
    go(state.turn + keys[event.key]);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    go(event.key === "Home" ? 1 : state.replay.turns.length);
  }
});
load();