"""The share of a finished game (docs/design.md, Phase 3): its words, its page and its picture.

Anyone holding the link may see a finished game's share: that is what a share is for. An
unfinished game, or one that does not exist, shows nothing (the same 404 for both). Before
the game's day closes its quilt would show the deal, so the share says only the score, the
par and the shape of the result (points per goal, how many cats and buttons), and the picture
only the quilt's silhouette (its public border, its sewn spaces in one tone); from the close
on, the picture shows the quilt itself. A scenario game has no day: its seed is published
when it ends, so its quilt is shown at once.

Every word of the share is written here (the text, the page's tags and the picture's lines);
``puzzles.share.card`` only lays them out. They are the player's words, in the player's
language: the API's share is lazy (said when the answer is rendered, in the caller's language,
``core.api.renderers``), and a share in a language other than the site's first carries it in
its links (``?lang=es``), so the page's tags and the picture a friend opens say the same words.
"""

import datetime
import hashlib

from django.conf import settings
from django.utils import formats, timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from solver.game import EMPTY, GOAL_CELLS, PATCH_CELLS, SCENARIOS, SoloGame, parse_cell

from ..game_state import hidden_from_others, replay, seed_is_secret
from ..models import Game
from ..shapes import ShareOut
from ..share.card import HEIGHT, VERSION, WIDTH, Card, Silhouette, png
from .challenges import is_closed, puzzle_number
from .difficulty import difficulty

IMAGE_SIZE = (WIDTH, HEIGHT)
SITE = "Calico Daily"


def _in(language: str | None) -> str:
    """The query that names the share's language: none for the site's first language."""
    language = language or translation.get_language()
    return "" if language == settings.LANGUAGE_CODE else f"?lang={language}"


def page_path(game_id: int, language: str | None = None) -> str:
    return f"/share/{game_id}/{_in(language)}"


def image_path(game_id: int, language: str | None = None) -> str:
    return f"/share/{game_id}/image.png{_in(language)}"


def shared_game(game_id: int) -> Game | None:
    """A finished game with its challenge and the day's par, or None (unfinished, unknown,
    or a deleted account's: its share pages stop answering)."""
    return (
        Game.objects.with_par()
        .select_related("challenge")
        .filter(pk=game_id, status=Game.Status.FINISHED, player__is_active=True)
        .first()
    )


def spoiler_free(game: Game) -> bool:
    """Whether the share must hide the quilt: a daily's game before the day closes, or a game
    on a deal still secret (a weekly special's before its close), or a game an app hides for
    now (a duel's before the duel is done)."""
    if hidden_from_others(game):
        return True
    if game.challenge is None:
        return seed_is_secret(game)
    return not is_closed(game.challenge)


def _par(game: Game) -> int | None:
    ready = getattr(game, "par_status", None) == "ready"
    return game.par_score if ready else None


def title(game: Game) -> str:
    if game.scenario is not None:
        return _("Calico scenario %(number)s") % {"number": game.scenario}
    return f"{SITE} #{puzzle_number(game.challenge.date)}"


def _subtitle(game: Game) -> str:
    if game.scenario is not None:
        return pgettext("a scenario", "passed") if game.scenario_passed else _("not passed")
    # The weekday and the day in the language's words: Tuesday 1 December 2026.
    said = formats.date_format(game.challenge.date, pgettext("a share's date", "l j F Y"))
    return said if game.ranked else _("%(day)s · practice") % {"day": said}


def _par_words(game: Game) -> str:
    if game.scenario is not None:
        return _("points · %(score)s to pass") % {"score": SCENARIOS[game.scenario].min_score}
    par = _par(game)
    if par is None:
        return _("points")
    said = _("points · par %(par)s") % {"par": par}
    hard = difficulty(game.challenge, par)  # the day's word, kept in the cache for the day
    return f"{said} · {_('a %(word)s day') % {'word': _(hard['label'])}}" if hard else said


def _result(score: dict) -> tuple[tuple[str, str, int], ...]:
    """The result's shape: (label, how many, points) for goals, cats and buttons."""
    met = sum(1 for goal in score["goals"] if goal["points"])
    buttons = score["button_tokens"] - score["rainbow"]
    goals = _("%(met)s of %(count)s") % {"met": met, "count": len(score["goals"])}
    rainbow = _("%(count)s + rainbow") % {"count": buttons} if score["rainbow"] else str(buttons)
    return (
        (pgettext("a share's line", "Goals"), goals, score["goal_points"]),
        (pgettext("a share's line", "Cats"), str(score["cat_tokens"]), score["cat_points"]),
        (pgettext("a share's line", "Buttons"), rainbow, score["button_points"]),
    )


# The result as a grid of symbols, as Wordle's: what each goal was met by, then a cat per cat
# token, a button per button, the rainbow. It shows no patch, so it is shared before the close.
GOAL_MARKS = {(True, True): "🌟", (True, False): "🎨", (False, True): "🧵", (False, False): "⬜"}


def share_grid(score: dict) -> str:
    goals = "".join(GOAL_MARKS[(bool(g["colors"]), bool(g["patterns"]))] for g in score["goals"])
    cats = "🐈" * score["cat_tokens"]
    buttons = "🔘" * (score["button_tokens"] - score["rainbow"]) + "🌈" * bool(score["rainbow"])
    return " ".join(part for part in (goals, cats, buttons) if part)


def goal_mark_words(score: dict) -> tuple[str, ...]:
    """Each goal's result in words: what it was met by (the picture's, under each goal)."""
    said = {
        (True, True): pgettext("a goal met by", "both"),
        (True, False): pgettext("a goal met by", "colour"),
        (False, True): pgettext("a goal met by", "pattern"),
        (False, False): pgettext("a goal met by", "not met"),
    }
    return tuple(said[(bool(g["colors"]), bool(g["patterns"]))] for g in score["goals"])


def hint_words(game: Game) -> str:
    if not game.hints_used:
        return _("no hints")
    return ngettext("%(count)s hint", "%(count)s hints", game.hints_used) % {
        "count": game.hints_used
    }


def share_text(game: Game, score: dict, url: str) -> str:
    """The words a player pastes: the day and its number, score and par, the result as a grid
    and in words with the hints used, the link."""
    day = f" ({game.challenge.date.isoformat()})" if game.challenge is not None else ""
    head = f"{title(game)}{day}: {score['total']} {_par_words(game)}"
    shape = " · ".join(f"{label.lower()} {count}" for label, count, _points in _result(score))
    return f"{head}\n{share_grid(score)}\n{shape} · {hint_words(game)}\n{url}"


def _said(game: Game, score: dict, origin: str) -> tuple[str, str, str]:
    """(text, url, image) in the active language."""
    url = origin + page_path(game.pk)
    return share_text(game, score, url), url, origin + image_path(game.pk)


# Said when shown (an API answer is rendered in the caller's language): lazy strings.
_text = lazy(lambda *args: _said(*args)[0], str)
_url = lazy(lambda *args: _said(*args)[1], str)
_image = lazy(lambda *args: _said(*args)[2], str)


def share_json(game: Game, score: dict, origin: str = "") -> ShareOut | None:
    """``{text, url, image}`` for a finished game, else None; ``origin`` (scheme and host)
    makes the links absolute. The words and links are in the language active when shown."""
    if game.status != Game.Status.FINISHED:
        return None
    return {
        "text": _text(game, score, origin),
        "url": _url(game, score, origin),
        "image": _image(game, score, origin),
        "image_width": WIDTH,
        "image_height": HEIGHT,
        "spoiler_free": spoiler_free(game),
    }


def share_page_json(game: Game, origin: str) -> dict:
    """What the share page says (its Open Graph tags and its text), in the active language."""
    state, _award = replay(game)
    score = state.quilt.score()
    data = {key: str(value) for key, value in share_json(game, score, origin).items()}
    return {
        **data,
        "language": translation.get_language(),
        "title": _("%(title)s: %(score)s points") % {"title": title(game), "score": score["total"]},
        "description": data["text"].rsplit("\n", 1)[0].replace("\n", " · "),
        "game_id": game.pk,
        "score": score["total"],
        "par": _par(game),
        # the day's story once the day has closed (``crowd``: how everyone played it)
        "story_date": None if spoiler_free(game) or game.challenge is None else game.challenge.date,
    }


def image_etag(game: Game) -> str:
    """The picture's ETag: what it is drawn from (the drawing's version, the game, whether
    the quilt is hidden, the par, the site's address named in its footer, the active
    language), never anything the request says."""
    language = translation.get_language()
    key = f"{VERSION}:{game.pk}:{game.finished_at}:{spoiler_free(game)}:{_par(game)}"
    key += f":{settings.CALICO_PUBLIC_HOST}"
    key += "" if language == settings.LANGUAGE_CODE else f":{language}"  # old English ETags hold
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


def image_max_age(game: Game) -> int:
    """Seconds a cache may keep the picture: until the close at most, where the close will
    change it (the quilt appears), else a day."""
    if not spoiler_free(game):
        return 86400
    if game.challenge is None or hidden_from_others(game):
        return 60  # its quilt appears at a moment no clock says (a duel done, a week's close)
    left = (game.challenge.closes_at - timezone.now()) / datetime.timedelta(seconds=1)
    return max(0, min(3600, int(left)))


def image_png(game: Game) -> bytes:
    """The picture, its words in the active language."""
    state, _award = replay(game)
    if spoiler_free(game):
        return png(_card(game, state), None, silhouette_of(state.quilt))
    return png(_card(game, state), state.quilt)


def silhouette_of(quilt) -> Silhouette:
    """What the picture may show of a quilt before its day's close: the printed border (the
    challenge's public ``border``), where patches are sewn (every space, once finished), the
    goals' points; never a sewn patch's colour or pattern."""
    return Silhouette(
        border=tuple(
            (cell, patch)
            for cell, patch in enumerate(quilt.cells)
            if cell not in PATCH_CELLS and cell not in GOAL_CELLS
        ),
        sewn=frozenset(cell for cell in PATCH_CELLS if quilt.cells[cell] != EMPTY),
        goals=tuple((parse_cell(goal["cell"]), goal["points"]) for goal in quilt.score()["goals"]),
    )


def _card(game: Game, state: SoloGame) -> Card:
    host = settings.CALICO_PUBLIC_HOST
    score = state.quilt.score()
    return Card(
        title=title(game),
        subtitle=_subtitle(game),
        score=str(score["total"]),
        par=_par_words(game),
        rows=(
            *((label, f"{count} · +{points}") for label, count, points in _result(score)),
            (pgettext("a share's line", "Hints"), hint_words(game)),
        ),
        goal_marks=goal_mark_words(score),
        footer=(
            _("Play today's puzzle at %(host)s") % {"host": host}
            if host
            else _("Play today's %(site)s") % {"site": SITE}
        ),
        goals=tuple((g["points"], g["colors"], g["patterns"]) for g in score["goals"]),
        cats=score["cat_tokens"],
        buttons=score["button_tokens"] - score["rainbow"],
        rainbow=score["rainbow"],
    )
