// What one placement earned, in words, for its toast: a button, a cat, the rainbow and a
// design goal each named (a goal met on the same move as a cat is said too, not folded into
// the cat's points), then the points the server's total rose by.
import { capitalise } from "./panel.js";
import { gettext, interpolate, pgettext } from "./dom.js";

const GROUP_COLOURS = {
  navy: pgettext("a group's colour", "navy"), teal: pgettext("a group's colour", "teal"),
  green: pgettext("a group's colour", "green"), yellow: pgettext("a group's colour", "yellow"),
  purple: pgettext("a group's colour", "purple"), pink: pgettext("a group's colour", "pink"),
};

// `award`: the game's last_award; `gained`: the change in the total; `goalGained`: in the
// design goals' points (both from the server's scores, so the page adds no points of its own).
export function awardWords(award, gained, goalGained) {
  const earned = award || {};
  const words = [];
  if (earned.button) words.push(interpolate(gettext("Button! A %(color)s group"), { color: GROUP_COLOURS[earned.button] || earned.button }));
  if (earned.cat) words.push(interpolate(gettext("%(cat)s came to nap!"), { cat: capitalise(earned.cat) }));
  if (earned.rainbow) words.push(gettext("Rainbow: all six colours!"));
  if (goalGained > 0 || (gained > 0 && !words.length)) words.push(gettext("A design goal is met!"));
  if (words.length && gained > 0) words.push(`+${gained}`);
  return words;
}
