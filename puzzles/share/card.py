"""The share picture: a 1200x630 PNG (the Open Graph size) drawn with Pillow.

Layout only: every word on it comes in the ``Card`` (``selectors.share`` writes them), and
the quilt, when it is shown, is the engine's ``Quilt``. Before the day closes the selector
passes no quilt, so this cannot draw one: the left half then shows the quilt's
``Silhouette``, which holds nothing of the deal: the board's printed border in its colours
(public from the start, as the challenge's ``border``), each sewn patch in one cloth tone,
and each goal's points (issue 53: "three hexes and dots" advertised nothing). The hexes
follow the board page's geometry (``static/puzzles/js/svg.js``: pointy-top, odd-r rows
shifted right) and its palette
(docs/design.md, "The look").

Every patch also carries its colour's symbol (the page's colour-blind aid, svg.js: circle,
plus, triangle, square, diamond, cross), always: the picture is seen by people other than the
player, whose display settings the server never knows, and in previews that have no switch.
It sits below the motif, which keeps the middle of the hex.
"""

import io
import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from solver.game import EMPTY, GOAL_CELLS, Quilt, goal_by_id

WIDTH, HEIGHT = 1200, 630
VERSION = 5  # part of the image's ETag: bump it when the drawing changes
# A font with every letter of the site's languages (Spanish: á é í ó ú ñ ü ¡ ¿), Debian's
# fonts-dejavu-core (docs/operations.md); without it Pillow's own font, which has ASCII letters
# only: the words are then drawn without their accents, never with missing-glyph boxes.
FONT_FILE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

# The patch colours of docs/design.md ("The look"), by ``solver.game.COLORS`` order (navy,
# teal, green, yellow, purple, pink): the same values as the page's svg.js.
PATCH_RGB = (
    (0x35, 0x37, 0x90),
    (0x6C, 0xC4, 0xCA),
    (0x7C, 0xA0, 0x45),
    (0xF8, 0xB2, 0x2B),
    (0x8C, 0x2C, 0x8E),
    (0xCD, 0x25, 0x6F),
)
PAGE = (0xFA, 0xF6, 0xEE)
QUILT = (0xF3, 0xEF, 0xE4)
QUILT_EDGE = (0xE4, 0xDA, 0xC4)
STITCH = (0xC9, 0xBB, 0x9C)
GOAL_SPACE = (0xCF, 0xEE, 0xEE)
GOAL_INK = (0x24, 0x60, 0x6A)
INK = (0x2F, 0x2A, 0x3A)
INK_SOFT = (0x6B, 0x63, 0x76)
CARD = (0xFF, 0xFD, 0xF8)
LINE = (0xE6, 0xDC, 0xCB)
WHITE = (0xFF, 0xFF, 0xFF)
SEWN = (0xC4, 0xB8, 0xA4)  # a sewn patch in the silhouette: cloth, no colour of the game
SEWN_EDGE = (0xA8, 0x9B, 0x86)

HEX_R = 52  # centre to corner: the 7x7 board is 11 R high, 7.5 sqrt(3) R wide
HEX_W = math.sqrt(3) * HEX_R
BOARD_LEFT, BOARD_TOP = 34, 26
PANEL_LEFT = 740


@dataclass(frozen=True)
class Card:
    """What the picture says. ``goals``: per goal (its points, colours met, patterns met),
    the shape of the result that is shown before the close."""

    title: str
    subtitle: str
    score: str
    par: str
    rows: tuple[tuple[str, str], ...]
    footer: str
    goals: tuple[tuple[int, bool, bool], ...] = ()
    goal_marks: tuple[str, ...] = ()  # each goal's result in words: both, colour, pattern
    cats: int = 0
    buttons: int = 0
    rainbow: bool = False


@dataclass(frozen=True)
class Silhouette:
    """A quilt before its day's close, as the selector reads it off the quilt: ``border``
    (cell, patch) the board's printed edge, ``sewn`` the spaces with a patch, ``goals``
    (cell, points) each goal's points."""

    border: tuple[tuple[int, int], ...]
    sewn: frozenset[int]
    goals: tuple[tuple[int, int], ...]


def png(card: Card, quilt: Quilt | None, silhouette: Silhouette | None = None) -> bytes:
    """The picture as PNG bytes: ``quilt`` drawn on the left; without it (before the day's
    close) its ``silhouette``, or else the result's shape."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAGE)
    draw = ImageDraw.Draw(image)
    if quilt is not None:
        _quilt(draw, quilt)
    elif silhouette is not None:
        _silhouette(draw, silhouette)
    else:
        _shape(draw, card)
    _panel(draw, card)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont:
    if FONT_FILE.exists():
        return ImageFont.truetype(str(FONT_FILE), size)
    return ImageFont.load_default(size=size)  # Pillow's own scalable font: ASCII letters


def _words(text: str) -> str:
    """``text`` as the font can draw it: as it is, or without accents (Pillow's own font)."""
    if FONT_FILE.exists() or text.isascii():
        return text
    plain = unicodedata.normalize("NFKD", text.replace("¡", "").replace("¿", ""))
    return "".join(c for c in plain if not unicodedata.combining(c))


def _hex(cx: float, cy: float, r: float = HEX_R) -> list[tuple[float, float]]:
    angles = (math.radians(60 * i - 90) for i in range(6))  # pointy top
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]


def _centre(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, 7)
    x = BOARD_LEFT + HEX_W * (col + (0.5 if row % 2 else 0)) + HEX_W / 2
    return x, BOARD_TOP + 1.5 * HEX_R * row + HEX_R


def _quilt(draw: ImageDraw.ImageDraw, quilt: Quilt) -> None:
    goals = dict(quilt.layout.goals)
    for cell, patch in enumerate(quilt.cells):
        cx, cy = _centre(cell)
        if cell in GOAL_CELLS:
            draw.polygon(_hex(cx, cy, HEX_R - 1), fill=GOAL_SPACE, outline=(0x9F, 0xD6, 0xD8))
            if cell in goals:
                notation = goal_by_id(goals[cell]).notation
                draw.text((cx, cy), notation, fill=GOAL_INK, font=_font(15), anchor="mm")
        elif patch == EMPTY:
            draw.polygon(_hex(cx, cy, HEX_R - 1), fill=QUILT, outline=STITCH)
        else:
            color, pattern = divmod(patch, 6)
            draw.polygon(_hex(cx, cy, HEX_R - 1), fill=PATCH_RGB[color], outline=QUILT_EDGE)
            MOTIFS[pattern](draw, cx, cy - HEX_R * 0.08, HEX_R * 0.38)
            _symbol(draw, color, cx, cy + SYMBOL_OFFSET)


def _silhouette(draw: ImageDraw.ImageDraw, silhouette: Silhouette) -> None:
    """The quilt's outline without the deal: the printed border as on the board, the sewn
    spaces in one cloth tone, the goals' points (``+0`` unmet) on their spaces."""
    for cell, patch in silhouette.border:
        cx, cy = _centre(cell)
        color, pattern = divmod(patch, 6)
        draw.polygon(_hex(cx, cy, HEX_R - 1), fill=PATCH_RGB[color], outline=QUILT_EDGE)
        MOTIFS[pattern](draw, cx, cy - HEX_R * 0.08, HEX_R * 0.38)
        _symbol(draw, color, cx, cy + SYMBOL_OFFSET)
    for cell in silhouette.sewn:
        draw.polygon(_hex(*_centre(cell), HEX_R - 1), fill=SEWN, outline=SEWN_EDGE)
    for cell, points in silhouette.goals:
        cx, cy = _centre(cell)
        draw.polygon(_hex(cx, cy, HEX_R - 1), fill=GOAL_SPACE, outline=GOAL_INK)
        ink = GOAL_INK if points else INK_SOFT
        draw.text((cx, cy), f"+{points}", fill=ink, font=_font(30), anchor="mm")


def _shape(draw: ImageDraw.ImageDraw, card: Card) -> None:
    """The result without the quilt: goals as hexes with their points, cats as discs and
    buttons as rings, each under its row's label (``card.rows``)."""
    draw.rounded_rectangle((34, 26, 700, 604), radius=28, fill=CARD, outline=LINE, width=2)
    labels = [_words(label) for label, _ in card.rows] + ["", "", ""]
    marks = [_words(mark) for mark in card.goal_marks] + [""] * len(card.goals)
    draw.text((70, 52), labels[0], fill=INK_SOFT, font=_font(28))
    for k, (points, _, _) in enumerate(card.goals):
        cx, cy = 160 + k * 200, 190
        met = points > 0
        draw.polygon(_hex(cx, cy, 76), fill=GOAL_SPACE if met else QUILT, outline=GOAL_INK)
        ink = GOAL_INK if met else INK_SOFT
        draw.text((cx, cy - 12), f"+{points}", fill=ink, font=_font(40), anchor="mm")
        draw.text((cx, cy + 30), marks[k], fill=ink, font=_fitted(marks[k], 20, 110), anchor="mm")
    draw.text((70, 300), labels[1], fill=INK_SOFT, font=_font(28))
    _tokens(draw, 370, card.cats, ring=False)
    draw.text((70, 444), labels[2], fill=INK_SOFT, font=_font(28))
    _tokens(draw, 514, card.buttons + card.rainbow, ring=True)


def _tokens(draw: ImageDraw.ImageDraw, y: int, count: int, *, ring: bool) -> None:
    """``count`` tokens in a row (at most 12 drawn), rings for buttons, discs for cats."""
    for k in range(min(count, 12)):
        cx = 90 + k * 50
        box = (cx - 19, y - 19, cx + 19, y + 19)
        if ring:
            draw.ellipse(box, fill=CARD, outline=INK, width=5)
        else:
            draw.ellipse(box, fill=INK)
    if count == 0:
        draw.ellipse((71, y - 19, 109, y + 19), outline=LINE, width=3)


def _panel(draw: ImageDraw.ImageDraw, card: Card) -> None:
    x = PANEL_LEFT
    room = WIDTH - 40 - x
    draw.text((x, 50), _words(card.title), fill=INK, font=_fitted(card.title, 50, room))
    draw.text((x, 116), _words(card.subtitle), fill=INK_SOFT, font=_fitted(card.subtitle, 28, room))
    draw.text((x, 170), card.score, fill=INK, font=_font(118))
    draw.text((x + 4, 300), _words(card.par), fill=INK_SOFT, font=_fitted(card.par, 34, room - 4))
    y = 362
    for label, value in card.rows:  # goals, cats, buttons, hints
        draw.text((x, y), _words(label), fill=INK_SOFT, font=_fitted(label, 28, 150))
        draw.text((x + 160, y), _words(value), fill=INK, font=_fitted(value, 28, room - 160))
        y += 46
    draw.line((x, 560, WIDTH - 40, 560), fill=LINE, width=2)
    draw.text((x, 576), _words(card.footer), fill=INK_SOFT, font=_fitted(card.footer, 24, room))


def _fitted(text: str, size: int, room: float) -> ImageFont.FreeTypeFont:
    """The font at ``size``, or smaller until ``text`` fits in ``room`` pixels (a language's
    longer words, a long host name)."""
    while size > 12 and _font(size).getlength(_words(text)) > room:
        size -= 2
    return _font(size)


# -- the colours' symbols (svg.js's SYMBOLS): ink on a white disc -------------------------

SYMBOL_OFFSET = HEX_R * 0.6  # the disc's centre below the hex's
SYMBOL_R = HEX_R * 0.25


def _symbol(draw, color: int, cx: float, cy: float) -> None:
    r = SYMBOL_R
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK_SOFT, width=1)
    s, width = r * 0.62, max(3, round(r * 0.28))
    if color == 0:  # navy: a circle
        draw.ellipse((cx - s * 0.85, cy - s * 0.85, cx + s * 0.85, cy + s * 0.85), fill=INK)
    elif color == 1:  # teal: a plus
        draw.line((cx - s, cy, cx + s, cy), fill=INK, width=width)
        draw.line((cx, cy - s, cx, cy + s), fill=INK, width=width)
    elif color == 2:  # green: a triangle
        draw.polygon([(cx, cy - s), (cx + s, cy + s * 0.75), (cx - s, cy + s * 0.75)], fill=INK)
    elif color == 3:  # yellow: a square
        h = s * 0.75
        draw.rectangle((cx - h, cy - h, cx + h, cy + h), fill=INK)
    elif color == 4:  # purple: a diamond
        draw.polygon(
            [(cx, cy - s), (cx + s * 0.85, cy), (cx, cy + s), (cx - s * 0.85, cy)], fill=INK
        )
    else:  # pink: a cross
        h = s * 0.75
        draw.line((cx - h, cy - h, cx + h, cy + h), fill=INK, width=width)
        draw.line((cx + h, cy - h, cx - h, cy + h), fill=INK, width=width)


# -- the six pattern motifs, white on the patch colour (shapes told apart without colour) ----


def _dots(draw, cx, cy, s):
    for dx, dy in ((-0.5, -0.45), (0.5, -0.45), (0, 0.1), (-0.5, 0.65), (0.5, 0.65)):
        x, y, r = cx + dx * s, cy + dy * s, s * 0.17
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE)


def _ferns(draw, cx, cy, s):
    draw.line((cx, cy + s, cx, cy - s), fill=WHITE, width=3)
    for k in range(4):
        y = cy + s * (0.7 - 0.45 * k)
        draw.line((cx, y, cx - s * 0.55, y - s * 0.3), fill=WHITE, width=3)
        draw.line((cx, y, cx + s * 0.55, y - s * 0.3), fill=WHITE, width=3)


def _flowers(draw, cx, cy, s):
    for k in range(5):
        a = 2 * math.pi * k / 5 - math.pi / 2
        x, y, r = cx + 0.45 * s * math.cos(a), cy + 0.45 * s * math.sin(a), s * 0.3
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE)
    r = s * 0.16
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK_SOFT)


def _quatrefoil(draw, cx, cy, s):
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        x, y, r = cx + dx * s * 0.4, cy + dy * s * 0.4, s * 0.42
        draw.ellipse((x - r, y - r, x + r, y + r), outline=WHITE, width=3)


def _stripes(draw, cx, cy, s):
    for k in (-2, -1, 0, 1, 2):
        x = cx + k * s * 0.4
        draw.line((x, cy - s * 0.9, x, cy + s * 0.9), fill=WHITE, width=4)


def _vines(draw, cx, cy, s):
    box = (cx - s * 0.8, cy - s * 0.8, cx + s * 0.8, cy + s * 0.8)
    draw.arc(box, 200, 520, fill=WHITE, width=3)
    inner = (cx - s * 0.35, cy - s * 0.35, cx + s * 0.35, cy + s * 0.35)
    draw.arc(inner, 20, 300, fill=WHITE, width=3)


MOTIFS = (_dots, _ferns, _flowers, _quatrefoil, _stripes, _vines)  # solver.game.PATTERNS order
