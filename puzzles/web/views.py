"""Page views: the interactive pages' shells around the JSON API, plus the sign-up and
log-in forms (the read-only pages are in days.py, players.py and scenarios.py).

A page view writes nothing; the visitor becomes a guest with the page's first write
(``puzzles.auth.acting_player``). The pages' scripts fetch every number from the API, so no
view here computes or repeats a score.
"""

import datetime

from django.contrib import messages
from django.contrib.auth import authenticate, login, logout
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core import limits
from core.errors import BadInput, PasswordRequired
from core.pages import not_found

from ..auth import BACKEND, log_in, set_email
from ..game_state import today
from ..selectors import challenges as challenge_reads
from ..selectors.games import player_game
from ..services import account, emails, players
from .pages import bad_date, shell


def _date_or_none(value: str) -> str | None:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def daily(request):
    """Today's game; the home page, so its tags describe the site to a link's preview."""
    og = {
        "url": request.build_absolute_uri("/"),
        "image": request.build_absolute_uri(static("puzzles/icons/icon-512.png")),
    }
    return shell(request, "game", date="", nav="daily", og=og)


def practice(request, date):
    """A past day played again (its page reads the API); a day that had no daily is the
    site's 404 page, with its way back to today (the page used to say the API's error)."""
    day = _date_or_none(date)
    if day is None:
        return bad_date(request, date)
    if (
        day != today().isoformat()
        and challenge_reads.day_challenge(datetime.date.fromisoformat(day)) is None
    ):
        return not_found(request, _("There was no daily quilt on %(day)s") % {"day": day})
    return shell(request, "game", date=day, practice=True, nav="archive")


def review(request, game_id: int):
    """A finished game, turn by turn, with its analysis (the page reads the replay API, which
    decides who may see it). ``own``: the visitor's own finished game (its page offers a duel
    on its deal)."""
    game = player_game(game_id, request.user)
    own = game is not None and game.status == game.Status.FINISHED
    today_s = own and game.challenge is not None and game.challenge.date == today()
    return shell(request, "review", game_id=game_id, nav="review", own=own, today_s=today_s)


def solver_review(request, date, kind):
    """The same viewer for the par or best-known game of a closed day."""
    day = _date_or_none(date)
    if day is None:
        return bad_date(request, date)
    if kind not in ("par", "best"):
        return not_found(request, _("no solver game %(kind)s: par or best") % {"kind": repr(kind)})
    return shell(request, "review", date=day, kind=kind, nav="review")


def _is_guest(user) -> bool:
    return user.is_authenticated and user.is_guest


@require_http_methods(["GET", "POST"])
def signup(request):
    """Choose a username and password, and optionally an email (a link to verify it is sent);
    a guest keeps its games (the guest is claimed)."""
    if request.user.is_authenticated and not request.user.is_guest:
        return redirect("web:daily")
    error = None
    username = email = ""
    if request.method == "POST":
        limits.enforce("password", **limits.address_keys(limits.client_address(request)))
        username = request.POST.get("username", "")
        email = request.POST.get("email", "")
        guest = request.user if _is_guest(request.user) else None
        try:
            emails.check_email(email)  # refused before the account is made
            password = request.POST.get("password", "")
            user = players.do_register(username, password=password, guest=guest)
        except BadInput as problem:
            error = problem.detail
        else:
            login(request, user, backend=BACKEND)
            done = (
                _("Your games are kept: you play as %(name)s now.")
                if guest is not None
                else _("Welcome, %(name)s: your account is made.")
            )
            messages.success(request, done % {"name": user.username})
            if not email.strip():
                return redirect("web:daily")
            set_email(request, user, email, password=None, at_sign_up=True)  # its link is sent
            return redirect(f"{reverse('web:account')}?done=email")
    context = {"error": error, "username": username, "email": email, "nav": "signup"}
    return render(request, "puzzles/signup.html", context, status=400 if error else 200)


@require_http_methods(["GET", "POST"])
def login_view(request):
    error = None
    username = ""
    if request.method == "POST":
        username = request.POST.get("username", "")
        user = authenticate(request, username=username, password=request.POST.get("password", ""))
        if user is None:
            error = _("That username and password do not match a player.")
        else:
            log_in(request, user)  # a guest playing here is folded into the account
            return redirect("web:daily")
    context = {"error": error, "username": username, "nav": "login"}
    return render(request, "puzzles/login.html", context, status=400 if error else 200)


@require_POST
def logout_view(request):
    """Ends the browser's session; the account's API token, which other clients of the
    player's may hold, stays (``POST /api/auth/token/rotate/`` replaces it on purpose)."""
    logout(request)
    return redirect("web:daily")


@require_POST
def delete_account(request):
    """The profile's "Delete my account": the password confirms it (a guest has none); then
    the session ends and the visitor lands on a page that says what happened."""
    user = request.user
    if not user.is_authenticated:
        return redirect("web:me")
    try:
        account.do_delete_account(
            user,
            password=request.POST.get("password", ""),
            address=limits.client_address(request),
        )
    except (BadInput, PasswordRequired):
        context = {"error": _("That is not your password: nothing was deleted.")}
        return render(request, "puzzles/deleted.html", context, status=400)
    logout(request)
    return render(request, "puzzles/deleted.html", {})


def privacy(request):
    return render(request, "puzzles/privacy.html", {"nav": "privacy"})
