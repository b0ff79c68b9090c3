// Under the end screen: your streak, and the way to your profile and to your groups' boards
// of the day.
import { api } from "./api.js";
import { el } from "./panel.js";

export async function renderPlayerLinks(container, game) {
  let me;
  let groups;
  try {
    [me, groups] = await Promise.all([api.me(), api.groups()]);
  } catch {
    return; // the end screen stands without them
  }
  const streak = me.stats.current_streak;
  const section = el("section", { class: "end-links card", "data-end-links": "" }, [
    el("p", { class: "streak-line", "data-end-streak": String(streak) }, [
      el("b", { text: `Streak: ${streak} day${streak === 1 ? "" : "s"} in a row` }),
      el("span", { class: "muted", text: ` · longest ${me.stats.longest_streak}` }),
    ]),
    el("div", { class: "end-actions" }, [
      el("a", { class: "btn", href: "/me/", "data-action": "profile", text: "My stats" }),
      ...groups.map((group) => el("a", {
        class: "btn", href: `/groups/${group.id}/?date=${game.date}`, "data-end-group": group.id,
        text: `${group.name}'s board`,
      })),
      groups.length ? null : el("a", { class: "btn", href: "/groups/", text: "Compare with friends" }),
    ]),
  ]);
  container.append(section);
}
