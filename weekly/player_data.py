"""The weekly special's part of a player (``accounts.player_data``): their tries."""

from .models import WeeklyEntry
from .services import do_fold_guest


def fold_guest(guest, into) -> None:
    do_fold_guest(guest, into=into)


def delete_player(player) -> None:
    # a try's game is a scenario game, which the daily deletes too (and the try with it)
    WeeklyEntry.objects.filter(player=player).delete()
