"""Every page in reach on a phone (issue 35, point 3): the header's menu button opens the
site's links, every one of them in the screen; every link and button of the header and of
the page is a 44x44 px target (or, smaller, has no other target within 44 px: WCAG 2.5.5 and
2.5.8's spacing rule at 44 px; a link inside a sentence is exempt); the menu by keyboard."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
SECTIONS = [
    "/",
    "/leaderboard/",
    "/archive/",
    "/groups/",
    "/me/",
    "/scenarios/",
    "/versus/",
    "/signup/",
    "/login/",
]

# The visible targets of the header and the page, and those that are too small: under 44 px
# either way, with another target's box within 22 px of its centre's 44 px circle; a link
# whose block holds other words (a link in a sentence) is exempt, as 2.5.8 says.
SMALL_TARGETS = """() => {
  const targets = [...document.querySelectorAll(
    'header a, header button, header summary, main a, main button, main summary, main select,'
    + ' main input[type=radio], main input[type=checkbox], main [role=button], main [tabindex="0"]'
  )].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden'
      && !node.closest('[hidden], [aria-hidden=true], svg');
  });
  // A radio or a checkbox is the target its label makes (the label is what a finger taps).
  const area = (node) => (node.matches('input') && node.closest('label')) || node;
  const inSentence = (node) => {
    if (!node.matches('a')) return false;
    const block = node.parentElement.closest('p, li, td, dd, div');
    return block && block.textContent.trim().length > node.textContent.trim().length + 15;
  };
  const boxes = targets.map((node) => area(node).getBoundingClientRect());
  const near = (i) => {
    const b = boxes[i], cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    return boxes.some((o, j) => {
      if (j === i || area(targets[j]) === area(targets[i])) return false;
      const dx = Math.max(o.x - cx, 0, cx - (o.x + o.width));
      const dy = Math.max(o.y - cy, 0, cy - (o.y + o.height));
      return Math.hypot(dx, dy) < 22;
    });
  };
  return targets.flatMap((node, i) => {
    const b = boxes[i];
    if ((b.width >= 44 && b.height >= 44) || inSentence(node) || !near(i)) return [];
    const name = (node.getAttribute('aria-label') || node.textContent || node.outerHTML).trim();
    return [`${name.slice(0, 40)} ${Math.round(b.width)}x${Math.round(b.height)}`];
  });
}"""

OPEN_LINKS = """() => [...document.querySelectorAll('[data-site-nav] a')]
  .filter((a) => a.getBoundingClientRect().height > 0)
  .map((a) => { const b = a.getBoundingClientRect();
    return {href: new URL(a.href).pathname, top: b.top, bottom: b.bottom, left: b.left,
            right: b.right}; })"""


def settled(page, site, path):
    page.goto(site + path)
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("locale", ["en-GB", "es-ES"])
def test_every_section_is_two_taps_away_on_a_phone_with_44_px_targets(site, browser, shot, locale):
    context = browser.new_context(locale=locale, **PHONE)
    page = context.new_page()
    for path in SECTIONS:
        settled(page, site, path)
        button = page.locator("[data-menu-button]")
        assert page.locator("[data-site-nav] a").first.is_hidden(), path  # folded away
        assert button.get_attribute("aria-expanded") == "false"
        button.tap()
        assert button.get_attribute("aria-expanded") == "true"
        links = page.evaluate(OPEN_LINKS)
        assert sorted(link["href"] for link in links) == sorted(SECTIONS), (path, links)
        for link in links:  # all of them on the first screen, none sideways
            assert link["left"] >= 0 and link["right"] <= 390, (path, link)
            assert link["top"] >= 0 and link["bottom"] <= 844, (path, link)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        small = page.evaluate(SMALL_TARGETS)
        assert not small, (path, small)
        name = path.strip("/") or "home"
        shot(page, f"menu-open-{name}-{locale[:2]}")
        button.tap()  # closed again: the page's own targets, as it is first seen
        assert page.locator("[data-site-nav] a").first.is_hidden(), path
        small = page.evaluate(SMALL_TARGETS)
        assert not small, (path, small)
    # The second tap goes there.
    page.locator("[data-menu-button]").tap()
    page.locator('[data-site-nav] a[href="/scenarios/"]').tap()
    page.wait_for_url(site + "/scenarios/")
    context.close()


def test_the_menu_by_keyboard_names_its_state_and_gives_focus_back(site, browser):
    page = browser.new_context(**PHONE).new_page()
    settled(page, site, "/leaderboard/")
    button = page.locator("[data-menu-button]")
    assert button.get_attribute("aria-controls") == page.get_attribute("[data-site-nav]", "id")
    button.focus()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")  # the list follows its button
    assert page.evaluate("document.activeElement.closest('[data-site-nav]') !== null")
    assert page.evaluate("document.activeElement.getAttribute('href')") == "/"
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.matches('[data-menu-button]')")
    assert page.locator("[data-site-nav] a").first.is_hidden()
    page.keyboard.press("Space")
    assert button.get_attribute("aria-expanded") == "true"
    page.locator("main h1, main h2").first.click()  # a tap outside closes it
    assert button.get_attribute("aria-expanded") == "false"
    page.context.close()


def test_a_laptop_shows_every_link_in_a_row_of_44_px_targets(site, browser, shot):
    page = browser.new_context(**LAPTOP).new_page()
    for path in SECTIONS:
        settled(page, site, path)
        assert page.locator("[data-menu-button]").is_hidden()
        links = page.evaluate(OPEN_LINKS)
        assert sorted(link["href"] for link in links) == sorted(SECTIONS), (path, links)
        small = page.evaluate(SMALL_TARGETS)
        assert not small, (path, small)
        shot(page, f"menu-laptop-{path.strip('/') or 'home'}")
    page.context.close()


def test_without_scripts_the_links_wrap_below_the_name(site, browser):
    page = browser.new_context(java_script_enabled=False, **PHONE).new_page()
    settled(page, site, "/archive/")
    assert page.locator("[data-menu-button]").is_hidden()
    links = page.evaluate(OPEN_LINKS)
    assert sorted(link["href"] for link in links) == sorted(SECTIONS)
    assert all(link["right"] <= 390 for link in links)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()
