// The archive: past days, newest first, each playable as practice.
import { api } from "./api.js";
import { capitalise, el } from "./panel.js";
import { catPortrait } from "./svg.js";

const root = document.querySelector("[data-archive-root]");
const $ = (selector) => root.querySelector(selector);

async function load(page) {
  try {
    const data = await api.challenges(page);
    const run = (r) => (r && r.status === "ready" ? String(r.score) : r && r.status === "pending" ? "…" : "–");
    const day = (iso) => new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, {
      weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC",
    });
    const rows = data.results.map((challenge) => el("tr", { "data-day": challenge.date }, [
      el("td", {}, [el("a", { href: `/leaderboard/${challenge.date}/`, text: day(challenge.date) })]),
      el("td", { text: capitalise(challenge.board) }),
      el("td", {}, [el("span", { class: "archive-cats" }, challenge.cats.map((c) =>
        el("span", { class: "archive-cat" }, [catPortrait(c.cat), capitalise(c.cat)])))]),
      el("td", { class: "num", text: run(challenge.par) }),
      el("td", { class: "num", text: run(challenge.best_known) }),
      el("td", { class: "num" }, [el("a", { class: "btn", href: `/play/${challenge.date}/`, text: "Practice" })]),
    ]));
    if (!rows.length) rows.push(el("tr", {}, [el("td", { colspan: 6, class: "muted", text: "No past days yet: today is the first. Come back tomorrow!" })]));
    $("[data-days] tbody").replaceChildren(...rows);
    const pager = [];
    if (data.previous) pager.push(button("← Newer", page - 1));
    if (data.next) pager.push(button("Older →", page + 1));
    $("[data-pager]").replaceChildren(...pager);
  } catch (error) {
    const box = $("[data-message]");
    box.hidden = false;
    box.className = "error-box";
    box.textContent = `Could not load the archive: ${error.message}`;
  }
}

function button(text, page) {
  const node = el("button", { type: "button", class: "btn", text });
  node.addEventListener("click", () => load(page));
  return node;
}

load(1);
