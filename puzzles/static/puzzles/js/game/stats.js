// The solo game's stats row: turn, score, par (or a scenario's target) and hints, and how hard
// the day is beside par's label ("Par · tough"), as the server sends them.
import { parProgress } from "../endscreen.js";
import { $, el, gettext, interpolate } from "../dom.js";

const DIFFICULTY = { gentle: gettext("gentle"), usual: gettext("usual"), tough: gettext("tough"), brutal: gettext("brutal") };

export function renderStats(root, { game, challenge, scenarioInfo }) {
  const par = (game && game.par) || challenge.par;
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
    scenarioInfo ? [gettext("To reach"), String(scenarioInfo.min_score), "target"] : [gettext("Par"), parText, "par"],
    [gettext("Hints"), game ? String(game.hints_used) : "0", "hints"],
  ];
  $("[data-stats]", root).replaceChildren(...stats.map(([label, value, key]) =>
    el("div", { class: "stat", [`data-stat-${key}`]: value, ...(key === "par" && estimating ? { title: estimating } : {}) }, [
      el("b", { text: value, ...(key === "par" && estimating ? { "aria-hidden": "true" } : {}) }),
      el("span", { text: label }),
      key === "par" && estimating ? el("span", { class: "visually-hidden", "data-par-progress": "", text: estimating }) : null,
    ])));
  renderDifficulty(root, !scenarioInfo && challenge && challenge.difficulty);
}

// The server's word (from par's percentile among the reference deals' pars, or from the crowd
// once closed) beside par's label.
function renderDifficulty(root, difficulty) {
  const stat = $("[data-stat-par]", root);
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
