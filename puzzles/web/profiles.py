"""A player's profile page, rendered on the server from the API's selector: stats and tables,
its charts drawn by profile.js from the same profile, in the page."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from core.pages import not_found, visitor

from ..selectors.players import profile, profile_sections, public_player


def _charts(data: dict) -> dict:
    """What profile.js draws its three charts from (json_script in the page)."""
    stats = data["stats"]
    return {
        "history": data["history"],
        "histogram": data["histogram"],
        "today": data["today"],
        "current_streak": stats["current_streak"],
        "average": stats["average"],
    }


def _profile_page(request, player, *, profile_of: str, nav: str | None):
    context = {"profile_of": profile_of, "nav": nav}
    if player is not None:
        data = profile(player)
        sections = [(section.template, data[name]) for name, section in profile_sections().items()]
        context.update(profile=data, charts=_charts(data), sections=sections)
    return render(request, "puzzles/profile.html", context)


@gzip_page
def me(request):
    """Your own stats; a visitor who has not played yet (a page makes nobody) is told so."""
    user = visitor(request)
    found = user if user.is_authenticated else None
    return _profile_page(request, found, profile_of="", nav="me")


@gzip_page
def player(request, username):
    """A registered player's public page (guests have none)."""
    found = public_player(username)
    if found is None:
        return not_found(
            request, _("There is no player called %(name)s") % {"name": repr(username)}
        )
    nav = "me" if found == request.user else None
    return _profile_page(request, found, profile_of=found.username, nav=nav)
