"""Review: the analysis of a finished game (asked once, computed by the service a worker
runs) and replays with their privacy: yours once finished; others' ranked games and the
solver's games only after the day's close."""

import datetime
import itertools
from decimal import Decimal

import pytest
import time_machine
from helpers.games import reference_scorer
from helpers.par import play_par
from rest_framework.test import APIClient

from puzzles.game_state import deal_of, today
from puzzles.models import Analysis, Game, SolverRun
from puzzles.services import analysis
from solver.game import TURNS, patch_to_json
from solver.search.expected import EXPECTED_GAIN_PER_TURN
from solver.search.par import summary

TINY = {"samples": 4, "candidates": 3}


@pytest.fixture(autouse=True)
def tiny_analysis(settings):
    settings.CALICO_ANALYSIS_OPTIONS = TINY


@pytest.fixture
def finished(alice_api, start_game, play_through):
    """Alice's ranked game of today, played to the end."""
    game = start_game(alice_api)
    return play_through(alice_api, game)[-1]


def _tomorrow():
    """The clock just after today's close (00:00 UTC)."""
    midnight = datetime.datetime.combine(today(), datetime.time(), datetime.UTC)
    return time_machine.travel(midnight + datetime.timedelta(days=1, seconds=5), tick=False)


def test_an_analysis_is_asked_once_computed_once_and_read_with_its_progress(
    alice_api, finished, django_capture_on_commit_callbacks
):
    url = f"/api/games/{finished['id']}/analysis/"
    game_url = f"/api/games/{finished['id']}/"
    assert alice_api.get(url).status_code == 404  # not asked for yet
    assert alice_api.get(game_url).json()["analysis"] is None
    with django_capture_on_commit_callbacks() as sent:
        first = alice_api.post(url)
    assert first.status_code == 202, first.content
    assert first.json()["status"] == "pending"
    assert alice_api.get(game_url).json()["analysis"] == {
        "status": "pending",
        "accuracy": None,
        "expected_loss": None,
        "told": None,
    }
    assert first.json()["progress"] == {"done": 0, "total": 22}
    assert len(sent) == 1  # sent to the workers once committed
    with django_capture_on_commit_callbacks() as sent_again:
        again = alice_api.post(url)
    assert again.status_code == 202 and again.json()["status"] == "pending"
    assert Analysis.objects.count() == 1 and not sent_again

    row = Analysis.objects.get()
    analysis.do_compute_analysis(row.pk)  # the task's body, run here
    data = alice_api.get(url).json()
    assert data["status"] == "ready" and data["progress"] == {"done": 22, "total": 22}
    # the game remembers it (its end screen shows it on any later visit)
    remembered = alice_api.get(game_url).json()["analysis"]
    assert remembered == {
        "status": "ready",
        "accuracy": data["accuracy"],
        "expected_loss": data["expected_loss"],
        "told": data["told"],
    }
    assert 0 <= data["accuracy"] <= 100
    assert data["expected_loss"] == pytest.approx(sum(t["loss"] for t in data["turns"]), abs=0.1)
    assert [t["turn"] for t in data["turns"]] == list(range(1, 23))
    game = Game.objects.get(pk=finished["id"])
    assert [t["played"] for t in data["turns"]] == game.moves
    assert all(t["best_value"] >= t["played_value"] for t in data["turns"])
    # where the points came from adds up to the score, exactly (docs/review.md)
    told = [Decimal(str(data[k])) for k in ("expected_start", "decisions", "luck")]
    assert sum(told) == game.score
    assert sum(Decimal(str(t["luck"])) for t in data["turns"]) == told[2]
    whole = data["told"]  # in whole points for the sentence, adding up too, beside par
    assert whole["expected_start"] + whole["decisions"] + whole["luck"] == whole["score"]
    assert whole["score"] == game.score and whole["expected_start"] == round(told[0])
    assert whole["par"] == alice_api.get(game_url).json()["par"]["score"]
    # computed once: a second delivery of the message finds it done and changes nothing
    ready = Analysis.objects.get()
    analysis.do_compute_analysis(row.pk)
    assert Analysis.objects.get().result == ready.result


def test_only_your_finished_game_can_be_analysed(
    alice_api, make_player, client_for, start_game, finished
):
    bob_api = client_for(make_player("bob"))
    assert bob_api.post(f"/api/games/{finished['id']}/analysis/").status_code == 404
    assert bob_api.get(f"/api/games/{finished['id']}/analysis/").status_code == 404
    unfinished = start_game(bob_api)
    answer = bob_api.post(f"/api/games/{unfinished['id']}/analysis/")
    assert answer.status_code == 409 and answer.json()["error"] == "conflict"
    assert "finish the game" in answer.json()["detail"]


def test_new_analyses_are_throttled_per_player(alice_api, finished, settings):
    settings.CALICO_LIMITS = {**settings.CALICO_LIMITS, "analyses-account": "0/d"}
    answer = alice_api.post(f"/api/games/{finished['id']}/analysis/")
    assert answer.status_code == 429 and answer.json()["error"] == "throttled"
    assert "analyses" in answer.json()["detail"] and int(answer["Retry-After"]) > 0
    assert not Analysis.objects.exists()


def test_a_failed_analysis_is_recorded_and_asking_again_retries(alice_api, finished, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no solver today")

    alice_api.post(f"/api/games/{finished['id']}/analysis/")
    row = Analysis.objects.get()
    monkeypatch.setattr(analysis, "analyse", broken)
    with pytest.raises(ValueError):
        analysis.do_compute_analysis(row.pk)
    assert alice_api.get(f"/api/games/{finished['id']}/analysis/").json()["status"] == "failed"
    monkeypatch.undo()
    assert alice_api.post(f"/api/games/{finished['id']}/analysis/").status_code == 202
    row.refresh_from_db()
    assert row.status == "pending" and row.error == ""


def test_your_replay_shows_what_you_saw_and_the_engines_scores(alice_api, finished, daily):
    replay = alice_api.get(f"/api/games/{finished['id']}/replay/")
    assert replay.status_code == 200, replay.content
    data = replay.json()
    assert data["player"] == data["name"] == "alice" and data["ranked"]
    assert data["score"] == finished["score"]["total"]
    assert len(data["turns"]) == 22 and data["turns"][-1]["score_after"] == finished["score"]
    assert data["turns"][-1]["quilt_after"] == finished["quilt"]
    reference = reference_scorer()  # an independent scorer re-scores every turn's quilt
    for turn in data["turns"]:
        assert turn["score_after"]["total"] == reference.score(turn["quilt_after"])["total"]
    d = deal_of(daily)
    assert data["turns"][0]["hand"] == [patch_to_json(p) for p in d.hand]
    assert data["turns"][0]["market"] == [patch_to_json(p) for p in d.market]
    # nothing beyond what the player saw: the game's 47 patches, never the rest of the bag
    seen = [patch_to_json(p) for p in (*d.hand, *d.market, *d.bag[:42])]
    shown = [p for t in data["turns"] for p in (*t["hand"], *t["market"])]
    assert all(p in seen for p in shown)


def test_anothers_replay_is_hidden_until_the_day_closes(
    alice_api, finished, make_player, client_for, start_game, play_through, yesterday
):
    bob_api = client_for(make_player("bob"))
    url = f"/api/games/{finished['id']}/replay/"
    assert bob_api.get(url).status_code == 404
    assert APIClient().get(url).status_code == 404
    practice = play_through(alice_api, start_game(alice_api, yesterday.date))[-1]
    with _tomorrow():
        assert bob_api.get(url).status_code == 200
        assert APIClient().get(url).json()["player"] == "alice"
        # a practice game is nobody else's business, even after the close
        assert bob_api.get(f"/api/games/{practice['id']}/replay/").status_code == 404
    playing = start_game(bob_api)
    assert alice_api.get(f"/api/games/{playing['id']}/replay/").status_code == 404


def test_the_solver_games_show_after_the_close_only(daily, alice_api, finished, settings):
    settings.CALICO_PAR_OPTIONS = {"playout_width": 1, "samples": 1, "depth": 1}
    par = SolverRun.objects.get(challenge=daily, kind="par")
    par = play_par(par)
    scores = list(par.par_games.order_by("k").values_list("score", flat=True))
    played = scores[summary(scores)["nearest"]]  # par's replayed game: the one nearest the mean
    url = f"/api/challenges/{daily.date}/solver-games/par/"
    answer = alice_api.get(url)
    assert answer.status_code == 404 and answer.json()["error"] == "not_found"
    with _tomorrow():
        data = alice_api.get(url).json()
        assert data["player"] == "par" and data["score"] == played  # the game's, not the mean
        assert data["turns"][-1]["score_after"]["total"] == played
        assert alice_api.get(f"/api/challenges/{daily.date}/solver-games/best/").status_code == 404
        assert alice_api.get(f"/api/challenges/{daily.date}/solver-games/worst/").status_code == 404
        assert alice_api.get("/api/challenges/someday/solver-games/par/").status_code == 400
        board = alice_api.get(f"/api/leaderboards/{daily.date}/").json()
        assert board["entries"][0]["game_id"] == finished["id"]
    assert alice_api.get(f"/api/leaderboards/{daily.date}/").json()["entries"][0]["game_id"] is None


def test_a_scenario_game_is_replayed_and_analysed_like_a_daily(
    alice_api, make_player, client_for, play_through
):
    """Practice on a fresh seed: its own replay (no day; nobody else's), its analysis asked."""
    game = alice_api.post("/api/scenarios/1/games/", {}, "json").json()
    game = play_through(alice_api, game)[-1]
    replay = alice_api.get(f"/api/games/{game['id']}/replay/").json()
    assert replay["date"] is None and not replay["ranked"] and len(replay["turns"]) == 22
    assert replay["turns"][-1]["quilt_after"] == game["quilt"]
    assert client_for(make_player("bob")).get(f"/api/games/{game['id']}/replay/").status_code == 404
    asked = alice_api.post(f"/api/games/{game['id']}/analysis/")
    assert asked.status_code == 202 and asked.json()["progress"]["total"] == 22


def test_the_analysis_marks_each_turn_says_what_the_move_did_and_names_the_key_moments(
    alice_api, finished
):
    url = f"/api/games/{finished['id']}/analysis/"
    assert alice_api.post(url).status_code == 202
    analysis.do_compute_analysis(Analysis.objects.get().pk)
    data = alice_api.get(url).json()
    assert [m["mark"] for m in data["marks"]] == ["??", "?", "?!"]
    legend = [(m["mark"], m["min_loss"]) for m in data["marks"]]
    for turn in data["turns"]:
        expected = next((name for name, least in legend if turn["loss"] >= least), "")
        assert turn["mark"] == expected, turn
        assert isinstance(turn["played_reasons"], list)
    assert all(turn["played_reasons"] for turn in data["turns"][:-1])  # each took a patch
    decided = sorted(
        (t for t in data["turns"] if t["mark"] in ("?", "??")),
        key=lambda t: (-t["loss"], t["turn"]),
    )
    assert data["key_moments"] == [{"turn": t["turn"], "loss": t["loss"]} for t in decided[:3]]


def test_an_analysis_stored_before_marks_and_played_reasons_gets_them_on_reading(
    alice_api, finished
):
    game = Game.objects.get(pk=finished["id"])
    losses = [0.0] * 22
    losses[4], losses[9], losses[15], losses[20] = 7.0, 3.5, 1.6, 4.25
    turns = [
        {
            "turn": k,
            "played": move,
            "best": move,
            "played_value": 50.0,
            "best_value": 50.0 + loss,
            "loss": loss,
            "accuracy": 100.0,
            "reasons": [],
        }
        for k, (move, loss) in enumerate(zip(game.moves, losses, strict=True), start=1)
    ]
    Analysis.objects.create(
        game=game,
        status=Analysis.Status.READY,
        done=22,
        result={"accuracy": 90.0, "expected_loss": sum(losses), "turns": turns},
    )
    data = alice_api.get(f"/api/games/{game.pk}/analysis/").json()
    assert [t["mark"] for t in data["turns"] if t["mark"]] == ["??", "?", "?!", "?"]
    assert data["key_moments"] == [
        {"turn": 5, "loss": 7.0},
        {"turn": 21, "loss": 4.25},
        {"turn": 10, "loss": 3.5},
    ]
    assert all(t["played_reasons"] for t in data["turns"][:-1])


def test_an_analysis_reads_as_expected_final_scores_on_the_hints_scale(alice_api, finished):
    """Stored as the play-outs measured them (an analysis of any age), read as the hints'
    expected final score: each value raised 0.63 a turn left, the loss and accuracy as they
    were, the last turn exact."""
    game = Game.objects.get(pk=finished["id"])
    losses = [0.0] * 22
    losses[0], losses[9] = 4.0, 1.6
    turns = [
        {
            "turn": k,
            "played": move,
            "best": move,
            "played_value": 50.0 + k,
            "best_value": 50.0 + k + loss,
            "loss": loss,
            "accuracy": 100.0,
            "mark": "",
            "reasons": [],
            "played_reasons": [],
        }
        for k, (move, loss) in enumerate(zip(game.moves, losses, strict=True), start=1)
    ]
    Analysis.objects.create(
        game=game,
        status=Analysis.Status.READY,
        done=22,
        result={"accuracy": 90.0, "expected_loss": sum(losses), "turns": turns},
    )
    data = alice_api.get(f"/api/games/{game.pk}/analysis/").json()
    for shown, stored in zip(data["turns"], turns, strict=True):
        raised = EXPECTED_GAIN_PER_TURN * (TURNS - stored["turn"])
        assert shown["played_value"] == pytest.approx(stored["played_value"] + raised, abs=0.01)
        assert shown["best_value"] == pytest.approx(stored["best_value"] + raised, abs=0.01)
        assert shown["loss"] == stored["loss"]
    assert data["turns"][0]["played_value"] == pytest.approx(
        51.0 + EXPECTED_GAIN_PER_TURN * 21, abs=0.01
    )
    assert data["turns"][-1]["played_value"] == 72.0  # the last turn's value is exact
    assert (data["accuracy"], data["expected_loss"]) == (90.0, 5.6)
    assert Analysis.objects.get().result["turns"] == turns  # nothing written back


def test_an_analysis_says_the_expected_start_the_choices_and_each_turns_luck(alice_api, finished):
    """Before the first patch the solver expected the first turn's best value; the choices
    cost the losses; each turn's luck is the next turn's expectation less this turn's after
    the move (the last turn's: the score less it); the three add up to the score."""
    game = Game.objects.get(pk=finished["id"])
    losses = [0.0] * 22
    losses[0], losses[9] = 4.0, 1.6
    turns = [
        {
            "turn": k,
            "played": move,
            "best": move,
            "played_value": 50.0 + k,
            "best_value": 50.0 + k + loss,
            "loss": loss,
            "accuracy": 100.0,
            "mark": "",
            "reasons": [],
            "played_reasons": [],
        }
        for k, (move, loss) in enumerate(zip(game.moves, losses, strict=True), start=1)
    ]
    Analysis.objects.create(
        game=game,
        status=Analysis.Status.READY,
        done=22,
        result={"accuracy": 90.0, "expected_loss": sum(losses), "turns": turns},
    )
    data = alice_api.get(f"/api/games/{game.pk}/analysis/").json()
    shown = data["turns"]
    assert data["expected_start"] == shown[0]["best_value"]
    assert data["decisions"] == -5.6
    for now, after in itertools.pairwise(shown):
        assert now["luck"] == pytest.approx(after["best_value"] - now["played_value"], abs=0.011)
    assert shown[-1]["luck"] == pytest.approx(game.score - shown[-1]["played_value"], abs=0.011)
    told = [Decimal(str(data[k])) for k in ("expected_start", "decisions", "luck")]
    assert sum(told) == game.score
    assert sum(Decimal(str(t["luck"])) for t in shown) == told[2]
