"""Abuse limits (docs/operations.md, "Abuse limits"): fixed-window counters per client
address, per account or per username. The limits that guard accounts (``DURABLE``: wrong
passwords and registrations, new guests, emails sent) count in the database (``table()``: the
installed ``core.models.DurableCount``'s, written here by SQL alone), where no cache eviction
can erase a count and no cache outage can switch them off; the others, which spare the
solver's CPU, count by django-ratelimit in the shared cache (Redis in production, a folder
under var/ in the embedded default) and play on, uncounted, while it is down.

Rates are ``settings.CALICO_LIMITS`` (``"<what>-<per>": "N/s|m|h|d"``). Past one, the request
is answered 429 ``{error: "throttled", detail}`` with ``Retry-After``, by
``ThrottledMiddleware`` for every view (API, pages and the admin alike).
"""

import functools
import hashlib
import ipaddress
import logging
import time

from django.apps import apps
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy
from django_ratelimit.core import get_usage

from .errors import ServiceError
from .models import DurableCount

log = logging.getLogger(__name__)


# The words of a refusal: English under /api/ (core.languages), the visitor's on a page.
@functools.cache
def guarded() -> dict[str, str]:
    """What each limit guards, by its name, in a refusal's words: as each app declares its
    own limits (``limit_words`` on its AppConfig)."""
    return {
        name: words
        for config in apps.get_app_configs()
        for name, words in getattr(config, "limit_words", {}).items()
    }


PER = {
    "address": gettext_lazy("from your address"),
    "account": gettext_lazy("for your account"),
    "username": gettext_lazy("for this username"),
    "username-address": gettext_lazy("for this username from your address"),
    "network": gettext_lazy("from your network"),
    "recipient": gettext_lazy("to this email address"),
    "recipient-address": gettext_lazy("to this email address from your address"),
}
PERIODS = {
    "s": gettext_lazy("a second"),
    "m": gettext_lazy("a minute"),
    "h": gettext_lazy("an hour"),
    "d": gettext_lazy("a day"),
}


class Throttled(ServiceError):
    """Past a limit: the services' one error family (``core.errors``), so the API's one
    exception handler answers it (429, ``Retry-After``); a page's, ``ThrottledMiddleware``."""

    status = 429
    code = "throttled"

    def __init__(self, what: str, per: str, rate: str, wait: int):
        count, _, period = rate.partition("/")
        rate = f"{count} {PERIODS.get(period, f'per {period}')}"
        self.wait = max(1, wait)
        self.detail = gettext("%(what)s %(per)s: at most %(rate)s; try again in %(wait)s s") % {
            "what": guarded()[what],
            "per": PER[per],
            "rate": rate,
            "wait": self.wait,
        }
        super().__init__(self.detail)


def _from_trusted_proxy(peer: str) -> bool:
    """Whether the connection comes from one of ``CALICO_TRUSTED_PROXIES`` (networks), or
    over a unix socket (no peer address: only a process on the host reaches it)."""
    if not peer:
        return True
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(net) for net in settings.CALICO_TRUSTED_PROXIES)


def client_address(request) -> str:
    """The caller's address (``CALICO_CLIENT_ADDRESS`` names the header behind a proxy); an
    IPv6 caller is counted by its /64 (one subscriber's link: one host can fill it with
    addresses), and the limits that guard accounts count its /48 too (``network_of``). The
    header is believed only on a connection from a trusted proxy: a client that reaches
    gunicorn directly could otherwise name a new address per request, past every per-address
    limit."""
    meta = request.META
    peer = meta.get("REMOTE_ADDR") or ""
    address = peer or "unknown"
    header = settings.CALICO_CLIENT_ADDRESS
    if header != "REMOTE_ADDR" and meta.get(header) and _from_trusted_proxy(peer):
        address = meta[header]
    # X-Forwarded-For is a list that each proxy appends the address it saw to: the last entry
    # is the one our proxy wrote; the first is whatever the client sent (a forged header
    # would give every request an address of its choosing, past every per-address limit).
    address = address.split(",")[-1].strip()
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)


def network_of(address: str) -> str | None:
    """The /48 around an IPv6 ``client_address`` (a site's whole allocation: one customer can
    fill its 65,536 /64s), or None for IPv4, whose one address is already all a host has."""
    try:
        network = ipaddress.ip_network(address, strict=False)
    except ValueError:
        return None
    return str(network.supernet(new_prefix=48)) if network.version == 6 else None


# Counted in the database, never skipped: what guards accounts and the boards' players.
DURABLE = ("password", "guests", "emails")


@functools.cache
def table() -> str:
    """Their counts' table: the one installed model that makes ``DurableCount`` concrete (an
    app's, whose migrations keep the table), read and written here by SQL."""
    (model,) = [model for model in apps.get_models() if issubclass(model, DurableCount)]
    return connection.ops.quote_name(model._meta.db_table)


SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _split(rate: str) -> tuple[int, int]:
    """``"10/h"`` (or ``"10/2h"``) as (count, seconds), as django-ratelimit reads a rate."""
    count, _, period = rate.partition("/")
    return int(count), int(period[:-1] or 1) * SECONDS[period[-1]]


def _durable_usage(group: str, value, rate: str, *, increment: bool) -> dict:
    """A fixed window's count in ``table()``, raised by one atomic upsert when
    ``increment`` (in the caller's transaction when there is one: a registration rolled back
    is not counted; a wrong password is counted outside any)."""
    limit, period = _split(rate)
    now = int(time.time())
    started = now - now % period
    key = hashlib.sha256(f"{group}:{value}".encode()).hexdigest()
    counts = table()
    with connection.cursor() as cursor:
        if increment:
            cursor.execute(
                f"INSERT INTO {counts} (key, started, count) VALUES (%s, %s, 1) "
                f"ON CONFLICT (key, started) DO UPDATE SET count = {counts}.count + 1 "
                "RETURNING count",
                [key, started],
            )
        else:
            cursor.execute(
                f"SELECT count FROM {counts} WHERE key = %s AND started = %s",
                [key, started],
            )
        found = cursor.fetchone()
    count = found[0] if found else 0
    return {
        "count": count,
        "limit": limit,
        "should_limit": count > limit,
        "time_left": started + period - now,
    }


def do_forget_old_counts(days: int = 2) -> int:
    """Delete the durable counts of windows that ended more than ``days`` ago."""
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table()} WHERE started < %s", [time.time() - days * 86400])
        return cursor.rowcount


def _usage(what: str, per: str, value, *, increment: bool) -> tuple[str, dict | None]:
    rate = settings.CALICO_LIMITS[f"{what}-{per.replace('_', '-')}"]
    if what in DURABLE:
        return rate, _durable_usage(f"{what}-{per}", value, rate, increment=increment)
    try:
        usage = get_usage(
            None,
            group=f"{what}-{per}",
            key=lambda _group, _request, value=value: str(value),
            rate=rate,
            increment=increment,
        )
    except Exception as exc:  # the cache is down: play on unlimited rather than fail
        log.warning("abuse limit %s-%s not counted: %s", what, per, exc)
        usage = None
    return rate, usage


def enforce(what: str, **keys) -> None:
    """Count one of ``what`` for each key given (``address=``, ``account=``, ``username=``;
    None is skipped) and raise ``Throttled`` past its rate. Called before the work it guards,
    so a refused request writes nothing; the counts live in the cache, outside any
    transaction, and are not taken back when the work later fails."""
    for per, value in keys.items():
        if value is None:
            continue
        rate, usage = _usage(what, per, value, increment=True)
        if usage is not None and usage["should_limit"]:
            raise Throttled(what, PER_KEYS.get(per, per), rate, usage["time_left"])


# Keyword arguments name the keys (``username_address=``); the settings say ``username-address``.
PER_KEYS = {"username_address": "username-address", "recipient_address": "recipient-address"}


def spent(what: str, **keys) -> Throttled | None:
    """The refusal for the first key given whose ``what`` has already reached its rate, or
    None, without counting this request (``record`` counts): for password failures, which
    are only known after the check."""
    for per, value in keys.items():
        if value is None:
            continue
        rate, usage = _usage(what, per, value, increment=False)
        if usage is not None and usage["count"] >= usage["limit"]:
            return Throttled(what, PER_KEYS.get(per, per), rate, usage["time_left"])
    return None


def counted(what: str, per: str, value) -> int:
    """How many of ``what`` were counted for one key in its current window."""
    _rate, usage = _usage(what, per, value, increment=False)
    return usage["count"] if usage is not None else 0


def record(what: str, **keys) -> None:
    """Count one of ``what`` for each key given, refusing nothing now."""
    for per, value in keys.items():
        if value is not None:
            _usage(what, per, value, increment=True)


def address_keys(address: str) -> dict:
    """The keys a limit that guards accounts counts an address by: the address (an IPv6 /64)
    and its network (the IPv6 /48 around it: one site's allocation; None for IPv4)."""
    return {"address": address, "network": network_of(address)}


def password_guarded(request_address: str, username: str | None, check):
    """``check()`` (a password check: the player, or None when wrong) under the wrong-password
    limits: refused first when this address or this (username, address) pair is spent (and
    the username itself, when this pair has failed for it: a guessing spread over many
    addresses), and a wrong answer counted. The log-in's backend and every other check of a
    player's password (deleting the account, changing its email) go through here."""
    key = username.lower() if isinstance(username, str) and username else None
    pair = f"{key}|{request_address}" if key else None
    refusal = spent("password", **address_keys(request_address), username_address=pair)
    if refusal is None and pair and counted("password", "username_address", pair):
        refusal = spent("password", username=key)
    if refusal is not None:
        raise refusal
    user = check()
    if user is None:
        record("password", **address_keys(request_address), username=key, username_address=pair)
    return user


class ThrottledMiddleware:
    """Answers ``Throttled`` from a view outside DRF (the pages, their log-in form): JSON under
    /api/, a page elsewhere. The API's views answer it in their exception handler."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, Throttled):
            return None
        if request.path.startswith("/api/"):
            body = {"error": "throttled", "detail": exception.detail}
            response = JsonResponse(body, status=429)
        else:
            context = {"detail": exception.detail}
            response = render(request, "core/throttled.html", context, status=429)
        response["Retry-After"] = str(exception.wait)
        return response
