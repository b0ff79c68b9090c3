"""What every page does: a first page visit makes the visitor a guest player, logged into the
browser session (API calls never create guests); a page is a shell whose script fetches every
number from the API."""

from django.contrib.auth import login
from django.shortcuts import render

from .. import limits
from ..auth import BACKEND
from ..services.players import do_create_guest


def visitor(request):
    """The request's player, or a new guest logged into the session."""
    if request.user.is_authenticated:
        return request.user
    guest = do_create_guest(limits.client_address(request))
    login(request, guest, backend=BACKEND)
    return guest


def shell(request, template: str, **context):
    """The page ``puzzles/<template>.html`` for the visitor."""
    visitor(request)
    return render(request, f"puzzles/{template}.html", context)


def not_found(request, what: str):
    return render(request, "puzzles/not_found.html", {"what": what}, status=404)
