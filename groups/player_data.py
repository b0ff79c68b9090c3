"""The groups' part of a player (``accounts.player_data``): the groups they own and joined."""

from .selectors import group_summary, groups_of
from .services import do_fold_guest, do_leave_all


def fold_guest(guest, into) -> None:
    do_fold_guest(guest, into=into)


def delete_player(player) -> None:
    do_leave_all(player)  # an owned group passes to a member


def export_player(player) -> dict:
    return {"groups": [group_summary(group) for group in groups_of(player)]}
