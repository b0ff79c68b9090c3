"""The duel's page: a shell whose script reads ``GET /api/duels/{code}/`` (the invitation,
spoiler-free, then the result) and accepts by ``POST .../accept/``."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from core.pages import not_found

from . import selectors as duel_reads


def duel(request, code: str):
    found = duel_reads.duel_by_code(code)
    if found is None:
        return not_found(request, _("There is no duel at this link"))
    return render(request, "duels/duel.html", {"code": code, "nav": "duel"})
