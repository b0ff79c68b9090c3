"""The drill's part of a player (``accounts.player_data``): their answers."""

from .models import DrillAnswer
from .selectors import answers_of


def fold_guest(guest, into) -> None:
    DrillAnswer.objects.filter(player=guest).update(player=into)


def delete_player(player) -> None:
    DrillAnswer.objects.filter(player=player).delete()


def export_player(player) -> dict:
    return {"drill": answers_of(player)}
