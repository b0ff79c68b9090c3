"""Filling the dashboards: each day, one ranked game of each player that nobody asked to
review is analysed (the newest of a closed day), so that a player's losses by phase and marks
cover their whole history in time without a flood of work at any close."""

import datetime

from celery import current_app
from django.db import transaction
from django.db.models import Exists, OuterRef

from puzzles.game_state import today
from puzzles.models import Analysis, Game, Player
from puzzles.services.analysis import do_analyse_unasked

BATCH = 10  # players a task (~25 s of analyses), so that work sent meanwhile goes between


def waiting_players(after: int = 0):
    """Players with an account, past ``after`` in id order, with a counted game of a closed
    day that has no analysis, and none of whose games was analysed today (one a day)."""
    midnight = datetime.datetime.combine(today(), datetime.time(), tzinfo=datetime.UTC)
    unreviewed = Game.objects.counted().filter(
        player=OuterRef("pk"), challenge__date__lt=today(), analysis__isnull=True
    )
    reviewed_today = Analysis.objects.filter(game__player=OuterRef("pk"), created_at__gte=midnight)
    return (
        Player.objects.filter(pk__gt=after, is_guest=False)
        .filter(Exists(unreviewed))
        .exclude(Exists(reviewed_today))
        .order_by("pk")
    )


def do_fill_dashboards(after: int = 0, *, batch: int = BATCH) -> int | None:
    """Analyse one game of each of the next ``batch`` waiting players; the id to go on after,
    or None when every player has had theirs today."""
    players = list(waiting_players(after).values_list("pk", flat=True)[:batch])
    for player in players:
        game = (
            Game.objects.counted()
            .filter(player_id=player, challenge__date__lt=today(), analysis__isnull=True)
            .select_related("challenge")
            .order_by("-challenge__date")
            .first()
        )
        if game is not None:
            do_analyse_unasked(game)
    return players[-1] if len(players) == batch else None


def do_send_fill(after: int = 0) -> None:
    """Ask a worker for the next batch (the background queue: never ahead of par or a hint)."""
    transaction.on_commit(
        lambda: current_app.send_task("strengths.tasks.fill_dashboards", (after,))
    )
