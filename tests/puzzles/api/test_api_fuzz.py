"""Whatever a client sends that the schema allows (and much it does not), the API answers
without a server error, and what it answers matches the schema. Requests come from
schemathesis, generated from /api/schema/."""

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from calico_site.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def keep_test_connection(token):
    """Calls go straight to the WSGI app; like Django's test client, keep the request
    signals from closing the test's database connection (it holds the test transaction).
    After ``token``: the test client used there reconnects the signals when it is done."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(alice, daily, start_game, client_for):
    start_game(client_for(alice))  # a game to aim at: ids 1.. are tried by the generator
    from accounts.services.players import do_ensure_token

    return do_ensure_token(alice)


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.django_db
def test_no_server_errors(case, token, keep_test_connection):
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[not_a_server_error, status_code_conformance, response_schema_conformance],
    )


# Bad input: requests that break the schema on purpose (wrong types, missing fields, junk).
# (The daily and a challenge by date take no input a schema can refuse: the test above has them.)
bad_input = schemathesis.openapi.from_wsgi("/api/schema/", application).exclude(
    method="GET", path=["/api/daily/", "/api/challenges/{date}/"]
)
bad_input.config.generation.modes = [GenerationMode.NEGATIVE]


def errors_are_4xx_with_a_message(ctx, response, case) -> None:
    """An error is never a server error, and says what was wrong as ``{error, detail}``."""
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert body["error"] and body["detail"], body


@bad_input.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.django_db
def test_bad_input_gets_a_4xx_with_a_message(case, token, keep_test_connection):
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[not_a_server_error, status_code_conformance, errors_are_4xx_with_a_message],
    )


# Every limit at one request a day (issue 47, point 5): each operation that counts towards a
# limit answers 429 from its second call on, and that 429 must be in its schema like any other
# status it answers.
throttled = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def every_limit_at_one(settings):
    settings.CALICO_LIMITS = dict.fromkeys(settings.CALICO_LIMITS, "1/d")


@throttled.parametrize()
@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.django_db
def test_every_status_under_tight_limits_is_documented(
    case, token, keep_test_connection, every_limit_at_one
):
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[not_a_server_error, status_code_conformance],
    )
