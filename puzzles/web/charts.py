"""The day's histogram as SVG geometry for its template (puzzles/_histogram.html), drawn on
the server for the leaderboard page and for the end screen (puzzles/_standing.html, which
endscreen.js fetches and places)."""

from django.utils.translation import gettext as _

WIDTH, HEIGHT = 420, 170
LEFT, RIGHT, TOP, BOTTOM = 28, 28, 26, 24


def histogram(buckets: list[dict], *, mine: int | None, par: int | None) -> dict | None:
    """``buckets``: [{score, count}] as the leaderboard selector sends them. None: nothing to
    draw (no finished games)."""
    scores = [b["score"] for b in buckets] + [v for v in (mine, par) if v is not None]
    if not scores:
        return None
    lo, hi = min(scores) - 1, max(scores) + 1
    top = max([1] + [b["count"] for b in buckets])
    inner = WIDTH - LEFT - RIGHT

    def x(score):
        return round(LEFT + (score - lo) / (hi - lo) * inner, 2)

    bar = max(2, inner / (hi - lo + 1) - 1)
    base = HEIGHT - BOTTOM
    bars = []
    for b in buckets:
        h = round((base - TOP) * b["count"] / top, 2)
        bars.append(
            {
                **b,
                "x": round(x(b["score"]) - bar / 2, 2),
                "y": round(base - h, 2),
                "w": round(bar, 2),
                "h": h,
                "mine": b["score"] == mine,
            }
        )
    marks = []
    if par is not None:
        marks.append({"label": _("par"), "value": par, "x": x(par), "y": 12, "kind": "par"})
    if mine is not None:
        close = par is not None and abs(x(mine) - x(par)) < 50
        marks.append(
            {
                "label": _("you"),
                "value": mine,
                "x": x(mine),
                "y": 23 if close else 12,
                "kind": "you",
            }
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "base": base,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "mark_top": TOP - 6,
        "lo": lo,
        "hi": hi,
        "bars": bars,
        "marks": marks,
        "mine": mine,
        "par": par,
    }
