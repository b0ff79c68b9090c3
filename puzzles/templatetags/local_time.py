"""A moment written in UTC by the server, said by the page in the reader's own time zone
(``app.js`` rewrites each ``<time data-local-time>``; without a script the UTC words stay)."""

import datetime

from django import template
from django.utils.html import format_html

from ..game_state import today

register = template.Library()


def _next_close() -> datetime.datetime:
    return datetime.datetime.combine(
        today() + datetime.timedelta(days=1), datetime.time(), tzinfo=datetime.UTC
    )


@register.simple_tag
def local_time(moment: datetime.datetime | str | None = None):
    """``<time data-local-time datetime="…Z">00:00 UTC</time>``; no moment: the next close. A
    moment may be an answer's ISO string ("…Z")."""
    if isinstance(moment, str):
        moment = datetime.datetime.fromisoformat(moment)
    moment = (moment or _next_close()).astimezone(datetime.UTC)
    return format_html(
        '<time data-local-time datetime="{}">{} UTC</time>',
        moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
        moment.strftime("%H:%M"),
    )
