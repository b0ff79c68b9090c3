"""The caller's address behind a proxy (issue 47): the proxy's header (``CALICO_CLIENT_ADDRESS``)
is believed only on a connection from ``CALICO_TRUSTED_PROXIES``; a client that reaches
gunicorn directly is counted by its own address, whatever header it forges."""

import pytest
from django.test import RequestFactory
from helpers.limits import assert_throttled
from rest_framework.test import APIClient

from core.limits import client_address


@pytest.mark.parametrize("header", ["HTTP_X_REAL_IP", "HTTP_X_FORWARDED_FOR"])
def test_the_header_is_believed_from_a_trusted_proxy_only(settings, header):
    settings.CALICO_CLIENT_ADDRESS = header
    proxied = RequestFactory(**{header: "198.51.100.9", "REMOTE_ADDR": "127.0.0.1"}).get("/")
    assert client_address(proxied) == "198.51.100.9"
    direct = RequestFactory(**{header: "198.51.100.9", "REMOTE_ADDR": "203.0.113.50"}).get("/")
    assert client_address(direct) == "203.0.113.50"
    unix = RequestFactory(**{header: "198.51.100.9", "REMOTE_ADDR": ""}).get("/")
    assert client_address(unix) == "198.51.100.9"  # a unix socket: only the host reaches it
    settings.CALICO_TRUSTED_PROXIES = ["203.0.113.0/24"]
    assert client_address(direct) == "198.51.100.9"  # a proxy on another host, configured
    assert client_address(proxied) == "127.0.0.1"


def test_a_forged_real_ip_on_a_direct_connection_passes_no_limit(db, settings, limits):
    settings.CALICO_CLIENT_ADDRESS = "HTTP_X_REAL_IP"
    limits(password_address="3/d")
    attacker = APIClient(REMOTE_ADDR="203.0.113.50")
    wrong = {"username": "nobody", "password": "guess"}
    for n in range(3):
        forged = {"HTTP_X_REAL_IP": f"198.51.100.{n}"}
        assert attacker.post("/api/auth/token/", wrong, **forged).status_code == 400
    again = attacker.post("/api/auth/token/", wrong, HTTP_X_REAL_IP="198.51.100.99")
    assert_throttled(again, "password checks from your address")
    # Behind the trusted proxy each client is its own address.
    proxy = APIClient(REMOTE_ADDR="127.0.0.1")
    assert proxy.post("/api/auth/token/", wrong, HTTP_X_REAL_IP="198.51.100.7").status_code == 400
