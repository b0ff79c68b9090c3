// Under the end screen: the way to your profile and to your groups' boards of the day.
import { api } from "./api.js";
import { el } from "./panel.js";
import { gettext, interpolate, ngettext } from "./dom.js";

export async function renderPlayerLinks(container, game) {
  let me;
  let groups;
  try {
    [me, groups] = await Promise.all([api.me(), api.groups()]);
  } catch {
    return; // the end screen stands without them
  }
  // The streak itself is shown once, under the heading (game.js, data-home-streak): the
  // card keeps its number as data-end-streak only.
  // The streak freezes held (one earned for each 7 days of streak, two at most): each covers
  // a missed day by itself.
  const held = me.freezes ? me.freezes.held : 0;
  const section = el("section", {
    class: "end-links card", "data-end-links": "", "data-end-streak": String(me.stats.current_streak),
  }, [
    held ? el("p", { class: "muted", "data-end-freezes": String(held), text: interpolate(ngettext(
      "%(count)s streak freeze held: it covers a day you miss.",
      "%(count)s streak freezes held: each covers a day you miss.", held), { count: held }) }) : null,
    el("div", { class: "end-actions" }, [
      el("a", { class: "btn", href: "/me/", "data-action": "profile", text: gettext("My stats") }),
      ...groups.map((group) => el("a", {
        class: "btn", href: `/groups/${group.id}/?date=${game.date}`, "data-end-group": group.id,
        text: interpolate(gettext("Group board: %(name)s"), { name: group.name }), // never "Quilters's"
      })),
      groups.length ? null : el("a", { class: "btn", href: "/groups/", text: gettext("Compare with friends") }),
    ]),
  ]);
  container.append(section);
}
