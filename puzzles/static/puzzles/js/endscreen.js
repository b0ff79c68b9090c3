// The end of a game: final score beside par (and best known), rank, the day's histogram,
// the server's share (text, link and picture) and the way to the leaderboard. Every number is the server's.
import { GaveUp, STALLED, analyse, progressBar, progressText, toldSentence } from "./analysis.js";
import { el, formatNumber, gettext, interpolate, localClock } from "./dom.js";

// The leaderboard's part of the end, your rank in words and the day's histogram: the server's
// HTML (puzzles/_standing.html), the leaderboard page's own words and picture. A practice
// game's shows no rank and no mark of yours. Null when it cannot be had (no histogram then).
export async function fetchStanding(date, ranked) {
  try {
    const answer = await fetch(`/leaderboard/${encodeURIComponent(date)}/standing/${ranked ? "" : "?practice=1"}`,
      { credentials: "same-origin" });
    if (!answer.ok) return null;
    const template = document.createElement("template");
    template.innerHTML = await answer.text();
    return template.content;
  } catch {
    return null; // offline: the end screen without it
  }
}

// The score against par in plain words: a higher score is better, so "below" is behind par.
// While par's games are still being played: "par: estimating, 12 of 40 games" (null once
// ready, failed, or for a par run that has no games to count).
export function parProgress(par) {
  if (!par || !["pending", "running"].includes(par.status) || !par.of) return null;
  return interpolate(gettext("par: estimating, %(games)s of %(of)s games"), { games: par.games || 0, of: par.of });
}

function parWords(diff) {
  if (diff === 0) return gettext("level with par");
  return diff > 0 ? interpolate(gettext("%(points)s above par"), { points: diff })
    : interpolate(gettext("%(points)s below par"), { points: -diff });
}

// The finished quilt as a picture: a copy of the board's own drawing, inert (no cells to
// tap or find), its ids renamed so that none is repeated in the page.
function quiltPicture(boardSvg) {
  if (!boardSvg) return null;
  const copy = boardSvg.cloneNode(true);
  const ids = new Map();
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    for (const { name } of [...node.attributes]) {
      if (name.startsWith("data-") || name.startsWith("aria-") || name === "tabindex" || name === "role") node.removeAttribute(name);
    }
    if (node.id) {
      ids.set(node.id, `end-${node.id}`);
      node.id = `end-${node.id}`;
    }
  }
  const renamed = (value) => value.replace(/#([\w-]+)/g, (whole, id) => (ids.has(id) ? `#${ids.get(id)}` : whole));
  for (const node of copy.querySelectorAll("*")) {
    for (const { name, value } of [...node.attributes]) {
      if (value.includes("#")) node.setAttribute(name, renamed(value));
    }
  }
  copy.setAttribute("role", "img");
  copy.setAttribute("aria-label", gettext("Your finished quilt"));
  copy.setAttribute("data-end-quilt", "");
  return el("figure", { class: "end-quilt" }, [copy]);
}

export function renderEnd(container, { game, challenge, board, standing, quilt = null }) {
  const parRun = game.par || challenge.par; // the game's answer: par as of its last move
  const par = parRun && parRun.status === "ready" ? parRun.score : null;
  const estimating = parProgress(parRun);
  const best = challenge.best_known && challenge.best_known.score !== undefined && challenge.best_known.score !== null
    ? challenge.best_known.score : null;
  const diff = par === null ? null : game.score.total - par;
  const me = game.ranked && board ? board.me : null; // a practice game has no rank
  const share = shareBox(game.share);
  const figure = (value, label, attrs = {}, labelAttrs = {}) => el("div", {}, [
    el("div", { class: "big-number", text: value === null ? "–" : String(value), ...attrs }),
    el("div", { class: "big-label", text: label, ...labelAttrs }),
  ]);
  container.replaceChildren(el("section", { class: "end card", "aria-labelledby": "end-title" }, [
    el("h2", { id: "end-title", text: game.ranked ? gettext("Your quilt is finished!") : gettext("Practice quilt finished") }),
    quiltPicture(quilt),
    el("div", { class: "headline", "data-result": "", "data-result-score": String(game.score.total),
      "data-result-par": par === null ? "" : String(par), "data-result-rank": me && me.rank ? String(me.rank) : "" }, [
      figure(game.score.total, gettext("your score"), { "data-score-total": String(game.score.total) }),
      figure(par, estimating || gettext("par"), {}, estimating ? { "data-par-progress": "" } : {}),
      diff === null ? null : el("div", {
        class: `par-diff ${diff >= 0 ? "up" : "down"}`, "data-par-diff": String(diff),
        text: parWords(diff),
      }),
      best === null ? null : figure(best, gettext("best known")),
      me && me.rank ? figure(`#${me.rank}`, interpolate(gettext("rank of %(count)s"), { count: board.count })) : null,
    ]),
    standing && standing.querySelector("[data-rank-words]"),
    game.ranked ? null : el("p", { class: "muted", text: gettext("Practice games are not ranked.") }),
    nextDaily(game.closes_at),
    standing && standing.querySelector("[data-day-scores]"),
    analysisBox(game),
    ...share.nodes,
    el("div", { class: "end-actions" }, [
      share.button,
      el("a", { class: "btn btn-primary", href: `/leaderboard/${game.date}/`, "data-action": "leaderboard", text: gettext("See the leaderboard") }),
      // a closed day's story: how everyone played the same deal (crowd's page)
      challenge.closed && game.date
        ? el("a", { class: "btn", href: `/day/${game.date}/`, "data-day-story": "", text: gettext("How everyone played this day") })
        : null,
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
      ? interpolate(gettext("The next daily quilt opens in %(time)s (at %(clock)s)."), {
        time: `${hours ? `${hours} h ` : ""}${minutes} min ${String(seconds % 60).padStart(2, "0")} s`,
        clock: localClock(closesAt),
      })
      : gettext("The next daily quilt is open: reload the page to play it.");
    if (seconds) setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  };
  tick();
  return line;
}

// "Analyse my game": asks the workers, shows the progress, then the accuracy and the review.
// A game already analysed (or being analysed) shows where it stands at once, on any visit.
function analysisBox(game) {
  const box = el("div", { class: "end-analysis" });
  const review = el("a", { class: "btn", href: `/review/${game.id}/`, text: gettext("Review move by move") });
  const button = el("button", { class: "btn btn-primary", type: "button", "data-action": "analyse", text: gettext("Analyse my game") });
  const status = el("p", { class: "muted", "data-analysis-progress": "", text: gettext("See where you lost points and what the better move was.") });
  const showDone = (done) => {
    status.replaceChildren(gettext("Accuracy "), el("b", { "data-accuracy": String(done.accuracy), text: `${done.accuracy}%` }),
      interpolate(gettext(" · %(points)s points lost to the solver's best moves."), { points: formatNumber(done.expected_loss) }));
    box.querySelector("[data-told]")?.remove();
    const told = toldSentence(done.told);
    if (told) status.after(told);
    // Done: the next step is the review, not a greyed-out button.
    button.remove();
    review.classList.add("btn-primary");
    review.dataset.action = "review-analysed";
    review.textContent = gettext("See where you lost points");
  };
  const follow = async () => {
    button.disabled = true;
    try {
      const done = await analyse(game.id, (answer) => {
        status.textContent = progressText(answer);
        box.querySelector("progress")?.remove();
        if (answer.status !== "ready") box.append(progressBar(answer));
      });
      if (done.status === "ready") showDone(done);
      else button.disabled = false;
    } catch (error) {
      box.querySelector("progress")?.remove();
      status.textContent = error instanceof GaveUp ? STALLED : interpolate(gettext("The analysis could not start: %(problem)s"), { problem: error.message });
      if (error instanceof GaveUp) status.dataset.stalled = "";
      button.textContent = gettext("Ask again");
      button.disabled = false;
    }
  };
  button.addEventListener("click", follow);
  box.append(el("h3", { text: gettext("Learn from your game") }), status, el("div", { class: "end-actions" }, [button, review]));
  if (game.analysis?.status === "ready") showDone(game.analysis);
  else if (game.analysis?.status === "pending" || game.analysis?.status === "running") follow();
  return box;
}
