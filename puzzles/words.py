"""The site's words for the engine's facts (docs/design.md, Phase 3: "the engine names facts;
the words are the site's"): a hint's or a review's reasons, a cat's requirement, a design
goal's label and help, a scenario's conditions, said in the reader's language.

A hint row or an analysis stores each reason as the engine's fact (``solver.search.hints.fact``:
a kind and its values); here it is said with the site's words, in the reader's language. The
English words are the engine's, byte for byte (tests/puzzles/pages/test_languages.py)."""

from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from solver.game import Cat, Condition, Goal, goal_by_id
from solver.search.hints import Reason


def _sentences() -> dict[str, str]:
    """Each kind of reason in the active language (the engine's English as msgid)."""
    return {
        "goal": _("completes %(goal)s with %(by)s: +%(points)s"),
        "cat": _("earns %(cat)s with %(pattern)s: +%(points)s"),
        "button": _("a %(color)s button: +%(points)s"),
        "rainbow": _("a %(color)s button and the rainbow: +%(points)s"),
        "cat-group": _("%(pattern)s group %(size)s of %(needed)s towards %(cat)s"),
        "cat-start": _("starts a %(pattern)s group towards %(cat)s"),
        "pair": _("%(color)s pair: one more for a button"),
        "goal-open": _("%(filled)s of 6 around %(goal)s, %(open)s still possible"),
        "take": _("take %(color)s %(pattern)s for next turn"),
    }


def _attribute(name: str) -> str:
    return {
        "colours and patterns": pgettext("a goal's", "colours and patterns"),
        "colours": pgettext("a goal's", "colours"),
        "patterns": pgettext("a goal's", "patterns"),
    }[name]


def _pattern(name: str) -> str:
    return {
        "dots": pgettext("pattern", "dots"),
        "ferns": pgettext("pattern", "ferns"),
        "flowers": pgettext("pattern", "flowers"),
        "quatrefoil": pgettext("pattern", "quatrefoil"),
        "stripes": pgettext("pattern", "stripes"),
        "vines": pgettext("pattern", "vines"),
    }[name]


# A colour's word depends on what it colours (Spanish agrees it with the noun): a button, a
# patch, and the two patches of a pair.
def _color(name: str, kind: str) -> str:
    if kind in ("button", "rainbow"):
        return {
            "navy": pgettext("a button's colour", "navy"),
            "teal": pgettext("a button's colour", "teal"),
            "green": pgettext("a button's colour", "green"),
            "yellow": pgettext("a button's colour", "yellow"),
            "purple": pgettext("a button's colour", "purple"),
            "pink": pgettext("a button's colour", "pink"),
        }[name]
    if kind == "pair":
        return {
            "navy": pgettext("two patches' colour", "navy"),
            "teal": pgettext("two patches' colour", "teal"),
            "green": pgettext("two patches' colour", "green"),
            "yellow": pgettext("two patches' colour", "yellow"),
            "purple": pgettext("two patches' colour", "purple"),
            "pink": pgettext("two patches' colour", "pink"),
        }[name]
    return {
        "navy": pgettext("a patch's colour", "navy"),
        "teal": pgettext("a patch's colour", "teal"),
        "green": pgettext("a patch's colour", "green"),
        "yellow": pgettext("a patch's colour", "yellow"),
        "purple": pgettext("a patch's colour", "purple"),
        "pink": pgettext("a patch's colour", "pink"),
    }[name]


def button_color(color: str) -> str:
    """A button's colour in the active language."""
    return _color(color, "button")


def patch(color: str, pattern: str) -> str:
    """A patch in the active language ("yellow dots"; Spanish "loseta amarilla de lunares")."""
    return pgettext("a patch", "%(color)s %(pattern)s") % {
        "color": _color(color, "patch"),
        "pattern": _pattern(pattern),
    }


def reason(fact: Reason, better: bool = False) -> str:
    """One stored reason in the active language; ``better``: a better move's, said as such."""
    if better:
        return _("the better move: %(reason)s") % {"reason": reason(fact)}
    kind, said = fact["kind"], dict(fact["values"])
    if kind == "text":  # a sentence stored before reasons were facts, in no words of ours
        return said["text"]
    for key in ("by", "open"):
        if key in said:
            said[key] = _attribute(said[key])
    if "pattern" in said:
        said["pattern"] = _pattern(said["pattern"])
    if "color" in said:
        said["color"] = _color(said["color"], kind)
    return _sentences()[kind] % said


def message(text: str, language: str | None = None) -> str:
    """A hint's message (``services.hint_messages``: an English msgid or "") in ``language``."""
    if not text:
        return text
    with translation.override(language or translation.get_language()):
        return _(text)


def reasons(facts: list[Reason], language: str | None = None, better: bool = False) -> list[str]:
    """Stored reasons in ``language`` (else the active one); ``better``: a better move's."""
    with translation.override(language or translation.get_language()):
        return [reason(fact, better) for fact in facts]


# The words of the setups the API shows (cats, goals, scenarios) are lazy: made when shown, in
# the language active then. A page renders them in its language; the API renders its answers in
# the caller's (``core.api.renderers``), so the shared, cached answers hold no language.
# Each English text is the engine's own, byte for byte (tests/puzzles/pages/test_languages.py).


def board(name: str) -> str:
    """A quilt board's name (the engine's: its colour) in the active language."""
    return {
        "blue": pgettext("a quilt board", "blue"),
        "green": pgettext("a quilt board", "green"),
        "purple": pgettext("a quilt board", "purple"),
        "yellow": pgettext("a quilt board", "yellow"),
    }.get(name, name)


def _requirement(cat: Cat) -> str:
    if cat.shape is None:
        return _("a group of %(size)s or more") % {"size": cat.size}
    return {
        "callie": _("a triangle of 3"),
        "rumi": _("a straight line of 3"),
        "tecolote": _("a straight line of 4"),
        "almond": _("a trapezoid of 5: two above three"),
        "leo": _("a straight line of 5"),
    }[cat.id]


requirement = lazy(_requirement, str)


def _goal_label(goal: Goal) -> str:
    return _("All different") if goal.id == "all-different" else goal.label


goal_label = lazy(_goal_label, str)


def goal_name(goal_id: str) -> str:
    """A design goal's name by its id, as the board shows it ("AAA-BB-C", "All different")."""
    return _goal_label(goal_by_id(goal_id))


def _number(n: int) -> str:
    return {
        2: _("two"),
        3: _("three"),
        4: _("four"),
        5: _("five"),
        6: _("six"),
    }[n]


def _part(size: int, n: int) -> str:
    """``n`` groups of ``size`` of a goal's six neighbours: "a pair", "two singles"."""
    if n == 1:
        return {
            1: _("a single"),
            2: _("a pair"),
            3: _("a set of three"),
            4: _("a set of four"),
        }[size]
    many = {
        1: _("%(number)s singles"),
        2: _("%(number)s pairs"),
        3: _("%(number)s sets of three"),
        4: _("%(number)s sets of four"),
    }[size]
    return many % {"number": _number(n)}


def _goal_shape_words(counts: tuple[int, ...]) -> str:
    """A goal's counts in plain words: (2, 2, 1, 1) is "two pairs and two singles"."""
    if counts == (1,) * 6:
        return _("all six different")
    parts = [_part(size, counts.count(size)) for size in sorted(set(counts), reverse=True)]
    if len(parts) == 1:
        return parts[0]
    return _("%(parts)s and %(last)s") % {"parts": ", ".join(parts[:-1]), "last": parts[-1]}


goal_shape_words = lazy(_goal_shape_words, str)


def _goal_help(goal: Goal) -> str:
    """What a goal wants, in the words its tile and the goal picker show."""
    if goal.counts == (1,) * 6:
        wants = _("Its six neighbours all different")
    else:
        shape = _goal_shape_words(goal.counts)
        wants = _("%(shape)s among its six neighbours") % {"shape": shape[0].upper() + shape[1:]}
    points = {"one": goal.one, "both": goal.both}
    scores = _("%(one)s points for colours, %(one)s for patterns, %(both)s for both.") % points
    return f"{wants}: {scores}"


goal_help = lazy(_goal_help, str)


def _condition(condition: Condition) -> str:
    n = {"count": condition.target}
    return {
        "score": lambda: _("score at least %(count)s") % n,
        "goals-met": lambda: ngettext("%(count)s goal met", "%(count)s goals met", n["count"]) % n,
        "goals-both": lambda: (
            ngettext("%(count)s goal met with both", "%(count)s goals met with both", n["count"])
            % n
        ),
        "rainbow": lambda: _("rainbow button"),
        "cat-tokens": lambda: _("%(count)s cat tokens") % n,
        "each-cat": lambda: _("each cat at least once"),
        "buttons-one-color": lambda: _("%(count)s buttons of one colour") % n,
        "tokens-one-cat": lambda: _("%(count)s tokens of one cat") % n,
    }[condition.kind]()


condition = lazy(_condition, str)
