"""Hints: one per game and turn, counted on the game when asked (before the move is
revealed), computed by a worker from what the player sees, then polled. A position's hint is
computed once: a ready hint of the same visible position (``Hint.position``) answers at once."""

import logging

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from solver.search import hint as solver_hint
from solver.search import position_key

from .. import limits
from ..models import Game, Hint, Player
from ..play import replay
from .games import lock_playing_game
from .sending import do_send_job, lost_after

log = logging.getLogger(__name__)


def do_request_hint(game_id: int, *, player: Player, address: str | None = None) -> Hint:
    """The hint for the game's current turn: the existing one, or a new one enqueued (a new
    one counts towards the hint limits of the player and of the client ``address``)."""
    enqueued = False
    with transaction.atomic():
        game = lock_playing_game(game_id, player)
        existing = Hint.objects.filter(game=game, turn=game.turn).first()
        if existing is not None:
            row = existing
            if row.status == Hint.Status.FAILED or _lost(row):  # try again, counted once
                row.status, row.error, row.sent_at = Hint.Status.PENDING, "", timezone.now()
                row.save(update_fields=["status", "error", "sent_at"])
                transaction.on_commit(lambda: _enqueue(row.pk))
                enqueued = True
        else:
            limits.enforce("hints", account=player.pk, address=address)
            position = position_key(replay(game)[0].observation(), **settings.CALICO_HINT_OPTIONS)
            known = _known_answer(position)
            row = Hint.objects.create(game=game, turn=game.turn, position=position, **known)
            Game.objects.filter(pk=game.pk).update(hints_used=F("hints_used") + 1)
            if not known:
                transaction.on_commit(lambda: _enqueue(row.pk))
                enqueued = True
    if enqueued:
        row.refresh_from_db()  # failed if the broker refused it
    return row


def _known_answer(position: str) -> dict:
    """The answer of a ready hint of the same visible position (any player's), as the fields
    of a ready row; {} when there is none yet."""
    found = (
        Hint.objects.filter(position=position, status=Hint.Status.READY)
        .values("move", "expected_score", "reasons")
        .first()
    )
    return {**found, "status": Hint.Status.READY} if found else {}


def _lost(row: Hint) -> bool:
    """Still pending well past the hard time limit since it was sent: its message was lost
    (a broker restarted without persistence, a worker killed), so asking again resends it.
    Only on asking: nothing resends on its own, so there is no retry storm."""
    limit = lost_after(settings.CALICO_HINT_SECONDS)
    return row.status == Hint.Status.PENDING and timezone.now() - row.sent_at > limit


def _enqueue(hint_id: int) -> None:
    """Send the hint to the workers: past the soft limit the task marks it failed (the player
    is told and may ask again); if the broker is down, it is marked failed at once."""
    from ..tasks import compute_hint

    do_send_job(compute_hint, model=Hint, pk=hint_id, seconds=settings.CALICO_HINT_SECONDS)


def do_compute_hint(hint_id: int) -> Hint | None:
    """Run the fair solver on the visible state of the hint's turn and store its answer."""
    row = Hint.objects.select_related("game__challenge").filter(pk=hint_id).first()
    if row is None or row.status == Hint.Status.READY:
        return row
    try:
        state, _ = replay(row.game, row.turn - 1)
        observation = state.observation()
        position = position_key(observation, **settings.CALICO_HINT_OPTIONS)
        # another player's hint of this position may have become ready since this was asked
        known = _known_answer(position)
        if not known:
            data = solver_hint(observation, **settings.CALICO_HINT_OPTIONS).to_json()
            known = {
                "status": Hint.Status.READY,
                "move": data["move"],
                "expected_score": data["expected_score"],
                "reasons": data["reasons"],
            }
    except Exception as exc:  # recorded so that the poller sees "failed", not "pending" forever
        log.exception("hint %s failed", hint_id)
        Hint.objects.filter(pk=hint_id).update(
            status=Hint.Status.FAILED, error=f"{type(exc).__name__}: {exc}"
        )
        raise
    Hint.objects.filter(pk=hint_id).update(position=position, finished_at=timezone.now(), **known)
    row.refresh_from_db()
    return row
