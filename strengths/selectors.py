"""A player's strengths as the profile shows them (``dashboard.strengths`` over their counted
games of closed days), kept in the cache until they play, a review of theirs is ready or a day
closes: a profile read replays no game twice."""

from django.core.cache import cache
from django.db.models import Count, Q

from puzzles.game_state import deal_of, today
from puzzles.models import Analysis, Game, Player, SolverRun

from .dashboard import Day, strengths
from .shapes import StrengthsOut

KEEP_SECONDS = 24 * 3600


def closed_games(player: Player):
    """The games the dashboard reads: counted, of a closed day (an open day's quilt is nobody's
    business before the close, not even on its player's public profile)."""
    return Game.objects.counted().filter(player=player, challenge__date__lt=today())


def strengths_of(player: Player) -> StrengthsOut:
    games = closed_games(player)
    stamp = games.aggregate(
        days=Count("pk"),
        analysed=Count("analysis", filter=Q(analysis__status=Analysis.Status.READY)),
    )
    key = f"strengths:{player.pk}:{today()}:{stamp['days']}:{stamp['analysed']}"
    found = cache.get(key)
    if found is None:
        found = strengths(_days(games))
        cache.set(key, found, KEEP_SECONDS)
    return found


def _days(games) -> list[Day]:
    rows = list(games.select_related("challenge", "analysis"))
    par = {
        run.challenge_id: run
        for run in SolverRun.objects.filter(
            challenge__in=[game.challenge_id for game in rows],
            kind=SolverRun.Kind.PAR,
            status=SolverRun.Status.READY,
        ).only("challenge_id", "goals", "moves")
    }
    days = []
    for game in rows:
        run = par.get(game.challenge_id)
        analysis = getattr(game, "analysis", None)
        ready = analysis is not None and analysis.status == Analysis.Status.READY
        days.append(
            Day(
                date=game.challenge.date,
                deal=deal_of(game.challenge),
                goals=game.goals,
                moves=game.moves,
                par_goals=run and run.goals,
                par_moves=run and run.moves,
                turns=analysis.result.get("turns") if ready and analysis.result else None,
            )
        )
    return days
