"""The review in headless Chromium: a finished daily analysed by a real worker from the end
screen, stepped through with the keyboard, a loss drawn on the board; a closed day's
leaderboard opens another player's quilt and the par game."""

import datetime
import time

import pytest
import time_machine
from browser_helpers import (
    ARTIFACTS,
    TURNS,
    WORKER_WAIT_MS,
    api_get,
    finish_by_api,
    post_json,
    start_daily,
)
from helpers.par import play_par

from accounts.services.players import do_register
from puzzles.game_state import deal_of, today
from puzzles.models import SolverRun
from puzzles.services import solver_runs
from puzzles.services.challenges import do_ensure_best_known, do_ensure_challenge
from puzzles.services.games import do_play_move, do_start_game
from solver.game import cell_name
from solver.search.par import summary

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
SHOTS = ARTIFACTS / "review"


def test_analyse_a_finished_daily_and_step_through_it_by_keyboard(site_with_worker, page, shot):
    site = site_with_worker
    page.set_viewport_size({"width": 1280, "height": 900})
    game_id = start_daily(page, site)
    finish_by_api(page, site, game_id)  # a careless game: first cell, first market slot
    page.reload()
    page.click('[data-action="analyse"]')
    accuracy = page.wait_for_selector("[data-accuracy]", timeout=WORKER_WAIT_MS)
    assert 0 <= float(accuracy.get_attribute("data-accuracy")) <= 100
    _says_where_the_points_came_from(page, site, game_id)
    shot(page, "review-01-end-screen-analysed-desktop")

    page.click(f'a[href="/review/{game_id}/"]')
    page.wait_for_selector('[data-review-turn="1"]')
    page.wait_for_selector("[data-moves] li[data-loss]")
    losses = [
        float(x)
        for x in page.eval_on_selector_all("[data-moves] li", "ls => ls.map(l => l.dataset.loss)")
    ]
    assert len(losses) == TURNS
    lossy = next(turn for turn, loss in enumerate(losses, start=1) if loss >= 0.5)
    for turn in range(2, lossy + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'[data-review-turn="{turn}"]')
    if lossy == 1:
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector('[data-review-turn="1"]')
    best = page.wait_for_selector("[data-best-cell]")
    analysis = api_get(page, site, f"/api/games/{game_id}/analysis/")
    assert best.get_attribute("data-best-cell") == analysis["turns"][lossy - 1]["best"]["cell"]
    assert page.locator(".slot .tag.better").count() >= 1
    assert (
        "the better move" in page.inner_text("[data-turn-note]")
        or not analysis["turns"][lossy - 1]["reasons"]
    )
    _says_where_the_points_came_from(page, site, game_id)
    # The page's own style sheet reached the review's rules (one unclosed rule above them
    # once left the move list an unstyled numbered list).
    moves_style = "e => getComputedStyle(e).listStyleType"
    assert page.eval_on_selector("[data-moves]", moves_style) == "none"
    shot(page, "review-02-a-loss-desktop")
    page.keyboard.press("End")
    page.wait_for_selector(f'[data-review-turn="{TURNS}"]')
    page.set_viewport_size(PHONE)
    page.keyboard.press("Home")
    page.wait_for_selector('[data-review-turn="1"]')
    shot(page, "review-03-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # the sentence on both screens, at both sizes, for a person to look at
    SHOTS.mkdir(parents=True, exist_ok=True)
    for where, path in (("review", f"/review/{game_id}/"), ("end-screen", "/")):
        page.goto(site + path)
        for size, name in ((PHONE, "phone"), (LAPTOP, "laptop")):
            page.set_viewport_size(size)
            page.wait_for_selector("[data-told]").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"told-{where}-{name}.png"))
        _says_where_the_points_came_from(page, site, game_id)
    # in Spanish (the language cookie, as /i18n/setlang/ sets it): the same figures, its words
    page.context.add_cookies([{"name": "django_language", "value": "es", "url": site}])
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/review/{game_id}/")
    told = page.wait_for_selector("[data-told]")
    assert "Antes de la primera loseta" in told.inner_text()
    assert f"hiciste {told.get_attribute('data-told-score')}." in told.inner_text()
    told.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "told-review-phone-es.png"))


def _says_where_the_points_came_from(page, site: str, game_id: int) -> None:
    """The sentence's figures are the API's and add up: expected start + choices + draws =
    the score; par beside them as the API says it."""
    told = page.wait_for_selector("[data-told]")
    figures = {
        k: int(told.get_attribute(f"data-told-{k}"))
        for k in ("start", "decisions", "luck", "score")
    }
    assert figures["start"] + figures["decisions"] + figures["luck"] == figures["score"]
    answer = api_get(page, site, f"/api/games/{game_id}/analysis/")["told"]
    assert figures == {
        "start": answer["expected_start"],
        "decisions": answer["decisions"],
        "luck": answer["luck"],
        "score": answer["score"],
    }
    words = told.inner_text()
    assert f"expected about {figures['start']} from this deal" in words
    assert f"Your choices cost {-figures['decisions']};" in words
    assert f"you made {figures['score']}." in words
    drawn = f"gave back {figures['luck']}" if figures["luck"] >= 0 else f"took {-figures['luck']}"
    assert drawn in words
    if answer["par"] is not None:
        assert f"averaged {round(answer['par'])} (par)" in words


@pytest.fixture
def closed_day(settings):
    """Yesterday: Bob's finished ranked game (played yesterday, by the services) and the
    day's par and best-known games (tiny solvers, run here)."""
    settings.CALICO_PAR_OPTIONS = {"playout_width": 1, "samples": 1, "depth": 1}
    settings.CALICO_BEST_OPTIONS = {"kept": 1, "piloted": 2, "arrangements": 2}
    day = today() - datetime.timedelta(days=1)
    bob = do_register("bob", password="a long password 1")
    with time_machine.travel(datetime.datetime.combine(day, datetime.time(12), datetime.UTC)):
        challenge = do_ensure_challenge(day)
        setup = deal_of(challenge).setup
        goals = dict(zip(("2,3", "3,4", "4,2"), setup.goal_options, strict=False))
        game, state = do_start_game(bob, date=day, goals=goals), None
        for turn in range(1, TURNS + 1):
            cell = "1,1" if state is None else cell_name(state.quilt.empty_cells[0])
            move = {
                "turn": turn,
                "hand_index": 0,
                "cell": cell,
                "market_index": None if turn == TURNS else 1,
            }
            game, state, _ = do_play_move(game.pk, player=bob, data=move)
    do_ensure_best_known(challenge)
    for run in SolverRun.objects.filter(challenge=challenge):
        if run.kind == "par":
            play_par(run)
        else:
            solver_runs.do_compute_solver_run(run.pk, job=solver_runs.BEST_RUN)
    return challenge, game


def test_a_closed_days_leaderboard_opens_a_players_quilt_and_the_par_game(
    site, page, shot, closed_day
):
    challenge, game = closed_day
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{site}/leaderboard/{challenge.date}/")
    page.click(f'[data-replay="{game.pk}"]')
    page.wait_for_selector('[data-review-turn="1"]')
    assert "bob" in page.inner_text("[data-heading]")
    assert "own player" in page.inner_text("[data-analysis]")
    page.keyboard.press("End")
    page.wait_for_selector(f'[data-review-turn="{TURNS}"]')
    assert page.locator('[data-cell][data-empty="true"]').count() == 0
    shot(page, "review-04-another-players-quilt-desktop")

    page.go_back()
    page.click('[data-action="par-replay"]')
    page.wait_for_selector('[data-review-turn="1"]')
    assert "How par played" in page.inner_text("[data-heading]")
    par = SolverRun.objects.get(challenge=challenge, kind="par")
    scores = list(par.par_games.order_by("k").values_list("score", flat=True))
    played = scores[summary(scores)["nearest"]]  # par's replayed game: the one nearest the mean
    assert str(played) in page.inner_text("[data-stats]")
    page.set_viewport_size(PHONE)
    shot(page, "review-05-par-game-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.go_back()
    page.click('[data-action="best-replay"]')
    page.wait_for_selector('[data-review-turn="1"]')
    assert "best-known" in page.inner_text("[data-heading]")


def _careless_analysed_game(page, site):
    """Today's daily played carelessly (first cell, first market slot) and analysed by the
    real worker; returns the game id and its analysis."""
    game_id = start_daily(page, site)
    finish_by_api(page, site, game_id)
    post_json(page, site, f"/api/games/{game_id}/analysis/")
    deadline = time.monotonic() + WORKER_WAIT_MS / 1000
    while (analysis := api_get(page, site, f"/api/games/{game_id}/analysis/"))["status"] != "ready":
        assert analysis["status"] != "failed" and time.monotonic() < deadline, analysis
        time.sleep(0.5)
    return game_id, analysis


def test_a_key_moment_shows_both_moves_marks_reasons_and_tries_again_from_there(
    site_with_worker, page
):
    site = site_with_worker
    page.set_viewport_size(LAPTOP)
    game_id, analysis = _careless_analysed_game(page, site)
    assert analysis["key_moments"], "a careless game has a turn that lost 3 points or more"
    turn = analysis["key_moments"][0]["turn"]
    seen = analysis["turns"][turn - 1]

    # Opened at the key moment by its address: both moves drawn and named on the board.
    page.goto(f"{site}/review/{game_id}/#turn-{turn}")
    page.wait_for_selector(f'[data-review-turn="{turn}"]')
    page.wait_for_selector("[data-marks-legend]")
    assert page.get_attribute("[data-played-cell]", "data-played-cell") == seen["played"]["cell"]
    assert page.get_attribute("[data-best-cell]", "data-best-cell") == seen["best"]["cell"]
    labels = page.eval_on_selector_all("[data-move-label]", "ls => ls.map(l => l.textContent)")
    assert sorted(labels) == ["better", "your move"]
    row, place = (int(x) + 1 for x in seen["best"]["cell"].split(","))
    note = page.inner_text("[data-turn-note]")
    assert f"row {row}, place {place}" in note
    assert seen["best"]["cell"] not in note  # no 0-based coordinates in print

    # The marks: on every move of the list (the symbol, not only a colour) and their legend,
    # built from the analysis's thresholds.
    marks = page.eval_on_selector_all("[data-moves] li", "ls => ls.map(l => l.dataset.mark)")
    assert marks == [t["mark"] for t in analysis["turns"]]
    current = page.inner_text("[data-moves] li[aria-current] .mark")
    assert current == seen["mark"] and current in ("?", "??")
    legend = page.inner_text("[data-marks-legend]")
    for mark in analysis["marks"]:
        assert f"{mark['mark']} " in legend and f"{mark['min_loss']:g} points" in legend

    # What your move earned beside what the better one would have.
    played_reasons = page.eval_on_selector_all(
        "[data-played-reasons] li", "ls => ls.map(l => l.textContent)"
    )
    assert played_reasons == seen["played_reasons"]
    best_reasons = page.eval_on_selector_all(
        "[data-best-reasons] li", "ls => ls.map(l => l.textContent)"
    )
    assert best_reasons == [r.removeprefix("the better move: ") for r in seen["reasons"]]

    # The summary at the top links each key moment to its turn.
    summary = page.inner_text("[data-key-moments]")
    assert f"{len(analysis['key_moments'])} turn" in summary
    other = analysis["key_moments"][-1]["turn"]
    if page.is_enabled("[data-action='first']"):  # a deal whose first key moment is turn 1
        page.click("[data-action='first']")  # opens there, with "first" disabled
    page.wait_for_selector('[data-review-turn="1"]')
    page.click(f'[data-key-moment="{other}"]')
    page.wait_for_selector(f'[data-review-turn="{other}"]')
    assert page.evaluate("location.hash") == f"#turn-{other}"
    page.goto(f"{site}/review/{game_id}/#turn-{turn}")
    page.wait_for_selector(f'[data-review-turn="{turn}"]')
    page.wait_for_selector("[data-marks-legend]")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "key-moment-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / "key-moment-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(LAPTOP)

    # Today is still open: the ranked game's deal is not public yet, and the page says why.
    page.click('[data-action="practice-from"]')
    message = page.wait_for_selector("[data-practice-message]:not([hidden])")
    assert "day still open" in message.inner_text()
    assert page.url.endswith(f"/review/{game_id}/#turn-{turn}")
    page.set_viewport_size(PHONE)
    message.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "not-yet-phone.png"))
    page.set_viewport_size(LAPTOP)

    # Once the day has closed: a practice game of that deal, on the game page, at that turn.
    tomorrow = datetime.datetime.combine(
        today() + datetime.timedelta(days=1), datetime.time(0, 5), datetime.UTC
    )
    with time_machine.travel(tomorrow, tick=True):
        page.click('[data-action="practice-from"]')
        page.wait_for_url(f"**/play/{today() - datetime.timedelta(days=1)}/")
        page.wait_for_selector("[data-game-id] [data-cell]")
        practice_id = page.get_attribute("[data-game-id]", "data-game-id")
        assert practice_id != game_id
        practice = api_get(page, site, f"/api/games/{practice_id}/")
        assert practice["status"] == "playing" and practice["turn"] == turn
        assert not practice["ranked"]
        assert practice["practice_from"] == {"game": int(game_id), "turn": turn}
        assert page.locator('[data-cell][data-empty="true"]').count() == len(
            practice["empty_cells"]
        )
        page.screenshot(path=str(SHOTS / "practice-from-laptop.png"), full_page=True)
