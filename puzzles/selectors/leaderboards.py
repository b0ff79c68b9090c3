"""A day's leaderboard: finished ranked games by score, then cat tokens, then button tokens
(the rulebook's tiebreak); ties share a rank.

Ranks, percentiles, counts and the histogram come from ``ScoreTally`` (a few rows per day);
the page of entries from the ``leaderboard_order`` index.
"""

from django.db.models import Q, Sum

from ..models import Challenge, Game, Player, ScoreTally, SolverRun
from .challenges import is_closed, run_json

PAGE_SIZE = 50


def _tallies(challenge: Challenge, exclude_hints: bool):
    tallies = ScoreTally.objects.filter(challenge=challenge)
    return tallies.filter(hinted=False) if exclude_hints else tallies


def _better_than(score: int, cats: int, buttons: int) -> Q:
    return (
        Q(score__gt=score)
        | Q(score=score, cat_tokens__gt=cats)
        | Q(score=score, cat_tokens=cats, button_tokens__gt=buttons)
    )


def rank_of(challenge: Challenge, key: tuple[int, int, int], exclude_hints=False) -> int:
    """1 + the number of finished ranked games strictly better than ``key``."""
    better = _tallies(challenge, exclude_hints).filter(_better_than(*key))
    return 1 + (better.aggregate(n=Sum("games"))["n"] or 0)


def ranked_games(challenge: Challenge, exclude_hints=False):
    games = Game.objects.filter(challenge=challenge, ranked=True, status=Game.Status.FINISHED)
    if exclude_hints:
        games = games.filter(hints_used=0)
    return games.order_by("-score", "-cat_tokens", "-button_tokens", "id")


def _me(challenge: Challenge, player: Player | None, count: int, exclude_hints: bool):
    if player is None or not player.is_authenticated:
        return None
    game = ranked_games(challenge, exclude_hints).filter(player=player).first()
    if game is None:
        return None
    rank = rank_of(challenge, (game.score, game.cat_tokens, game.button_tokens), exclude_hints)
    # The share of the day's finished ranked games that scored at or below this one.
    percentile = round(100 * (count - rank + 1) / count, 1)
    return {"rank": rank, "percentile": percentile, "score": game.score, "game": game.pk}


def leaderboard(challenge: Challenge, page: int, exclude_hints: bool, player=None) -> dict:
    tallies = _tallies(challenge, exclude_hints)
    count = tallies.aggregate(n=Sum("games"))["n"] or 0
    histogram = [
        {"score": row["score"], "count": row["n"]}
        for row in tallies.values("score").annotate(n=Sum("games")).order_by("score")
    ]
    offset = (page - 1) * PAGE_SIZE
    # Ids first: an index-only walk of the leaderboard index, however deep the page.
    ranked = ranked_games(challenge, exclude_hints).values_list("id", flat=True)
    ids = list(ranked[offset : offset + PAGE_SIZE]) if offset < count else []
    found = Game.objects.select_related("player").in_bulk(ids)
    rows = [found[pk] for pk in ids]
    entries = []
    closed = is_closed(challenge)  # then each row links to its replay
    previous = None
    for row in rows:
        key = (row.score, row.cat_tokens, row.button_tokens)
        if key != previous:
            rank = rank_of(challenge, key, exclude_hints) if previous is None else offset + 1
            previous = key
        entries.append(
            {
                "rank": rank,
                "player": row.player.username,
                "score": row.score,
                "cats": row.cat_tokens,
                "buttons": row.button_tokens,
                "hints_used": row.hints_used,
                "game_id": row.pk if closed else None,
            }
        )
        offset += 1
    return {
        "date": challenge.date.isoformat(),
        "par": run_json(challenge, SolverRun.Kind.PAR),
        "count": count,
        "page": page,
        "pages": max(1, -(-count // PAGE_SIZE)),
        "hints": "exclude" if exclude_hints else "include",
        "entries": entries,
        "histogram": histogram,
        "me": _me(challenge, player, count, exclude_hints),
    }
