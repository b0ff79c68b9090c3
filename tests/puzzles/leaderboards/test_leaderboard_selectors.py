import random

import pytest

from puzzles.models import Game
from puzzles.selectors import leaderboards
from puzzles.selectors.leaderboards import (
    PAGE_SIZE,
    better_than,
    leaderboard,
    rank_of,
    ranked_games,
)
from puzzles.services.tallies import do_count_game


@pytest.fixture
def finished(daily, make_player):
    """finished(name, score, cats, buttons, hints=0): a finished ranked game of the day."""

    def make(name, score, cats, buttons, hints=0):
        game = Game.objects.create(
            challenge=daily,
            player=make_player(name),
            ranked=True,
            status="finished",
            score=score,
            cat_tokens=cats,
            button_tokens=buttons,
            hints_used=hints,
            turn=23,
        )
        do_count_game(game)
        return game

    return make


def test_order_is_score_then_cats_then_buttons_and_ties_share_a_rank(daily, finished):
    finished("low", 40, 3, 3)
    finished("fewer-cats", 50, 1, 5)
    finished("tied-a", 50, 2, 1)
    finished("tied-b", 50, 2, 1)
    finished("more-buttons", 50, 2, 2)
    board = leaderboard(daily, 1, False)
    ranks = [(e["player"], e["rank"]) for e in board["entries"]]
    assert ranks == [
        ("more-buttons", 1),
        ("tied-a", 2),
        ("tied-b", 2),
        ("fewer-cats", 4),
        ("low", 5),
    ]
    assert board["count"] == 5
    assert board["histogram"] == [{"score": 40, "count": 1}, {"score": 50, "count": 4}]


def test_me_has_rank_percentile_and_score(daily, finished):
    for i in range(3):
        finished(f"p{i}", 60 - i, 0, 0)
    me = finished("me", 58, 0, 0)
    board = leaderboard(daily, 1, False, me.player)
    assert board["me"] == {"rank": 3, "percentile": 50.0, "score": 58, "game": me.pk}
    assert leaderboard(daily, 1, False, finished("nobody-else", 1, 0, 0).player)["me"]["rank"] == 5


def test_hints_exclude_leaves_out_hinted_games(daily, finished):
    finished("helped", 90, 0, 0, hints=2)
    me = finished("me", 50, 0, 0)
    with_hints = leaderboard(daily, 1, False, me.player)
    without = leaderboard(daily, 1, True, me.player)
    assert [e["hints_used"] for e in with_hints["entries"]] == [2, 0]
    assert with_hints["me"]["rank"] == 2
    assert [e["player"] for e in without["entries"]] == ["me"]
    assert without["me"]["rank"] == 1 and without["count"] == 1


def test_unfinished_and_practice_games_are_not_listed(daily, finished, make_player):
    Game.objects.create(challenge=daily, player=make_player("playing"), ranked=True)
    Game.objects.create(
        challenge=daily, player=make_player("practice"), status="finished", score=99
    )
    finished("done", 10, 0, 0)
    board = leaderboard(daily, 1, False)
    assert [e["player"] for e in board["entries"]] == ["done"]


def test_the_second_page_continues_the_ranks(daily, finished):
    finished("top", 200, 0, 0)
    for i in range(PAGE_SIZE + 1):
        finished(f"p{i:03}", 100 - i // 2, 0, 0)  # pairs share a score
    page2 = leaderboard(daily, 2, False)["entries"]
    # Page 2 starts inside a tie begun on page 1 (both ranked 50); the next is 52nd.
    assert [e["rank"] for e in page2] == [PAGE_SIZE, PAGE_SIZE + 2]
    assert rank_of(daily, (100, 0, 0)) == 2


@pytest.mark.parametrize("walk", [0, 10**6], ids=["entered at its key", "walked from the top"])
@pytest.mark.parametrize("exclude_hints", [False, True], ids=["all", "hints=exclude"])
def test_every_page_is_the_board_in_order(daily, finished, exclude_hints, walk, monkeypatch):
    """A page entered where the tally says it starts (deep pages) is the page walked from the
    top (the first ones): a key's games span pages, hinted and unhinted games of a key are
    mixed, and every tiebreak level is used."""
    monkeypatch.setattr(leaderboards, "SHORT_WALK", walk)
    rng = random.Random(4)
    for i in range(3 * PAGE_SIZE + 7):
        score, cats, buttons = rng.choice((50, 60)), rng.randint(0, 1), rng.randint(0, 2)
        finished(f"p{i:03}", score, cats, buttons, hints=rng.choice((0, 0, 1)))
    games = ranked_games(daily, exclude_hints).select_related("player")
    in_order = [
        (game.player.username, 1 + games.filter(better_than(*key)).count())
        for game in games
        for key in [(game.score, game.cat_tokens, game.button_tokens)]
    ]
    pages = -(-len(in_order) // PAGE_SIZE)
    shown = [
        (entry["player"], entry["rank"])
        for page in range(1, pages + 2)  # and one page past the end: empty
        for entry in leaderboard(daily, page, exclude_hints)["entries"]
    ]
    assert shown == in_order


def test_day_ranks_are_rank_of_and_day_count_for_every_key(daily, yesterday, make_player):
    """Every key of two days at once, as the board's own one-key reads say it (hinted and
    unhinted games of one key sharing a rank, a key's peers not counted as better)."""
    rng = random.Random(5)
    for n in range(120):
        challenge = daily if n % 2 else yesterday
        game = Game.objects.create(
            challenge=challenge,
            player=make_player(f"k{n}"),
            ranked=True,
            status="finished",
            score=rng.randint(60, 64),
            cat_tokens=rng.randint(0, 2),
            button_tokens=rng.randint(0, 1),
            hints_used=rng.choice((0, 0, 1)),
            turn=23,
        )
        do_count_game(game)
    ranks = leaderboards.day_ranks([daily, yesterday])
    keys = set(Game.objects.values_list("challenge_id", *leaderboards.KEY_FIELDS))
    assert set(ranks) == keys
    for challenge in (daily, yesterday):
        count = leaderboards.day_count(challenge)
        for (day, *key), (rank, counted) in ranks.items():
            if day == challenge.pk:
                assert (rank, counted) == (rank_of(challenge, tuple(key)), count)
