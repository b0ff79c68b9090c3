"""Game analysis: one per finished game, asked for by its player, computed once by a worker
from what the player saw each turn (``solver.search.analysis``), progress counted in turns."""

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from solver.search.analysis import analyse

from .. import limits
from ..game_state import deal_of_game, turns_seen
from ..models import Analysis, Game, Player
from .errors import Conflict, NotFound
from .worker_queue import do_send_job, lost_after

log = logging.getLogger(__name__)


def do_request_analysis(game_id: int, *, player: Player, address: str | None = None) -> Analysis:
    """The analysis of the player's finished game: the existing one, or a new one enqueued (a
    new one counts towards the analysis limits of the player and of the client ``address``;
    asking again for one that exists is free).

    Holds the game row's lock while deciding, so two requests at once make one analysis."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, player=player).first()
        if game is None:
            raise NotFound(f"no game {game_id} of yours")
        if game.status != Game.Status.FINISHED:
            raise Conflict("analysis: finish the game first")
        row = Analysis.objects.filter(game=game).first()
        if row is None:
            limits.enforce("analyses", account=player.pk, address=address)
            row = Analysis.objects.create(game=game, total=len(game.moves))
            transaction.on_commit(lambda: _enqueue(row.pk))
        elif row.status == Analysis.Status.FAILED or _lost(row):  # try again
            row.status, row.error, row.done, row.sent_at = (
                Analysis.Status.PENDING, "", 0, timezone.now())  # fmt: skip
            row.save(update_fields=["status", "error", "done", "sent_at"])
            transaction.on_commit(lambda: _enqueue(row.pk))
    row.refresh_from_db()  # failed if the broker refused it
    return row


def _lost(row: Analysis) -> bool:
    """Not ready well past the hard time limit since it was sent: its message or its worker
    was lost, so asking again resends it (only on asking: nothing retries on its own)."""
    limit = lost_after(settings.CALICO_ANALYSIS_SECONDS)
    unfinished = row.status in (Analysis.Status.PENDING, Analysis.Status.RUNNING)
    return unfinished and timezone.now() - row.sent_at > limit


def _enqueue(analysis_id: int) -> None:
    """Send the analysis to the workers (routed as hints are); a broker that is down marks
    it failed at once, and asking again retries."""
    from ..tasks import compute_analysis

    seconds = settings.CALICO_ANALYSIS_SECONDS
    do_send_job(compute_analysis, model=Analysis, pk=analysis_id, seconds=seconds)


def do_compute_analysis(analysis_id: int) -> Analysis | None:
    """Analyse the game, turn by turn, writing the progress on the row.

    The work is claimed by an atomic update (pending to running): a message delivered twice
    runs once, and a ready analysis is never recomputed."""
    claimed = Analysis.objects.filter(pk=analysis_id, status=Analysis.Status.PENDING).update(
        status=Analysis.Status.RUNNING, done=0
    )
    row = Analysis.objects.select_related("game__challenge").filter(pk=analysis_id).first()
    if not claimed:
        return row

    def progress(done: int, total: int) -> None:
        Analysis.objects.filter(pk=analysis_id).update(done=done, total=total)

    try:
        options = settings.CALICO_ANALYSIS_OPTIONS
        result = analyse(_turns_seen(row.game), progress=progress, **options)
    except Exception as exc:  # recorded so that the poller sees "failed", not "running" forever
        log.exception("analysis %s failed", analysis_id)
        Analysis.objects.filter(pk=analysis_id).update(
            status=Analysis.Status.FAILED, error=f"{type(exc).__name__}: {exc}"
        )
        raise
    Analysis.objects.filter(pk=analysis_id).update(
        status=Analysis.Status.READY, result=result.to_json(), finished_at=timezone.now()
    )
    row.refresh_from_db()
    return row


def _turns_seen(game: Game) -> list:
    """Each turn's ``(observation, move)``: what the player saw and what they played."""
    played = turns_seen(deal_of_game(game), game.goals, game.moves)
    return [(seen, move) for seen, move, _ in played]
