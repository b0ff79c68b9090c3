"""Groups of friends: create, join by invite code, leave or be removed by the owner (which
draws a new invite code, as the owner may at any time)."""

import secrets

from django.db import IntegrityError, transaction

from core import limits
from core.errors import BadInput, NotFound, ServiceError
from puzzles.models import Player

from .models import Group, Membership
from .selectors import group_by_code

NAME_MAX = Group._meta.get_field("name").max_length
# Codes are read aloud and typed: no 0/O or 1/I.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


class NotOwner(ServiceError):
    status = 403
    code = "forbidden"


def _check_name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise BadInput("name: required")
    name = name.strip()
    if len(name) > NAME_MAX:
        raise BadInput(f"name: at most {NAME_MAX} characters")
    return name


def _draw_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def do_create_group(owner: Player, *, name, address: str | None = None) -> Group:
    """A new group with ``owner`` as its first member; counted towards the group limits of
    the owner and of the client ``address``."""
    name = _check_name(name)
    limits.enforce("groups", account=owner.pk, address=address)
    for _ in range(5):
        try:
            with transaction.atomic():
                group = Group.objects.create(name=name, invite_code=_draw_code(), owner=owner)
                Membership.objects.create(group=group, player=owner)
                return group
        except IntegrityError:  # the code was taken: draw another
            continue
    raise RuntimeError("could not draw a free invite code")


def _rotate_code(group: Group) -> None:
    """A fresh invite code for ``group``: the old code and its link stop working."""
    for _ in range(5):
        group.invite_code = _draw_code()
        try:
            with transaction.atomic():  # a savepoint: a taken code must not spoil the caller's
                group.save(update_fields=["invite_code"])
                return
        except IntegrityError:  # the code was taken: draw another
            continue
    raise RuntimeError("could not draw a free invite code")


def do_rotate_invite_code(group_id: int, *, actor: Player) -> Group:
    """The owner draws a new invite code (e.g. once a link went where it should not)."""
    with transaction.atomic():
        group = (
            Group.objects.select_for_update().filter(pk=group_id, memberships__player=actor).first()
        )
        if group is None:
            raise NotFound(f"no group {group_id} of yours")
        if group.owner_id != actor.pk:
            raise NotOwner("only the group's owner changes the invite code")
        _rotate_code(group)
        return group


def do_join_group(player: Player, *, invite_code) -> Group:
    """Join the group of ``invite_code``; joining twice changes nothing."""
    if not isinstance(invite_code, str) or not invite_code.strip():
        raise BadInput("invite_code: required")
    group = group_by_code(invite_code)
    if group is None:
        raise NotFound("invite_code: no group has this invite code")
    Membership.objects.get_or_create(group=group, player=player)
    return group


def do_remove_member(group_id: int, *, actor: Player, username: str) -> Group | None:
    """The owner removes anyone, and the group gets a new invite code (the removed player
    knows the old one); a member removes themselves. When the owner leaves, the
    longest-standing member becomes the owner; when the last member leaves, the group goes.
    Returns the group, or None once it is gone.

    Holds the group row's lock, so that two leaving at once cannot leave it without an owner.
    """
    with transaction.atomic():
        group = (
            Group.objects.select_for_update().filter(pk=group_id, memberships__player=actor).first()
        )
        if group is None:
            raise NotFound(f"no group {group_id} of yours")
        membership = group.memberships.filter(player__username=username).first()
        if membership is None:
            raise NotFound(f"username: {username!r} is not a member of this group")
        removed = membership.player_id != actor.pk
        if removed and group.owner_id != actor.pk:
            raise NotOwner("only the group's owner removes other members")
        membership.delete()
        if removed:  # the removed member's code must not let them straight back in
            _rotate_code(group)
        if membership.player_id != group.owner_id:
            return group
        successor = group.memberships.order_by("joined_at", "id").first()
        if successor is None:
            group.delete()
            return None
        group.owner_id = successor.player_id
        group.save(update_fields=["owner"])
        return group


def do_leave_all(player: Player) -> None:
    """``player`` leaves every group (an account deleted): each group they owned passes to
    its longest-standing member, as when an owner leaves (``do_remove_member``)."""
    for group_id in list(player.memberships.values_list("group_id", flat=True)):
        do_remove_member(group_id, actor=player, username=player.username)


def do_fold_guest(guest: Player, *, into: Player) -> None:
    """A guest's groups go with it into the account it logged into (its config's
    ``fold_guest``, ``accounts.player_data``, inside the fold's transaction): what it owns,
    and its memberships but of the groups the account is in already (which go with the
    guest)."""
    Group.objects.filter(owner=guest).update(owner=into)
    joined = Membership.objects.filter(player=into).values("group_id")
    Membership.objects.filter(player=guest).exclude(group_id__in=joined).update(player=into)
