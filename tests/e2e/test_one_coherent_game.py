"""One coherent game (issue 35): the play screen's rules in words and pictures."""

import pytest
from browser_helpers import ARTIFACTS, finish_by_api, start_daily
from helpers.par import play_par

from puzzles.game_state import today
from puzzles.models import SolverRun
from puzzles.services import solver_runs

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = ARTIFACTS / "coherent-game"  # inside the repository (git-ignored)
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}
ONE_PATTERN = {"en-GB": ", all one pattern: ", "es-ES": ", todo de un solo estampado: "}


@pytest.fixture(autouse=True)
def tiny_solver(settings):
    settings.CALICO_PAR_OPTIONS = {"playout_width": 1, "samples": 1, "depth": 1}


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("locale", ONE_PATTERN)
@pytest.mark.parametrize("size", SIZES)
def test_every_cat_says_all_one_pattern_with_a_worked_example(site, browser, size, locale):
    """Each cat card says the group is all ONE of its two patterns and draws an example the
    engine sent: as many patches as the cat needs, all in one pattern."""
    page = browser.new_context(locale=locale, **SIZES[size]).new_page()
    start_daily(page, site)
    cats = page.eval_on_selector_all(
        "[data-cat]",
        """cards => cards.map((card) => ({
            rule: card.querySelector('.req').textContent,
            example: card.querySelector('[data-cat-example]')?.getAttribute('data-cat-example'),
            hexes: card.querySelectorAll('[data-cat-example] .patch-shape').length,
            fills: [...new Set([...card.querySelectorAll('[data-cat-example] .patch-shape')]
                .map((g) => g.children[1].getAttribute('fill')))],
        }))""",
    )
    challenge = page.request.get(f"{site}/api/challenges/{today().isoformat()}/").json()
    assert len(cats) == 3
    for cat, sent in zip(cats, challenge["cats"], strict=True):
        assert ONE_PATTERN[locale] in cat["rule"], cat["rule"]
        assert cat["example"] == sent["cat"]
        assert cat["hexes"] == sent["size"] == len(sent["example"])
        assert len(cat["fills"]) == 1  # one pattern throughout
    page.locator("[data-cat]").first.scroll_into_view_if_needed()
    snap(page, f"cats-{size}-{locale[:2]}")
    page.context.close()


PAR_WORDS = {
    "en-GB": ("below par", "above par", "level with par"),
    "es-ES": ("por debajo del par", "por encima del par", "igual que el par"),
}


@pytest.mark.parametrize("locale", PAR_WORDS)
def test_the_end_screen_s_first_phone_screen_holds_the_quilt_score_par_and_rank(
    site, browser, locale
):
    """On a phone, with no scrolling: the finished quilt, the score, par and the rank; the
    difference from par in words a newcomer reads right, and as a signed number."""
    page = browser.new_context(locale=locale, **SIZES["phone"]).new_page()
    game_id = start_daily(page, site)
    for run in SolverRun.objects.filter(challenge__date=today(), kind="par"):
        play_par(run)
    game = finish_by_api(page, site, game_id)
    page.reload()
    page.wait_for_selector("[data-end-quilt]")
    par = int(page.get_attribute("[data-result]", "data-result-par"))
    diff = int(page.get_attribute("[data-par-diff]", "data-par-diff"))
    assert diff == game["score"]["total"] - par
    below, above, level = PAR_WORDS[locale]
    words = page.inner_text("[data-par-diff]")
    assert words == level if diff == 0 else (f"{abs(diff)} {below if diff < 0 else above}" == words)
    # The quilt as it was finished: every patch of the game in the picture, no id twice.
    assert page.locator("[data-end-quilt] .patch-shape").count() >= 22
    assert page.evaluate(
        "(() => { const ids = [...document.querySelectorAll('[id]')].map((n) => n.id);"
        " return ids.length === new Set(ids).size; })()"
    )
    par_and_rank = ("[data-result] > div:nth-child(2)", "[data-result] > div:last-child")
    for selector in ("[data-end-quilt]", "[data-score-total]", "[data-par-diff]", *par_and_rank):
        box = page.locator(selector).bounding_box()
        assert box and box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= 844, (
            selector,
            box,
        )
    assert page.get_attribute("[data-result]", "data-result-rank")
    snap(page, f"end-phone-{locale[:2]}")
    page.context.close()


ESTIMATING = {
    "en-GB": "par: estimating, {} of 3 games",
    "es-ES": "par: calculando, {} de 3 partidas",
}


@pytest.mark.parametrize("locale", ESTIMATING)
def test_par_says_how_far_its_games_are_until_it_is_ready(site, browser, locale):
    """The HUD (its figure "N/3", the words as its tooltip and for a screen reader) and the
    end screen say "par: estimating, N of 3 games" while par's games are played (here one at a
    time, by hand), and par's figure once all are in."""
    page = browser.new_context(locale=locale, **SIZES["phone"]).new_page()
    game_id = start_daily(page, site)
    words = ESTIMATING[locale]
    assert page.text_content("[data-stat-par] [data-par-progress]") == words.format(0)
    assert page.get_attribute("[data-stat-par]", "title") == words.format(0)
    assert page.inner_text("[data-stat-par] b") == "0/3"  # the phone's HUD: the figure
    run = SolverRun.objects.get(challenge__date=today(), kind="par")
    first, *others = run.par_games.order_by("k")
    solver_runs.do_compute_par_game(first.pk)
    page.reload()
    page.wait_for_selector("[data-game-id] [data-cell]")
    assert page.text_content("[data-stat-par] [data-par-progress]") == words.format(1)
    snap(page, f"par-estimating-hud-{locale[:2]}")
    finish_by_api(page, site, game_id)
    page.reload()
    page.wait_for_selector("[data-end-quilt]")
    assert page.text_content("[data-result] [data-par-progress]") == words.format(1)
    assert page.get_attribute("[data-result]", "data-result-par") == ""
    snap(page, f"par-estimating-end-{locale[:2]}")
    for game in others:
        solver_runs.do_compute_par_game(game.pk)
    run.refresh_from_db()
    page.reload()
    page.wait_for_selector("[data-end-quilt]")
    assert page.get_attribute("[data-result]", "data-result-par") == str(run.score)
    assert page.locator("[data-par-progress]").count() == 0
    page.context.close()


EXAMPLE_WORDS = {
    "en-GB": "For example, met by colour: ",
    "es-ES": "Por ejemplo, cumplido por color: ",
}
FILLS = """(picture) => Object.values([...picture.querySelectorAll('.patch-shape')]
    .map((g) => g.children[0].getAttribute('fill'))
    .reduce((n, fill) => ({ ...n, [fill]: (n[fill] || 0) + 1 }), {})).sort().reverse()"""


@pytest.mark.parametrize("locale", EXAMPLE_WORDS)
@pytest.mark.parametrize("size", SIZES)
def test_every_goal_shows_a_worked_example_on_the_picker_and_in_its_help(
    site, browser, size, locale
):
    """Each goal on the picker, and a goal tapped on the board, draws its six neighbours with
    the colours in the engine's groups (AAA-BB-C: three, two and one of a colour)."""
    page = browser.new_context(locale=locale, **SIZES[size]).new_page()
    page.goto(site + "/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    counts = {g["id"]: g["counts"] for g in page.request.get(f"{site}/api/goals/").json()["goals"]}
    options = page.eval_on_selector_all(
        "[data-goal-option]", "o => o.map((b) => b.dataset.goalOption)"
    )
    assert len(options) >= 3
    for goal in options:
        picture = page.locator(f'[data-goal-option="{goal}"] [data-goal-example="{goal}"]')
        assert picture.evaluate(FILLS) == sorted(counts[goal], reverse=True)
        assert picture.get_attribute("aria-label").startswith(EXAMPLE_WORDS[locale])
        assert picture.bounding_box()["height"] >= 30
    snap(page, f"goal-picker-{size}-{locale[:2]}")
    page.click('[data-action="start"]:not([disabled])')
    page.wait_for_selector("[data-game-id] [data-cell]")
    cell = page.get_attribute("[data-board] [data-goal]", "data-goal")
    goal = page.get_attribute(f'[data-board] [data-goal="{cell}"]', "data-goal-id")
    page.click(f'[data-board] [data-goal="{cell}"]')
    info = page.locator(f'[data-goal-info="{cell}"] [data-goal-example="{goal}"]')
    assert info.evaluate(FILLS) == sorted(counts[goal], reverse=True)
    snap(page, f"goal-help-{size}-{locale[:2]}")
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_how_to_play_pictures_the_buttons_the_rainbow_a_cat_and_a_goal(site, browser, size):
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(site + "/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    page.locator("[data-how-to] summary").click()
    how_to = page.locator("[data-how-to]")
    how_to.scroll_into_view_if_needed()
    for picture in (
        "[data-button-example]",
        "[data-rainbow-example]",
        "[data-cat-example]",
        "[data-goal-example]",
    ):
        box = how_to.locator(picture).bounding_box()
        assert box and box["height"] >= 20 and box["width"] >= 20, picture
    assert how_to.locator("[data-button-example] .patch-shape").count() == 3
    assert how_to.locator("[data-rainbow-example] .button-token").count() == 7
    assert "all one of its two patterns" in how_to.inner_text()
    how_to.locator("[data-button-example]").scroll_into_view_if_needed()
    snap(page, f"how-to-{size}")
    page.context.close()
