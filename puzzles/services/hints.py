"""Hints: one per game and turn, counted on the game when asked (before the move is
revealed), computed by a worker from what the player sees, then polled. A position's hint is
computed once: a ready hint of the same visible position (``Hint.position``) answers at once.

Hints ahead (``CALICO_HINTS_AHEAD``): some positions' hints are computed before anyone asks,
on the default queue (the solver runs' queue, which a hint never waits behind), and kept as
``PositionHint`` rows keyed by the position alone: at dawn the turn-1 position of every goal
arrangement the day allows, and after each move of a game whose player has asked for a hint,
the position that move leads to. Such a row answers only a request made in that very
position, like another player's ready hint; nothing else shows it."""

import datetime
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from core import limits
from core.jobs import HARD_AFTER_SECONDS, Job, do_send_task
from solver.game import SoloGame
from solver.search import hint as solver_hint
from solver.search import position_key
from solver.search.goal_choice import arrangements

from ..game_state import deal_of, replay, today
from ..models import Challenge, Game, Hint, Player, PositionHint
from ..solver_options import site_options
from .game_locks import lock_playing_game

log = logging.getLogger(__name__)
# Sent to the hint queue (the routing table) with its own time limits: past them, it fails and the
# player is told and may ask again.
HINT = Job(Hint, "puzzles.tasks.compute_hint", limit="CALICO_HINT_SECONDS")
KEEP_DAYS = 2  # hints ahead are kept this long (the day they were made for, and its close)
# A hint's answer as its row keeps it (Hint and PositionHint alike): pass_chance is a scenario
# hint's only (``solver.search.hint``), null for the daily's.
ANSWER = ("move", "expected_score", "reasons", "pass_chance")


def do_request_hint(game_id: int, *, player: Player, address: str | None = None) -> Hint:
    """The hint for the game's current turn: the existing one (a failed or lost one sent
    again, counted once: only on asking, nothing retries on its own), or a new one enqueued
    (a new one counts towards the hint limits of the player and of the client ``address``)."""
    enqueued = False
    with transaction.atomic():
        game = lock_playing_game(game_id, player)
        existing = Hint.objects.filter(game=game, turn=game.turn).first()
        if existing is not None:
            row = existing
            enqueued = HINT.do_reopen_if_stalled(row)
        else:
            limits.enforce("hints", account=player.pk, address=address)
            position = position_key(replay(game)[0].observation(), **site_options("hint"))
            known = _known_answer(position)
            row = Hint.objects.create(game=game, turn=game.turn, position=position, **known)
            Game.objects.filter(pk=game.pk).update(hints_used=F("hints_used") + 1)
            if not known:
                transaction.on_commit(lambda: HINT.do_send(row))
                enqueued = True
    if enqueued:
        row.refresh_from_db()  # failed if the broker refused it
    return row


def _known_answer(position: str) -> dict:
    """The answer of a ready hint of the same visible position (any player's), as the fields
    of a ready row; {} when there is none yet."""
    found = (
        Hint.objects.filter(position=position, status=Hint.Status.READY).values(*ANSWER).first()
        or PositionHint.objects.filter(position=position).values(*ANSWER).first()
    )
    return {**found, "status": Hint.Status.READY} if found else {}


def do_resume_lost_hint(row: Hint) -> Hint:
    """On a poll: a hint whose worker died or restarted (or whose message was lost) is sent
    again at once, and says so (``hint_messages``); any other is left alone."""
    HINT.do_resume_if_lost(row)
    return row


def do_compute_hint(hint_id: int) -> Hint | None:
    """Run the fair solver on the visible state of the hint's turn and store its answer."""
    return HINT.do_run(hint_id, _answer, related=("game__challenge",))


def _answer(row: Hint) -> dict:
    state, _ = replay(row.game, row.turn - 1)
    observation = state.observation()
    position = position_key(observation, **site_options("hint"))
    # another player's hint of this position may have become ready since this was asked,
    # or be nearly so: a hint ahead of it begun before the player asked
    known = _known_answer(position) or _finish_of_hint_ahead(position)
    if not known:
        known = _row_fields(solver_hint(observation, **site_options("hint")))
    return {**known, "position": position}


def _row_fields(found) -> dict:
    """The solver's hint as a row's fields (its JSON's rounding: the API shows what is kept)."""
    data = found.to_json()
    return {key: data.get(key) for key in ANSWER}


def do_send_day_hints(challenge_id: int) -> None:
    """At dawn (the day's challenge is made, before its par games are sent): send a task for
    the turn-1 hint of each goal arrangement (``do_hint_of_the_day``), so that on the default
    queue the dawn hints are ahead of par's games, not behind them."""
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None or not settings.CALICO_HINTS_AHEAD:
        return
    for index in range(len(_arrangements(challenge))):
        _send_ahead("puzzles.tasks.hint_of_the_day", challenge_id, index)


def do_hints_of_the_day(challenge_id: int) -> None:
    """One task a turn-1 position (24 for a standard day: one per arrangement), each small, so
    that a worker that also serves the hint queue takes real hints between them (the task of
    a message sent before ``do_send_day_hints`` sent them itself)."""
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None or not settings.CALICO_HINTS_AHEAD or challenge.date < today():
        return  # a past day made late (its practice) gets no dawn
    for index in range(len(_arrangements(challenge))):
        _send_ahead("puzzles.tasks.hint_of_the_day", challenge_id, index)


def do_hint_of_the_day(challenge_id: int, *, index: int) -> PositionHint | None:
    """The turn-1 hint of the day's ``index``-th goal arrangement, computed ahead. The first
    also lets the hints ahead of past days go (a position that comes again is computed
    again when asked)."""
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None or not settings.CALICO_HINTS_AHEAD or challenge.date < today():
        return None  # a past day made late (its practice) gets no dawn
    if index == 0:
        old = timezone.now() - datetime.timedelta(days=KEEP_DAYS)
        PositionHint.objects.filter(created_at__lt=old).delete()
    goals = _arrangements(challenge)[index]
    return _hint_ahead(SoloGame.start(deal_of(challenge), goals).observation())


def do_send_hint_ahead(game: Game) -> None:
    """After a move (in its transaction): if the player asked for a hint at the turn just
    played and the game goes on, compute the next position's hint ahead once the move is
    committed (a player who stops asking stops costing a hint a turn)."""
    if (
        settings.CALICO_HINTS_AHEAD
        and game.hints_used  # no query for the games of players who never ask
        and game.status == Game.Status.PLAYING
        and Hint.objects.filter(game=game, turn=game.turn - 1).exists()
    ):
        game_id, turn = game.pk, game.turn
        transaction.on_commit(lambda: _send_ahead("puzzles.tasks.hint_ahead", game_id, turn))


def do_hint_ahead(game_id: int, *, turn: int) -> PositionHint | None:
    """The hint of the position before ``turn`` of the game, computed ahead; nothing if the
    player has moved on or asked already (the hint they asked for computes it)."""
    game = Game.objects.select_related("challenge").filter(pk=game_id).first()
    if (
        game is None
        or not settings.CALICO_HINTS_AHEAD
        or game.status != Game.Status.PLAYING
        or game.turn != turn
        or game.expired(timezone.now())
        or Hint.objects.filter(game=game, turn=turn).exists()
    ):
        return None
    return _hint_ahead(replay(game)[0].observation())


def _arrangements(challenge: Challenge) -> list[dict | None]:
    """The goal arrangements a player of the day may choose (None: the setup fixes them)."""
    setup = deal_of(challenge).setup
    return [None] if setup.goals is not None or setup.family else arrangements(setup)


def _hint_ahead(observation) -> PositionHint | None:
    """Compute and keep the position's hint, unless a hint of it is ready or being computed
    (for a player who asked, or ahead by another task): no work is done twice. While it
    computes, a mark in the shared cache says so, and a player's hint of the position waits
    for it (``_finish_of_hint_ahead``) rather than start again."""
    options = site_options("hint")
    position = position_key(observation, **options)
    if _known_answer(position) or Hint.objects.filter(position=position).exists():
        return None
    mark = _computing(position)
    seconds = settings.CALICO_HINT_SECONDS + HARD_AFTER_SECONDS
    if _shared_cache(cache.add, mark, True, seconds) is False:  # under way elsewhere
        return None
    try:
        found = solver_hint(observation, **options)
        row, _ = PositionHint.objects.get_or_create(position=position, defaults=_row_fields(found))
    finally:
        _shared_cache(cache.delete, mark)
    return row


def _finish_of_hint_ahead(position: str) -> dict:
    """The answer of a hint ahead of ``position`` that is being computed, once it is in
    (what is left of it is shorter than a whole hint); {} when none is under way, or when
    its mark lapses or goes without an answer (its worker died: the caller computes)."""
    deadline = time.monotonic() + settings.CALICO_HINT_SECONDS
    while _shared_cache(cache.get, _computing(position)) is True:
        if time.monotonic() > deadline:
            return {}
        time.sleep(0.05)
    return _known_answer(position)


def _computing(position: str) -> str:
    return f"hint-ahead:{position}"


def _shared_cache(call, *args):
    """A call on the shared cache; with the cache down, None (a hint ahead goes unmarked, a
    player's hint waits for none: at worst a position is computed twice)."""
    try:
        return call(*args)
    except Exception as exc:
        log.warning("hint-ahead mark: the cache failed: %s", exc)
        return None


def _send_ahead(task: str, *args) -> None:
    """Send a hint-ahead task (by name: tasks import the services, never the reverse) within a
    hint's time limits; a broker that refuses it costs nothing but the head start."""
    do_send_task(task, args=args, seconds=settings.CALICO_HINT_SECONDS)
