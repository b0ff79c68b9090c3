"""Pages of players and groups: shells whose scripts fetch every number from the API."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from ..selectors import groups as group_reads
from ..selectors.players import public_player
from .pages import not_found, shell, visitor


def me(request):
    return shell(request, "profile", profile_of="", nav="me")


def player(request, username):
    """A registered player's public page (guests have none)."""
    found = public_player(username)
    if found is None:
        return not_found(
            request, _("There is no player called %(name)s") % {"name": repr(username)}
        )
    context = {"profile_of": found.username, "nav": "me" if found == request.user else None}
    return render(request, "puzzles/profile.html", context)


def groups(request):
    return shell(request, "groups", nav="groups")


def group(request, group_id):
    user = visitor(request)
    found = group_reads.group_for(group_id, user)
    if found is None:
        return not_found(request, _("That group does not exist or you are not one of its members"))
    return render(request, "puzzles/group.html", {"group": found, "nav": "groups"})


def group_join(request, invite_code):
    """The invite link: shows the group and a Join button (joining is a POST to the API)."""
    user = visitor(request)
    found = group_reads.group_by_code(invite_code)
    if found is None:
        return not_found(request, _("That invite link is not (or no longer) valid"))
    context = {
        "group": found,
        "member": user.is_authenticated and found.memberships.filter(player=user).exists(),
        "member_count": found.memberships.count(),
        "nav": "groups",
    }
    return render(request, "puzzles/group_join.html", context)
