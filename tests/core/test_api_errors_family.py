"""A service's refusal raised straight from a DRF view is answered by the one exception
handler (``core/api/errors.py``) as ``{error, detail}`` with the error's status, not a 500."""

import pytest
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.test import APIRequestFactory

from core.errors import BadInput, Conflict, NotFound
from core.limits import Throttled
from groups.services import NotOwner
from puzzles.services.game_locks import DayClosed
from puzzles.services.practice import DealNotPublic


@pytest.mark.parametrize(
    "error, status, code",
    [
        (BadInput, 400, "bad_request"),
        (NotFound, 404, "not_found"),
        (Conflict, 409, "conflict"),
        (DayClosed, 409, "day_closed"),
        (DealNotPublic, 409, "deal_not_public"),
        (NotOwner, 403, "forbidden"),
    ],
)
def test_a_service_error_raised_in_a_view_is_its_status_and_code(error, status, code):
    @api_view(["GET"])
    @permission_classes([AllowAny])
    def refusing(request):
        raise error("what: the problem, named")

    response = refusing(APIRequestFactory().get("/api/anything/"))
    assert response.status_code == status
    assert response.data == {"error": code, "detail": "what: the problem, named"}


def test_a_limit_raised_in_a_view_is_a_429_with_when_to_retry():
    """``Throttled`` is of the same family: the same handler answers it, with ``Retry-After``."""

    @api_view(["POST"])
    @permission_classes([AllowAny])
    def limited(request):
        raise Throttled("games", "account", "5/d", wait=60)

    response = limited(APIRequestFactory().post("/api/anything/"))
    assert response.status_code == 429 and response["Retry-After"] == "60"
    assert response.data["error"] == "throttled" and "try again in 60 s" in response.data["detail"]
