// The end of a game: final score beside par (and best known), rank, the day's histogram,
// the server's share (text, link and picture) and the way to the leaderboard. Every number is the server's.
import { GaveUp, STALLED, analyse, progressBar, progressText } from "./analysis.js";
import { el, formatNumber, gettext, interpolate, ngettext } from "./dom.js";
import { svg } from "./svg.js";

export function histogram(entries, { mine = null, par = null } = {}) {
  const width = 420;
  const height = 170;
  const pad = { left: 28, right: 28, top: 26, bottom: 24 };
  const scores = entries.map((e) => e.score).concat([mine, par].filter((v) => v !== null));
  if (!scores.length) return el("p", { class: "muted", text: gettext("No finished games yet.") });
  const lo = Math.min(...scores) - 1;
  const hi = Math.max(...scores) + 1;
  const top = Math.max(1, ...entries.map((e) => e.count));
  const x = (score) => pad.left + ((score - lo) / (hi - lo)) * (width - pad.left - pad.right);
  const barW = Math.max(2, (width - pad.left - pad.right) / (hi - lo + 1) - 1);
  const base = height - pad.bottom;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": gettext("Histogram of the day's scores")
      + (mine !== null ? interpolate(gettext("; yours is %(score)s"), { score: mine }) : "")
      + (par !== null ? interpolate(gettext("; par is %(score)s"), { score: par }) : ""),
  });
  for (const entry of entries) {
    const h = ((base - pad.top) * entry.count) / top;
    root.append(svg("rect", {
      class: `bar${entry.score === mine ? " mine" : ""}`, x: x(entry.score) - barW / 2, y: base - h,
      width: barW, height: h, rx: 1.5,
    }, [svg("title", {}, [interpolate(ngettext("%(score)s: %(count)s player", "%(score)s: %(count)s players", entry.count), { score: entry.score, count: entry.count })])]));
  }
  root.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: base, y2: base, stroke: "#cbbd9f" }));
  const marker = (value, label, color, row) => {
    if (value === null) return;
    root.append(
      svg("line", { class: "mark-line", x1: x(value), x2: x(value), y1: pad.top - 6, y2: base, stroke: color, "stroke-dasharray": "4 3" }),
      svg("text", { x: x(value), y: 12 + row * 11, "text-anchor": "middle", style: `fill:${color};font-weight:700` }, [`${label} ${value}`]),
    );
  };
  marker(par, gettext("par"), "#b04a2a", 0);
  marker(mine, gettext("you"), "#2f8f96", mine !== null && par !== null && Math.abs(x(mine) - x(par)) < 50 ? 1 : 0);
  root.append(
    svg("text", { x: pad.left, y: height - 6 }, [String(lo)]),
    svg("text", { x: width - pad.right, y: height - 6, "text-anchor": "end" }, [String(hi)]),
  );
  return root;
}

// Where a rank stands, in words that stay true for the last of two (ties share a rank: the
// quilts above are exactly rank - 1).
export function rankWords(rank, count) {
  if (count <= 1) return gettext("The only ranked quilt of the day so far.");
  if (rank === 1) return interpolate(gettext("No other quilt of the day's %(count)s scored more than yours."), { count });
  const above = rank - 1;
  return interpolate(ngettext("%(above)s of the day's %(count)s ranked quilts scored more than yours.",
    "%(above)s of the day's %(count)s ranked quilts scored more than yours.", above), { above, count });
}

export function renderEnd(container, { game, challenge, board }) {
  const par = challenge.par && challenge.par.status === "ready" ? challenge.par.score : null;
  const best = challenge.best_known && challenge.best_known.score !== undefined && challenge.best_known.score !== null
    ? challenge.best_known.score : null;
  const diff = par === null ? null : game.score.total - par;
  const me = game.ranked && board ? board.me : null; // a practice game has no rank
  const share = shareBox(game.share);
  const figure = (value, label, attrs = {}) => el("div", {}, [
    el("div", { class: "big-number", text: value === null ? "–" : String(value), ...attrs }),
    el("div", { class: "big-label", text: label }),
  ]);
  container.replaceChildren(el("section", { class: "end card", "aria-labelledby": "end-title" }, [
    el("h2", { id: "end-title", text: game.ranked ? gettext("Your quilt is finished!") : gettext("Practice quilt finished") }),
    el("div", { class: "headline", "data-result": "", "data-result-score": String(game.score.total),
      "data-result-par": par === null ? "" : String(par), "data-result-rank": me && me.rank ? String(me.rank) : "" }, [
      figure(game.score.total, gettext("your score"), { "data-score-total": String(game.score.total) }),
      figure(par, gettext("par")),
      diff === null ? null : el("div", {
        class: `par-diff ${diff >= 0 ? "up" : "down"}`,
        text: diff >= 0 ? interpolate(gettext("%(points)s over par"), { points: diff }) : interpolate(gettext("%(points)s under par"), { points: -diff }),
      }),
      best === null ? null : figure(best, gettext("best known")),
      me && me.rank ? figure(`#${me.rank}`, interpolate(gettext("rank of %(count)s"), { count: board.count })) : null,
    ]),
    me && me.rank ? el("p", { class: "muted", "data-percentile": String(me.percentile), text: rankWords(me.rank, board.count) }) : null,
    game.ranked ? null : el("p", { class: "muted", text: gettext("Practice games are not ranked.") }),
    nextDaily(game.closes_at),
    board ? el("div", { class: "histogram" }, [
      el("h3", { text: `${challenge.closed ? interpolate(gettext("Scores of %(date)s"), { date: game.date }) : gettext("Today's scores")} (${
        interpolate(ngettext("%(count)s ranked player", "%(count)s ranked players", board.count), { count: board.count })})` }),
      histogram(board.histogram || [], { mine: game.ranked ? game.score.total : null, par }),
    ]) : null,
    analysisBox(game),
    ...share.nodes,
    el("div", { class: "end-actions" }, [
      share.button,
      el("a", { class: "btn btn-primary", href: `/leaderboard/${game.date}/`, "data-action": "leaderboard", text: gettext("See the leaderboard") }),
      el("a", { class: "btn", href: "/archive/", text: gettext("Play a past day") }),
    ]),
  ]));
}

// The server's share: its picture as a preview, its words, and one button that hands them to
// the system's share sheet (with the picture as a file where the browser takes files), else
// copies the words.
function shareBox(share) {
  if (!share) return { nodes: [], button: null };
  const button = el("button", { class: "btn", type: "button", "data-action": "share",
    text: navigator.share ? gettext("Share") : gettext("Copy share text") });
  // Fetched ahead: a share sheet needs the click's user activation, which a slow fetch between
  // the click and navigator.share() could outlast.
  const file = navigator.share && navigator.canShare ? fetch(share.image, { credentials: "same-origin" })
    .then((answer) => (answer.ok ? answer.blob() : null))
    .then((blob) => (blob ? new File([blob], "calico-daily.png", { type: "image/png" }) : null))
    .catch(() => null) : Promise.resolve(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.text);
      button.textContent = gettext("Copied");
    } catch {
      button.textContent = gettext("Select the text to copy");
    }
  };
  button.addEventListener("click", async () => {
    if (!navigator.share) return copy();
    // The text ends with the link: the sheet gets the link as its url, not twice.
    const words = share.text.endsWith(share.url) ? share.text.slice(0, -share.url.length).trimEnd() : share.text;
    const data = { title: "Calico Daily", text: words, url: share.url };
    const picture = await file;
    if (picture && navigator.canShare({ files: [picture] })) data.files = [picture];
    try {
      await navigator.share(data);
    } catch (error) {
      if (error.name !== "AbortError") await copy(); // the player closed the sheet: nothing to do
    }
  });
  const alt = interpolate(gettext("Share picture: %(words)s"), { words: share.text.split("\n").slice(0, -1).join(" · ") });
  return {
    button,
    nodes: [
      el("h3", { text: share.spoiler_free ? gettext("Share (no spoilers)") : gettext("Share") }),
      el("figure", { class: "share-preview" }, [
        el("img", { src: share.image, width: String(share.image_width), height: String(share.image_height),
          alt, "data-share-image": "" }),
      ]),
      el("pre", { class: "share", "data-share": "", text: share.text }),
    ],
  };
}

// Today's game: the next daily opens when this day closes (the server's closes_at); the
// countdown ticks each second (data-seconds-left says how many). A past day's game has none.
function nextDaily(closesAt) {
  const at = closesAt ? Date.parse(closesAt) : NaN;
  if (!(at > Date.now())) return null;
  const line = el("p", { class: "next-daily", "data-next-daily": closesAt });
  let first = true;
  const tick = () => {
    if (!first && !line.isConnected) return; // the end screen was replaced
    first = false;
    const seconds = Math.max(0, Math.ceil((at - Date.now()) / 1000));
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor(seconds / 60) % 60;
    line.dataset.secondsLeft = String(seconds);
    line.textContent = seconds
      ? interpolate(gettext("The next daily quilt opens in %(time)s (00:00 UTC)."), {
        time: `${hours ? `${hours} h ` : ""}${minutes} min ${String(seconds % 60).padStart(2, "0")} s`,
      })
      : gettext("The next daily quilt is open: reload the page to play it.");
    if (seconds) setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  };
  tick();
  return line;
}

// "Analyse my game": asks the workers, shows the progress, then the accuracy and the review.
function analysisBox(game) {
  const box = el("div", { class: "end-analysis" });
  const review = el("a", { class: "btn", href: `/review/${game.id}/`, text: gettext("Review move by move") });
  const button = el("button", { class: "btn btn-primary", type: "button", "data-action": "analyse", text: gettext("Analyse my game") });
  const status = el("p", { class: "muted", "data-analysis-progress": "", text: gettext("See where you lost points and what the better move was.") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const done = await analyse(game.id, (answer) => {
        status.textContent = progressText(answer);
        box.querySelector("progress")?.remove();
        if (answer.status !== "ready") box.append(progressBar(answer));
      });
      if (done.status === "ready") {
        status.replaceChildren(gettext("Accuracy "), el("b", { "data-accuracy": String(done.accuracy), text: `${done.accuracy}%` }),
          interpolate(gettext(" · %(points)s points lost to the solver's best moves."), { points: formatNumber(done.expected_loss) }));
      } else {
        button.disabled = false;
      }
    } catch (error) {
      box.querySelector("progress")?.remove();
      status.textContent = error instanceof GaveUp ? STALLED : interpolate(gettext("The analysis could not start: %(problem)s"), { problem: error.message });
      if (error instanceof GaveUp) status.dataset.stalled = "";
      button.textContent = gettext("Ask again");
      button.disabled = false;
    }
  });
  box.append(el("h3", { text: gettext("Learn from your game") }), status, el("div", { class: "end-actions" }, [button, review]));
  return box;
}
