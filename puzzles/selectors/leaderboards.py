"""A day's leaderboard: finished ranked games by score, then cat tokens, then button tokens
(the rulebook's tiebreak); ties share a rank.

Ranks, percentiles, counts and the histogram come from ``ScoreTally`` (a few rows per day);
the page of entries from the ``leaderboard_order`` index.
"""

from django.db.models import Q, Sum

from ..models import Challenge, Game, Player, ScoreTally, SolverRun
from .challenges import run_json

PAGE_SIZE = 50
ENTRY_FIELDS = ("score", "cat_tokens", "button_tokens", "hints_used")


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


def _my_game(challenge: Challenge, player: Player | None, exclude_hints: bool) -> dict | None:
    if player is None or not player.is_authenticated:
        return None
    mine = ranked_games(challenge, exclude_hints).filter(player=player)
    return mine.values("pk", *ENTRY_FIELDS).first()


def _tally_by_score(challenge: Challenge, exclude_hints: bool, key=None) -> list[dict]:
    """The day's tally rows summed per score (a few dozen rows however many games), each with
    ``better``, how many of them beat ``key`` when one is given: the count, the histogram and
    that key's rank in one query."""
    sums = {"n": Sum("games")}
    if key is not None:
        sums["better"] = Sum("games", filter=_better_than(*key))
    tallies = _tallies(challenge, exclude_hints).values("score")
    return list(tallies.annotate(**sums).order_by("score"))


def leaderboard(challenge: Challenge, page: int, exclude_hints: bool, player=None) -> dict:
    mine = _my_game(challenge, player, exclude_hints)
    my_key = (mine["score"], mine["cat_tokens"], mine["button_tokens"]) if mine else None
    by_score = _tally_by_score(challenge, exclude_hints, my_key)
    count = sum(row["n"] for row in by_score)
    offset = (page - 1) * PAGE_SIZE
    # The page's ids from an index-only walk of the leaderboard index (however deep the
    # page), its rows in the same query.
    ranked = ranked_games(challenge, exclude_hints)
    ids = ranked.values("id")[offset : offset + PAGE_SIZE]
    rows = (
        list(ranked.filter(id__in=ids).values_list(*ENTRY_FIELDS, "player__username"))
        if offset < count
        else []
    )
    entries = []
    previous = None
    for score, cats, buttons, hints_used, username in rows:
        key = (score, cats, buttons)
        if key != previous:
            if previous is not None or offset == 0:
                rank = offset + 1
            else:  # a page's first entry may tie with the page before
                rank = rank_of(challenge, key, exclude_hints)
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
    me = None
    if mine:
        my_rank = 1 + sum(row["better"] or 0 for row in by_score)
        # The share of the day's finished ranked games that scored at or below this one.
        percentile = round(100 * (count - my_rank + 1) / count, 1)
        me = {"rank": my_rank, "percentile": percentile, "score": mine["score"], "game": mine["pk"]}
    return {
        "date": challenge.date.isoformat(),
        "par": run_json(challenge, SolverRun.Kind.PAR),
        "count": count,
        "page": page,
        "pages": max(1, -(-count // PAGE_SIZE)),
        "hints": "exclude" if exclude_hints else "include",
        "entries": entries,
        "histogram": [{"score": row["score"], "count": row["n"]} for row in by_score],
        "me": me,
    }
