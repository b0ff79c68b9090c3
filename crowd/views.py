"""``/day/<date>/``: a closed day's story, rendered on the server."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from core import limits
from core.errors import NotFound
from core.pages import not_found
from puzzles.selectors.challenges import parse_date
from puzzles.web.charts import histogram

from . import selectors, services
from .heat import heat_map


@gzip_page
def day(request, date: str):
    try:
        challenge = selectors.closed_challenge(parse_date(date))
    except (ValueError, NotFound) as problem:
        detail = getattr(problem, "detail", str(problem))
        if isinstance(problem, selectors.DayOpen):
            detail = _("This day is still open: its story is told after the close.")
        return not_found(request, detail)
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
