"""What a service refuses, mapped to HTTP by the API (400, 404, 409)."""


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class BadInput(ServiceError):
    status = 400
    code = "bad_request"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class DayClosed(Conflict):
    """A move or hint for a ranked game after its day's close (docs/design.md, Phase 2)."""

    code = "day_closed"
