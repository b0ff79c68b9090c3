"""The site's words for the engine's facts (docs/design.md, Phase 3: "the engine names facts;
the words are the site's"): a hint's or a review's reasons, said in the reader's language.

The engine says each reason in English (``solver.search.hints.REASONS``), and that English is
what a hint row or an analysis stores; here each is read back into its fact
(``reason_fact``) and said again with the site's words. The English words are the engine's,
byte for byte (tests/puzzles/test_languages.py), so an English reader sees exactly what was stored;
a reason in other words (none today) is shown as it is."""

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from solver.search.analysis import BETTER_MOVE
from solver.search.hints import reason_fact

_BETTER = BETTER_MOVE.partition("{reason}")[0]


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


def reason(text: str) -> str:
    """One stored reason in the active language."""
    if text.startswith(_BETTER):
        return _("the better move: %(reason)s") % {"reason": reason(text[len(_BETTER) :])}
    fact = reason_fact(text)
    if fact is None:
        return text
    kind, values = fact
    said = dict(values)
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


def reasons(texts: list[str], language: str | None = None) -> list[str]:
    """Stored reasons in ``language`` (else the active one)."""
    with translation.override(language or translation.get_language()):
        return [reason(text) for text in texts]
