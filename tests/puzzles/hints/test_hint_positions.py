"""A position's hint is computed once: a ready hint answers every player who reaches the same
visible position, at once; a different position gets its own."""

import pytest

from puzzles.game_state import deal_of, replay
from puzzles.models import Game, Hint
from puzzles.services import hints
from puzzles.services.games import do_start_game
from puzzles.services.hints import do_compute_hint, do_request_hint
from solver.search import position_key
from solver.search.roles import role_options

SMALL = {"samples": 4, "candidates": 4}
# A hint's position key is of the options the site plays: the shipped ones under the setting.
HINT = role_options("hint", SMALL)


@pytest.fixture(autouse=True)
def small_hints(settings):
    settings.CALICO_HINT_OPTIONS = SMALL


def _goals(challenge, order=(0, 1, 2)) -> dict:
    options = deal_of(challenge).setup.goal_options
    return dict(zip(("2,3", "3,4", "4,2"), (options[i] for i in order), strict=True))


def _no_solver(*args, **kwargs):
    raise AssertionError("the solver ran for a position whose hint was ready")


def test_a_ready_hint_answers_another_player_in_the_same_position_at_once(
    alice, make_player, daily, monkeypatch
):
    bob = make_player("bob")
    first = do_start_game(alice, date=daily.date, goals=_goals(daily))
    second = do_start_game(bob, date=daily.date, goals=_goals(daily))
    computed = do_compute_hint(do_request_hint(first.pk, player=alice).pk)
    assert computed.status == "ready"
    assert computed.position == position_key(replay(first)[0].observation(), **HINT)

    monkeypatch.setattr(hints, "solver_hint", _no_solver)
    reused = do_request_hint(second.pk, player=bob)
    assert reused.status == "ready"  # from the request itself: nothing was enqueued
    assert (reused.position, reused.move, reused.expected_score, reused.reasons) == (
        computed.position,
        computed.move,
        computed.expected_score,
        computed.reasons,
    )
    assert Game.objects.get(pk=second.pk).hints_used == 1  # still counted for the player


def test_a_pending_hint_takes_the_answer_that_became_ready_meanwhile(
    alice, make_player, daily, monkeypatch
):
    bob = make_player("bob")
    rows = [
        do_request_hint(
            do_start_game(player, date=daily.date, goals=_goals(daily)).pk, player=player
        )
        for player in (alice, bob)
    ]
    assert [row.status for row in rows] == ["pending", "pending"]
    assert rows[0].position == rows[1].position
    computed = do_compute_hint(rows[0].pk)
    monkeypatch.setattr(hints, "solver_hint", _no_solver)
    copied = do_compute_hint(rows[1].pk)
    assert copied.status == "ready" and copied.move == computed.move


def test_another_position_gets_its_own_hint(alice, make_player, daily):
    bob = make_player("bob")
    first = do_start_game(alice, date=daily.date, goals=_goals(daily))
    other = do_start_game(bob, date=daily.date, goals=_goals(daily, order=(2, 1, 0)))
    computed = do_compute_hint(do_request_hint(first.pk, player=alice).pk)
    row = do_request_hint(other.pk, player=bob)
    assert row.status == "pending" and row.position != computed.position
    assert Hint.objects.filter(position=computed.position).count() == 1


def test_a_hint_of_another_strength_is_not_reused(alice, make_player, daily, settings):
    bob = make_player("bob")
    first = do_start_game(alice, date=daily.date, goals=_goals(daily))
    computed = do_compute_hint(do_request_hint(first.pk, player=alice).pk)
    settings.CALICO_HINT_OPTIONS = {**SMALL, "samples": 5}
    second = do_start_game(bob, date=daily.date, goals=_goals(daily))
    row = do_request_hint(second.pk, player=bob)
    assert row.status == "pending" and row.position != computed.position
