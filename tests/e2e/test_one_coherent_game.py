"""One coherent game (issue 35): the play screen's rules in words and pictures."""

from pathlib import Path

import pytest
from browser_helpers import start_daily

from puzzles.game_state import today

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/wt/shots/front35a")
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
