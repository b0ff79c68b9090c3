"""Versus' part of a player (``accounts.player_data``): their tables against the solver."""

from puzzles.selectors.players import ProfileSection

from .models import VersusGame
from .selectors import versus_record
from .services import do_fold_guest
from .shapes import VersusRecordOut


def fold_guest(guest, into) -> None:
    do_fold_guest(guest, into=into)


def delete_player(player) -> None:
    VersusGame.objects.filter(player=player).delete()


def export_player(player) -> dict:
    games = VersusGame.objects.filter(player=player).order_by("pk")
    fields = ("id", "level", "opponents", "status", "goals", "moves", "created_at")
    return {"versus": list(games.values(*fields))}


def profile_sections() -> dict:
    return {
        "versus": ProfileSection(
            read=versus_record,
            shape=VersusRecordOut,
            template="versus/_profile_record.html",
            help="versus games against the solver, per level",
        )
    }
