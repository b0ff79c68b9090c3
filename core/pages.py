"""What every app's pages share. A page view writes nothing (no player, no session: a
classroom or a phone carrier's shared address is never refused a page): it reads the visitor
(``visitor``, ``player_or_none``) and its query (``page_number``, ``choice``; ``BadQuery``
answered by ``bad_request``), pages plain links (``pager``) and answers ``not_found``. The
templates are core's (``core/not_found.html``, ``bad_request.html``, ``_pager.html``)."""

from django.shortcuts import render
from django.utils.translation import gettext as _


class BadQuery(ValueError):
    """A query parameter a page cannot use; its message names it (answered as a 400 page)."""


def visitor(request):
    """The request's player, or the anonymous visitor (who has not played yet)."""
    return request.user


def player_or_none(request):
    return request.user if request.user.is_authenticated else None


def not_found(request, what: str):
    # The page ends the sentence itself: a message's own full stop would make two.
    return render(request, "core/not_found.html", {"what": what.rstrip(".")}, status=404)


def bad_request(request, problem: BadQuery):
    return render(request, "core/bad_request.html", {"what": str(problem)}, status=400)


def page_number(request, name: str = "page") -> int:
    """``?page=N`` (1 when absent): a whole number from 1, else BadQuery."""
    value = request.GET.get(name, "1")
    # The length first: int() of thousands of digits raises (Python's conversion limit).
    if len(value) > 9 or not (value.isascii() and value.isdigit()) or int(value) < 1:
        raise BadQuery(
            _("%(name)s: %(value)s is not a page number (1, 2, 3…)")
            % {"name": name, "value": repr(value)}
        )
    return int(value)


def choice(request, name: str, choices: tuple, default):
    """``?name=...`` among ``choices`` (compared as text), else BadQuery."""
    value = request.GET.get(name)
    if value is None:
        return default
    for option in choices:
        if value == str(option):
            return option
    allowed = ", ".join(str(option) for option in choices)
    raise BadQuery(
        _("%(name)s: %(value)s must be one of %(allowed)s")
        % {"name": name, "value": repr(value), "allowed": allowed}
    )


def pager(number: int, pages: int, query: str = "") -> dict:
    """Page ``number`` of ``pages`` for core/_pager.html; ``query`` (e.g. "hints=exclude&")
    is kept in its links."""
    return {
        "number": number,
        "pages": pages,
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < pages else None,
        "query": query,
    }
