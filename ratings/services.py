"""Rating a closed day: one match among the day's ranked players in the leaderboard's order
(score, then cat tokens, then button tokens; ties share a place; a ranked game left
unfinished at the close last, ``UNFINISHED_KEY``), with par as a player of fixed
rating placed by its score (``par_key``), so that par anchors the scale. A day is rated once,
in date order, after its close."""

import datetime

import numpy as np
from django.db import IntegrityError, transaction

from puzzles.game_state import today
from puzzles.models import Challenge, Game, SolverRun

from . import plackett_luce
from .models import RatedDay, Rating, RatingChange

# Par's fixed rating: 2000 on the site's scale (selectors.SCALE), with a small, fixed σ.
PAR_MU = plackett_luce.MU + 500 / 60
PAR_SIGMA = 1.0


def par_key(score: int) -> tuple[int, int, int]:
    """Par's place among the players: by its score, and a player level with it on score is
    ahead of it on any token (par's tokens are not the players' business), level at none."""
    return (score, 0, 0)


BATCH = 5000
# An unfinished ranked game at the close is the day's last place: below every finished game
# and par (scores are never negative), level with the day's other unfinished games. Left
# unfinished, a bad game would otherwise stay out of the rating.
UNFINISHED_KEY = (-1, -1, -1)


def places(keys: np.ndarray) -> np.ndarray:
    """Each row's place on the board, 1 + how many rows did strictly better, from its (score,
    cats, buttons) key (the leaderboard's order; equal keys share a place)."""
    order = np.lexsort((-keys[:, 2], -keys[:, 1], -keys[:, 0]))
    ordered = keys[order]
    new = np.ones(len(ordered), dtype=bool)
    new[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    place = np.empty(len(keys), dtype=int)
    place[order] = np.flatnonzero(new)[np.cumsum(new) - 1] + 1
    return place


def do_rate_day(date: datetime.date) -> RatedDay | None:
    """Rate the closed day ``date`` (None if it is open, or was rated already): its counted
    games, and its ranked games left unfinished at the close as its last place."""
    if date >= today():
        return None
    rows = list(
        Game.objects.counted()
        .filter(challenge__date=date)
        .values_list("player_id", "score", "cat_tokens", "button_tokens")
    )
    finished = {row[0] for row in rows}
    left = Game.objects.filter(challenge__date=date, ranked=True, disqualified=False).exclude(
        status=Game.Status.FINISHED
    )
    rows += [
        (player, *UNFINISHED_KEY)
        for player in left.values_list("player_id", flat=True).distinct()
        if player not in finished
    ]
    par = (
        SolverRun.objects.filter(challenge__date=date, kind=SolverRun.Kind.PAR)
        .filter(status=SolverRun.Status.READY)
        .values_list("score", flat=True)
        .first()
    )
    try:
        with transaction.atomic():
            day = RatedDay.objects.create(date=date, players=len(rows), par_score=par)
            if rows:
                _rate(date, rows, par)
    except IntegrityError:  # rated already (a second task, or one running beside)
        return None
    return day


def _rate(date, rows, par) -> None:
    players = np.array([row[0] for row in rows])
    keys = np.array([row[1:] for row in rows], dtype=int)
    known = {
        player: (mu, sigma, days)
        # locked, in one order: two days rated at once take turns (each reads the other's)
        for player, mu, sigma, days in Rating.objects.filter(player_id__in=players.tolist())
        .select_for_update()
        .order_by("player_id")
        .values_list("player_id", "mu", "sigma", "days")
        .iterator(chunk_size=BATCH)
    }
    new = (plackett_luce.MU, plackett_luce.SIGMA, 0)
    mu = np.array([known.get(p, new)[0] for p in players])
    sigma = np.array([known.get(p, new)[1] for p in players])
    days = {p: known.get(p, new)[2] for p in players.tolist()}
    if par is not None:  # par plays, its rating fixed: what it would learn is dropped
        mu, sigma = np.append(mu, PAR_MU), np.append(sigma, PAR_SIGMA)
        keys = np.vstack([keys, par_key(par)])
    mu, sigma = plackett_luce.rate(mu, sigma, places(keys))
    ratings = [
        Rating(player_id=int(p), mu=float(m), sigma=float(s), days=days.get(int(p), 0) + 1)
        for p, m, s in zip(players, mu, sigma, strict=False)
    ]
    Rating.objects.bulk_create(
        ratings,
        batch_size=BATCH,
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["mu", "sigma", "days"],
    )
    RatingChange.objects.bulk_create(
        [RatingChange(player_id=r.player_id, date=date, mu=r.mu, sigma=r.sigma) for r in ratings],
        batch_size=BATCH,
    )


def do_fold_guest(guest, *, into) -> None:
    """A guest logs into an account (``fold_guest`` of its config, both rows locked): an
    account with no rating takes the guest's, history and all; one with a rating keeps it, and
    the guest's goes with the guest (the days are not rated again)."""
    if not Rating.objects.filter(player=into).exists():
        Rating.objects.filter(player=guest).update(player=into)
        RatingChange.objects.filter(player=guest).update(player=into)


def do_rate_closed_days() -> list[datetime.date]:
    """Rate every closed day not rated yet, oldest first (the beat's job after each close)."""
    rated = set(RatedDay.objects.values_list("date", flat=True))
    closed = Challenge.objects.filter(date__lt=today()).order_by("date")
    done = []
    for date in closed.values_list("date", flat=True):
        if date not in rated and do_rate_day(date) is not None:
            done.append(date)
    return done


def do_rerate() -> list[datetime.date]:
    """Rate every closed day again from the stored games, oldest first, with each day's par
    as it stands now (``manage.py rerate``: after par became the mean of its games, or was
    played again by ``manage.py replay_par``). Everything rated before goes, in the same
    transaction: a failure leaves the ratings as they were."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        RatedDay.objects.all().delete()
        return do_rate_closed_days()
