"""The visitor of a page: a page view makes nobody (it writes nothing); the page's first write
makes a guest (``acting_player``). Who logs in, and how, is the accounts app's
(``accounts.auth``)."""

import contextlib

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.backends import ModelBackend
from django.db import transaction
from rest_framework import authentication, permissions

from core import limits

from .services.visitors import do_create_guest


def from_a_page(request) -> bool:
    """A call made by the site's own page for a visitor who has no player yet: no session
    and no token, but the CSRF cookie every page sets (a cookie, not a row). An API client
    without a token has none, so it stays anonymous; one that fetches a page first is a
    browser like any other (and counted as one by the guest limit)."""
    return settings.CSRF_COOKIE_NAME in request.COOKIES


class PlayerOrPageVisitor(permissions.BasePermission):
    """``IsAuthenticated``, and also a page's first write (an unsafe method, CSRF-checked
    like a session's): the view makes the guest (``acting_player``). Reads stay for players."""

    def has_permission(self, request, view):
        if request.user and request.user.is_authenticated:
            return True
        if request.method in permissions.SAFE_METHODS or not from_a_page(request):
            return False  # answered as IsAuthenticated is: not_authenticated
        authentication.SessionAuthentication().enforce_csrf(request)
        return True


@contextlib.contextmanager
def acting_player(request):
    """The caller as a player for a write: the logged-in player, or (for a page's first write,
    ``PlayerOrPageVisitor``) a new guest. The guest is made in the same transaction as the
    write, so a refused write (a bad goal, a limit) leaves no guest behind, and is logged into
    the browser's session once the write has succeeded."""
    if request.user.is_authenticated:
        yield request.user
        return
    address = limits.client_address(request)
    with transaction.atomic():
        guest = do_create_guest(address)
        yield guest
    # the site's one backend (accounts.auth.ThrottledModelBackend), named by the settings
    login(request, guest, backend=settings.AUTHENTICATION_BACKENDS[0])


class ThrottledModelBackend(ModelBackend):
    """A session logged in before the accounts app took the log-in over names this backend
    (Django keeps the backend's path in the session and ends a session whose path is not in
    ``AUTHENTICATION_BACKENDS``): listed second, it finds such a session's player and checks
    no password (every log-in goes to ``accounts.auth.ThrottledModelBackend``, first)."""

    def authenticate(self, request, **credentials):
        return None
