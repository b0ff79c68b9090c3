import datetime

import pytest
from helpers.games import finish, goals_of, move_for

from core.errors import BadInput, Conflict, NotFound
from puzzles.game_state import replay, today
from puzzles.models import Game, ScoreTally
from puzzles.services.games import do_play_move, do_start_game


def test_the_first_game_of_today_is_ranked_and_later_ones_are_practice(alice, daily):
    game = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    assert game.ranked
    with pytest.raises(Conflict, match="finish your ranked game"):
        do_start_game(alice, date=daily.date, goals=goals_of(daily))
    finish(game, alice)
    practice = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    assert not practice.ranked


def test_archive_games_are_practice(alice, yesterday):
    assert not do_start_game(alice, date=yesterday.date, goals=goals_of(yesterday)).ranked


def test_future_and_missing_days_are_refused(alice, db):
    with pytest.raises(NotFound, match="has not started"):
        do_start_game(alice, date=today() + datetime.timedelta(days=1), goals={})
    with pytest.raises(NotFound, match="no challenge"):
        do_start_game(alice, date=datetime.date(2000, 1, 1), goals={})


@pytest.mark.parametrize(
    "goals, message",
    [
        (None, "goals"),
        ({"2,3": "all-different"}, "goals"),
        ({"2,3": "nonsense", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}, "nonsense"),
    ],
)
def test_bad_goals_are_refused_and_nothing_is_written(alice, daily, goals, message):
    with pytest.raises(BadInput, match=message):
        do_start_game(alice, date=daily.date, goals=goals)
    assert not Game.objects.exists()


def test_a_move_is_applied_by_the_engine(alice, daily):
    game = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    state, _ = replay(game)
    expected = state.copy()
    body = move_for(state)
    award = expected.play(expected.legal_moves()[0])
    game, after, got = do_play_move(game.pk, player=alice, data=body)
    assert got == award
    assert game.turn == 2 and after.hand == expected.hand and after.market == expected.market
    assert replay(game)[0].quilt.placements == expected.quilt.placements


@pytest.mark.parametrize(
    "change, message",
    [
        ({"turn": "1"}, "turn"),
        ({"hand_index": 2}, "hand_index"),
        ({"cell": "0,0"}, "not an empty patch space"),
        ({"cell": "banana"}, "cell"),
        ({"market_index": 3}, "market_index"),
        ({"market_index": None}, "market_index"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(alice, daily, change, message):
    game = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    body = {**move_for(replay(game)[0]), **change}
    with pytest.raises(BadInput, match=message):
        do_play_move(game.pk, player=alice, data=body)
    game.refresh_from_db()
    assert game.turn == 1 and game.moves == []


def test_stale_and_repeated_moves_conflict_and_change_nothing(alice, daily):
    game = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    body = move_for(replay(game)[0])
    do_play_move(game.pk, player=alice, data=body)
    for turn in (1, 3):
        with pytest.raises(Conflict, match="stale"):
            do_play_move(game.pk, player=alice, data={**body, "turn": turn})
    game.refresh_from_db()
    assert game.turn == 2 and len(game.moves) == 1


def test_another_players_game_is_not_found(alice, make_player, daily):
    game = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    with pytest.raises(NotFound):
        do_play_move(game.pk, player=make_player("bob"), data=move_for(replay(game)[0]))


def test_a_finished_game_records_the_engines_score_and_counts_on_the_leaderboard(alice, daily):
    game = finish(do_start_game(alice, date=daily.date, goals=goals_of(daily)), alice)
    state, _ = replay(game)
    score = state.quilt.score()
    assert game.status == "finished" and game.finished_at is not None
    assert (game.score, game.cat_tokens, game.button_tokens) == (
        score["total"],
        score["cat_tokens"],
        score["button_tokens"],
    )
    tally = ScoreTally.objects.get()
    assert (tally.score, tally.games, tally.hinted) == (score["total"], 1, False)
    with pytest.raises(Conflict, match="over"):
        do_play_move(game.pk, player=alice, data={"turn": 22, "hand_index": 0, "cell": "1,1"})


def test_practice_games_do_not_count_on_the_leaderboard(alice, yesterday):
    finish(do_start_game(alice, date=yesterday.date, goals=goals_of(yesterday)), alice)
    assert not ScoreTally.objects.exists()
