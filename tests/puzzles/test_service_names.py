"""The services' one calling rule (``puzzles/services/__init__.py``): a ``do_*`` takes its first
argument positionally, the rest keyword-only, and never the HTTP request."""

import importlib
import inspect
import pkgutil

import accounts.services
import puzzles.services

# The apps built on puzzles keep its rule: their services are one module each.
APP_SERVICES = [
    "groups.services",
    "versus.services",
    "reminders.services",
    "strengths.services",
    "drill.services",
    "weekly.services",
    "duels.services",
]

POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD


def writes() -> list:
    found = []
    names = [
        f"{package.__name__}.{info.name}"
        for package in (puzzles.services, accounts.services)
        for info in pkgutil.iter_modules(package.__path__)
    ]
    for name in [*names, *APP_SERVICES]:
        module = importlib.import_module(name)
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("do_") and function.__module__ == module.__name__:
                found.append(function)
    return found


def test_every_write_takes_its_first_argument_positionally_and_the_rest_by_keyword():
    found = writes()
    assert len(found) > 20, "the services' do_* functions were not found"
    wrong = []
    for function in found:
        kinds = [p.kind for p in inspect.signature(function).parameters.values()]
        names = list(inspect.signature(function).parameters)
        # The subject, if any, positional; everything after it (or every option of a write
        # that acts on no one row) keyword-only.
        rest = kinds[1:] if kinds[:1] == [POSITIONAL] else kinds
        rest_by_keyword = all(kind == inspect.Parameter.KEYWORD_ONLY for kind in rest)
        if not rest_by_keyword or "request" in names:
            wrong.append(f"{function.__module__}.{function.__name__}{inspect.signature(function)}")
    assert not wrong, "\n".join(wrong)
