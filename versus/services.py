"""Versus games: the player (seat 0) against one to three solver opponents.

The row holds the seed, the goals and every seat's moves; the state is rebuilt by replaying
them with the engine. The player's move is applied under the row lock; the opponents' turns
follow on a worker (``do_play_opponents``, enqueued on commit), each saved as soon as it is
chosen so that the page sees them placing one by one. Versus games touch no leaderboard,
tally or streak.
"""

import logging
import secrets
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from core import limits
from core.errors import BadInput, Conflict, NotFound
from core.jobs import (
    RUNNING,
    Job,
    do_record_failure,
    do_send_task,
    lost_after,
    overdue,
)
from puzzles.models import Player
from puzzles.services import analysis
from puzzles.services.games import parse_move
from solver.game import TURNS, Move, MultiplayerGame, RulesError
from solver.search.table_review import review_table
from solver.search.versus import (
    LEVELS,
    choose_goals,
    choose_move,
    make_opponent,
    site_levels,
    table_hint,
)

from .models import VersusAnalysis, VersusGame, VersusHint
from .table_state import replay_versus, table_of

OPPONENTS = range(1, 4)
OPPONENT_SECONDS = 60  # soft limit for one run of the opponents' turns (a few seconds each)
STALLED_AFTER = lost_after(OPPONENT_SECONDS)  # no move for this long: the run was lost (overdue)
OPPONENTS_TASK = "versus.tasks.play_versus_opponents"
# One opponents' run per account at a time: the account's slot in the shared cache, which
# lapses with a run's time (a worker that died frees it). A player's other tables wait, and
# the run that ends sends the longest-waiting one, so that one account's many tables never
# queue in front of another player's reply (fairness between accounts on the versus queue).
SLOT_SECONDS = STALLED_AFTER.total_seconds()
log = logging.getLogger(__name__)
# Sent to the hint queue (the routing table), with a solo hint's or analysis's time limits.
HINT = Job(VersusHint, "versus.tasks.compute_versus_hint", limit="CALICO_HINT_SECONDS")
ANALYSIS = Job(
    VersusAnalysis,
    "versus.tasks.compute_versus_analysis",
    limit="CALICO_ANALYSIS_SECONDS",
    claimed={"status": RUNNING, "done": 0},
)


def seat_seed(game: VersusGame, seat: int) -> str:
    return f"{game.seed}/seat-{seat}"


def do_start_versus(player: Player, *, opponents, level, address: str | None = None) -> VersusGame:
    """A new table in ``choosing``: the opponents place their goals now (the solver's goal
    choice, from their own four options); the player chooses next. Counted towards the table
    limits of the player and of the client ``address`` (a table costs web CPU to deal, and
    its opponents share the workers with every player's hints)."""
    if type(opponents) is not int or opponents not in OPPONENTS:
        raise BadInput(f"opponents: {opponents!r} must be 1, 2 or 3")
    if level not in LEVELS:
        raise BadInput(f"level: {level!r} must be one of {', '.join(LEVELS)}")
    limits.enforce("versus", account=player.pk, address=address)
    game = VersusGame(player=player, seed=secrets.token_hex(16), level=level, opponents=opponents)
    table = table_of(game.seed, opponents + 1)
    game.goals = [None] + [
        choose_goals(table.setups[seat], seat_seed(game, seat)) for seat in range(1, opponents + 1)
    ]
    game.save()
    return game


def lock_versus(game_id: int, player: Player) -> VersusGame:
    """The player's versus game, its row locked until the transaction ends."""
    game = VersusGame.objects.select_for_update().filter(pk=game_id, player=player).first()
    if game is None:
        raise NotFound(f"no versus game {game_id} of yours")
    return game


def _lock_on_your_turn(game_id: int, player: Player) -> tuple[VersusGame, MultiplayerGame]:
    """The player's table, locked, and its state: refused unless it is the player's turn."""
    game = lock_versus(game_id, player)
    if game.status == VersusGame.Status.CHOOSING:
        raise Conflict("choose your goals first")
    if game.status == VersusGame.Status.FINISHED:
        raise Conflict("the game is over")
    state = replay_versus(game)
    if state.seat != 0:
        raise Conflict(f"it is not your turn: opponent {state.seat} is to move")
    return game, state


def do_choose_versus_goals(game_id: int, *, player: Player, goals) -> VersusGame:
    """Place three of the player's four goal options; play starts (the player moves first)."""
    with transaction.atomic():
        game = lock_versus(game_id, player)
        if game.status != VersusGame.Status.CHOOSING:
            raise Conflict("the goals are already chosen")
        setup = table_of(game.seed, game.opponents + 1).setups[0]
        try:
            setup.layout(goals)
        except RulesError as error:
            raise BadInput(f"goals: {error}") from None
        game.goals = [goals, *game.goals[1:]]
        game.status = VersusGame.Status.PLAYING
        game.save()
    return game


def do_play_versus_move(
    game_id: int, *, player: Player, data, address: str | None = None
) -> tuple[VersusGame, MultiplayerGame]:
    """Apply the player's move; the opponents' turns are sent to a worker on commit. Counted
    towards the versus move limits of the player and of the client ``address``."""
    turn, move = parse_move(data)
    limits.enforce("versus-moves", account=player.pk, address=address)
    with transaction.atomic():
        game, state = _lock_on_your_turn(game_id, player)
        if turn != state.turn:
            raise Conflict(f"turn {turn} is stale: you are on turn {state.turn}")
        try:
            state.play(move)
        except RulesError as error:
            raise BadInput(str(error)) from None
        game.moves = [*game.moves, move.to_json()]
        _record(game, state)
        game.save()
        transaction.on_commit(lambda: _enqueue_opponents(game.pk))
    return game, state


def _record(game: VersusGame, state: MultiplayerGame) -> None:
    """The player's next turn on the row; at the end, the status and the player's rank."""
    game.turn = min(state.turns_taken[0] + 1, TURNS)
    if state.finished:
        game.status = VersusGame.Status.FINISHED
        game.finished_at = timezone.now()
        game.rank = dict(state.standings())[0]


def _enqueue_opponents(game_id: int) -> None:
    """The opponents' turns: played here at once at a quick level (``_inline``), else sent to
    the workers once the account's slot is this table's; while another of its tables' runs
    holds it, this table waits for that run to pass it on (``_pass_slot_on``)."""
    row = VersusGame.objects.filter(pk=game_id).values_list("player_id", "level").first()
    if row is None:
        return
    player_id, level = row
    if _inline(level):
        _play_inline(game_id)
    elif _take_slot(player_id, game_id):
        _send_opponents(game_id)


def _inline(level: str) -> bool:
    """Whether a level's opponents play in the request that made their turn come: the solo
    greedy and beam players choose a move in a few milliseconds (docs/versus.md), less than
    the queue's own round trip, and never wait behind a hard table's seconds on the versus
    queue (issue 47, point 2). A level played by the table player never does."""
    return (
        level in settings.CALICO_VERSUS_INLINE_LEVELS
        and level not in settings.CALICO_VERSUS_TABLE_LEVELS
    )


def _play_inline(game_id: int) -> None:
    """The opponents' turns played now, after the move's commit; a failure is on the row (as
    a worker's), from where the player's resume sends them to the workers."""
    try:
        _play_opponents(game_id)
    except Exception:
        log.exception("versus %s: the opponents' turns failed", game_id)


def _slot(player_id: int) -> str:
    return f"versus-opponents:{player_id}"


def _take_slot(player_id: int, game_id: int) -> bool:
    """Take the account's slot for this table: True when it was free, is this table's already,
    or is held by a table whose opponents are no longer to move (its run ended without
    freeing it); True too when the cache is down (then no table waits)."""
    key = _slot(player_id)
    taken = _shared_cache(cache.add, key, game_id, SLOT_SECONDS)
    if taken is not False:
        return True
    holder = _shared_cache(cache.get, key)
    if holder == game_id:
        return True
    if holder is None or not _awaiting_opponents(VersusGame.objects.filter(pk=holder)):
        _shared_cache(cache.set, key, game_id, SLOT_SECONDS)
        return True
    return False


def _awaiting_opponents(tables) -> list[int]:
    """The tables (a queryset) whose opponents are to move, longest waiting first."""
    rows = tables.filter(status=VersusGame.Status.PLAYING).order_by("updated_at")
    return [
        pk
        for pk, moves, opponents in rows.values_list("pk", "moves", "opponents")
        if len(moves) % (opponents + 1)  # an opponent is to move (the player moves first)
    ]


def _pass_slot_on(game_id: int) -> None:
    """A table's run has ended (its player's turn, the end, or a failure): free the account's
    slot and send the run of its table that has waited longest for its opponents."""
    player_id = VersusGame.objects.filter(pk=game_id).values_list("player_id", flat=True).first()
    if player_id is None:
        return
    if _shared_cache(cache.get, _slot(player_id)) == game_id:
        _shared_cache(cache.delete, _slot(player_id))
    others = VersusGame.objects.filter(player_id=player_id).exclude(pk=game_id)
    waiting = _awaiting_opponents(others)
    if waiting and _take_slot(player_id, waiting[0]):
        _send_opponents(waiting[0])


def _shared_cache(call, *args):
    """A call on the shared cache; with the cache down, None (no table waits for a slot)."""
    try:
        return call(*args)
    except Exception as exc:
        log.warning("versus slot: the cache failed: %s", exc)
        return None


def _send_opponents(game_id: int) -> None:
    """Send the opponents' turns to the workers (their own queue); if the
    broker refuses, say so on the row rather than leave the player waiting."""
    row = VersusGame.objects.filter(pk=game_id)
    do_send_task(
        OPPONENTS_TASK,
        args=(game_id,),
        seconds=OPPONENT_SECONDS,
        refused=lambda error: row.update(opponent_error=error),
    )


def do_resume_opponents(game_id: int, *, player: Player) -> VersusGame:
    """Send the opponents' turns again if they have stalled: their run failed (the error is on
    the row) or nothing moved for longer than a run may take (a lost message, a killed
    worker). Only on the player's asking, so nothing resends on its own."""
    with transaction.atomic():
        game = lock_versus(game_id, player)
        if game.status != VersusGame.Status.PLAYING or replay_versus(game).seat == 0:
            raise Conflict("the opponents are not to move")
        # updated_at moves with each of their saved moves: their run's sign of life
        stalled = game.opponent_error or overdue(game.updated_at, seconds=OPPONENT_SECONDS)
        if stalled:
            game.opponent_error = ""
            game.save()  # updated_at: the resend is the run's new start
            # sent whatever holds the slot: this table has waited long enough
            transaction.on_commit(lambda: _send_opponents(game.pk))
    return game


def _opponent(level: str, seed: str):
    """One solver player per seat, kept warm in the worker (its evaluator caches); the
    setting is part of the key, so a changed setting (a test's) never gets the other player."""
    return _seat_player(level, seed, tuple(settings.CALICO_VERSUS_TABLE_LEVELS))


@lru_cache(maxsize=32)
def _seat_player(level: str, seed: str, table: tuple[str, ...]):
    return make_opponent(level, seed, site_levels(table))


def do_play_opponents(game_id: int) -> None:
    """Play every opponent turn up to the player's next turn (or the end), one saved move at a
    time, then pass the account's slot on to its next waiting table. The move is chosen
    outside the row lock (it takes up to seconds) and saved only if the game has not moved
    meanwhile, so a repeated task changes nothing."""
    try:
        _play_opponents(game_id)
    finally:
        _pass_slot_on(game_id)


def _play_opponents(game_id: int) -> None:
    while True:
        game = VersusGame.objects.filter(pk=game_id).first()
        if game is None or game.status != VersusGame.Status.PLAYING:
            return
        state = replay_versus(game)
        if state.seat == 0:
            return
        try:
            player = _opponent(game.level, seat_seed(game, state.seat))
            move = choose_move(player, state.view(state.seat))
        except Exception as exc:  # recorded so that the page says why, not wait forever
            do_record_failure(
                VersusGame, pk=game_id, exc=exc, task=OPPONENTS_TASK, field="opponent_error"
            )
            raise
        with transaction.atomic():
            locked = VersusGame.objects.select_for_update().get(pk=game_id)
            if len(locked.moves) != len(game.moves):
                return  # another run played this turn
            state.play(move)
            locked.moves = [*locked.moves, move.to_json()]
            locked.opponent_error = ""
            _record(locked, state)
            locked.save()


def do_request_versus_hint(
    game_id: int, *, player: Player, data=None, address: str | None = None
) -> VersusHint:
    """The hint for the player's current turn, as a solo hint (``services.hints``): the
    existing one (a failed or lost one sent again, counted once), or a new one counted on
    the game and towards the player's and the ``address``'s hint limits (the solo limits:
    one budget of hints), computed on the hint queue. ``data`` may name the ``turn`` asked
    about: another than the current one is 409, as a stale move is."""
    if data is not None and not isinstance(data, dict):
        raise BadInput("a hint request is an object: {turn} or {}")
    turn = (data or {}).get("turn")
    if turn is not None and type(turn) is not int:
        raise BadInput("turn: a whole number (the turn the hint is for), or left out")
    enqueued = False
    with transaction.atomic():
        game, state = _lock_on_your_turn(game_id, player)
        if turn is not None and turn != state.turn:
            raise Conflict(f"turn {turn} is stale: you are on turn {state.turn}")
        row = VersusHint.objects.filter(game=game, turn=state.turn).first()
        if row is None:
            limits.enforce("hints", account=player.pk, address=address)
            row = VersusHint.objects.create(game=game, turn=state.turn)
            VersusGame.objects.filter(pk=game.pk).update(hints_used=F("hints_used") + 1)
            enqueued = True
            transaction.on_commit(lambda: HINT.do_send(row))
        else:
            enqueued = HINT.do_reopen_if_stalled(row)
    if enqueued:
        row.refresh_from_db()  # failed if the broker refused it
    return row


def do_resume_lost_versus_hint(row: VersusHint) -> VersusHint:
    """On a poll: a hint whose worker died or restarted is sent again at once (as a solo
    hint: ``puzzles.services.hints.do_resume_lost_hint``)."""
    HINT.do_resume_if_lost(row)
    return row


def do_compute_versus_hint(hint_id: int) -> VersusHint | None:
    """The table player's move for the player's seat at the hint's turn, from seat 0's view
    of the table as it stood then (the moves before it: the player moves first each round),
    stored on the row. Computed even if the game has moved on since (the answer says it is
    stale): a few tenths of a second, and the row never stays pending."""
    return HINT.do_run(hint_id, _table_hint, related=("game",))


def _table_hint(row: VersusHint) -> dict:
    game = row.game
    state = MultiplayerGame(table_of(game.seed, game.opponents + 1), game.goals)
    for move in game.moves[: (row.turn - 1) * state.table.players]:
        state.play(Move.from_json(move))
    found = table_hint(state.view(0)).to_json()
    return {key: found[key] for key in ("move", "expected_score", "reasons")}


def do_request_versus_analysis(
    game_id: int, *, player: Player, address: str | None = None
) -> VersusAnalysis:
    """The review of the player's moves in a finished table, as a solo game's analysis
    (``services.analysis``): the existing one (a failed or lost one sent again), or a new
    one counted under the analysis limits, computed on the hint queue."""
    with transaction.atomic():
        game = lock_versus(game_id, player)
        if game.status != VersusGame.Status.FINISHED:
            raise Conflict("analysis: finish the table first")
        row = analysis.do_open(game, job=ANALYSIS, player=player, address=address, total=TURNS)
    row.refresh_from_db()  # failed if the broker refused it
    return row


def do_resume_lost_versus_analysis(row: VersusAnalysis) -> VersusAnalysis:
    """On a poll: a review whose worker died or restarted is sent again at once, from turn 0."""
    return analysis.do_resume_lost_analysis(row, job=ANALYSIS)


def do_compute_versus_analysis(analysis_id: int) -> VersusAnalysis | None:
    """Review the player's 22 moves from their seat's view of the table (``TableView``: no
    bag, no other hand) on the table's futures (``table_review.review_table``: the open
    market, every seat in turn), claimed once as a solo analysis is (pending to running),
    progress written on the row."""
    compute = lambda row: analysis.analysis_of(row, versus_views(row.game), review_table)  # noqa: E731
    return ANALYSIS.do_run(analysis_id, compute, related=("game",))


def versus_views(game: VersusGame) -> list:
    """Each of the player's turns: (seat 0's view of the table then, the move)."""
    state = MultiplayerGame(table_of(game.seed, game.opponents + 1), game.goals)
    seen = []
    for data in game.moves:
        move = Move.from_json(data)
        if state.seat == 0:
            seen.append((state.view(0), move))
        state.play(move)
    return seen


def do_fold_guest(guest: Player, *, into: Player) -> None:
    """A guest's tables go with it into the account it logged into (its config's
    ``fold_guest``, ``accounts.player_data``, inside the fold's transaction)."""
    VersusGame.objects.filter(player=guest).update(player=into)
