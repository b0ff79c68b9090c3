// The /scenarios/ page: a card per rulebook scenario with its goals, cats, conditions, the
// score to reach, your record and how often the solver passes it.
import { api } from "./api.js";
import { el, showError } from "./panel.js";
import { catLine, conditionList, goalChips, solverLine } from "./scenario.js";

const root = document.querySelector("[data-scenarios-root]");

function card(s) {
  const record = s.passed
    ? el("span", { class: "pill passed", text: `Passed · best ${s.best.score}` })
    : s.best ? el("span", { class: "pill", text: `Best try ${s.best.score}` })
      : el("span", { class: "pill muted", text: "Not tried yet" });
  return el("article", { class: "card scenario-card", "data-scenario": String(s.number), "data-passed": String(s.passed) }, [
    el("header", {}, [el("h2", { text: `Scenario ${s.number}` }), record]),
    el("p", { class: "target" }, [el("b", { text: String(s.min_score) }), " points or more, and:"]),
    conditionList(s.checks.slice(1), s.cats.map((c) => c.cat)),
    el("h3", { text: "Goals" }),
    goalChips(s.goals),
    el("h3", { text: "Cats" }),
    el("div", { class: "scenario-cats" }, s.cats.map(catLine)),
    solverLine(s.solver),
    el("a", { class: "btn btn-primary", href: `/scenarios/${s.number}/`, "data-action": "play",
      text: s.playing ? "Carry on" : s.tries ? "Play again" : "Play" }),
  ]);
}

async function load() {
  try {
    const list = await api.scenarios();
    root.querySelector("[data-scenario-cards]").replaceChildren(...list.map(card));
    const passed = list.filter((s) => s.passed).length;
    root.querySelector("[data-passed-count]").textContent = `${passed} of ${list.length} passed`;
  } catch (error) {
    showError(root.querySelector("[data-message]"), `Could not load the scenarios: ${error.message}`);
  }
}

load();
