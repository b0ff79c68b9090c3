"""A returning player's pages in Chromium: the end screen's streak and links, the profile with
its charts (desktop and phone), and a group made in one browser and joined by its link in
another, with the group's board of the day."""

import datetime

import pytest
from browser_helpers import api_get

from groups.models import Group
from puzzles.game_state import today
from puzzles.models import Challenge, Game, Player, SolverRun
from puzzles.services.tallies import do_count_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}


def finished_game(player: Player, date: datetime.date, score: int, par: int | None = None):
    """A finished ranked game of ``date`` and its tally row, as the move service leaves them."""
    challenge, made = Challenge.objects.get_or_create(
        date=date, defaults={"seed": f"seed-{date}", "commitment": "c"}
    )
    if made and par is not None:
        SolverRun.objects.create(challenge=challenge, kind="par", status="ready", score=par)
    game = Game.objects.create(
        challenge=challenge, player=player, ranked=True, status="finished", turn=23, score=score
    )
    do_count_game(game)
    return game


def play_today_by_api(page, site: str) -> dict:
    """Today's ranked game, played to the end through the API with the page's session."""
    csrf = {c["name"]: c["value"] for c in page.context.cookies()}["csrftoken"]
    headers = {"X-CSRFToken": csrf, "Content-Type": "application/json"}
    challenge = api_get(page, site, "/api/daily/")
    goals = dict(zip(("2,3", "3,4", "4,2"), challenge["goal_options"], strict=False))
    game = page.request.post(f"{site}/api/games/", data={"goals": goals}, headers=headers).json()
    while game["status"] == "playing":
        move = {
            "turn": game["turn"],
            "hand_index": 0,
            "cell": game["empty_cells"][0],
            "market_index": None if game["turn"] == 22 else 0,
        }
        response = page.request.post(
            f"{site}/api/games/{game['id']}/moves/", data=move, headers=headers
        )
        assert response.ok, response.text()
        game = response.json()
    return game


def no_sideways_scroll(page, width: int = 390) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_end_screen_and_the_profile_with_its_charts(site, page, browser, shot):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/signup/")
    page.fill('input[name="username"]', "quilter")
    page.fill('input[name="password"]', "a quilt of many cats")
    page.click('button[type="submit"]')
    page.wait_for_selector('[data-player="quilter"]')
    quilter = Player.objects.get(username="quilter")
    rival = Player.objects.create(username="rival")
    # Eleven past days with a gap of two days (five and six days ago; one streak freeze,
    # earned by the seven days before, cannot cover two): the streak is days 1-4 ago, then today.
    past = [n for n in range(1, 14) if n not in (5, 6)]
    for n in past:
        day = today() - datetime.timedelta(days=n)
        finished_game(quilter, day, score=50 + (n * 7) % 23, par=60)
        finished_game(rival, day, score=62)
    game = play_today_by_api(page, site)

    page.goto(site + "/")
    page.wait_for_selector("[data-end-links]")
    assert page.get_attribute("[data-end-streak]", "data-end-streak") == "5"
    # The freeze earned by the first seven days could not cover a gap of two: still held.
    assert page.get_attribute("[data-end-freezes]", "data-end-freezes") == "1"
    shot(page, "20-end-streak-desktop")
    page.click('[data-action="profile"]')
    page.wait_for_selector("[data-profile-root][data-loaded]")
    stat = lambda key: page.inner_text(f'[data-stat="{key}"] b')  # noqa: E731
    assert (stat("ranked_games"), stat("current_streak"), stat("longest_streak")) == (
        "12",
        "5",
        "7",
    )
    assert page.get_attribute('[data-chart="scores"]', "data-points") == "12"
    assert page.locator('[data-chart="histogram"] [data-bar-score]').count() >= 5
    played = page.locator('[data-chart="streak"] [data-played="true"]')
    assert played.count() == 12
    assert page.locator('[data-chart="streak"] .day.streak').count() == 5
    rows = page.locator("[data-recent-day]")
    assert rows.count() == 12
    first_link = page.get_attribute("[data-review-link]", "href")
    assert first_link == f"/review/{game['id']}/"
    shot(page, "21-profile-desktop")

    phone = browser.new_context(**PHONE, storage_state=page.context.storage_state())
    small = phone.new_page()
    small.goto(site + "/me/")
    small.wait_for_selector("[data-profile-root][data-loaded]")
    shot(small, "22-profile-phone")
    assert no_sideways_scroll(small)
    phone.close()

    stranger = browser.new_context().new_page()
    stranger.goto(site + "/players/quilter/")
    stranger.wait_for_selector("[data-profile-root][data-loaded]")
    assert stranger.inner_text("[data-heading]") == "quilter"
    assert stranger.inner_text('[data-stat="current_streak"] b') == "5"
    stranger.context.close()


def test_a_group_made_in_one_browser_and_joined_by_link_in_another(site, page, browser, shot):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/groups/")
    page.wait_for_selector("[data-group-list] li")
    shot(page, "26-groups-none-desktop")
    page.fill("#group-name", "Quilting club")
    page.click('[data-action="create-group"]')
    page.wait_for_selector("[data-group-root][data-loaded]")
    link = page.input_value("[data-invite-link]")
    assert "/groups/join/" in link

    friend = browser.new_context(**PHONE).new_page()  # a second browser: a new guest
    friend.goto(link)
    assert "Quilting club" in friend.inner_text("h1")
    shot(friend, "23-group-join-phone")
    friend.click('[data-action="join"]')
    friend.wait_for_selector("[data-group-root][data-loaded]")
    assert friend.locator("[data-member]").count() == 2

    owner = Player.objects.get(username=api_get(page, site, "/api/me/")["username"])
    guest = Player.objects.get(username=api_get(friend, site, "/api/me/")["username"])
    finished_game(owner, today(), score=58)
    finished_game(guest, today(), score=64)
    finished_game(Player.objects.create(username="outsider"), today(), score=90)
    page.reload()
    page.wait_for_selector("[data-group-root][data-loaded]")
    entries = page.locator("[data-entry]")
    assert entries.count() == 2
    first = page.locator("[data-entry]").first
    assert first.get_attribute("data-entry") == guest.username
    assert first.locator("td").nth(1).inner_text().startswith("Guest ")
    assert first.locator("[data-entry-score]").inner_text() == "64"
    page.click('[data-standing-days="30"]')
    page.wait_for_selector('[data-standings-title]:has-text("Last 30 days")')
    won = page.locator(f'[data-standing="{guest.username}"] [data-days-won]')
    assert won.inner_text() == "1"
    shot(page, "24-group-desktop")
    friend.reload()
    friend.wait_for_selector("[data-group-root][data-loaded]")
    assert no_sideways_scroll(friend)
    assert page.is_visible('[data-action="new-invite"]')  # the owner's alone
    assert not friend.is_visible('[data-action="new-invite"]')
    shot(friend, "25-group-phone")
    # The day's global board names guests the same way (the server's name for them).
    friend.goto(site + "/leaderboard/")
    friend.wait_for_selector('[data-entry-score="64"]')
    assert f"Guest {guest.username[6:10]}" in friend.inner_text("[data-entries]")

    # The owner removes the friend, whose page of the group is then gone.
    page.on("dialog", lambda dialog: dialog.accept())
    page.click(f'[data-remove="{guest.username}"]')
    page.wait_for_function("document.querySelectorAll('[data-member]').length === 1")
    assert friend.goto(page.url).status == 404
    code = page.inner_text("[data-invite-code]")
    assert link != page.input_value("[data-invite-link]")  # removing a member drew a new code
    assert friend.goto(link).status == 404  # and the friend's old link is dead
    page.click('[data-action="new-invite"]')  # on demand too
    page.wait_for_function(f"document.querySelector('[data-invite-code]').textContent !== '{code}'")
    assert Group.objects.get().invite_code == page.inner_text("[data-invite-code]")
    friend.context.close()
