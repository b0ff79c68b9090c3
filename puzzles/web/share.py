"""The share page (``/share/{id}/``: Open Graph tags naming the picture, a link to today's
daily) and its picture (``/share/{id}/image.png``). Neither writes anything: no guest is made
for a visitor who follows a shared link. An unfinished or unknown game is the same 404."""

import threading
from collections import OrderedDict

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from core.languages import language_codes
from core.pages import BadQuery, bad_request, not_found

from ..selectors import share


def _origin(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def _share_language(request) -> str:
    """The share's language: the player's, named by the link (``?lang=es``; none for the
    site's first language), whoever opens it. BadQuery names an unknown one."""
    language = request.GET.get("lang", settings.LANGUAGE_CODE)
    if language not in language_codes():
        raise BadQuery(
            _("lang: %(value)s is not a language of the site") % {"value": repr(language)}
        )
    return language


@require_safe
def share_page(request, game_id: int):
    """The share's words in the player's language; the page around them in the visitor's."""
    game = share.shared_game(game_id)
    if game is None:
        return not_found(request, _("no finished game %(id)s to show") % {"id": game_id})
    try:
        language = _share_language(request)
    except BadQuery as problem:
        return bad_request(request, problem)
    with translation.override(language):
        context = share.share_page_json(game, _origin(request))
    return render(request, "puzzles/share.html", {"share": context, "size": share.IMAGE_SIZE})


@require_safe
def share_image(request, game_id: int):
    """The PNG, with an ETag (a conditional request is answered 304 without drawing) and a
    max-age that ends at the day's close, when the picture gains the quilt. The picture and
    its ETag come from the game and the day alone, never from the request (a Host header of
    the caller's choosing once drew and stored a new picture each: issue 41); the latest
    pictures are kept in this process (``_drawn``, a few MB at most), and the shared cache
    holds none."""
    game = share.shared_game(game_id)
    if game is None:
        return HttpResponse(b"no such picture", status=404, content_type="text/plain")
    try:
        language = _share_language(request)
    except BadQuery as problem:
        return HttpResponse(str(problem).encode(), status=400, content_type="text/plain")
    with translation.override(language):
        return _image_response(request, game)


# The pictures most recently drawn by this process, by ETag (about 50 kB each).
DRAWN_KEPT = 64
_drawn: OrderedDict[str, bytes] = OrderedDict()
_drawn_lock = threading.Lock()  # a threaded worker's requests share it


def _drawn_png(game, etag: str) -> bytes:
    with _drawn_lock:
        data = _drawn.pop(etag, None)
    if data is None:
        data = share.image_png(game)
    with _drawn_lock:
        _drawn[etag] = data  # the newest last
        while len(_drawn) > DRAWN_KEPT:
            _drawn.popitem(last=False)
    return data


def _image_response(request, game) -> HttpResponse:
    etag = share.image_etag(game)
    max_age = share.image_max_age(game)
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(_drawn_png(game, etag), content_type="image/png")
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=max_age)
    return response
