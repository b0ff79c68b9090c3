"""A browser's session lasts a year from its latest visit (docs/design.md, Phase 3, "Visitors and
guests"), so that a guest playing daily never loses their games, streak and friends.

The expiry slides: a session seen on a new UTC day is saved again, which moves its row's
expiry and its cookie's a year on. At most one write a session a day, rather than
``SESSION_SAVE_EVERY_REQUEST``'s one a request (a move, every poll of a hint). A visitor
without a session has nothing to refresh: a page view still writes nothing."""

from django.contrib.auth import SESSION_KEY
from django.utils import timezone

SEEN = "seen_on"  # the UTC day the session was last saved for a visit


class SlidingSessionMiddleware:
    """After ``SessionMiddleware`` and ``AuthenticationMiddleware``: marks a session that has
    a player in it and was not saved yet today as modified, so that ``SessionMiddleware``
    saves it (row and cookie) with a fresh ``SESSION_COOKIE_AGE``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is None or session.is_empty():  # no cookie, nothing in it: no write
            return response
        if session.get(SESSION_KEY) is None:  # a stale or foreign cookie: never a new row
            return response
        today = timezone.now().date().isoformat()
        if session.get(SEEN) != today:
            session[SEEN] = today
        return response
