"""ISO weeks as the site names them (``2026-W49``; the weekly special and the leagues): a week
runs from Monday 00:00 UTC to the next Monday 00:00 UTC, when it closes."""

import datetime
import re

WEEK = re.compile(r"(\d{4})-W(\d{2})", re.ASCII)  # no other script's digits


def parse_week(value: str) -> datetime.date:
    """The Monday of ``value``; ValueError naming the problem otherwise."""
    match = WEEK.fullmatch(value or "")
    if match is None:
        raise ValueError(f"week: {value!r} is not an ISO week like 2026-W49")
    year, number = int(match[1]), int(match[2])
    try:
        return datetime.date.fromisocalendar(year, number, 1)
    except ValueError:
        raise ValueError(f"week: {value!r} has no week {number} in {year}") from None


def week_name(monday: datetime.date) -> str:
    year, number, _ = monday.isocalendar()
    return f"{year}-W{number:02d}"


def week_start(day: datetime.date) -> datetime.date:
    """The Monday of ``day``'s week."""
    return day - datetime.timedelta(days=day.weekday())


def week_of(day: datetime.date) -> str:
    return week_name(week_start(day))


def closes_at(monday: datetime.date) -> datetime.datetime:
    start = datetime.datetime.combine(monday, datetime.time(), tzinfo=datetime.UTC)
    return start + datetime.timedelta(days=7)
