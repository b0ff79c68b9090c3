"""The account's pages: sign-up, log-in and out, deleting the account, its settings (username,
email, password), the email's verification link, and the password reset by email. Django's
own auth views for the password change and reset (docs/operations.md, "Accounts and email",
says why not django-allauth)."""

from django.contrib import messages
from django.contrib.auth import authenticate, login, logout
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from core import limits
from core.errors import BadInput, PasswordRequired

from . import player_data
from .auth import BACKEND, log_in, set_email
from .services import account, emails, players

# What a settings page says after a change (``?done=``).
DONE = {
    "email": gettext_lazy("A link to verify your email is on its way. Open it within three days."),
    "email-removed": gettext_lazy("Your email is removed."),
    "username": gettext_lazy("Your username is changed."),
    "password": gettext_lazy("Your password is changed."),
    "reminders": gettext_lazy("Your reminder is saved."),
}


def _player(request):
    user = request.user
    return user if user.is_authenticated and not user.is_guest else None


def account_page(request, *, error=None, status=200):
    """The account page, with a refusal to show (an app's section's form posts elsewhere and
    answers with this page)."""
    context = {
        "nav": "me",
        "error": error,
        "done": DONE.get(request.GET.get("done", "")),
        # the apps' sections (reminders), each ``{template, ...}`` (``account_section``)
        "sections": player_data.account_sections(request),
    }
    return render(request, "accounts/settings.html", context, status=status)


def account_settings(request):
    """``/me/account/``: change the username, the email, the password. A guest signs up first."""
    if _player(request) is None:
        return redirect("accounts:signup" if request.user.is_authenticated else "accounts:login")
    return account_page(request)


@require_POST
def change_email(request):
    player = _player(request)
    if player is None:
        return redirect("accounts:login")
    try:
        set_email(
            request, player, request.POST.get("email", ""), password=request.POST.get("password")
        )
    except (BadInput, PasswordRequired) as problem:
        return account_page(request, error=problem.detail, status=400)
    done = "email" if player.email else "email-removed"
    return redirect(f"{reverse('accounts:account')}?done={done}")


@require_POST
def change_username(request):
    player = _player(request)
    if player is None:
        return redirect("accounts:login")
    try:
        players.do_change_username(player, username=request.POST.get("username", ""))
    except BadInput as problem:
        player.refresh_from_db()  # the page shows the name that stayed
        return account_page(request, error=problem.detail, status=400)
    return redirect(f"{reverse('accounts:account')}?done=username")


def verify_email(request, token: str):
    """The email's link: the address is verified (a GET, so that the link works as it is
    opened; following it twice is harmless)."""
    try:
        player = emails.do_verify_email(token)
    except BadInput as problem:
        context = {"error": problem.detail}
        return render(request, "accounts/verified.html", context, status=400)
    return render(request, "accounts/verified.html", {"email": player.email})


@require_http_methods(["GET", "POST"])
def undo_email(request, token: str):
    """The link sent to a verified address that was replaced: a GET shows a button (mail
    scanners open links: a GET changes nothing), its POST undoes the change
    (``emails.do_undo_email_change``) and leads to a password reset."""
    if request.method != "POST":
        return render(request, "accounts/undo_email.html", {"ask": True})
    try:
        player = emails.do_undo_email_change(token)
    except BadInput as problem:
        context = {"error": problem.detail}
        return render(request, "accounts/undo_email.html", context, status=400)
    if request.user.is_authenticated and request.user.pk == player.pk:
        logout(request)
    return render(request, "accounts/undo_email.html", {"email": player.email})


class PasswordChange(auth_views.PasswordChangeView):
    """Django's, with the old password's check counted like a log-in's (``password`` limit
    per address), so a borrowed session cannot guess it at leisure."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:account")

    def post(self, request, *args, **kwargs):
        limits.enforce("password", **limits.address_keys(limits.client_address(request)))
        return super().post(request, *args, **kwargs)

    def get_success_url(self):
        return f"{self.success_url}?done=password"

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "nav": "me"}


class PasswordReset(auth_views.PasswordResetView):
    """``/password-reset/``: the same answer, after the same work, whether or not the email is
    a player's: the request counts the limits and hands the address to a worker, which alone
    looks for its player and sends the link (``emails.do_ask_password_reset``)."""

    template_name = "accounts/password_reset.html"
    success_url = reverse_lazy("accounts:password-reset-sent")

    def form_valid(self, form):
        owner = _player(self.request)
        emails.do_ask_password_reset(
            email=form.cleaned_data["email"].strip(),
            language=self.request.LANGUAGE_CODE,
            address=limits.client_address(self.request),
            owner=owner,
        )
        return redirect(self.get_success_url())


class PasswordResetSent(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_sent.html"


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """The emailed link: a new password, then the player is logged in (a guest playing in
    this browser folded into the account, as at log-in)."""

    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password-reset-done")

    def form_valid(self, form):
        answer = super().form_valid(form)
        log_in(self.request, form.user)
        return answer


class PasswordResetDone(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_done.html"


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
            return redirect(f"{reverse('accounts:account')}?done=email")
    context = {"error": error, "username": username, "email": email, "nav": "signup"}
    return render(request, "accounts/signup.html", context, status=400 if error else 200)


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
    return render(request, "accounts/login.html", context, status=400 if error else 200)


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
        return render(request, "accounts/deleted.html", context, status=400)
    logout(request)
    return render(request, "accounts/deleted.html", {})
