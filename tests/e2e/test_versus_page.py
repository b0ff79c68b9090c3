"""The versus page in a browser, with a real worker playing the opponents: a whole 2-player
easy game by clicks to its final standings, and a 4-player table on a phone; stalled
opponents said in words (English, Spanish); a table-hard opponent named and playing."""

import pytest
from browser_helpers import (
    ARTIFACTS,
    OPPONENT_WAIT_MS,
    TURNS,
    api_get,
    my_empty_cells,
    play_versus_turn,
    post_json,
    sit_down,
)
from helpers.versus import versus_move
from test_play_screen import SIZES

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_whole_two_player_easy_game_by_clicks(site_with_worker, page, shot):
    page.set_viewport_size({"width": 1280, "height": 900})
    game_id = sit_down(page, site_with_worker, 1, "easy")
    shot(page, "versus-01-choosing")
    page.click('[data-action="start"]')
    page.wait_for_selector('[data-versus-root][data-phase="playing"]')
    for turn in range(1, TURNS + 1):
        play_versus_turn(page, turn)
        if turn == 12:
            page.wait_for_selector('[data-stat-to-move="you"]', timeout=OPPONENT_WAIT_MS)
            page.click('[data-opponent="Marmalade"]')  # theirs is selectable: shown large
            assert "expanded" in page.get_attribute('[data-opponent="Marmalade"]', "class")
            shot(page, "versus-02-midgame-desktop")
    page.wait_for_selector("[data-standings] tr[data-rank]", timeout=OPPONENT_WAIT_MS)
    shot(page, "versus-03-standings")
    game = api_get(page, site_with_worker, f"/api/versus/{game_id}/")
    assert game["status"] == "finished"
    rows = page.query_selector_all("[data-standings] tr[data-rank]")
    shown = [(row.get_attribute("data-name"), int(row.get_attribute("data-rank"))) for row in rows]
    assert shown == [(entry["name"], entry["rank"]) for entry in game["result"]]
    assert len(game["you"]["quilt"]["placements"]) == TURNS
    assert len(game["opponents"][0]["quilt"]["placements"]) == TURNS
    headline = page.text_content("[data-headline]")
    mine = next(entry for entry in game["result"] if entry["name"] == "you")
    assert ("win" in headline) == (mine["rank"] == 1)


def test_a_four_player_table_on_a_phone(site_with_worker, browser, shot):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    sit_down(page, site_with_worker, 3, "medium")
    page.tap('[data-action="start"]')
    page.wait_for_selector('[data-versus-root][data-phase="playing"]')
    play_versus_turn(page, 1)
    page.wait_for_selector('[data-stat-to-move="you"]', timeout=OPPONENT_WAIT_MS)
    for name in ("Marmalade", "Pepper", "Biscuit"):  # each opponent placed its first patch
        assert page.text_content(f'[data-opponent="{name}"] [data-opponent-last]').startswith(
            "Turn 1"
        )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    shot(page, "versus-04-phone")
    context.close()


# The worker's failure record (core.jobs.do_record_failure): the API's, not the page's words.
FAILED = "RuntimeError: boom [versus.tasks.play_versus_opponents, attempt 2]"
STALLED = {
    "en-GB": "Your opponents could not move. Try again in a moment: they carry on from their "
    "last move.",
    "es-ES": "Tus rivales no han podido jugar. Vuelve a intentarlo en un momento: seguirán "
    "desde su última jugada.",
}


@pytest.mark.parametrize("locale", STALLED)
def test_stalled_opponents_are_shown_in_words_and_sent_again(site, browser, shot, locale):
    """No worker here: the opponents' run waits in the queue (a hard table's: the quick
    levels' opponents move in the request); once it is marked failed, the page says so in the
    reader's language (not the worker's error text, which the API keeps) and its button sends
    it again."""
    from versus.models import VersusGame

    page = browser.new_context(locale=locale).new_page()
    game_id = sit_down(page, site, 1, "hard")
    page.click('[data-action="start"]')
    page.wait_for_selector('[data-stat-to-move="you"]')
    cell = my_empty_cells(page)[0]
    page.click(f'[data-my-board] [data-cell="{cell}"]')
    page.click('[data-market-index="0"]:not([disabled])')
    page.wait_for_selector('[data-stat-to-move="Marmalade"]')
    VersusGame.objects.filter(pk=game_id).update(opponent_error=FAILED)
    page.wait_for_selector("[data-opponents-stalled]")
    said = page.inner_text("[data-message]")
    assert page.inner_text("[data-opponents-stalled]").strip() == STALLED[locale]
    assert "attempt" not in said and "RuntimeError" not in said and "[" not in said, said
    assert api_get(page, site, f"/api/versus/{game_id}/")["opponent_error"] == FAILED
    keep(shot, page, f"stalled-{locale}")
    with page.expect_response(lambda response: "/opponents/" in response.url) as resent:
        page.click('[data-action="resume"]')
    assert resent.value.status == 202
    page.wait_for_selector("[data-message]", state="hidden")
    assert VersusGame.objects.get(pk=game_id).opponent_error == ""
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_table_hard_opponent_is_named_and_plays(site, browser, settings, shot, size):
    """With setting CALICO_VERSUS_TABLE_LEVELS = hard, the table player plays hard (here in
    this process, as the worker would: no worker) and the page names it so: the table form,
    the enlarged opponent card, and the end."""
    from versus.services import do_play_opponents

    settings.CALICO_VERSUS_TABLE_LEVELS = ["hard"]
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    act = page.tap if size == "phone" else page.click
    page.goto(site + "/versus/")
    hard = page.inner_text('[data-new-table] label:has(input[value="hard"])')
    assert " ".join(hard.split()) == "Hard (plans the whole game and watches yours)"
    game_id = sit_down(page, site, 1, "hard")
    act('[data-action="start"]')
    page.wait_for_selector('[data-stat-to-move="you"]')
    cell = my_empty_cells(page)[0]
    act(f'[data-my-board] [data-cell="{cell}"]')
    act('[data-market-index="0"]:not([disabled])')
    page.wait_for_selector('[data-stat-to-move="Marmalade"]')
    do_play_opponents(int(game_id))
    page.wait_for_selector('[data-stat-to-move="you"]')  # the page polled their move in
    card = '[data-opponent="Marmalade"]'
    assert page.text_content(f"{card} [data-opponent-last]").startswith("Turn 1")
    act(card)
    page.wait_for_selector(f"{card}.expanded [data-opponent-player]")
    assert page.inner_text(f"{card} .pill") == "hard"
    player = page.inner_text(f"{card} [data-opponent-player]")
    assert player == "Plans the whole game and watches yours"
    keep(shot, page, f"table-hard-{size}")
    game = api_get(page, site, f"/api/versus/{game_id}/")
    while game["status"] == "playing":  # the rest by the API, the opponent as the worker would
        post_json(page, site, f"/api/versus/{game_id}/moves/", versus_move(game))
        do_play_opponents(int(game_id))
        game = api_get(page, site, f"/api/versus/{game_id}/")
    page.reload()
    page.wait_for_selector("[data-standings] tr[data-rank]")
    assert page.inner_text("[data-opponents-level]") == (
        "Your opponents: hard (plans the whole game and watches yours)."
    )
    keep(shot, page, f"table-hard-end-{size}")
    context.close()


def keep(shot, page, name: str) -> None:
    shot(page, name)
    page.screenshot(path=str(ARTIFACTS / f"{name}-viewport.png"))
