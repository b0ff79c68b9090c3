"""Reasons are stored as the engine's facts (``{"kind", "values"}``, ``solver.search.hints.fact``)
instead of English sentences: every hint, hint ahead and analysis converts. The sentences are
read back here, once, by the words the engine used until now (frozen in this file, as a
migration must be); a sentence in other words becomes a ``text`` fact, shown as it is."""

import re

from django.db import migrations

WORDS = {
    "goal": "completes {goal} with {by}: +{points}",
    "cat": "earns {cat} with {pattern}: +{points}",
    "button": "a {color} button: +{points}",
    "rainbow": "a {color} button and the rainbow: +{points}",
    "cat-group": "{pattern} group {size} of {needed} towards {cat}",
    "cat-start": "starts a {pattern} group towards {cat}",
    "pair": "{color} pair: one more for a button",
    "goal-open": "{filled} of 6 around {goal}, {open} still possible",
    "take": "take {color} {pattern} for next turn",
}
BETTER = "the better move: "
_ATTRIBUTES = "colours and patterns|colours|patterns"
_VALUES = {
    "goal": r"[A-Z]+(?:-[A-Z]+)*",
    "by": _ATTRIBUTES,
    "open": _ATTRIBUTES,
    "cat": r"[A-Z][a-z]+",
    "pattern": "dots|ferns|flowers|quatrefoil|stripes|vines",
    "color": "navy|teal|green|yellow|purple|pink",
}
_PARSERS = {
    kind: re.compile(
        "^"
        + re.sub(
            r"\\\{(\w+)\\\}",
            lambda m: f"(?P<{m[1]}>{_VALUES.get(m[1], '[0-9]+')})",
            re.escape(words),
        )
        + "$"
    )
    for kind, words in WORDS.items()
}


def fact(text):
    """A stored reason as a fact; one already a fact is left as it is."""
    if not isinstance(text, str):
        return text
    text = text.removeprefix(BETTER)
    for kind, parser in _PARSERS.items():
        found = parser.match(text)
        if found:
            values = {k: int(v) if v.isdigit() else v for k, v in found.groupdict().items()}
            return {"kind": kind, "values": values}
    return {"kind": "text", "values": {"text": text}}


def sentence(reason, better=False):
    """The way back: a fact in the engine's English words."""
    if isinstance(reason, str):
        return reason
    values = reason["values"]
    said = values["text"] if reason["kind"] == "text" else WORDS[reason["kind"]].format(**values)
    return BETTER + said if better else said


def convert_result(result, reasons, played_reasons):
    if not result or "turns" not in result:
        return result
    turns = []
    for turn in result["turns"]:
        turn = dict(turn)
        turn["reasons"] = [reasons(r) for r in turn.get("reasons", [])]
        if "played_reasons" in turn:
            turn["played_reasons"] = [played_reasons(r) for r in turn["played_reasons"]]
        turns.append(turn)
    return {**result, "turns": turns}


def convert(apps, schema_editor, hints, analyses, forwards):
    """Every row of the ``hints`` models and ``analyses`` models (app label, model name)."""
    alias = schema_editor.connection.alias
    one = fact if forwards else sentence
    better = fact if forwards else (lambda r: sentence(r, better=True))
    for label, name in hints:
        model = apps.get_model(label, name)
        for row in model.objects.using(alias).exclude(reasons=[]).iterator():
            row.reasons = [one(r) for r in row.reasons]
            row.save(update_fields=["reasons"])
    for label, name in analyses:
        model = apps.get_model(label, name)
        for row in model.objects.using(alias).exclude(result=None).iterator():
            row.result = convert_result(row.result, better, one)
            row.save(update_fields=["result"])


HINTS = [("puzzles", "Hint"), ("puzzles", "PositionHint")]
ANALYSES = [("puzzles", "Analysis")]


def forwards(apps, schema_editor):
    convert(apps, schema_editor, HINTS, ANALYSES, forwards=True)


def backwards(apps, schema_editor):
    convert(apps, schema_editor, HINTS, ANALYSES, forwards=False)


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0018_hint_pass_chance"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
