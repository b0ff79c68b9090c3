"""The leaderboard tally is kept right when games stop counting (deleted with their player or
alone, disqualified) and ``manage.py rebuild_tallies`` counts it again from the games."""

import pytest
from django.core.management import CommandError, call_command
from helpers.games import finish, goals_of

from puzzles.models import Game, ScoreTally
from puzzles.selectors.leaderboards import leaderboard
from puzzles.services.games import do_start_game
from puzzles.services.hints import do_request_hint


def tally(challenge) -> list[tuple]:
    rows = ScoreTally.objects.filter(challenge=challenge, games__gt=0)
    return sorted((t.score, t.cat_tokens, t.button_tokens, t.hinted, t.games) for t in rows)


def from_games(challenge) -> list[tuple]:
    """The tally as it should be: counted straight from the games, one by one."""
    keys = {}
    for game in Game.objects.counted().filter(challenge=challenge):
        key = (game.score, game.cat_tokens, game.button_tokens, game.hints_used > 0)
        keys[key] = keys.get(key, 0) + 1
    return sorted((*key, n) for key, n in keys.items())


@pytest.fixture
def day_of_games(daily, make_player):
    """Four finished ranked games of today, one of them with a hint."""
    players = [make_player(name) for name in ("p1", "p2", "p3", "p4")]
    games = []
    for n, player in enumerate(players):
        game = do_start_game(player, date=daily.date, goals=goals_of(daily))
        if n == 0:
            do_request_hint(game.pk, player=player)
        games.append(finish(game, player))
    assert leaderboard(daily, 1, False)["count"] == 4
    assert tally(daily) == from_games(daily)
    return players, games


def test_deleting_a_player_or_a_game_takes_it_off_the_tally(daily, day_of_games):
    players, games = day_of_games
    players[0].delete()  # its games go with it
    games[1].delete()
    assert leaderboard(daily, 1, False)["count"] == 2
    assert tally(daily) == from_games(daily)
    assert not ScoreTally.objects.filter(games=0).exists()


def test_deleting_a_practice_or_unfinished_game_changes_no_tally(daily, yesterday, alice):
    finish(do_start_game(alice, date=yesterday.date, goals=goals_of(yesterday)), alice).delete()
    do_start_game(alice, date=daily.date, goals=goals_of(daily)).delete()
    assert not ScoreTally.objects.exists()


def test_rebuild_tallies_counts_every_day_again(daily, day_of_games, yesterday, capsys):
    ScoreTally.objects.filter(challenge=daily).update(games=7)  # drifted
    ScoreTally.objects.create(
        challenge=yesterday, score=1, cat_tokens=0, button_tokens=0, hinted=False, games=3
    )
    call_command("rebuild_tallies")
    assert tally(daily) == from_games(daily) and len(tally(daily)) >= 1
    assert any(row[3] for row in tally(daily)), "the hinted game keeps its own key"
    assert not ScoreTally.objects.filter(challenge=yesterday).exists()
    assert "tally rows" in capsys.readouterr().out


def test_rebuild_tallies_of_one_day(daily, day_of_games, yesterday):
    ScoreTally.objects.filter(challenge=daily).delete()
    other = ScoreTally.objects.create(
        challenge=yesterday, score=1, cat_tokens=0, button_tokens=0, hinted=False, games=3
    )
    call_command("rebuild_tallies", "--date", daily.date.isoformat())
    assert tally(daily) == from_games(daily)
    assert ScoreTally.objects.filter(pk=other.pk).exists()


@pytest.mark.parametrize("date", ["yesterday", "2026-02-30", "1999-01-01"])
def test_rebuild_tallies_refuses_a_bad_date_with_exit_2(db, date):
    with pytest.raises(CommandError, match=r"^--date: ") as refused:
        call_command("rebuild_tallies", "--date", date)
    assert refused.value.returncode == 2  # the exit code of manage.py
