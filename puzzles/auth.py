"""The site's one authentication backend: every password check (the log-in page, the admin,
API tokens and log-ins) passes the abuse limits before the deliberately slow hash. And the
API's token check."""

from django.contrib.auth.backends import ModelBackend
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from . import limits
from .rows import token_with_player

BACKEND = "puzzles.auth.ThrottledModelBackend"  # for login() of a player just made or claimed


class ThrottledModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None:  # None: a shell or a script on the server
            name = username or kwargs.get("username") or ""
            limits.enforce(
                "password",
                address=limits.client_address(request),
                username=name.strip().lower() or None,
            )
        return super().authenticate(request, username, password, **kwargs)


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's token check, the same answers, with the token and its player read by SQL written
    once (``puzzles.rows``): the ORM's query took about a fifth of a move's CPU."""

    def authenticate_credentials(self, key):
        token = token_with_player(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token
