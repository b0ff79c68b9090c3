// The archive: past days, newest first, each playable as practice.
import { api } from "./api.js";
import { capitalise, el } from "./panel.js";

const root = document.querySelector("[data-archive-root]");
const $ = (selector) => root.querySelector(selector);

async function load(page) {
  try {
    const data = await api.challenges(page);
    const run = (r) => (r && r.status === "ready" ? String(r.score) : "…");
    const rows = data.results.map((day) => el("tr", { "data-day": day.date }, [
      el("td", {}, [el("a", { href: `/leaderboard/${day.date}/`, text: day.date })]),
      el("td", { text: capitalise(day.board) }),
      el("td", { text: day.cats.map((c) => capitalise(c.cat)).join(", ") }),
      el("td", { class: "num", text: run(day.par) }),
      el("td", { class: "num", text: run(day.best_known) }),
      el("td", { class: "num" }, [el("a", { class: "btn", href: `/play/${day.date}/`, text: "Practice" })]),
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
