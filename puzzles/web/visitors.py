"""Who a page is for: a first page visit makes the visitor a guest player, logged into the
browser session (API calls never create guests)."""

from django.contrib.auth import login

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
