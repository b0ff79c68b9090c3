"""Rating closed days through the service: the ratings a hand-built run of days leaves (the
library's, par fixed), a day rated once however often it is sent, nothing of an open day, and
the rating on the profile and the board."""

import datetime

import numpy as np
import pytest
from helpers.threads import at_once

from puzzles.game_state import today
from puzzles.models import Game, SolverRun
from puzzles.services.challenges import do_ensure_challenge
from ratings import plackett_luce
from ratings.models import RatedDay, Rating, RatingChange
from ratings.selectors import rating_of, shown
from ratings.services import PAR_MU, PAR_SIGMA, do_rate_closed_days, do_rate_day, par_key, places

pytestmark = pytest.mark.django_db


def finished(challenge, player, score, cats=0, buttons=0, hints=0) -> Game:
    return Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        turn=23,
        status=Game.Status.FINISHED,
        score=score,
        cat_tokens=cats,
        button_tokens=buttons,
        hints_used=hints,
    )


def with_par(challenge, score):
    SolverRun.objects.update_or_create(
        challenge=challenge,
        kind=SolverRun.Kind.PAR,
        defaults={"status": SolverRun.Status.READY, "score": score},
    )
    return challenge


@pytest.fixture
def players(make_player):
    return [make_player(name) for name in ("ann", "ben", "cat")]


def day(offset):
    return do_ensure_challenge(today() - datetime.timedelta(days=offset))


def test_a_run_of_days_leaves_the_librarys_ratings_with_par_fixed(players):
    ann, ben, cat = players
    first, second = with_par(day(2), 70), with_par(day(1), 60)
    for player, score in ((ann, 75), (ben, 64), (cat, 64)):
        finished(first, player, score, cats=1)
    finished(second, ann, 50)
    finished(second, cat, 66, cats=2)
    finished(second, ben, 66, cats=1, hints=3)  # hints change nothing here, as on the board
    assert do_rate_closed_days() == [first.date, second.date]
    expected = {p.pk: (plackett_luce.MU, plackett_luce.SIGMA) for p in players}
    for rows, par in (
        ([(ann, 75, 1), (ben, 64, 1), (cat, 64, 1)], 70),
        ([(ann, 50, 0), (cat, 66, 2), (ben, 66, 1)], 60),
    ):
        keys = np.array([(score, cats, 0) for _, score, cats in rows] + [par_key(par)])
        mu, sigma = plackett_luce.rate(
            np.array([expected[p.pk][0] for p, _, _ in rows] + [PAR_MU]),
            np.array([expected[p.pk][1] for p, _, _ in rows] + [PAR_SIGMA]),
            places(keys),
        )
        for i, (player, _, _) in enumerate(rows):
            expected[player.pk] = (mu[i], sigma[i])
    for player in players:
        rating = Rating.objects.get(player=player)
        assert (rating.mu, rating.sigma) == pytest.approx(expected[player.pk], abs=1e-9)
        assert rating.days == 2
    assert RatingChange.objects.count() == 6
    # ann: first, then last behind par; cat: level then first
    assert rating_of(cat)["history"][-1]["value"] > rating_of(ann)["history"][-1]["value"]


def test_a_day_is_rated_once_however_often_it_is_sent(players):
    closed = with_par(day(1), 70)
    for player, score in zip(players, (80, 70, 60), strict=True):
        finished(closed, player, score)
    assert do_rate_day(closed.date) is not None
    before = list(Rating.objects.values_list("player_id", "mu", "sigma", "days"))
    assert do_rate_day(closed.date) is None
    assert do_rate_closed_days() == []
    assert list(Rating.objects.values_list("player_id", "mu", "sigma", "days")) == before
    assert RatingChange.objects.count() == 3 and RatedDay.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_tasks_at_once_rate_a_day_once(players):
    closed = with_par(day(1), 70)
    for player, score in zip(players, (80, 70, 60), strict=True):
        finished(closed, player, score)
    results = at_once(lambda: do_rate_day(closed.date), 3)
    assert sum(result is not None for result in results) == 1
    assert RatingChange.objects.count() == 3
    assert set(Rating.objects.values_list("days", flat=True)) == {1}


def test_an_open_day_is_not_rated(players):
    finished(day(0), players[0], 90)
    assert do_rate_day(today()) is None and do_rate_closed_days() == []
    assert not Rating.objects.exists() and not RatedDay.objects.exists()


def test_a_new_player_is_provisional_until_five_days(players, client_for):
    ann, ben, _ = players
    api = client_for(ann)
    rating = api.get("/api/me/").json()["rating"]
    after = [f"{today() + datetime.timedelta(days=n)}T00:10:00Z" for n in (0, 1)]
    assert rating.pop("updates_at") in after  # the beat's next run (test_rating_updates.py)
    assert rating == {
        "value": 1500,
        "deviation": 500,
        "provisional": True,
        "days": 0,
        "history": [],
    }
    for offset in range(5, 0, -1):
        closed = with_par(day(offset), 70)
        finished(closed, ann, 80)
        finished(closed, ben, 60)
    do_rate_closed_days()
    mine = api.get("/api/me/").json()["rating"]
    assert mine["provisional"] is False and mine["days"] == 5 and len(mine["history"]) == 5
    values = [point["value"] for point in mine["history"]]
    assert values == sorted(values) and values[0] > 1500  # ahead of par each day: it rises
    public = client_for(ben).get("/api/players/ann/").json()["rating"]
    assert public == mine
    assert shown(PAR_MU) == 2000


def test_the_board_lists_settled_players_and_a_groups_members(players, client_for):
    from groups.services import do_create_group

    ann, ben, _ = players
    for offset in range(5, 0, -1):
        closed = with_par(day(offset), 70)
        for player, score in zip(players, (80, 70, 60), strict=True):
            finished(closed, player, score)
    do_rate_closed_days()
    api = client_for(ann)
    board = api.get("/api/ratings/").json()["entries"]
    assert [e["player"] for e in board] == ["ann", "ben", "cat"]
    assert [e["rank"] for e in board] == [1, 2, 3]
    group = do_create_group(ann, name="Quilters", address="127.0.0.1")
    mine = api.get(f"/api/ratings/?group={group.pk}").json()["entries"]
    assert [e["player"] for e in mine] == ["ann"]
    assert client_for(ben).get(f"/api/ratings/?group={group.pk}").status_code == 404
    bad = api.get("/api/ratings/?group=x")
    assert bad.status_code == 400 and "group" in bad.json()["detail"]


def test_a_guest_logging_in_brings_a_rating_only_to_an_account_without_one(make_player):
    from accounts.services.players import do_fold_guest
    from puzzles.services.visitors import do_create_guest

    ann, ben = make_player("ann"), make_player("ben")
    guests = [do_create_guest("127.0.0.1"), do_create_guest("127.0.0.2")]
    for offset in (2, 1):
        closed = with_par(day(offset), 70)
        finished(closed, guests[0], 80)
        finished(closed, guests[1], 60)
        if offset == 2:
            finished(closed, ann, 75)
    do_rate_closed_days()
    rated_guest = Rating.objects.get(player=guests[0])
    do_fold_guest(guests[0], into=ben)  # ben has no rating: he takes the guest's
    assert Rating.objects.get(player=ben).mu == rated_guest.mu
    assert RatingChange.objects.filter(player=ben).count() == 2
    kept = Rating.objects.get(player=ann).mu
    do_fold_guest(guests[1], into=ann)  # ann has one: she keeps hers
    assert Rating.objects.get(player=ann).mu == kept
    assert RatingChange.objects.filter(player=ann).count() == 1


def test_a_ranked_game_left_unfinished_at_the_close_counts_as_last_place(players):
    """Issue 47: leaving a bad ranked game unfinished kept it out of the rating. At the close
    it is the day's last place, below par and every finished game, whatever it scored so far."""
    import time_machine

    ann, ben, cat = players
    evening = datetime.datetime(2031, 3, 4, 23, 56, tzinfo=datetime.UTC)
    with time_machine.travel(evening, tick=False):
        challenge = with_par(do_ensure_challenge(today()), 70)
        finished(challenge, ann, 80)
        finished(challenge, ben, 60)
        Game.objects.create(
            challenge=challenge,
            player=cat,
            ranked=True,
            turn=20,
            score=75,
            status=Game.Status.PLAYING,
        )
        assert do_rate_closed_days() == []  # still open
    with time_machine.travel(evening + datetime.timedelta(minutes=14), tick=False):
        assert do_rate_closed_days() == [challenge.date]
    assert RatedDay.objects.get(date=challenge.date).players == 3
    keys = np.array([(80, 0, 0), (60, 0, 0), (-1, -1, -1), par_key(70)])
    assert places(keys).tolist() == [1, 3, 4, 2]
    mu, sigma = plackett_luce.rate(
        np.array([plackett_luce.MU] * 3 + [PAR_MU]),
        np.array([plackett_luce.SIGMA] * 3 + [PAR_SIGMA]),
        places(keys),
    )
    for i, player in enumerate(players):
        rating = Rating.objects.get(player=player)
        assert (rating.mu, rating.sigma) == pytest.approx((mu[i], sigma[i]), abs=1e-9)
    assert Rating.objects.get(player=cat).mu < Rating.objects.get(player=ben).mu
    from django.test import Client

    said = {
        "en": "left unfinished at the day's close counts as that day's last",
        "es": "sin terminar al cierre del día cuenta como el último",
    }
    for language, words in said.items():
        page = Client().get("/ratings/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in page.replace("&#x27;", "'")
