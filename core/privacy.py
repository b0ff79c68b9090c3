"""``Cache-Control: private, no-store`` on every answer that may hold a player's own data, in
one place: any answer to a logged-in caller (session or API token: their profile, account,
``/api/me/``, the pages that show their rank or games), and the private paths whoever asks
(``PRIVATE_PATHS``: the account pages, a reset link's form). A shared cache (a proxy, a CDN)
must never keep one, nor a browser write it to disk. An answer that declared itself
``public`` (the app's manifest, the catalogue of words, a share picture: the same for
everyone) keeps its caching."""

from django.utils.cache import patch_cache_control

PRIVATE_PATHS = ("/me/", "/api/me/", "/password-reset/")


class PrivateAnswersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)  # a DRF token's player is set here too
        mine = user is not None and user.is_authenticated
        if (mine or request.path.startswith(PRIVATE_PATHS)) and "public" not in response.get(
            "Cache-Control", ""
        ):
            patch_cache_control(response, private=True, no_store=True)
        return response
