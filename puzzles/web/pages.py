"""What every page does: nothing but render. A page view writes nothing (no player, no
session: a classroom or a phone carrier's shared address is never refused a page); the
visitor becomes a guest with the page's first write (``puzzles.auth.acting_player``). A page
is a shell whose script fetches every number from the API."""

from django.shortcuts import render


def visitor(request):
    """The request's player, or the anonymous visitor (who has not played yet)."""
    return request.user


def shell(request, template: str, **context):
    """The page ``puzzles/<template>.html`` for the visitor."""
    return render(request, f"puzzles/{template}.html", context)


def not_found(request, what: str):
    return render(request, "puzzles/not_found.html", {"what": what}, status=404)
