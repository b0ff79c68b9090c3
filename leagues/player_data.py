"""What the leagues hold of a player (the player-data protocol, docs: _notes/protocol.md):
their memberships, one a week."""

from .models import LeagueMember


def fold_guest(guest, into) -> None:
    """A guest logs into an account (both rows locked): the guest's weeks the account has no
    league of become the account's; a week both played, the account keeps its own."""
    taken = LeagueMember.objects.filter(player=into).values("monday")
    LeagueMember.objects.filter(player=guest).exclude(monday__in=taken).update(player=into)
    LeagueMember.objects.filter(player=guest).delete()


def delete_player(player) -> None:
    """An account deleted (row locked): out of every league, this week's included (its league
    goes on with one member fewer; a settled week's ranks of the others stay as written)."""
    LeagueMember.objects.filter(player=player).delete()


def export_player(player) -> dict:
    rows = LeagueMember.objects.filter(player=player).order_by("monday")
    return {
        "leagues": [
            {
                "week": member.monday.isoformat(),
                "tier": member.league.tier,
                "rank": member.rank,
                "points": member.points,
                "days": member.days,
                "par_diff": member.par_diff,
                "daily": member.daily,
                "outcome": member.outcome,
            }
            for member in rows.select_related("league")
        ]
    }
