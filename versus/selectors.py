"""A versus game as its player sees it: every quilt, their own hand, the market, whose turn it
is and the standings at the end. Built from seat 0's view of the table, so it cannot show the
bag or an opponent's hand."""

from django.db.models import Count, Q

from puzzles.models import Player
from puzzles.selectors.challenges import cat_json
from puzzles.selectors.replays import review_json
from puzzles.selectors.setups import border_json
from solver.game import (
    TURNS,
    Move,
    MultiplayerGame,
    cell_name,
    parse_cell,
    patch_to_json,
    quilt_to_json,
    standings,
)
from solver.search.table_review import MARKET

from .models import VersusAnalysis, VersusGame, VersusHint
from .shapes import (
    PlacementOut,
    VersusAnalysisOut,
    VersusOut,
    VersusRecordOut,
    VersusReplayOut,
    VersusStandingOut,
    VersusSummaryOut,
)
from .table_state import replay_versus, table_of

YOU = "you"
OPPONENT_NAMES = ("Marmalade", "Pepper", "Biscuit")  # seats 1, 2, 3


def seat_name(seat: int) -> str:
    return YOU if seat == 0 else OPPONENT_NAMES[seat - 1]


def versus_of(game_id: int, player: Player) -> VersusGame | None:
    if not player.is_authenticated:
        return None
    return VersusGame.objects.filter(pk=game_id, player=player).first()


def _quilt_json(setup, quilt) -> dict:
    return {
        "board": setup.board,
        "border": border_json(setup),
        "goals": {cell_name(cell): goal for cell, goal in quilt.layout.goals},
        "quilt": quilt_to_json(quilt),
        "score": quilt.score(),
    }


def versus_json(game: VersusGame) -> VersusOut:
    table = table_of(game.seed, game.opponents + 1)
    setups = table.setups
    shared = {
        "id": game.pk,
        "status": game.status,
        "level": game.level,
        "turn": game.turn,
        "turns": TURNS,
        "cats": [cat_json(cat, patterns) for cat, patterns in setups[0].cats],
        "opponent_error": game.opponent_error,
        "hints_used": game.hints_used,
    }
    you = {
        "name": YOU,
        "board": setups[0].board,
        "border": border_json(setups[0]),
        "goal_options": list(setups[0].goal_options),
    }
    if game.status == VersusGame.Status.CHOOSING:
        # Goals are chosen before the hands and the market are seen (docs/rules.md, Setup), as in
        # solo; the opponents' goals stay hidden until yours are placed.
        opponents = [
            {
                "name": seat_name(s),
                "level": game.level,
                "board": setups[s].board,
                "border": border_json(setups[s]),
                "goals": None,
                "quilt": None,
                "score": None,
            }
            for s in range(1, table.players)
        ]
        you.update(goals=None, quilt=None, score=None, hand=[], empty_cells=[])
        return {
            **shared,
            "you": you,
            "opponents": opponents,
            "market": [],
            "to_move": None,
            "log": [],
            "result": [],
        }
    view = replay_versus(game).view(0)
    you.update(_quilt_json(setups[0], view.quilt))
    you.update(
        hand=[patch_to_json(p) for p in view.hand],
        empty_cells=[cell_name(c) for c in view.quilt.empty_cells],
    )
    opponents = [
        {"name": seat_name(s), "level": game.level, **_quilt_json(setups[s], view.quilts[s])}
        for s in range(1, table.players)
    ]
    result = _result(view.quilts) if game.status == VersusGame.Status.FINISHED else []
    return {
        **shared,
        "you": you,
        "opponents": opponents,
        "market": [patch_to_json(p) for p in view.market],
        "to_move": None if view.to_move is None else seat_name(view.to_move),
        "log": _log(game.moves, table.players, view),
        "result": result,
    }


def _log(moves: list[dict], players: int, view) -> list[PlacementOut]:
    """Every placement so far, in play order: who, their turn, the cell and the patch (all
    on the table for everyone to see; the market patch taken goes to a hidden hand)."""
    placed = [dict(view.quilts[seat].placements) for seat in range(players)]
    return [
        {
            "name": seat_name(k % players),
            "turn": k // players + 1,
            "cell": move["cell"],
            "patch": patch_to_json(placed[k % players][parse_cell(move["cell"])]),
        }
        for k, move in enumerate(moves)
    ]


def versus_record(player: Player) -> VersusRecordOut:
    """Finished versus games and wins (rank 1, ties shared) per level, for the profile."""
    rows = (
        VersusGame.objects.filter(player=player, status=VersusGame.Status.FINISHED)
        .values("level")
        .annotate(played=Count("id"), won=Count("id", filter=Q(rank=1)))
    )
    record = {level: {"played": 0, "won": 0} for level in VersusGame.Level.values}
    for row in rows:
        record[row["level"]] = {"played": row["played"], "won": row["won"]}
    return record


def versus_list(player: Player) -> list[VersusSummaryOut]:
    games = VersusGame.objects.filter(player=player).order_by("-created_at")[:20]
    return [
        {
            "id": g.pk,
            "status": g.status,
            "level": g.level,
            "opponents": g.opponents,
            "rank": g.rank,
            "created_at": g.created_at.isoformat(),
        }
        for g in games
    ]


def tables_in_progress(player: Player | None, limit: int = 5) -> list[dict]:
    """Your unfinished tables, latest first, for the lobby (the page's, read in any browser of
    your session or account; sessionStorage knows only the tab's own)."""
    if player is None:
        return []
    games = VersusGame.objects.filter(player=player).exclude(status=VersusGame.Status.FINISHED)
    return [
        {
            "id": g.pk,
            "level": g.level,
            "opponents": g.opponents,
            "turn": g.turn,
            "choosing": g.status == VersusGame.Status.CHOOSING,
            "turns": TURNS,
        }
        for g in games.order_by("-updated_at")[:limit]
    ]


def versus_hint_of(game: VersusGame, hint_id: int) -> VersusHint | None:
    """The versus game's hint ``hint_id``, or None (another game's hint is not found either)."""
    return VersusHint.objects.filter(pk=hint_id, game=game).first()


def hint_is_stale(row: VersusHint, game: VersusGame) -> bool:
    """The player has played the turn the hint was for (the player moves first each round,
    so the hint's position is the one after ``(turn - 1) * players`` moves)."""
    return len(game.moves) != (row.turn - 1) * (game.opponents + 1)


def versus_replay_json(game: VersusGame) -> VersusReplayOut | None:
    """A finished table (None before its end) move by move: every seat's placements in play
    order, each with the mover's score after it (the engine's, so the page draws each quilt's
    tokens as they were), whether you had asked a hint on that turn, and where each seat
    finished. A seat's
    quilt after step k is the first placements of its final quilt (they are in order)."""
    if game.status != VersusGame.Status.FINISHED:
        return None
    table = table_of(game.seed, game.opponents + 1)
    state = MultiplayerGame(table, game.goals)
    hinted = set(game.hints.values_list("turn", flat=True))
    steps = []
    for move in game.moves:
        seat, turn = state.seat, state.turn
        move = Move.from_json(move)
        state.play(move)
        quilt = state.quilts[seat]
        steps.append(
            {
                "name": seat_name(seat),
                "turn": turn,
                "cell": cell_name(move.cell),
                "patch": patch_to_json(dict(quilt.placements)[move.cell]),
                "market_index": move.market_index,
                "score": quilt.score(),
                "hinted": seat == 0 and turn in hinted,
            }
        )
    seats = [
        {"name": seat_name(s), **_quilt_json(table.setups[s], state.quilts[s])}
        for s in range(table.players)
    ]
    return {"id": game.pk, "seats": seats, "steps": steps, "result": _result(state.quilts)}


def _result(quilts) -> list[VersusStandingOut]:
    result = []
    for seat, rank in standings(quilts):
        score = quilts[seat].score()
        result.append(
            {
                "name": seat_name(seat),
                "score": score["total"],
                "cats": score["cat_tokens"],
                "buttons": score["button_tokens"],
                "rank": rank,
            }
        )
    return result


def versus_analysis_of(game_id: int, player: Player) -> VersusAnalysis | None:
    if not player.is_authenticated:
        return None
    return VersusAnalysis.objects.filter(game_id=game_id, game__player=player).first()


def versus_analysis_json(row: VersusAnalysis, *, language: str | None = None) -> VersusAnalysisOut:
    """A solo analysis's shape (``replays.analysis_json``): status, progress, accuracy,
    expected loss, each turn's review with its mark (its reasons in ``language``), the key
    moments and the marks' legend; and the market it was valued with (a review stored before
    the table review was solo's conveyor's; one still to come is the table's)."""
    result = row.result or {}
    return {
        **review_json(row, result.get("turns", []), language=language),
        "market": result.get("market", "conveyor") if "turns" in result else MARKET,
    }
