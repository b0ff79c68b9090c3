"""Web Push (pywebpush): a reminder encrypted to one browser's subscription (aes128gcm) and
signed for its push service with the site's VAPID key (settings ``VAPID_*``).

A player chooses the URL the server POSTs to, so an endpoint is held to what a push service
is (docs/operations.md, "Reminders"): an https URL (``CALICO_PUSH_SCHEMES``) to a host name,
not an IP address, with no user name or password, on port 443 (``CALICO_PUSH_PORTS``), that
resolves only to public addresses. That is checked when it is subscribed and again right
before each push, and the push connects to the very address checked (no second lookup that
a DNS rebinding could answer differently); a redirect is never followed."""

import base64
import binascii
import ipaddress
import json
import logging
import re
import socket
import time
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush
from requests import RequestException, Session
from requests import exceptions as request_errors
from requests.adapters import HTTPAdapter
from urllib3.exceptions import NewConnectionError

log = logging.getLogger(__name__)
GONE = {404, 410}  # the push service's word that the subscription no longer exists
MAX_SUBSCRIPTIONS = 5  # a player's; a sixth replaces the oldest (services.py)
DEFAULT_PORTS = {"https": 443, "http": 80}
LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
NUMERIC = re.compile(r"0x[0-9a-f]*|[0-9]+")  # a last label the resolver reads as an address
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class Refused(ValueError):
    """An endpoint or keys the site does not push to; ``lasting`` when the subscription can
    never pass (its URL's form, its keys), not when its host resolves badly today."""

    def __init__(self, message: str, *, lasting: bool = True):
        super().__init__(message)
        self.lasting = lasting


def offered() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to (the one lookup of a push; tests replace it)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(sockaddr[0] for *_rest, sockaddr in found))


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if ip.is_loopback and settings.CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY:
        return True
    if ip.version == 6:  # an IPv4 address carried inside IPv6 is judged as itself too
        carried = [ip.ipv4_mapped, ip.sixtofour]
        if ip in NAT64:
            carried.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        if any(inner is not None and not _public(str(inner)) for inner in carried):
            return False
    return ip.is_global and not ip.is_multicast


def endpoint_host(endpoint: str) -> str:
    return urlsplit(endpoint).hostname or ""


def check_form(endpoint: str) -> tuple[str, int]:
    """The endpoint's host name and port, or ``Refused`` naming what is wrong, before any
    lookup or connection."""
    parts = urlsplit(endpoint)
    if parts.scheme.lower() not in settings.CALICO_PUSH_SCHEMES:
        raise Refused(_("endpoint: a push service's https URL"))
    if "@" in parts.netloc:
        raise Refused(_("endpoint: no user name or password in the URL"))
    host = (parts.hostname or "").rstrip(".")
    labels = host.split(".")
    if not host or NUMERIC.fullmatch(labels[-1]) or not all(map(LABEL.fullmatch, labels)):
        raise Refused(_("endpoint: a push service's host name, not an IP address"))
    try:
        port = parts.port or DEFAULT_PORTS[parts.scheme.lower()]
    except ValueError:
        raise Refused(_("endpoint: not a port number")) from None
    if port not in settings.CALICO_PUSH_PORTS:
        raise Refused(_("endpoint: port %(port)s is not a push service's") % {"port": port})
    return host, port


def check_endpoint(endpoint: str) -> list[str]:
    """The addresses to push to, once the endpoint's form passes and every address its host
    resolves to now is public; else ``Refused``."""
    host, port = check_form(endpoint)
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError):
        raise Refused(_("endpoint: its host name does not resolve"), lasting=False) from None
    if not addresses or not all(map(_public, addresses)):
        raise Refused(_("endpoint: its host is not a public address"), lasting=False)
    return addresses


def _unbase64url(text: str) -> bytes | None:
    if not isinstance(text, str) or not re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", text):
        return None
    bare = text.rstrip("=")
    try:
        return base64.urlsafe_b64decode(bare + "=" * (-len(bare) % 4))
    except (binascii.Error, ValueError):
        return None


def check_keys(p256dh: str, auth: str) -> None:
    """A browser's keys: ``p256dh`` a P-256 point (65 bytes, uncompressed), ``auth`` 16
    bytes, both base64url; else ``Refused``."""
    point = _unbase64url(p256dh)
    try:
        if point is None or len(point) != 65:
            raise ValueError
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise Refused(_("keys.p256dh: a P-256 public key, base64url")) from None
    secret = _unbase64url(auth)
    if secret is None or len(secret) != 16:
        raise Refused(_("keys.auth: 16 bytes, base64url"))


class _PinnedAdapter(HTTPAdapter):
    """Connects to the address checked, whatever the name resolves to now; TLS still checks
    the certificate against the host name (SNI and hostname verification)."""

    def __init__(self, address: str):
        self.address = address
        super().__init__(max_retries=0)

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert
        )
        name, host_params["host"] = host_params["host"], self.address
        if host_params["scheme"] == "https":
            pool_kwargs["server_hostname"] = pool_kwargs["assert_hostname"] = name
        return host_params, pool_kwargs


CA_BUNDLE: bool | str = True  # the certificates trusted: requests' own (certifi)


class _PinnedSession(Session):
    """The one request of a push: to ``address``, no proxy from the environment, and a
    redirect answered is the push's failure, never followed."""

    def __init__(self, endpoint: str, address: str):
        super().__init__()
        self.trust_env = False
        self.verify = CA_BUNDLE
        self.max_redirects = 0
        self.headers["Host"] = urlsplit(endpoint).netloc  # the pool's host is the address
        for prefix in ("https://", "http://"):
            self.mount(prefix, _PinnedAdapter(address))

    def request(self, method, url, **kwargs):
        kwargs["allow_redirects"] = False
        return super().request(method, url, **kwargs)


def send(subscription, payload: dict) -> bool:
    """Push ``payload`` (JSON) to ``subscription``; False when its push service says it is
    gone (the caller forgets it). ``Refused`` when it no longer passes the checks; any other
    failure (a redirect, an error, no answer within ``CALICO_PUSH_SECONDS``) is logged, not
    retried."""
    check_keys(subscription.p256dh, subscription.auth)
    addresses = check_endpoint(subscription.endpoint)
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    deadline = time.monotonic() + settings.CALICO_PUSH_SECONDS
    for address in addresses:  # the next one only when this one cannot be reached
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            webpush(
                info,
                data=json.dumps(payload),
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},  # pywebpush adds aud and exp
                ttl=6 * 3600,  # a phone offline until evening still gets today's
                timeout=left,
                requests_session=_PinnedSession(subscription.endpoint, address),
            )
        except WebPushException as error:
            if getattr(error.response, "status_code", None) in GONE:
                return False
            log.warning("push to subscription %s failed: %s", subscription.pk, error)
        except request_errors.ConnectionError as error:
            if not isinstance(error, request_errors.ConnectTimeout) and _unreached(error):
                continue
            log.warning("push to subscription %s failed: %s", subscription.pk, error)
        except RequestException as error:  # no answer in time: this one push is lost
            log.warning("push to subscription %s failed: %s", subscription.pk, error)
        return True
    log.warning("push to subscription %s failed: no address reached", subscription.pk)
    return True


def _unreached(error: Exception) -> bool:
    """The connection itself failed (refused, unreachable): nothing was sent there."""
    reason = getattr(error.args[0] if error.args else None, "reason", None)
    return isinstance(reason, NewConnectionError)
