"""Placing a week's players in leagues (Monday 00:00 UTC) and settling a week's leagues (after
Sunday's close), both in one job (``do_turn_weeks``, the beat's, on the background queue),
idempotent: a week is placed once (its ``PlacedWeek`` row, made in the placement's transaction)
and a league settled once (``settled_at``, set under the league's lock)."""

import datetime
import json
from collections import defaultdict

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.weeks import week_start
from puzzles.game_state import today
from ratings.models import Rating
from ratings.plackett_luce import MU

from . import days, standings
from .models import League, LeagueMember, PlacedWeek
from .tiers import HIGHEST, LOWEST, next_tier

LEAGUE_SIZE = 30
BATCH = 5000
LEAGUES_AT_ONCE = 200  # settled in one transaction
FINAL = ("rank", "points", "days", "par_diff", "daily", "outcome")


def tiers_of(player_ids: list[int], monday: datetime.date) -> dict[int, int]:
    """Each player's tier for the week of ``monday``: after their latest league, the tier its
    outcome leads to (the same tier while it is not settled); a new player the lowest."""
    wanted = set(player_ids)
    latest = (
        LeagueMember.objects.filter(monday__lt=monday)
        .order_by("player_id", "-monday")
        .distinct("player_id")
        .values_list("player_id", "league__tier", "outcome")
    )
    tiers = dict.fromkeys(player_ids, LOWEST)
    for player, tier, outcome in latest.iterator(chunk_size=BATCH):
        if player in wanted:
            tiers[player] = next_tier(tier, outcome)
    return tiers


def groups_of_close_rating(players: list[int], rating: dict[int, float]) -> list[list[int]]:
    """``players`` in leagues of at most ``LEAGUE_SIZE``, best rated first, as few leagues as
    that allows and their sizes as even as can be (30 and 1 would be a league of one)."""
    ordered = sorted(players, key=lambda p: (-rating.get(p, MU), p))
    count = -(-len(ordered) // LEAGUE_SIZE)
    size, extra = divmod(len(ordered), count) if count else (0, 0)
    groups, start = [], 0
    for n in range(count):
        end = start + size + (1 if n < extra else 0)
        groups.append(ordered[start:end])
        start = end
    return groups


def do_place_week(monday: datetime.date) -> PlacedWeek | None:
    """Place the week of ``monday`` (None when it was placed already, or is still to come):
    every player with a ranked daily in the 14 days before it, in a tier by their last league,
    in leagues of close rating within the tier."""
    if monday > today() or monday.weekday() != 0:
        return None
    active = days.active_players(monday)
    players = list(active)
    tiers = tiers_of(players, monday)
    # by a subquery: a list of 100,000 ids would be a query of its own to send and parse
    ratings = Rating.objects.filter(player_id__in=active).values_list("player_id", "mu")
    rating = dict(ratings.iterator(chunk_size=BATCH))
    by_tier = defaultdict(list)
    for player in players:
        by_tier[tiers[player]].append(player)
    try:
        with transaction.atomic():
            placed = PlacedWeek.objects.create(monday=monday, players=len(players))
            plan = [
                (League(monday=monday, tier=tier, number=n), group)
                for tier in sorted(by_tier)
                for n, group in enumerate(groups_of_close_rating(by_tier[tier], rating), 1)
            ]
            League.objects.bulk_create([league for league, _ in plan], batch_size=BATCH)
            LeagueMember.objects.bulk_create(
                [
                    LeagueMember(league=league, player_id=player, monday=monday)
                    for league, group in plan
                    for player in group
                ],
                batch_size=BATCH,
            )
    except IntegrityError:  # placed already (a second job, or one running beside)
        return None
    return placed


def do_settle_week(monday: datetime.date) -> int:
    """Settle the week of ``monday``'s leagues once its Sunday has closed: each member's final
    standing and outcome. Answers how many leagues it settled (0 for a week still open)."""
    if monday + datetime.timedelta(days=days.WEEK) > today():
        return 0
    open_leagues = League.objects.filter(monday=monday, settled_at=None)
    if not open_leagues.exists():
        return 0
    boards = days.WeekBoards(monday)
    ids = list(open_leagues.order_by("pk").values_list("pk", flat=True))
    return sum(
        _settle(ids[start : start + LEAGUES_AT_ONCE], boards)
        for start in range(0, len(ids), LEAGUES_AT_ONCE)
    )


def _final(member: LeagueMember, standing: standings.Standing, size, promote, relegate):
    member.rank, member.points = standing.rank, standing.points
    member.days, member.par_diff = len(standing.days), standing.par_diff
    member.daily = [
        {"date": d.date.isoformat(), "points": d.points, "par_diff": d.par_diff}
        for d in standing.days
    ]
    member.outcome = standings.outcome(standing, size, promote, relegate)


def _settle(league_ids: list[int], boards: days.WeekBoards) -> int:
    """Settle some of a week's leagues in one transaction (a query for all their games, not
    one a league: bench/league_weeks.py); answers how many it settled."""
    with transaction.atomic():
        # locked: a second job beside this one waits, then finds them settled and leaves them
        leagues = list(
            League.objects.select_for_update()
            .filter(pk__in=league_ids, settled_at=None)
            .order_by("pk")
        )
        if not leagues:
            return 0
        members = list(LeagueMember.objects.filter(league__in=leagues))
        played = boards.days_of(m.player_id for m in members)
        by_league = defaultdict(list)
        for member in members:
            by_league[member.league_id].append(member)
        for league in leagues:
            mine = by_league[league.pk]
            table = standings.ranked(
                [standings.Standing(m.player_id, played.get(m.player_id, [])) for m in mine]
            )
            promote, relegate = standings.lines(len(mine), league.tier, LOWEST, HIGHEST)
            final = {s.player_id: s for s in table}
            for member in mine:
                _final(member, final[member.player_id], len(mine), promote, relegate)
        _write_final(members)
        League.objects.filter(pk__in=[league.pk for league in leagues]).update(
            settled_at=timezone.now()
        )
    return len(leagues)


def _write_final(members: list[LeagueMember]) -> None:
    """One UPDATE a member, sent at once (psycopg's pipeline): ``bulk_update`` built a CASE of
    a branch a row in Python, 100 CPU s for 100,000 members (bench/league_weeks.py)."""
    table = LeagueMember._meta.db_table
    assignments = ", ".join(f"{name} = %s" for name in FINAL)
    rows = [
        (m.rank, m.points, m.days, m.par_diff, json.dumps(m.daily), m.outcome, m.pk)
        for m in members
    ]
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {table} SET {assignments} WHERE id = %s", rows)


def do_turn_weeks() -> dict:
    """The beat's job (daily, so that a missed Monday is made up the day after): settle every
    week whose Sunday has closed and is not settled yet, oldest first, then place this week."""
    this_monday = week_start(today())
    unsettled = (
        League.objects.filter(settled_at=None, monday__lt=this_monday)
        .order_by("monday")
        .values_list("monday", flat=True)
        .distinct()
    )
    settled = {monday.isoformat(): do_settle_week(monday) for monday in unsettled}
    placed = do_place_week(this_monday)
    return {"settled": settled, "placed": placed.players if placed else None}
