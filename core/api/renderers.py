"""The API's JSON in the caller's language, for the words it shows a person.

Under /api/ English is active (``core.languages.ApiInEnglishMiddleware``), so every
``detail`` is made in English when raised. The words of the game's setups (a cat's
requirement, a goal's label and help, a scenario's conditions) are lazy, and become text only
here, in the request's language: the selectors' shared caches hold no language."""

from django.utils import translation
from rest_framework import renderers


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        request = (renderer_context or {}).get("request")
        language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language()
        with translation.override(language):
            return super().render(data, accepted_media_type, renderer_context)
