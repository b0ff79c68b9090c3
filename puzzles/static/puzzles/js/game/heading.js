// The solo game's heading (the day or the scenario, the title the server's game plays), the
// player's streak under it, and how to play's worked examples.
import { api } from "../api.js";
import { $, el, fill, formatDay, gettext, interpolate, ngettext } from "../dom.js";
import { goalExample } from "../goals.js";
import { buttonExample, catExample, rainbowExample } from "../svg.js";

// `at`: {scenario, weekly, scenarioInfo, challenge, game, date} of the page's controller.
export function renderHeading(root, at) {
  if (at.scenario) {
    const words = at.weekly ? gettext("Weekly special %(week)s · scenario %(number)s · reach %(score)s") : gettext("Scenario %(number)s · reach %(score)s");
    $("[data-heading]", root).textContent = interpolate(words, { week: at.weekly, number: at.scenario, score: at.scenarioInfo.min_score });
    return;
  }
  // What the server plays, not the address: the game shown, else what Start will make (the
  // day's first game is ranked until the day closes; every later one is practice).
  const c = at.challenge;
  const ranked = at.game ? at.game.ranked : !c.closed && !c.ranked_game;
  const title = ranked ? gettext("Daily quilt") : gettext("Practice");
  // The puzzle number is the server's (days since the first daily), never counted here.
  const number = Number.isInteger(c.number) ? `#${c.number}` : "";
  const day = formatDay(at.date, "short");
  fill($("[data-heading]", root), `${title} `,
    number ? el("span", { class: "heading-number", "data-puzzle-number": String(c.number), text: `${number} ` }) : null,
    el("span", { class: "heading-day", text: `· ${day}` }));
  root.dataset.ranked = String(ranked);
  document.title = ranked && number ? `Calico Daily ${number} · ${day}`
    : `${title}${number ? ` ${number}` : ""} ${day} · Calico Daily`;
}

// A player's current streak under the heading (from /api/me/); a visitor who has not played
// yet has no profile (401/403) and a player without a streak sees nothing either.
export async function renderStreak(root) {
  const line = $("[data-home-streak]", root);
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

// How to play's worked examples: the buttons, the day's first cat and first goal.
export function renderHowToPictures(root, challenge) {
  const picture = (name) => $(`[data-how-to-picture="${name}"]`, root);
  if (!picture("buttons")) return;
  picture("buttons").replaceChildren(buttonExample(), rainbowExample());
  picture("cat").replaceChildren(...(challenge.cats.length ? [catExample(challenge.cats[0])].filter(Boolean) : []));
  const goal = (challenge.goal_options || [])[0];
  picture("goal").replaceChildren(...(goal ? [goalExample(goal)].filter(Boolean) : []));
}
