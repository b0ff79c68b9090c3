"""A day's leaderboard: finished ranked games by score, then cat tokens, then button tokens
(the rulebook's tiebreak); ties share a rank.

Ranks, percentiles, counts and the histogram come from ``ScoreTally`` (a few rows per day);
the page of entries from the ``leaderboard_order`` index. A group's board is the same board
narrowed to its members: there the counts come from the members' game rows.
"""

from django.db.models import Count, Q, Sum

from ..models import Challenge, Game, Player, ScoreTally, SolverRun
from .challenges import run_json

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
    games = Game.objects.counted().filter(challenge=challenge)
    if exclude_hints:
        games = games.filter(hints_used=0)
    return games.order_by("-score", "-cat_tokens", "-button_tokens", "id")


def percentile(rank: int, count: int) -> float:
    """The share of the board's games that scored at or below a game of this rank."""
    return round(100 * (count - rank + 1) / count, 1)


class _DayScope:
    """The whole day: sums over its tally rows."""

    def __init__(self, challenge: Challenge, exclude_hints: bool):
        self.challenge, self.exclude_hints = challenge, exclude_hints
        self.games = ranked_games(challenge, exclude_hints)

    def histogram(self):
        tallies = _tallies(self.challenge, self.exclude_hints)
        return tallies.values("score").annotate(n=Sum("games")).order_by("score")

    def rank_of(self, key: tuple[int, int, int]) -> int:
        return rank_of(self.challenge, key, self.exclude_hints)


class _MembersScope:
    """Some players only (a group): counts over their game rows, which PostgreSQL finds member
    by member through the player index (bench/profile_speed.py prints the plan)."""

    def __init__(self, challenge: Challenge, exclude_hints: bool, members):
        self.games = ranked_games(challenge, exclude_hints).filter(player__in=members)

    def histogram(self):
        return self.games.order_by().values("score").annotate(n=Count("id")).order_by("score")

    def rank_of(self, key: tuple[int, int, int]) -> int:
        return 1 + self.games.filter(_better_than(*key)).count()


def _me(scope, player: Player | None, count: int):
    if player is None or not player.is_authenticated:
        return None
    # Unordered: looked up directly; in the board's order PostgreSQL walked the day's index
    # (66-156 ms under load on bench/profile_speed.py's day of 100,000 games).
    game = next(iter(scope.games.filter(player=player).order_by()[:1]), None)
    if game is None:
        return None
    rank = scope.rank_of((game.score, game.cat_tokens, game.button_tokens))
    return {
        "rank": rank,
        "percentile": percentile(rank, count),
        "score": game.score,
        "game": game.pk,
    }


def leaderboard(
    challenge: Challenge, page: int, exclude_hints: bool, player=None, members=None
) -> dict:
    """A page of the day's board; ``members`` (player ids, e.g. a group's) narrows it to them,
    with ranks among them."""
    if members is None:
        scope = _DayScope(challenge, exclude_hints)
    else:
        scope = _MembersScope(challenge, exclude_hints, members)
    histogram = [{"score": row["score"], "count": row["n"]} for row in scope.histogram()]
    count = sum(row["count"] for row in histogram)
    offset = (page - 1) * PAGE_SIZE
    # Ids first: an index-only walk of the leaderboard index, however deep the page.
    ranked = scope.games.values_list("id", flat=True)
    ids = list(ranked[offset : offset + PAGE_SIZE]) if offset < count else []
    found = Game.objects.select_related("player").in_bulk(ids)
    rows = [found[pk] for pk in ids]
    entries = []
    previous = None
    for row in rows:
        key = (row.score, row.cat_tokens, row.button_tokens)
        if key != previous:
            # A later page's first row may tie with rows of the page before: count them.
            first_of_later_page = previous is None and offset > 0
            rank = scope.rank_of(key) if first_of_later_page else offset + 1
            previous = key
        entries.append(
            {
                "rank": rank,
                "player": row.player.username,
                "name": row.player.display_name,
                "score": row.score,
                "cats": row.cat_tokens,
                "buttons": row.button_tokens,
                "hints_used": row.hints_used,
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
        "me": _me(scope, player, count),
    }
