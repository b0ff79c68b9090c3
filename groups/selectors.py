"""Groups as their members see them: members, the day's board, the last days' standings."""

import datetime
from collections import defaultdict

from django.db.models import Count

from puzzles.game_state import today
from puzzles.models import Challenge, Game, Player

from .models import Group, Membership
from .shapes import GroupOut, GroupSummaryOut, StandingsOut

STANDING_DAYS = (7, 30)


def groups_of(player: Player):
    """The player's groups, newest first, with their member counts."""
    # The player's groups by id: filtering on the membership join itself would count only
    # the player's own membership (every group read "1 member").
    mine = Membership.objects.filter(player=player).values("group")
    return (
        Group.objects.filter(pk__in=mine)
        .annotate(member_count=Count("memberships", distinct=True))
        .select_related("owner")
        .order_by("-created_at", "-id")
    )


def group_for(group_id: int, player: Player) -> Group | None:
    """The group if ``player`` is a member (to anyone else it does not exist)."""
    if not player.is_authenticated:
        return None
    return Group.objects.select_related("owner").filter(pk=group_id, members=player).first()


def group_by_code(invite_code: str) -> Group | None:
    return Group.objects.filter(invite_code=invite_code.strip().upper()).first()


def member_ids(group: Group):
    return Membership.objects.filter(group=group).values("player")


def _memberships(group: Group) -> list[Membership]:
    """The members, longest first. Players are fetched by id (prefetch), not joined: a join
    made PostgreSQL read the whole player table (`bench/profile_speed.py` measures the board)."""
    return list(group.memberships.prefetch_related("player").order_by("joined_at", "id"))


def group_summary(group: Group) -> GroupSummaryOut:
    return {
        "id": group.pk,
        "name": group.name,
        "invite_code": group.invite_code,
        "owner": group.owner.username,
        "member_count": getattr(group, "member_count", None) or group.memberships.count(),
    }


def group_json(group: Group) -> GroupOut:
    memberships = _memberships(group)
    return {
        **group_summary(group),
        "members": [
            {
                "username": m.player.username,
                "name": m.player.display_name,
                "is_guest": m.player.is_guest,
                "owner": m.player_id == group.owner_id,
                "joined": m.joined_at,
            }
            for m in memberships
        ],
    }


def standings(group: Group, days: int) -> StandingsOut:
    """The members over the last ``days`` days up to today: games played, average score and
    days won (first on the group's board of the day; a shared first place wins for each)."""
    since = today() - datetime.timedelta(days=days - 1)
    members = _memberships(group)
    # Both as lists of ids: PostgreSQL then looks the members' games up by index, rather than
    # reading every game of the window's days (100,000 on a big day) to find the members'.
    window = list(
        Challenge.objects.filter(date__gte=since, date__lte=today()).values_list("id", flat=True)
    )
    rows = (
        Game.objects.counted()
        .filter(player__in=[m.player_id for m in members], challenge__in=window)
        .values("player_id", "challenge_id", "score", "cat_tokens", "button_tokens")
    )
    played = defaultdict(list)
    best_of_day = {}
    for row in rows:
        key = (row["score"], row["cat_tokens"], row["button_tokens"])  # the board's tiebreak
        played[row["player_id"]].append((row["challenge_id"], key))
        best_of_day[row["challenge_id"]] = max(best_of_day.get(row["challenge_id"], key), key)
    table = []
    for m in members:
        mine = played.get(m.player_id, [])
        scores = [key[0] for _, key in mine]
        table.append(
            {
                "username": m.player.username,
                "name": m.player.display_name,
                "games": len(mine),
                "average": round(sum(scores) / len(scores), 1) if scores else None,
                "days_won": sum(1 for day, key in mine if key == best_of_day[day]),
            }
        )
    table.sort(key=lambda r: (-r["days_won"], -(r["average"] or 0), -r["games"], r["name"]))
    return {"days": days, "since": since, "until": today(), "members": table}
