"""A day's leaderboard: finished ranked games by score, then cat tokens, then button tokens
(the rulebook's tiebreak); ties share a rank.

Ranks, percentiles, counts and the histogram come from ``ScoreTally`` (a few rows per day);
the page of entries from the ``leaderboard_order`` index.
"""

from collections import defaultdict

from django.db.models import Q, Sum

from ..models import Challenge, Game, Player, ScoreTally, SolverRun
from .challenges import run_json

PAGE_SIZE = 50
ENTRY_FIELDS = ("score", "cat_tokens", "button_tokens", "hints_used")


def _tallies(challenge: Challenge, exclude_hints: bool):
    tallies = ScoreTally.objects.filter(challenge=challenge)
    return tallies.filter(hinted=False) if exclude_hints else tallies


def _games_by_key(challenge: Challenge, exclude_hints: bool) -> list[tuple[tuple, int]]:
    """How many finished ranked games have each (score, cats, buttons) key, best key first:
    one query over the day's few tally rows, from which counts and ranks are summed."""
    rows = (
        _tallies(challenge, exclude_hints)
        .values_list("score", "cat_tokens", "button_tokens")
        .annotate(n=Sum("games"))
        .order_by("-score", "-cat_tokens", "-button_tokens")
    )
    return [((score, cats, buttons), n) for score, cats, buttons, n in rows]


def _rank_in(games_by_key: list[tuple[tuple, int]], key: tuple[int, int, int]) -> int:
    """1 + the number of games with a better key (the rulebook's tiebreak is the tuple order)."""
    return 1 + sum(n for other, n in games_by_key if other > key)


def _better_than(score: int, cats: int, buttons: int) -> Q:
    """The tuple order of ``_rank_in`` in SQL."""
    return (
        Q(score__gt=score)
        | Q(score=score, cat_tokens__gt=cats)
        | Q(score=score, cat_tokens=cats, button_tokens__gt=buttons)
    )


def rank_of(challenge: Challenge, key: tuple[int, int, int], exclude_hints=False) -> int:
    """1 + the number of finished ranked games strictly better than ``key`` (one rank alone:
    a sum in the database; a whole board uses ``_games_by_key``)."""
    better = _tallies(challenge, exclude_hints).filter(_better_than(*key))
    return 1 + (better.aggregate(n=Sum("games"))["n"] or 0)


def ranked_games(challenge: Challenge, exclude_hints=False):
    games = Game.objects.filter(challenge=challenge, ranked=True, status=Game.Status.FINISHED)
    if exclude_hints:
        games = games.filter(hints_used=0)
    return games.order_by("-score", "-cat_tokens", "-button_tokens", "id")


def _me(challenge: Challenge, player: Player | None, games_by_key, count: int, exclude_hints):
    if player is None or not player.is_authenticated:
        return None
    game = ranked_games(challenge, exclude_hints).filter(player=player).first()
    if game is None:
        return None
    rank = _rank_in(games_by_key, (game.score, game.cat_tokens, game.button_tokens))
    # The share of the day's finished ranked games that scored at or below this one.
    percentile = round(100 * (count - rank + 1) / count, 1)
    return {"rank": rank, "percentile": percentile, "score": game.score, "game": game.pk}


def _histogram(games_by_key: list[tuple[tuple, int]]) -> list[dict]:
    counts = defaultdict(int)
    for (score, _, _), n in games_by_key:
        counts[score] += n
    return [{"score": score, "count": n} for score, n in sorted(counts.items())]


def leaderboard(challenge: Challenge, page: int, exclude_hints: bool, player=None) -> dict:
    games_by_key = _games_by_key(challenge, exclude_hints)
    count = sum(n for _, n in games_by_key)
    offset = (page - 1) * PAGE_SIZE
    # The page's ids from an index-only walk of the leaderboard index (however deep the
    # page), its rows in the same query.
    ranked = ranked_games(challenge, exclude_hints)
    ids = ranked.values("id")[offset : offset + PAGE_SIZE]
    rows = (
        ranked.filter(id__in=ids).values_list(*ENTRY_FIELDS, "player__username")
        if offset < count
        else []
    )
    entries = []
    previous = None
    for score, cats, buttons, hints_used, username in rows:
        key = (score, cats, buttons)
        if key != previous:
            rank = _rank_in(games_by_key, key) if previous is None else offset + 1
            previous = key
        entries.append(
            {
                "rank": rank,
                "player": username,
                "score": score,
                "cats": cats,
                "buttons": buttons,
                "hints_used": hints_used,
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
        "histogram": _histogram(games_by_key),
        "me": _me(challenge, player, games_by_key, count, exclude_hints),
    }
