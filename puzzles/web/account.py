"""The account's pages: its settings (username, email, password), the email's verification
link, and the password reset by email. Django's own auth views for the password change and
reset (docs/operations.md, "Accounts and email", says why not django-allauth); the log-in and
sign-up pages stay in views.py."""

from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from core import limits
from core.errors import BadInput, PasswordRequired

from ..auth import log_in, set_email
from ..services import emails, players

# What a settings page says after a change (``?done=``).
DONE = {
    "email": gettext_lazy("A link to verify your email is on its way. Open it within three days."),
    "email-removed": gettext_lazy("Your email is removed."),
    "username": gettext_lazy("Your username is changed."),
    "password": gettext_lazy("Your password is changed."),
    "reminders": gettext_lazy("Your reminder is saved."),
}


# The account page's further sections, added by the apps built on puzzles (which it never
# imports): a template each, rendered inside the page with its context (``add_account_section``
# in the app's ``AppConfig.ready``), and a function giving that template its context.
ACCOUNT_SECTIONS: dict[str, tuple[str, object]] = {}


def add_account_section(name: str, template: str, context) -> None:
    """``context(request) -> dict`` gives ``template`` what it shows."""
    ACCOUNT_SECTIONS[name] = (template, context)


def _player(request):
    user = request.user
    return user if user.is_authenticated and not user.is_guest else None


def account_page(request, *, error=None, status=200):
    """The account page, with a refusal to show (an app's section's form posts elsewhere and
    answers with this page)."""
    sections = [
        {"template": template, **context(request)}
        for template, context in ACCOUNT_SECTIONS.values()
    ]
    context = {
        "nav": "me",
        "error": error,
        "done": DONE.get(request.GET.get("done", "")),
        "sections": sections,
    }
    return render(request, "puzzles/account/settings.html", context, status=status)


def account_settings(request):
    """``/me/account/``: change the username, the email, the password. A guest signs up first."""
    if _player(request) is None:
        return redirect("web:signup" if request.user.is_authenticated else "web:login")
    return account_page(request)


@require_POST
def change_email(request):
    player = _player(request)
    if player is None:
        return redirect("web:login")
    try:
        set_email(
            request, player, request.POST.get("email", ""), password=request.POST.get("password")
        )
    except (BadInput, PasswordRequired) as problem:
        return account_page(request, error=problem.detail, status=400)
    done = "email" if player.email else "email-removed"
    return redirect(f"{reverse('web:account')}?done={done}")


@require_POST
def change_username(request):
    player = _player(request)
    if player is None:
        return redirect("web:login")
    try:
        players.do_change_username(player, username=request.POST.get("username", ""))
    except BadInput as problem:
        player.refresh_from_db()  # the page shows the name that stayed
        return account_page(request, error=problem.detail, status=400)
    return redirect(f"{reverse('web:account')}?done=username")


def verify_email(request, token: str):
    """The email's link: the address is verified (a GET, so that the link works as it is
    opened; following it twice is harmless)."""
    try:
        player = emails.do_verify_email(token)
    except BadInput as problem:
        context = {"error": problem.detail}
        return render(request, "puzzles/account/verified.html", context, status=400)
    return render(request, "puzzles/account/verified.html", {"email": player.email})


@require_http_methods(["GET", "POST"])
def undo_email(request, token: str):
    """The link sent to a verified address that was replaced: a GET shows a button (mail
    scanners open links: a GET changes nothing), its POST undoes the change
    (``emails.do_undo_email_change``) and leads to a password reset."""
    if request.method != "POST":
        return render(request, "puzzles/account/undo_email.html", {"ask": True})
    try:
        player = emails.do_undo_email_change(token)
    except BadInput as problem:
        context = {"error": problem.detail}
        return render(request, "puzzles/account/undo_email.html", context, status=400)
    if request.user.is_authenticated and request.user.pk == player.pk:
        logout(request)
    return render(request, "puzzles/account/undo_email.html", {"email": player.email})


class PasswordChange(auth_views.PasswordChangeView):
    """Django's, with the old password's check counted like a log-in's (``password`` limit
    per address), so a borrowed session cannot guess it at leisure."""

    template_name = "puzzles/account/password_change.html"
    success_url = reverse_lazy("web:account")

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

    template_name = "puzzles/account/password_reset.html"
    success_url = reverse_lazy("web:password-reset-sent")

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
    template_name = "puzzles/account/password_reset_sent.html"


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """The emailed link: a new password, then the player is logged in (a guest playing in
    this browser folded into the account, as at log-in)."""

    template_name = "puzzles/account/password_reset_confirm.html"
    success_url = reverse_lazy("web:password-reset-done")

    def form_valid(self, form):
        answer = super().form_valid(form)
        log_in(self.request, form.user)
        return answer


class PasswordResetDone(auth_views.PasswordResetCompleteView):
    template_name = "puzzles/account/password_reset_done.html"
