"""The rating board's page, rendered on the server from the API's selector."""

from django.shortcuts import render
from django.views.decorators.gzip import gzip_page

from core.pages import visitor
from groups import selectors as group_reads

from . import selectors as rating_reads


@gzip_page
def ratings(request):
    user = visitor(request)
    groups = group_reads.groups_of(user) if user.is_authenticated else []
    chosen = next((g for g in groups if str(g.pk) == request.GET.get("group")), None)
    members = group_reads.member_ids(chosen) if chosen else None
    context = {
        "board": rating_reads.rating_board(members),
        "groups": groups,
        "group": chosen,
        "mine": rating_reads.rating_of(user) if user.is_authenticated else None,
        "nav": "ratings",
    }
    return render(request, "ratings/ratings.html", context)
