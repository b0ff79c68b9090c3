"""The weight of the read-only pages: bytes transferred (headers and bodies as sent, after
compression) for the first load of each page, summed over every response, in Chromium.

    # a throw-away site: SQLite and a folder broker under a temporary var/
    export CALICO_VAR_DIR=/tmp/page-weight-var PYTHONPATH=$PWD
    .venv/bin/python manage.py migrate -v0 && .venv/bin/python bench/page_weight.py seed
    .venv/bin/python manage.py collectstatic --noinput -v0   # whitenoise serves STATIC_ROOT only
    .venv/bin/python manage.py runserver 127.0.0.1:8731 --noreload &   # or any checkout's
    .venv/bin/python bench/page_weight.py measure http://127.0.0.1:8731

``seed`` makes 40 past days (two archive pages), 12 players' ranked games of yesterday, and
the player ``bench`` (password ``a long password 1``) with a game on each of the last 5 days.
``measure`` logs in as ``bench`` and prints, per page, the responses, their KB (and the HTML
document's alone) and the page's requests after the document (the fetches its scripts make).
The server-rendered pages' HTML is gzipped by their views (``gzip_page``; there is no GZip
middleware), the static files compressed by whitenoise, as in production."""

import datetime
import os
import sys

PASSWORD = "a long password 1"
# "/" is the game page.
PAGES = (
    "/",
    "/archive/",
    "/leaderboard/{yesterday}/",
    "/leaderboard/",
    "/groups/",
    "/me/",
    "/scenarios/",
    "/versus/",
)


def seed():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calico_site.settings")
    import django

    django.setup()
    import time_machine

    from accounts.services.players import do_register
    from groups.services import do_create_group
    from puzzles.game_state import deal_of, today
    from puzzles.models import Player
    from puzzles.services.challenges import do_ensure_challenge
    from puzzles.services.games import do_play_move, do_start_game
    from solver.game import TURNS, cell_name

    def play(player, day, market):
        noon = datetime.datetime.combine(day, datetime.time(12), datetime.UTC)
        with time_machine.travel(noon):
            setup = deal_of(do_ensure_challenge(day)).setup
            goals = dict(zip(("2,3", "3,4", "4,2"), setup.goal_options, strict=False))
            game, state = do_start_game(player, date=day, goals=goals), None
            for turn in range(1, TURNS + 1):
                cell = "1,1" if state is None else cell_name(state.quilt.empty_cells[0])
                last = turn == TURNS
                move = {
                    "turn": turn,
                    "hand_index": 0,
                    "cell": cell,
                    "market_index": None if last else market,
                }
                game, state, _ = do_play_move(game.pk, player=player, data=move)

    for back in range(40, -1, -1):
        do_ensure_challenge(today() - datetime.timedelta(days=back))
    yesterday = today() - datetime.timedelta(days=1)
    bench = Player.objects.filter(username="bench").first()
    if bench is None:
        bench = do_register("bench", password=PASSWORD)
        for back in range(1, 6):
            play(bench, today() - datetime.timedelta(days=back), market=back % 3)
        for n in range(12):
            play(do_register(f"quilter{n}", password=PASSWORD), yesterday, market=n % 3)
        do_create_group(bench, name="Bench club")
    print("seeded: 41 days, bench and 12 players")


def measure(base: str):
    from playwright.sync_api import sync_playwright

    yesterday = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(base + "/login/")
        page.fill('input[name="username"]', "bench")
        page.fill('input[name="password"]', PASSWORD)
        page.click('button[type="submit"]')
        page.wait_for_url(base + "/")
        print(f"{'page':28} {'responses':>9} {'KB':>7} {'HTML KB':>7}  fetches after the document")
        for path in PAGES:
            path = path.format(yesterday=yesterday)
            # A fresh cache per page: what a first visit downloads.
            fresh = browser.new_context(storage_state=context.storage_state())
            tab = fresh.new_page()
            finished = []
            tab.on("requestfinished", lambda request, seen=finished: seen.append(request))
            tab.goto(base + path)
            tab.wait_for_load_state("networkidle")
            total = html = 0
            for request in finished:
                sizes = request.sizes()
                total += sizes["responseHeadersSize"] + sizes["responseBodySize"]
                if request.resource_type == "document":
                    html += sizes["responseHeadersSize"] + sizes["responseBodySize"]
            fetches = [r.url.removeprefix(base) for r in finished if r.resource_type == "fetch"]
            shown = f"{len(finished):9} {total / 1024:7.1f} {html / 1024:7.1f}"
            print(f"{path:28} {shown}  {' '.join(fetches)}")
            fresh.close()
        browser.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"]:
        seed()
    elif sys.argv[1:2] == ["measure"] and len(sys.argv) == 3:
        measure(sys.argv[2].rstrip("/"))
    else:
        sys.exit("usage: page_weight.py seed | measure BASE_URL")
