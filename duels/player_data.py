"""What duels hold of a player (the player-data protocol, ``DuelsConfig``): their seats."""

from .models import Duel, DuelEntry


def fold_guest(guest, into) -> None:
    """A guest's seats go with them to the account, but for a duel the account sits at too
    (the guest accepted the account's own challenge): that seat goes, and the duel waits for
    a friend again. Their games move with puzzles' own fold."""
    taken = DuelEntry.objects.filter(player=into).values("duel_id")
    DuelEntry.objects.filter(player=guest, duel_id__in=taken).delete()
    DuelEntry.objects.filter(player=guest).update(player=into)


def delete_player(player) -> None:
    """The player's seats go, and a duel left without its challenger with them (its opponent
    keeps their game, as any game of theirs)."""
    challenged = DuelEntry.objects.filter(player=player, seat=DuelEntry.Seat.CHALLENGER)
    Duel.objects.filter(pk__in=list(challenged.values_list("duel_id", flat=True))).delete()
    DuelEntry.objects.filter(player=player).delete()


def export_player(player) -> dict:
    rows = (
        DuelEntry.objects.filter(player=player)
        .order_by("pk")
        .values(
            "duel__code",
            "duel__kind",
            "duel__challenge__date",
            "duel__scenario",
            "duel__week",
            "seat",
            "game_id",
            "created_at",
        )
    )
    return {
        "duels": [{key.removeprefix("duel__"): value for key, value in row.items()} for row in rows]
    }
