"""The site's one authentication backend: every password check (the log-in page, the admin,
API tokens and log-ins) passes the abuse limits before the deliberately slow hash."""

from django.contrib.auth.backends import ModelBackend

from . import limits

BACKEND = "puzzles.auth.ThrottledModelBackend"  # for login() of a player just made or claimed


class ThrottledModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None:  # None: a shell or a script on the server
            name = username or kwargs.get("username") or ""
            limits.enforce(
                "password",
                address=limits.client_address(request),
                username=name.strip().lower() or None,
            )
        return super().authenticate(request, username, password, **kwargs)
