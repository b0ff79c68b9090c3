"""A game as its player sees it: hand, market, quilt, discards and score; never the bag."""

import datetime

from django.db import connection
from django.utils import timezone

from solver.game import (
    COLORS,
    TURNS,
    Quilt,
    SoloGame,
    cell_name,
    goal_points_possible,
    patch_to_json,
    quilt_to_json,
)

from ..converters import ROW_ID_MAX
from ..game_state import replay
from ..models import Challenge, Game, Player, SolverRun, par_sql
from .challenges import cats_json, puzzle_number, run_json, run_status_json
from .scenarios import scenario_game_json
from .setups import border_json
from .share import share_json

# The game, its challenge's columns as ``challenge__<column>`` (``challenge_id`` and ``seed``
# are the game's own) and the day's par, in one query written once: the ORM's compiling of
# ``select_related`` took longer than the database's answer (bench/api_profile.py).
_CHALLENGE_FIELDS = [f for f in Challenge._meta.get_fields() if f.concrete]
_GAME_SQL = (
    f"SELECT {Game._meta.db_table}.*, "
    + ", ".join(f"c.{f.column} AS challenge__{f.column}" for f in _CHALLENGE_FIELDS)
    + f", ({par_sql('status')}) AS par_status, ({par_sql('score')}) AS par_score"
    f" FROM {Game._meta.db_table} LEFT OUTER JOIN {Challenge._meta.db_table} c"
    f" ON c.id = {Game._meta.db_table}.challenge_id"
    f" WHERE {Game._meta.db_table}.id = %s AND {Game._meta.db_table}.player_id = %s"
)
_PAR = [SolverRun.Kind.PAR.value] * 2


def player_game(game_id: int, player: Player, *, lock: bool = False) -> Game | None:
    """The player's game with its challenge and the day's par (``par_status``, ``par_score``,
    as ``GameQuerySet.with_par``), in one query. ``lock`` (in a transaction): the game row
    only is locked until it ends; the challenge row is shared by every game of the day."""
    if not player.is_authenticated or not 0 < game_id <= ROW_ID_MAX:
        return None
    sql = _GAME_SQL
    if lock and connection.features.has_select_for_update:  # SQLite: a write locks it all
        sql += f" FOR UPDATE OF {Game._meta.db_table}"
    game = next(iter(Game.objects.raw(sql, [*_PAR, game_id, player.pk])), None)
    if game is not None:
        columns = {f.attname: vars(game).pop(f"challenge__{f.column}") for f in _CHALLENGE_FIELDS}
        game.challenge = None if game.challenge_id is None else _challenge(columns)
    return game


def _challenge(columns: dict) -> Challenge:
    """The challenge from its columns read beside a game. SQLite's datetimes come naive from
    a column read under another name (its stored UTC); the ORM makes them aware."""
    for name, value in columns.items():
        if isinstance(value, datetime.datetime) and timezone.is_naive(value):
            columns[name] = timezone.make_aware(value, datetime.UTC)
    return Challenge(**columns)


def par_json(game: Game) -> dict:
    """The day's par as ``run_json`` shows it, from the game's own row when it was read
    with its par (``player_game``: no query), else from its challenge's runs. A
    scenario game has no par."""
    if game.challenge_id is None:
        return run_status_json(None, None)
    if not hasattr(game, "par_status"):
        return run_json(game.challenge, SolverRun.Kind.PAR)
    return run_status_json(game.par_status, game.par_score)


def award_json(award: tuple | None) -> dict | None:
    """What the last placement earned, as ``Quilt.place`` reported it."""
    if award is None:
        return None
    button, cat, rainbow = award
    return {"button": COLORS[button] if button >= 0 else None, "cat": cat, "rainbow": rainbow}


def goal_progress_json(quilt: Quilt) -> list[dict]:
    """How each goal's six neighbours stand, the engine's verdicts: the count shapes of
    the filled ones' colours and patterns so far, and whether each can still meet it."""

    def attribute(progress) -> dict:
        return {"counts": list(progress.counts), "possible": progress.possible, "met": progress.met}

    return [
        {
            "cell": cell_name(cell),
            "goal": goal.id,
            "filled": progress.filled,
            "colors": attribute(progress.colors),
            "patterns": attribute(progress.patterns),
            "points_possible": goal_points_possible(goal, progress),
        }
        for cell, goal, progress in quilt.goal_progress()
    ]


def cat_progress_json(quilt: Quilt) -> list[dict]:
    """Each cat's largest free group of its patterns so far and the patches it needs."""
    return [
        {"cat": cat, "largest": largest, "needed": needed}
        for cat, largest, needed in quilt.cat_progress()
    ]


def game_json(
    game: Game, state: SoloGame | None = None, award: tuple | None = None, *, origin: str = ""
) -> dict:
    """The game as its player sees it; ``origin`` (scheme and host) makes a finished game's
    share links absolute."""
    if state is None:
        state, award = replay(game)
    setup = state.setup
    layout = state.quilt.layout
    data = {
        "id": game.pk,
        "date": game.challenge.date.isoformat() if game.challenge else None,
        "number": puzzle_number(game.challenge.date) if game.challenge else None,
        "ranked": game.ranked,
        "status": game.status,
        "turn": min(state.turn, TURNS),
        "turns": TURNS,
        "hand": [patch_to_json(p) for p in state.hand],
        "market": [patch_to_json(p) for p in state.market],
        "quilt": quilt_to_json(state.quilt),
        "empty_cells": [cell_name(c) for c in state.quilt.empty_cells],
        "discarded": [patch_to_json(p) for p in state.discarded],
        "score": state.quilt.score(),
        "goal_progress": goal_progress_json(state.quilt),
        "cat_progress": cat_progress_json(state.quilt),
        "button_colors": state.quilt.button_colors_count(),
        "hints_used": game.hints_used,
        # Fair play (docs/design.md, Phase 2), decided from the clock at each read; a scenario
        # game has no day to close.
        "closes_at": (
            game.challenge.closes_at.isoformat().replace("+00:00", "Z") if game.challenge else None
        ),
        "expired": game.expired(timezone.now()),
        "counts": game.counts,
        "disqualified": (game.disqualified_reason or "disqualified") if game.disqualified else None,
        "last_award": award_json(award),
        # "Try again from here": the game and turn this practice started from, else None.
        "practice_from": (
            {"game": game.practice_of_id, "turn": game.practice_turn}
            if game.practice_turn is not None
            else None
        ),
        "par": par_json(game),
        "setup": {
            "board": setup.board,
            "border": border_json(setup),
            "goals": {cell_name(cell): goal for cell, goal in layout.goals},
            "cats": cats_json(setup),
        },
    }
    if game.status == Game.Status.FINISHED:
        data["share"] = share_json(game, data["score"], origin)
    if game.scenario is not None:
        data["scenario"] = scenario_game_json(game, state)
        # Practice on a fresh seed: once finished, anyone may re-deal it (python -m solver
        # deal SEED --setup scenario-N); never before, as the seed is the whole bag.
        data["seed"] = game.seed if game.status == Game.Status.FINISHED else None
        data["setup"]["kind"] = setup.kind
    return data
