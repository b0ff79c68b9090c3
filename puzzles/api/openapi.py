"""The schema's generator: drf-spectacular's, with 429 derived where a limit can answer it, so
that the schema cannot drift from the limits (issue 41, point 14). In a module of its own:
DRF loads it while drf-spectacular's views are still being imported."""

from drf_spectacular import openapi


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's, with 429 derived where it can happen, so the schema cannot drift from
    the limits: any write a page visitor may make (``PlayerOrPageVisitor``: its first write
    makes a guest, under ``guests-*``); a view whose service counts a limit of its own
    (``limits.enforce``) says so with ``THROTTLED_ERRORS`` (tests/core/test_limits.py lists
    them all)."""

    def _get_response_bodies(self, direction="response"):
        bodies = super()._get_response_bodies(direction)
        if direction == "response" and "429" not in bodies and self._may_throttle():
            from core.api.common import ERROR  # the error family's shape

            bodies["429"] = self._get_response_for_code(ERROR, "429", direction=direction)
        return bodies

    def _may_throttle(self) -> bool:
        from ..auth import PlayerOrPageVisitor

        if self.method in ("GET", "HEAD", "OPTIONS"):
            return False
        return any(isinstance(p, PlayerOrPageVisitor) for p in self.view.get_permissions())
