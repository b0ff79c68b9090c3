"""The leagues as the API and the page show them: a league's standings (live for the week
being played, as written at its settling after), a player's league of a week, and their past
tiers (the profile's section)."""

import datetime

from core.weeks import closes_at, week_name
from puzzles.game_state import today
from puzzles.models import Player, display_name

from . import days, standings
from .models import League, LeagueMember
from .shapes import LeagueHistoryOut, LeagueMemberOut, LeagueOut
from .tiers import HIGHEST, LOWEST, tier_name

PAST_TIERS = 12  # weeks on the profile


def league_of(player: Player, monday: datetime.date) -> League | None:
    member = (
        LeagueMember.objects.filter(player=player, monday=monday).select_related("league").first()
    )
    return member.league if member else None


def _day_json(date: datetime.date, played, closed: bool) -> dict:
    return {
        "date": date.isoformat(),
        "played": played is not None,
        "closed": closed,
        "points": played.points if played else None,
        # after the close only: nothing of an open day's game (a member's own included: the
        # table is the same for everyone in it)
        "par_diff": played.par_diff if played and closed else None,
    }


def _live_members(league: League, viewer_id: int | None) -> list[LeagueMemberOut]:
    members = list(league.members.select_related("player"))
    played = days.WeekBoards(league.monday).days_of(m.player_id for m in members)
    table = standings.ranked(
        [standings.Standing(m.player_id, played.get(m.player_id, [])) for m in members]
    )
    players = {m.player_id: m.player for m in members}
    current = today()
    rows = []
    for standing in table:
        player = players[standing.player_id]
        by_date = {d.date: d for d in standing.days}
        rows.append(
            {
                "rank": standing.rank,
                "player": player.username,
                "name": display_name(player.username, player.is_guest),
                "points": standing.points,
                "days": len(standing.days),
                "par_diff": standing.par_diff,
                "you": player.pk == viewer_id,
                "outcome": "",
                "per_day": [
                    _day_json(date, by_date.get(date), date < current)
                    for date in days.week_days(league.monday)
                ],
            }
        )
    return rows


def _settled_members(league: League, viewer_id: int | None) -> list[LeagueMemberOut]:
    members = league.members.select_related("player").order_by("rank", "player_id")
    rows = []
    for member in members:
        by_date = {row["date"]: row for row in member.daily}
        rows.append(
            {
                "rank": member.rank,
                "player": member.player.username,
                "name": display_name(member.player.username, member.player.is_guest),
                "points": member.points,
                "days": member.days,
                "par_diff": member.par_diff,
                "you": member.player_id == viewer_id,
                "outcome": member.outcome,
                "per_day": [
                    {
                        "date": date.isoformat(),
                        "played": date.isoformat() in by_date,
                        "closed": True,
                        "points": by_date.get(date.isoformat(), {}).get("points"),
                        "par_diff": by_date.get(date.isoformat(), {}).get("par_diff"),
                    }
                    for date in days.week_days(league.monday)
                ],
            }
        )
    return rows


def league_json(league: League, viewer: Player | None = None) -> LeagueOut:
    viewer_id = viewer.pk if viewer is not None else None
    settled = league.settled_at is not None
    members = _settled_members(league, viewer_id) if settled else _live_members(league, viewer_id)
    promote, relegate = standings.lines(len(members), league.tier, LOWEST, HIGHEST)
    ends = closes_at(league.monday)
    return {
        "week": week_name(league.monday),
        "tier": league.tier,
        "tier_name": tier_name(league.tier),
        "members": members,
        "promote": promote,
        "relegate": relegate,
        "closes_at": ends.isoformat(),
        "closed": today() >= ends.date(),
        "settled": settled,
    }


def past_tiers(player: Player) -> LeagueHistoryOut:
    """The player's leagues, the latest first (the profile's section)."""
    rows = (
        LeagueMember.objects.filter(player=player)
        .select_related("league")
        .order_by("-monday")[:PAST_TIERS]
    )
    weeks = []
    for member in rows:
        weeks.append(
            {
                "week": week_name(member.monday),
                "tier": member.league.tier,
                "tier_name": tier_name(member.league.tier),
                "rank": member.rank,
                "members": member.league.members.count(),
                "outcome": member.outcome,
            }
        )
    return {"weeks": weeks}
