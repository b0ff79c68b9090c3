"""What the daily's pages share. Every page only renders (``core.pages``); the visitor becomes
a guest with the page's first write (``puzzles.auth.acting_player``).

The interactive pages (game, versus, review) are shells whose scripts fetch from the API; the
read-only ones (archive, leaderboards, profiles, scenarios) are rendered from the same
selectors the API answers with, their paging plain links."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from core.pages import not_found


def shell(request, template: str, **context):
    """The page ``puzzles/<template>.html`` for the visitor."""
    return render(request, f"puzzles/{template}.html", context)


def bad_date(request, value: str):
    return not_found(request, _("%(value)s is not a date like 2026-11-29") % {"value": repr(value)})
