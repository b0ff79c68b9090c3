"""The reminders' pages: the account page's form (its section, ``_account_section.html``)
and the email's unsubscribe (a button, or a mail client's one-click POST)."""

from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts.views import account_page
from core.errors import BadInput

from . import services


@require_POST
def settings_form(request):
    user = request.user
    if not user.is_authenticated or user.is_guest:
        return redirect("accounts:login")
    try:
        hour = int(request.POST.get("hour", ""))
    except ValueError:
        hour = -1  # refused by the service, naming the hour
    try:
        services.do_set_reminders(
            user,
            email=request.POST.get("email") == "on",
            push=request.POST.get("push") == "on",
            hour=hour,
            time_zone=request.POST.get("time_zone", ""),
            language=request.LANGUAGE_CODE,
        )
    except BadInput as problem:
        return account_page(request, error=problem.detail, status=400)
    return redirect(f"{reverse('accounts:account')}?done=reminders")


@csrf_exempt  # the signed token in the path is the authority, and mail clients post no cookie
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """The link in each reminder. A GET only shows a button (mail scanners follow links);
    its POST, or a mail client's one-click POST (RFC 8058, ``List-Unsubscribe-Post``),
    turns the email reminder off."""
    try:
        if request.method == "POST":
            services.do_unsubscribe(token)
        else:
            services.reminder_of_token(token)
    except BadInput as problem:
        return render(request, "reminders/unsubscribed.html", {"error": problem.detail}, status=400)
    return render(request, "reminders/unsubscribed.html", {"asked": request.method == "GET"})
