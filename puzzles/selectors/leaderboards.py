"""A day's leaderboard: finished ranked games by score, then cat tokens, then button tokens
(the rulebook's tiebreak); ties share a rank.

Ranks, percentiles, counts and the histogram come from ``ScoreTally`` (a few rows per day);
the page of entries from the ``leaderboard_order`` index, entered where the tally says the
page starts (so a deep page of a day of ten million games is as quick as the first:
bench/rank_query.py). A group's board is the same board narrowed to its members: there the
counts come from the members' game rows.
"""

from django.db.models import BooleanField, Count, F, Q, Sum, Window
from django.db.models.expressions import RawSQL

from ..models import Challenge, Game, Player, ScoreTally, SolverRun, display_name
from ..shapes import LeaderboardOut
from .challenges import is_closed, run_json

PAGE_SIZE = 50
KEY_FIELDS = ("score", "cat_tokens", "button_tokens")  # the rank order, best first
ENTRY_FIELDS = (*KEY_FIELDS, "hints_used")
KEY_ORDER = [F(name).desc() for name in KEY_FIELDS]
PAGE_FIELDS = ("id", *ENTRY_FIELDS, "player__username", "player__is_guest")
# Below this offset a page walks the index from the top (one query, a fraction of a ms);
# deeper, it is entered at its first key (two or three small queries, however deep).
SHORT_WALK = 1000


def _tallies(challenge: Challenge, exclude_hints: bool):
    tallies = ScoreTally.objects.filter(challenge=challenge)
    return tallies.filter(hinted=False) if exclude_hints else tallies


def better_than(score: int, cats: int, buttons: int) -> Q:
    return (
        Q(score__gt=score)
        | Q(score=score, cat_tokens__gt=cats)
        | Q(score=score, cat_tokens=cats, button_tokens__gt=buttons)
    )


def worse_than(score: int, cats: int, buttons: int) -> Q:
    """Games after the key in the board's order, as one row comparison: PostgreSQL enters
    the ``leaderboard_order`` index at the key (three ORed conditions it would filter row by
    row from the top)."""
    columns = ", ".join(f'"{Game._meta.db_table}"."{name}"' for name in KEY_FIELDS)
    compared = RawSQL(f"({columns}) < (%s, %s, %s)", (score, cats, buttons), BooleanField())
    return Q(compared)


def rank_of(challenge: Challenge, key: tuple[int, int, int], exclude_hints=False) -> int:
    """1 + the number of finished ranked games strictly better than ``key``."""
    better = _tallies(challenge, exclude_hints).filter(better_than(*key))
    return 1 + (better.aggregate(n=Sum("games"))["n"] or 0)


def day_count(challenge: Challenge, exclude_hints=False) -> int:
    """How many games are on the day's board."""
    return _tallies(challenge, exclude_hints).aggregate(n=Sum("games"))["n"] or 0


def ranked_games(challenge: Challenge, exclude_hints=False):
    games = Game.objects.counted().filter(challenge=challenge)
    if exclude_hints:
        games = games.filter(hints_used=0)
    return games.order_by("-score", "-cat_tokens", "-button_tokens", "id")


def day_ranks(challenges) -> dict[tuple[int, int, int, int], tuple[int, int]]:
    """Every key on the days' boards at once: (challenge id, score, cats, buttons) -> (rank,
    count), as ``rank_of`` and ``day_count`` say, from one window over the days' tally rows
    in the board's order (``KEY_ORDER``): a key's rank is 1 + the games up to it, its own
    and its peers' (the same key, hinted or not) taken away. For many keys at once (the
    leagues' week), where ``rank_of`` would be a query per key."""
    day = [F("challenge")]
    rows = (
        ScoreTally.objects.filter(challenge__in=challenges)
        .annotate(
            upto=Window(Sum("games"), partition_by=day, order_by=KEY_ORDER),
            same=Window(Sum("games"), partition_by=[*day, *map(F, KEY_FIELDS)]),
            count=Window(Sum("games"), partition_by=day),
        )
        .values_list("challenge_id", *KEY_FIELDS, "upto", "same", "count")
    )
    return {
        (challenge, *key): (upto - same + 1, count) for challenge, *key, upto, same, count in rows
    }


def percentile(rank: int, count: int) -> float:
    """The share of the board's games that scored at or below a game of this rank."""
    return round(100 * (count - rank + 1) / count, 1)


class _DayScope:
    """The whole day: sums over its tally rows (a few dozen however many games)."""

    def __init__(self, challenge: Challenge, exclude_hints: bool):
        self.challenge, self.exclude_hints = challenge, exclude_hints
        self.games = ranked_games(challenge, exclude_hints)

    def by_score(self, sums: dict) -> list[dict]:
        tallies = _tallies(self.challenge, self.exclude_hints).values("score")
        return list(tallies.annotate(**sums).order_by("score"))

    def counting(self, condition: Q | None = None):
        return Sum("games", filter=condition)

    def rank_of(self, key: tuple[int, int, int]) -> int:
        return rank_of(self.challenge, key, self.exclude_hints)

    def page(self, offset: int, by_score: list[dict]) -> tuple[list[tuple], dict]:
        """The ``PAGE_FIELDS`` of the games at ``offset`` and after, a page of them, and the
        rank of the first one's key. The day's counts by score, then that score's tally rows,
        say which key the page starts in and how many games come before it, so the index is
        entered there, never walked through the ``offset`` games before it."""
        if offset < SHORT_WALK:
            return _walked_page(self.games, offset), {}
        before = 0  # the games before the page's key
        for row in reversed(by_score):  # the best score first
            if before + row["n"] > offset:
                score = row["score"]
                break
            before += row["n"]
        else:
            return [], {}
        tallies = _tallies(self.challenge, self.exclude_hints).filter(score=score)
        keys = tallies.values_list("cat_tokens", "button_tokens").annotate(Sum("games"))
        for cats, buttons, games in keys.order_by(*KEY_ORDER[1:]):
            if before + games > offset:
                key = (score, cats, buttons)
                break
            before += games
        else:
            return [], {}
        skip = offset - before  # the key's games on earlier pages
        same_key = self.games.filter(**dict(zip(KEY_FIELDS, key, strict=True))).order_by("id")
        ids = same_key.values("id")[skip : skip + PAGE_SIZE]  # an index-only walk
        rows = list(self.games.filter(id__in=ids).values_list(*PAGE_FIELDS))
        if len(rows) < PAGE_SIZE:  # the page goes on past its first key
            after = self.games.filter(worse_than(*key)).values_list(*PAGE_FIELDS)
            rows += after[: PAGE_SIZE - len(rows)]
        return rows, {key: before + 1}


class _MembersScope:
    """Some players only (a group): counts over their game rows, which PostgreSQL finds member
    by member through the player index (bench/profile_speed.py prints the plan)."""

    def __init__(self, challenge: Challenge, exclude_hints: bool, members):
        self.games = ranked_games(challenge, exclude_hints).filter(player__in=members)

    def by_score(self, sums: dict) -> list[dict]:
        return list(self.games.order_by().values("score").annotate(**sums).order_by("score"))

    def counting(self, condition: Q | None = None):
        return Count("id", filter=condition)

    def rank_of(self, key: tuple[int, int, int]) -> int:
        return 1 + self.games.filter(better_than(*key)).count()

    def page(self, offset: int, by_score: list[dict]) -> tuple[list[tuple], dict]:
        return _walked_page(self.games, offset), {}  # a group's games are few


def _walked_page(games, offset: int) -> list[tuple]:
    """The page at ``offset`` of ``games`` (in the board's order) by walking the index from
    the top, index-only, and its rows in the same query: one query, quick for a short walk."""
    ids = games.values("id")[offset : offset + PAGE_SIZE]
    return list(games.filter(id__in=ids).values_list(*PAGE_FIELDS))


def _my_game(scope, player: Player | None) -> dict | None:
    if player is None or not player.is_authenticated:
        return None
    # Unordered: looked up directly; in the board's order PostgreSQL walked the day's index
    # instead (bench/profile_speed.py times the group board, this look-up included).
    mine = scope.games.filter(player=player).order_by().values("pk", *ENTRY_FIELDS)
    return next(iter(mine[:1]), None)


def leaderboard(
    challenge: Challenge, page: int, exclude_hints: bool, player=None, members=None
) -> LeaderboardOut:
    """A page of the day's board; ``members`` (player ids, e.g. a group's) narrows it to them,
    with ranks among them."""
    if members is None:
        scope = _DayScope(challenge, exclude_hints)
    else:
        scope = _MembersScope(challenge, exclude_hints, members)
    mine = _my_game(scope, player)
    # The count, the histogram and the caller's rank in one query.
    sums = {"n": scope.counting()}
    if mine:
        key = (mine["score"], mine["cat_tokens"], mine["button_tokens"])
        sums["better"] = scope.counting(better_than(*key))
    by_score = scope.by_score(sums)
    count = sum(row["n"] for row in by_score)
    offset = (page - 1) * PAGE_SIZE
    rows, ranks = scope.page(offset, by_score) if offset < count else ([], {})
    entries = []
    closed = is_closed(challenge)  # then each row links to its replay
    previous = None
    # ``place``: the row's place on the whole board, ties counted apart (a new score's rank).
    numbered = enumerate(rows, start=offset + 1)
    for place, (pk, score, cats, buttons, hints_used, username, is_guest) in numbered:
        key = (score, cats, buttons)
        if key != previous:
            # A later page's first row may tie with rows of the page before: count them.
            first_of_later_page = previous is None and offset > 0
            if first_of_later_page:
                rank = ranks[key] if key in ranks else scope.rank_of(key)
            else:
                rank = place
            previous = key
        entries.append(
            {
                "rank": rank,
                "player": username,
                "name": display_name(username, is_guest),
                "score": score,
                "cats": cats,
                "buttons": buttons,
                "hints_used": hints_used,
                "game_id": pk if closed else None,
            }
        )
    me = None
    if mine:
        my_rank = 1 + sum(row["better"] or 0 for row in by_score)
        me = {
            "rank": my_rank,
            "percentile": percentile(my_rank, count),
            "score": mine["score"],
            "game": mine["pk"],
        }
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
