// The duel's page (/duel/<code>/): the invitation (spoiler-free: names and finished scores
// only, as the API answers), the link to send, then both quilts, the chart of both players'
// expected final score after each turn and the verdict's turns. Everything shown comes from
// GET /api/duels/{code}/; nothing here decides who may see what.
import { api } from "../../puzzles/js/api.js";
import { Board } from "../../puzzles/js/board.js";
import { expectedLines } from "../../puzzles/js/charts.js";
import { $, el, fill, formatDay, formatNumber, gettext, interpolate, ngettext } from "../../puzzles/js/dom.js";
import { PATCH_CELLS } from "../../puzzles/js/engine.js";
import { showError } from "../../puzzles/js/panel.js";

const root = $("[data-duel-root]");
const code = root.dataset.code;
const POLL_MS = 4000;
let timer = null;

const points = (value) => interpolate(ngettext("%(n)s point", "%(n)s points", Math.abs(Math.round(value))), { n: formatNumber(Math.abs(value), Math.round(value) === value ? 0 : 1) });

function dealWords(deal) {
  if (deal.kind === "daily") {
    const day = formatDay(deal.date);
    return deal.ranked ? interpolate(gettext("The daily quilt of %(day)s: both play it ranked."), { day })
      : interpolate(gettext("The daily quilt of %(day)s, played again."), { day });
  }
  if (deal.kind === "weekly") return interpolate(gettext("The weekly special of %(week)s (scenario %(number)s)."), { week: deal.week, number: deal.scenario });
  return interpolate(gettext("Scenario %(number)s, on one deal for both."), { number: deal.scenario });
}

function show(section, visible) { $(section, root).hidden = !visible; }

function render(duel) {
  root.dataset.phase = duel.status;
  $("[data-duel-deal]", root).textContent = dealWords(duel.deal);
  const [challenger] = duel.players;
  const mine = duel.players.find((p) => p.you);
  const inviting = duel.status === "waiting" && !mine;
  show("[data-duel-invite]", inviting);
  if (inviting) {
    $("[data-invite-title]", root).textContent = interpolate(gettext("%(name)s challenges you"), { name: challenger.player });
  }
  show("[data-duel-link]", duel.status === "waiting" && Boolean(mine));
  if (mine) $("[data-link-input]", root).value = new URL(duel.url, location.origin).href;
  show("[data-duel-status]", duel.status !== "done" && !inviting);
  show("[data-duel-result]", duel.status === "done");
  show("[data-rematch]", duel.status === "done" && Boolean(mine) && root.dataset.hasPlayer === "true");
  if (duel.status === "done") renderResult(duel);
  else renderStatus(duel);
}

function renderStatus(duel) {
  fill($("[data-scores]", root), ...duel.players.map((p) => el("li", {}, [
    el("span", { text: p.you ? interpolate(gettext("%(name)s (you)"), { name: p.player }) : p.player }),
    el("strong", { text: p.score === null ? gettext("playing…") : String(p.score) }),
  ])));
  const play = $("[data-play]", root);
  play.hidden = !duel.play;
  if (duel.play) play.href = duel.play;
  const words = duel.status === "waiting" ? gettext("Waiting for a friend to accept.")
    : duel.play ? gettext("Play your game: the other quilt shows once you have both finished.")
      : gettext("Waiting for the other player to finish.");
  $("[data-status-words]", root).textContent = words;
}

function quiltCard(player, border) {
  const card = el("section", { class: "card duel-quilt", "data-duel-player": player.seat });
  const parDiff = player.par_diff === null ? ""
    : interpolate(gettext("%(diff)s against par"), { diff: `${player.par_diff > 0 ? "+" : ""}${formatNumber(player.par_diff)}` });
  card.append(
    el("h3", {}, [el("span", { text: player.you ? interpolate(gettext("%(name)s (you)"), { name: player.player }) : player.player }),
      el("strong", { class: "duel-score", text: String(player.score) })]),
    el("p", { class: "muted", text: parDiff }),
  );
  const wrap = el("div", { class: "board-wrap" });
  card.append(wrap);
  const board = new Board(wrap, { onActivate: () => {} });
  board.svg.removeAttribute("tabindex");
  board.svg.setAttribute("aria-label", interpolate(gettext("%(name)s's final quilt: %(score)s points"), { name: player.player, score: player.score }));
  const placed = new Set(player.quilt.placements.map((p) => p.cell));
  board.render({
    game: {
      quilt: player.quilt, score: player.points, border, goals: player.quilt.goals || {},
      empty_cells: PATCH_CELLS.filter((c) => !placed.has(c)),
    },
  });
  return card;
}

function renderResult(duel) {
  const { verdict } = duel;
  const [first, second] = duel.players;
  const margin = Math.abs(first.score - second.score);
  $("[data-winner]", root).textContent = verdict.winner === null
    ? gettext("A draw: the same score, cats and buttons.")
    : margin ? interpolate(gettext("%(name)s won by %(points)s."), { name: verdict.winner, points: points(margin) })
      : interpolate(gettext("%(name)s won on the tiebreak (cats, then buttons)."), { name: verdict.winner });
  fill($("[data-quilts]", root), ...duel.players.map((p) => quiltCard(p, duel.border)));
  const ready = verdict.analysis === "ready" && first.expected.length > 0;
  const chart = $("[data-duel-chart]", root);
  if (ready) {
    const lines = duel.players.map((p) => ({ name: p.player, start: p.expected_start, expected: p.expected }));
    const label = interpolate(gettext("Expected final score after each turn: %(lines)s"), {
      lines: lines.map((p) => interpolate(gettext("%(name)s from %(start)s to %(score)s"),
        { name: p.name, start: Math.round(p.start), score: p.expected[p.expected.length - 1] })).join("; "),
    });
    fill(chart, expectedLines(lines, verdict.turns.map((t) => t.turn), label));
    fill($("[data-legend]", root), ...duel.players.map((p, k) => el("li", { "data-line": k, text: p.player })));
    fill($("[data-verdict]", root), ...verdict.turns.map((t) => el("li", {
      "data-turn": t.turn,
      text: interpolate(gettext("Turn %(turn)s: %(name)s gained %(points)s on the expected final score."), { turn: t.turn, name: t.to, points: points(t.gap) }),
    })));
    if (!verdict.turns.length) fill($("[data-verdict]", root), el("li", { text: gettext("No single turn moved the gap by a point or more: a close duel all the way.") }));
  }
  $("[data-analysis-note]", root).textContent = ready ? ""
    : verdict.analysis === "failed" ? gettext("The solver could not review the games; try this page again later.")
      : gettext("The solver is reviewing both games to find where the duel was won…");
  return ready || verdict.analysis === "failed";
}

async function load() {
  clearTimeout(timer);
  try {
    const duel = await api.duel(code);
    render(duel);
    const settled = duel.status === "done" && (duel.verdict.analysis === "failed"
      || (duel.verdict.analysis === "ready" && duel.players[0].expected.length > 0));
    if (!settled) timer = setTimeout(load, POLL_MS);
  } catch (error) {
    showError($("[data-message]", root), error.message);
  }
}

$('[data-action="accept"]', root).addEventListener("click", async (event) => {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    const { duel, game } = await api.acceptDuel(code);
    // The game page resumes the game this tab names (a scenario's, made by the accept).
    if (game && duel.deal.kind !== "daily") sessionStorage.setItem(`calico-scenario-${duel.deal.scenario}`, game.id);
    if (duel.play) location.assign(duel.play);
    else render(duel);
  } catch (error) {
    button.disabled = false;
    showError($("[data-message]", root), error.message);
  }
});

$('[data-action="share-link"]', root).addEventListener("click", async () => {
  const url = $("[data-link-input]", root).value;
  const note = $("[data-link-note]", root);
  try {
    if (navigator.share) await navigator.share({ title: gettext("A Calico duel"), url });
    else {
      await navigator.clipboard.writeText(url);
      note.textContent = gettext("Link copied.");
    }
  } catch {
    $("[data-link-input]", root).select();
    note.textContent = gettext("Copy the link above.");
  }
});

$('[data-action="rematch"]', root).addEventListener("click", async (event) => {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    location.assign((await api.rematch(code)).url);
  } catch (error) {
    button.disabled = false;
    $("[data-rematch-note]", root).textContent = error.message;
  }
});

load();
