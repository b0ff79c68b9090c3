"""The dashboard's numbers for its page: rates in words and its two charts' SVG geometry, with
locale-neutral numbers whatever the page's language (a decimal comma breaks an SVG)."""

from django import template
from django.utils.translation import ngettext

register = template.Library()
WIDTH, HEIGHT, PAD = 300, 90, 14
MARK_KINDS = ("inaccuracies", "mistakes", "blunders")


def _mark_words(kind: str, n: int) -> str:
    return {
        "inaccuracies": ngettext("%(n)d inaccuracy", "%(n)d inaccuracies", n),
        "mistakes": ngettext("%(n)d mistake", "%(n)d mistakes", n),
        "blunders": ngettext("%(n)d blunder", "%(n)d blunders", n),
    }[kind] % {"n": n}


@register.filter
def percent(count: int, total: int) -> str:
    """``count`` of ``total`` as a whole percentage ("62%"), "–" of nothing."""
    return f"{round(100 * count / total)}%" if total else "–"


@register.filter
def phase_bars(phases: list[dict]) -> list[dict]:
    """A bar per phase with a mean loss: its box and where its label goes, the tallest bar
    reaching the top."""
    top = max((phase["mean_loss"] or 0 for phase in phases), default=0) or 1
    slot = WIDTH / len(phases)
    bars = []
    for n, phase in enumerate(phases):
        height = (phase["mean_loss"] or 0) / top * (HEIGHT - 2 * PAD)
        bars.append(
            {
                **phase,
                "x": f"{n * slot + slot * 0.2:.1f}",
                "y": f"{HEIGHT - PAD - height:.1f}",
                "width": f"{slot * 0.6:.1f}",
                "height": f"{height:.1f}",
                "middle": f"{n * slot + slot / 2:.1f}",
                "value_y": f"{HEIGHT - PAD - height - 3:.1f}",
            }
        )
    return bars


@register.filter
def marks_bars(marks: list[dict]) -> list[dict]:
    """A stacked bar per analysed day: its boxes bottom up (inaccuracies, mistakes,
    blunders), one unit of height per marked turn, the busiest day reaching the top."""
    top = max((sum(day[kind] for kind in MARK_KINDS) for day in marks), default=0) or 1
    unit = (HEIGHT - 2 * PAD) / top
    slot = WIDTH / max(len(marks), 10)  # a few games: narrow bars from the left
    days = []
    for n, day in enumerate(marks):
        base, boxes = HEIGHT - PAD, []
        for kind in MARK_KINDS:
            height = day[kind] * unit
            base -= height
            if day[kind]:
                boxes.append(
                    {
                        "kind": kind,
                        "y": f"{base:.1f}",
                        "height": f"{height:.1f}",
                        "words": _mark_words(kind, day[kind]),
                    }
                )
        days.append(
            {
                **day,
                "x": f"{n * slot + slot * 0.15:.1f}",
                "width": f"{slot * 0.7:.1f}",
                "middle": f"{n * slot + slot / 2:.1f}",
                "top": f"{base - 3:.1f}",
                "total": sum(day[kind] for kind in MARK_KINDS),
                "boxes": boxes,
            }
        )
    return days
