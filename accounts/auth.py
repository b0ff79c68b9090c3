"""Who logs in. The site's one authentication backend: every password check (the log-in page,
the admin, API tokens and log-ins) passes the abuse limits before the deliberately slow hash.
The API's token check. And the log-in that folds a guest into its account. (A page's visitor,
made a guest by its first write, is the daily's: ``puzzles.auth``.)"""

from django.contrib.auth import login
from django.contrib.auth.backends import ModelBackend
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from core import limits
from puzzles.rows import token_with_player

from .selectors import login_name
from .services.emails import do_set_email
from .services.players import do_fold_guest, normal_username

BACKEND = "accounts.auth.ThrottledModelBackend"  # for login() of a player just made or claimed


class ThrottledModelBackend(ModelBackend):
    """Wrong passwords are counted per (username, address) and per address; a correct
    password from an address that has not failed for that username is never refused, so
    nobody can lock a player out from elsewhere. When a username's wrong passwords from
    every address pass ``password-username`` (a spread-out guessing), the addresses that
    failed for it wait too, the others still not. A verified email logs in as its player's
    username, and is counted as that username."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        name = username if username is not None else kwargs.pop("username", "")
        name = login_name(normal_username(name)) if isinstance(name, str) else name
        if request is None:  # a shell or a script on the server
            return super().authenticate(request, name, password, **kwargs)
        return limits.password_guarded(
            limits.client_address(request),
            name,
            lambda: super(ThrottledModelBackend, self).authenticate(
                request, name, password, **kwargs
            ),
        )


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


def log_in(request, user) -> None:
    """Log ``user`` into the browser's session; a guest playing in it is folded into the
    account (its games, tables and groups move there: ``do_fold_guest``)."""
    current = request.user
    if current.is_authenticated and current.is_guest and current.pk != user.pk:
        do_fold_guest(current, into=user)
    login(request, user, backend=BACKEND)


def set_email(request, player, email, *, password, at_sign_up: bool = False) -> None:
    """Set ``player``'s email for a page or the API (``services.emails.do_set_email``: the
    account's password confirms it, or the sign-up that just set it), the email in the
    caller's language."""
    do_set_email(
        player,
        email=email,
        password=password,
        language=request.LANGUAGE_CODE,
        address=limits.client_address(request),
        at_sign_up=at_sign_up,
    )
