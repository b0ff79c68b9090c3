"""Every read of duels, shaped as the API answers (``shapes``).

Nothing leaks (docs/design.md, Phase 5): until both games are finished a duel shows only the
scores of finished games; its quilts, expectations and game ids only once it is done. The
games themselves are kept from others' replays, shares, practice copies and crowd figures
by ``in_open_duel`` (``DuelsConfig.hides_game``, which puzzles.game_state reads)."""

from django.db.models import Q

from puzzles.game_state import replay, today
from puzzles.models import Analysis, Game, Player
from puzzles.selectors.difficulty import par_mean
from puzzles.selectors.games import par_json
from puzzles.selectors.setups import border_json
from solver.game import TURNS, quilt_to_json
from solver.search.analysis import on_expected_scale

from . import verdict
from .models import Duel, DuelEntry
from .shapes import DealOut, DuelOut, DuelPlayerOut, DuelRecordOut, VerdictOut

WAITING, PLAYING, DONE = "waiting", "playing", "done"


def duel_by_code(code: str) -> Duel | None:
    return Duel.objects.select_related("challenge").filter(code=code).first()


def page_path(duel: Duel) -> str:
    return f"/duel/{duel.code}/"


def deal_json(duel: Duel) -> DealOut:
    return {
        "kind": duel.kind,
        "date": duel.challenge.date.isoformat() if duel.challenge_id else None,
        "scenario": duel.scenario,
        "week": duel.week or None,
        "ranked": duel.ranked,
    }


def entries_of(duel: Duel) -> list[DuelEntry]:
    """The seats taken, the challenger first."""
    entries = list(duel.entries.select_related("player"))
    return sorted(entries, key=lambda entry: entry.seat != DuelEntry.Seat.CHALLENGER)


def entry_game(duel: Duel, entry: DuelEntry) -> Game | None:
    """The seat's game of the deal (with its day's par): the one stored, else on a daily's
    deal the player's ranked game of a ranked duel, or the first fresh practice game of the
    day they started after taking the seat (never a "try again" copy: it starts mid-game)."""
    games = Game.objects.with_par().select_related("challenge")
    if entry.game_id is not None:
        return games.filter(pk=entry.game_id).first()
    if duel.kind != Duel.Kind.DAILY:
        return None
    mine = games.filter(challenge_id=duel.challenge_id, player_id=entry.player_id)
    ranked = mine.filter(ranked=True).first() if duel.ranked else None
    if ranked is not None:
        return ranked
    fresh = mine.filter(ranked=False, practice_of__isnull=True, created_at__gte=entry.created_at)
    return fresh.order_by("pk").first()


def seated(duel: Duel) -> list[tuple[DuelEntry, Game | None]]:
    return [(entry, entry_game(duel, entry)) for entry in entries_of(duel)]


def status_of(seats: list[tuple[DuelEntry, Game | None]]) -> str:
    if len(seats) < 2:
        return WAITING
    finished = all(game is not None and game.status == Game.Status.FINISHED for _, game in seats)
    return DONE if finished else PLAYING


def in_open_duel(game: Game) -> bool:
    """Whether ``game`` is a player's game of a duel not yet done: hidden from everyone but
    its player (its replay, share picture, practice copies, crowd figures)."""
    mine = DuelEntry.objects.filter(player_id=game.player_id).select_related("duel__challenge")
    daily = Q(game__isnull=True, duel__kind=Duel.Kind.DAILY, duel__challenge_id=game.challenge_id)
    for entry in mine.filter(Q(game_id=game.pk) | daily):
        duel = entry.duel
        if entry.game_id is None and (entry_game(duel, entry) or Game()).pk != game.pk:
            continue  # another game of the same day
        if status_of(seated(duel)) != DONE:
            return True
    return False


def play_path(duel: Duel) -> str:
    """The existing game page that plays the duel's deal."""
    if duel.kind != Duel.Kind.DAILY:
        return f"/scenarios/{duel.scenario}/"
    if duel.ranked and duel.challenge.date == today():
        return "/"
    return f"/play/{duel.challenge.date.isoformat()}/"


def _par_diff(game: Game) -> float | None:
    mean = par_mean(par_json(game))
    return None if mean is None else round(game.score - mean, 1)


def _analyses(games: list[Game]) -> dict[int, Analysis]:
    rows = Analysis.objects.filter(game_id__in=[game.pk for game in games])
    return {row.game_id: row for row in rows}


def _expected(row: Analysis | None, game: Game) -> tuple[float, list[float]] | None:
    """A ready analysis of every turn, as ``verdict.expected_after_turns``; else None."""
    if row is None or row.status != Analysis.Status.READY or not row.result:
        return None
    turns = on_expected_scale(row.result.get("turns", []))
    if [turn["turn"] for turn in turns] != list(range(1, TURNS + 1)):
        return None
    return verdict.expected_after_turns(turns, game.score)


ANALYSIS_ORDER = ("failed", "pending", "running", "ready")  # the slower of two is shown


def duel_json(duel: Duel, viewer: Player | None) -> DuelOut:
    seats = seated(duel)
    status = status_of(seats)
    done = status == DONE
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    rows = _analyses([game for _, game in seats]) if done else {}
    expected = {game.pk: _expected(rows.get(game.pk), game) for _, game in seats} if done else {}
    ready = done and all(value is not None for value in expected.values())
    final = {game.pk: replay(game)[0] for _, game in seats} if done else {}
    players: list[DuelPlayerOut] = []
    for entry, game in seats:
        finished = game is not None and game.status == Game.Status.FINISHED
        own = entry.player_id == viewer_id
        values = expected.get(game.pk) if ready else None
        players.append(
            {
                "player": entry.player.display_name,
                "seat": entry.seat,
                "you": own,
                "finished": finished,
                "score": game.score if finished else None,
                "par_diff": _par_diff(game) if finished else None,
                "expected": values[1] if values else [],
                "expected_start": values[0] if values else None,
                "quilt": quilt_to_json(final[game.pk].quilt) if done else None,
                "points": final[game.pk].quilt.score() if done else None,
                "game": game.pk if game is not None and (own or done) else None,
            }
        )
    mine = next((game for entry, game in seats if entry.player_id == viewer_id), False)
    playing = mine is None or (mine and mine.status == Game.Status.PLAYING)
    return {
        "code": duel.code,
        "url": page_path(duel),
        "deal": deal_json(duel),
        "status": status,
        "play": play_path(duel) if playing else None,
        "players": players,
        "border": border_json(next(iter(final.values())).setup) if done else None,
        "verdict": _verdict(seats, rows, expected) if done else None,
    }


def _verdict(seats, rows: dict, expected: dict) -> VerdictOut:
    (first, game_a), (second, game_b) = seats
    key = lambda game: (game.score, game.cat_tokens, game.button_tokens)  # noqa: E731
    won = verdict.winner(key(game_a), key(game_b))
    names = [first.player.display_name, second.player.display_name]
    statuses = [rows[game.pk].status if game.pk in rows else "pending" for game in (game_a, game_b)]
    analysis = min(statuses, key=ANALYSIS_ORDER.index)
    turns = []
    values_a, values_b = expected.get(game_a.pk), expected.get(game_b.pk)
    if values_a is not None and values_b is not None:
        moves = verdict.gap_moves(values_a, values_b)
        turns = [
            {
                "turn": move["turn"],
                "gap": abs(move["moved"]),
                "to": names[0 if move["moved"] > 0 else 1],
                "gap_after": move["gap"],
            }
            for move in verdict.turning_points(moves)
        ]
    return {
        "winner": None if won is None else names[won],
        "analysis": analysis,
        "turns": turns,
    }


def duels_of(player: Player) -> list[Duel]:
    """The player's duels, the newest first."""
    return list(
        Duel.objects.filter(entries__player=player)
        .select_related("challenge")
        .order_by("-created_at", "-pk")
    )


def duel_record(player: Player) -> DuelRecordOut:
    """Won, lost and drawn among the player's duels that are done."""
    record = {"won": 0, "lost": 0, "drawn": 0}
    for duel in duels_of(player):
        seats = seated(duel)
        if status_of(seats) != DONE:
            continue
        (first, a), (_, b) = seats
        won = verdict.winner(*((g.score, g.cat_tokens, g.button_tokens) for g in (a, b)))
        if won is None:
            record["drawn"] += 1
        elif (won == 0) == (first.player_id == player.pk):
            record["won"] += 1
        else:
            record["lost"] += 1
    return record
