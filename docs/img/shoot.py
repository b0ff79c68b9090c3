"""The README's screenshot (docs/img/game.png): today's game at 1366x900, a few turns in.

Against a served copy of the tree on a throwaway database, on a free port (never 8000):

    export CALICO_VAR_DIR=$(mktemp -d) PYTHONPATH=$PWD
    .venv/bin/python manage.py migrate -v0 && .venv/bin/python manage.py collectstatic \\
        --noinput -v0 && .venv/bin/python manage.py ensure_daily
    .venv/bin/gunicorn calico_site.wsgi --bind 127.0.0.1:PORT --workers 1 --no-control-socket &
    .venv/bin/python docs/img/shoot.py http://127.0.0.1:PORT/ /tmp/game.png
    pngquant --quality 70-90 --speed 1 --strip -f -o docs/img/game.png /tmp/game.png
    optipng -quiet -o5 docs/img/game.png      # about 115 KB

The moves go through the API from the page's own session (the first hand patch or the second,
on cells near the top-left and the bottom-right), so the quilt looks played, not solved.
"""

import sys

from playwright.sync_api import sync_playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PLAY = """async ([id, n]) => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  let game = await (await fetch(`/api/games/${id}/`)).json();
  const order = ['1,1', '1,2', '2,1', '2,2', '1,3', '5,5', '5,4', '4,5', '3,1', '3,2'];
  for (let i = 0; i < n; i++) {
    const cell = order.find((c) => game.empty_cells.includes(c)) || game.empty_cells[0];
    const answer = await fetch(`/api/games/${id}/moves/`, {
      method: 'POST', credentials: 'same-origin',
      headers: {'Content-Type': 'application/json', 'X-CSRFToken': csrf},
      body: JSON.stringify({turn: game.turn, hand_index: i % 2, cell, market_index: (i * 2) % 3}),
    });
    game = await answer.json();
  }
}"""


def main(url: str, out: str, moves: int = 9) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(url)
        with page.expect_response(lambda r: r.url.endswith("/api/games/")) as started:
            page.get_by_role("button", name="Start sewing").click()
        page.evaluate(PLAY, [started.value.json()["id"], moves])
        page.reload()
        page.wait_for_timeout(1500)  # the board's first draw
        page.screenshot(path=out)
        browser.close()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python docs/img/shoot.py URL OUT.png")
    main(sys.argv[1], sys.argv[2])
