"""Hand-built weeks for the leagues' tests: days, their par, finished ranked games (counted in
the day's tallies, as a finished game is), players with a rating."""

import datetime

from puzzles.models import Game, Player, SolverRun
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.tallies import do_count_game
from ratings.models import Rating

MONDAY = datetime.date(2026, 11, 30)  # 2026-W49


def at(day: datetime.date, hour: int = 12) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour), tzinfo=datetime.UTC)


def day(date: datetime.date, par_mean: float | None = None):
    challenge = do_ensure_challenge(date)
    if par_mean is not None:
        SolverRun.objects.update_or_create(
            challenge=challenge,
            kind=SolverRun.Kind.PAR,
            defaults={"status": "ready", "score": round(par_mean), "figures": {"mean": par_mean}},
        )
    return challenge


def finished(challenge, player, score, cats=0, buttons=0) -> Game:
    game = Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        turn=23,
        status=Game.Status.FINISHED,
        score=score,
        cat_tokens=cats,
        button_tokens=buttons,
    )
    do_count_game(game)
    return game


def players(prefix: str, count: int, mu=None) -> list[Player]:
    """``count`` players with accounts; ``mu(i)``: the i-th's rating (none when None)."""
    made = Player.objects.bulk_create(
        [Player(username=f"{prefix}{i:03d}", password="!") for i in range(count)]
    )
    if mu is not None:
        Rating.objects.bulk_create(
            [Rating(player=p, mu=mu(i), sigma=3.0, days=5) for i, p in enumerate(made)]
        )
    return made
