"""What a service refuses, mapped to HTTP by the API (400, 404, 409; ``core.api.errors``).
Every app's services raise these, or an error of their own made from them (``DayClosed``,
``DealNotPublic``, ``NotOwner``, ``limits.Throttled``)."""


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


class PasswordRequired(ServiceError):
    """A change that a stolen session or API token must not make alone (the email, deleting
    the account): the account's password is asked for, 403 without it (a wrong one is 400)."""

    status = 403
    code = "password_required"
