// A hint's or a review's reasons, worded by the page: the API sends each bare, as the engine's
// fact ({kind, values}: solver/search/hints.py), and these are the site's sentences for them in
// the page's language, the same as puzzles/words.py says for the API's worded `reasons`.
import { gettext, interpolate, pgettext } from "./dom.js";
import { patchColourWord, patternWord } from "./svg.js";

const SENTENCES = {
  goal: gettext("completes %(goal)s with %(by)s: +%(points)s"),
  cat: gettext("earns %(cat)s with %(pattern)s: +%(points)s"),
  button: gettext("a %(color)s button: +%(points)s"),
  rainbow: gettext("a %(color)s button and the rainbow: +%(points)s"),
  "cat-group": gettext("%(pattern)s group %(size)s of %(needed)s towards %(cat)s"),
  "cat-start": gettext("starts a %(pattern)s group towards %(cat)s"),
  pair: gettext("%(color)s pair: one more for a button"),
  "goal-open": gettext("%(filled)s of 6 around %(goal)s, %(open)s still possible"),
  take: gettext("take %(color)s %(pattern)s for next turn"),
};

// What a goal is completed with, or still open for (`by`, `open`).
const ATTRIBUTES = {
  "colours and patterns": pgettext("a goal's", "colours and patterns"),
  colours: pgettext("a goal's", "colours"),
  patterns: pgettext("a goal's", "patterns"),
};

// A colour's word depends on what it colours (Spanish agrees it with the noun): a button, the
// two patches of a pair, else a patch.
const BUTTON_COLOURS = {
  navy: pgettext("a button's colour", "navy"), teal: pgettext("a button's colour", "teal"),
  green: pgettext("a button's colour", "green"), yellow: pgettext("a button's colour", "yellow"),
  purple: pgettext("a button's colour", "purple"), pink: pgettext("a button's colour", "pink"),
};
const PAIR_COLOURS = {
  navy: pgettext("two patches' colour", "navy"), teal: pgettext("two patches' colour", "teal"),
  green: pgettext("two patches' colour", "green"), yellow: pgettext("two patches' colour", "yellow"),
  purple: pgettext("two patches' colour", "purple"), pink: pgettext("two patches' colour", "pink"),
};

function colourWord(color, kind) {
  if (kind === "button" || kind === "rainbow") return BUTTON_COLOURS[color] || color;
  if (kind === "pair") return PAIR_COLOURS[color] || color;
  return patchColourWord(color);
}

// One fact in words; a sentence stored before reasons were facts ("text") is said as it was.
export function reasonWords({ kind, values }) {
  if (kind === "text") return values.text;
  const said = { ...values };
  for (const key of ["by", "open"]) if (key in said) said[key] = ATTRIBUTES[said[key]] || said[key];
  if ("pattern" in said) said.pattern = patternWord(said.pattern);
  if ("color" in said) said.color = colourWord(said.color, kind);
  return SENTENCES[kind] ? interpolate(SENTENCES[kind], said) : "";
}

// The reasons of an answer: its bare facts worded here, else (an answer without them) the
// API's own words.
export function reasonList(facts, worded = []) {
  return facts ? facts.map(reasonWords).filter(Boolean) : worded;
}
