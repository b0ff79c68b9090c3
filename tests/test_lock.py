"""requirements.lock covers pyproject.toml: a dependency added there without `make lock` fails here.

Every requirement of the dependencies and the dev extra, and everything those need (read from
the installed packages' metadata, so no network), is pinned in the lock at a version its
specifier allows; and the environment running the tests is the locked one (make install).
"""

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", re.MULTILINE)


def locked_pins(text):
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def project_requirements():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [
        Requirement(line)
        for line in [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    ]


def unlocked(requirements, pins):
    """The requirements (and theirs, over installed metadata) that the pins miss or contradict."""
    missing, seen = [], set()
    todo = [(requirement, "pyproject.toml") for requirement in requirements]
    while todo:
        requirement, wanted_by = todo.pop()
        name = canonicalize_name(requirement.name)
        if (name, frozenset(requirement.extras)) in seen:
            continue
        seen.add((name, frozenset(requirement.extras)))
        version = pins.get(name)
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            missing.append(
                f"{name}{requirement.specifier} (wanted by {wanted_by}; locked: {version})"
            )
            continue
        for line in metadata.requires(requirement.name) or []:
            needed = Requirement(line)
            environment = [{"extra": extra} for extra in requirement.extras] or [{"extra": ""}]
            if needed.marker is None or any(needed.marker.evaluate(env) for env in environment):
                todo.append((needed, requirement.name))
    return sorted(missing)


def test_the_lock_pins_every_requirement_of_pyproject():
    pins = locked_pins((ROOT / "requirements.lock").read_text(encoding="utf-8"))
    assert not unlocked(project_requirements(), pins), "run `make lock` (docs/operations.md)"


def test_a_requirement_missing_from_the_lock_is_found():
    pins = locked_pins((ROOT / "requirements.lock").read_text(encoding="utf-8"))
    del pins["drf-spectacular-sidecar"]  # needed only through drf-spectacular's extra
    pins["gunicorn"] = "21.2.0"  # below pyproject's gunicorn>=22
    assert unlocked(project_requirements(), pins) == [
        "drf-spectacular-sidecar (wanted by drf-spectacular; locked: None)",
        "gunicorn>=22 (wanted by pyproject.toml; locked: 21.2.0)",
    ]


def test_the_environment_is_the_locked_one():
    pins = locked_pins((ROOT / "requirements.lock").read_text(encoding="utf-8"))
    installed = {
        canonicalize_name(dist.metadata["Name"]): dist.version for dist in metadata.distributions()
    }
    differ = {
        name: (version, installed.get(name))
        for name, version in pins.items()
        if installed.get(name) != version
    }
    assert not differ, f"locked vs installed (make install): {differ}"
