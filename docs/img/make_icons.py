"""The home-screen icons (puzzles/static/puzzles/icons/): the header's cat on its hexagon,
drawn by Chromium at each size. ``.venv/bin/python docs/img/make_icons.py`` makes them again."""

from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parents[2] / "puzzles" / "static" / "puzzles" / "icons"
CAT = """
<polygon points="13,24 16,12 23,19" fill="#fffdf8" stroke="#2f2a3a" stroke-width="2"
  stroke-linejoin="round"/>
<polygon points="39,24 36,12 29,19" fill="#fffdf8" stroke="#2f2a3a" stroke-width="2"
  stroke-linejoin="round"/>
<ellipse cx="26" cy="32" rx="15" ry="12.5" fill="#fffdf8" stroke="#2f2a3a" stroke-width="2"/>
<ellipse cx="20.5" cy="31" rx="2" ry="2.6" fill="#2f2a3a"/>
<ellipse cx="31.5" cy="31" rx="2" ry="2.6" fill="#2f2a3a"/>
<path d="M24.3 37 h3.4 l-1.7 2.2z" fill="#cd256f"/>"""
# "any": the hexagon on the quilt's cream; "maskable": the cat inside the safe circle (80%)
ICONS = {
    "icon-192.png": (192, "any"),
    "icon-512.png": (512, "any"),
    "maskable-512.png": (512, "maskable"),
    "apple-touch-icon.png": (180, "any"),
}


def svg(size: int, purpose: str) -> str:
    if purpose == "maskable":
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="-14 -10 80 80"><rect x="-14" y="-10" width="80" height="80" '
            f'fill="#6cc4ca"/>{CAT}</svg>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="-6 -2 64 64"><rect x="-6" y="-2" width="64" height="64" rx="12" '
        f'fill="#f3efe4"/><polygon points="26,1 51,15.5 51,44.5 26,59 1,44.5 1,15.5" '
        f'fill="#6cc4ca"/>{CAT}</svg>'
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for name, (size, purpose) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<body style='margin:0'>{svg(size, purpose)}</body>")
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
