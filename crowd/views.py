"""``/day/<date>/``: a closed day's story, rendered on the server."""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.gzip import gzip_page

from core import limits
from core.errors import NotFound
from core.pages import not_found
from puzzles.selectors.challenges import parse_date
from puzzles.web.charts import histogram

from . import selectors, services
from .heat import heat_map


def _left(moment) -> str:
    """The time to ``moment`` as the page's countdown first says it (app.js ticks it on)."""
    seconds = max(0, int((moment - timezone.now()).total_seconds()))
    hours, minutes = seconds // 3600, seconds // 60 % 60
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min {seconds % 60:02d} s"


@gzip_page
def day(request, date: str):
    try:
        challenge = selectors.closed_challenge(parse_date(date))
    except selectors.DayOpen as problem:
        # A page of its own (200): the story exists only after the close, and says when.
        opens_at = problem.challenge.closes_at
        context = {"date": problem.challenge.date, "opens_at": opens_at, "left": _left(opens_at)}
        return render(request, "crowd/day_open.html", {**context, "nav": "archive"})
    except (ValueError, NotFound) as problem:
        return not_found(request, getattr(problem, "detail", str(problem)))
    story = selectors.story_of(challenge)
    if story is None:  # as the API: counted, then its telling asked for, once
        limits.enforce("stories", address=limits.client_address(request))
        services.do_ask_story(challenge)
    chart = None
    if story:
        buckets = [
            {"score": b["score"], "count": b["players"]} for b in story["scores"]["histogram"]
        ]
        chart = histogram(buckets, mine=None, par=story["scores"]["par"])
    context = {
        "date": challenge.date,
        "story": story,
        "histogram": chart,
        "heat": story and heat_map(story.get("heat", {})),
        "nav": "archive",
    }
    return render(request, "crowd/day.html", context)
