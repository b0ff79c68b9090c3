"""Game analysis: one per finished game, asked for by its player, computed once by a worker
from what the player saw each turn (``solver.search.analysis``), progress counted in turns."""

from django.db import transaction
from django.utils import timezone

from core import limits
from core.errors import Conflict, NotFound
from core.jobs import RUNNING, Job
from solver.search.analysis import analyse

from ..game_state import deal_of_game, turns_seen
from ..models import Analysis, AnalysisJob, Game, Player
from ..solver_options import site_options

# Sent to the hint queue (the routing table) with its own time limits; claimed, it is running.
ANALYSIS = Job(
    Analysis,
    "puzzles.tasks.compute_analysis",
    limit="CALICO_ANALYSIS_SECONDS",
    claimed={"status": RUNNING, "done": 0},
)


def do_request_analysis(game_id: int, *, player: Player, address: str | None = None) -> Analysis:
    """The analysis of the player's finished game: the existing one (a failed or lost one sent
    again: only on asking, nothing retries on its own), or a new one enqueued (a new one
    counts towards the analysis limits of the player and of the client ``address``; asking
    again for one that exists is free).

    Holds the game row's lock while deciding, so two requests at once make one analysis."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, player=player).first()
        if game is None:
            raise NotFound(f"no game {game_id} of yours")
        if game.status != Game.Status.FINISHED:
            raise Conflict("analysis: finish the game first")
        row = do_open(game, job=ANALYSIS, player=player, address=address, total=len(game.moves))
    row.refresh_from_db()  # failed if the broker refused it
    return row


def do_open(game, *, job: Job, player: Player, address: str | None, total: int):
    """The analysis row of ``job``'s kind (solo or versus) for a finished ``game`` whose lock
    the caller holds: the existing one (a failed or stalled one sent again), or a new one
    counted under the analysis limits and sent once the transaction commits."""
    row = job.model.objects.filter(game=game).first()
    if row is None:
        limits.enforce("analyses", account=player.pk, address=address)
        row = job.model.objects.create(game=game, total=total)
        transaction.on_commit(lambda: job.do_send(row))
    else:
        job.do_reopen_if_stalled(row, done=0)
    return row


def do_resume_lost_analysis(row: AnalysisJob, *, job: Job = ANALYSIS) -> AnalysisJob:
    """On a poll: an analysis (solo, or versus with its ``job``) whose worker died or
    restarted (or whose message was lost) is sent again at once, from turn 0; any other is
    left alone."""
    job.do_resume_if_lost(row, done=0)
    return row


def do_compute_analysis(analysis_id: int) -> Analysis | None:
    """Analyse the game, turn by turn, writing the progress on the row. Claimed once
    (``ANALYSIS``: pending to running): a message delivered twice runs once, and a ready
    analysis is never recomputed."""
    compute = lambda row: analysis_of(row, _turns_seen(row.game))  # noqa: E731
    return ANALYSIS.do_run(analysis_id, compute, related=("game__challenge",))


def do_analyse_unasked(game: Game) -> Analysis | None:
    """The analysis of a finished game that nobody asked about (a closed day's sample, for its
    story), computed here by the calling task and kept as ready. None when the game has one:
    a player who asks meanwhile gets their own at once on the hint queue, never behind this."""
    if Analysis.objects.filter(game=game).exists():
        return None
    turns = _turns_seen(game)
    result = analyse(turns, **site_options("analysis")).to_json()
    row, created = Analysis.objects.get_or_create(
        game=game,
        defaults={
            "status": Analysis.Status.READY,
            "result": result,
            "done": len(turns),
            "total": len(turns),
            "heartbeat_at": None,
            "finished_at": timezone.now(),
        },
    )
    return row if created else None


def analysis_of(row, turns: list, review=None) -> dict:
    """The result of an analysis row (solo or versus) of ``turns`` (what the player saw each
    turn, and the move) by ``review`` (solo's ``analyse``; a versus table's is
    ``table_review.review_table``), its progress written on the row turn by turn."""
    rows = type(row).objects.filter(pk=row.pk)
    result = (review or analyse)(  # looked up at the call: a test may replace it
        turns,
        progress=lambda done, total: rows.update(done=done, total=total),
        **site_options("analysis"),
    )
    return {"result": result.to_json()}


def _turns_seen(game: Game) -> list:
    """Each turn's ``(observation, move)``: what the player saw and what they played."""
    played = turns_seen(deal_of_game(game), game.goals, game.moves)
    return [(seen, move) for seen, move, _ in played]
