"""The reminders' answer shape (``GET/PUT /api/me/reminders/``)."""

import datetime
from typing import Annotated, TypedDict


class RemindersOut(TypedDict):
    email: Annotated[bool, "an email each day at ``hour`` unless today's daily is played"]
    push: Annotated[bool, "a Web Push reminder, to each of the player's subscriptions"]
    hour: Annotated[int, "0-23, in ``time_zone``"]
    time_zone: Annotated[str, "an IANA time zone name, e.g. Europe/Madrid"]


class PushSubscriptionOut(TypedDict):
    endpoint: str
    created_at: datetime.datetime


class PushSubscriptionExportOut(TypedDict):
    endpoint_host: Annotated[str, "the push service's host (the keys are not exported)"]
    created_at: datetime.datetime
