"""Every arrow points one way: the engine knows nothing of the site, the rules nothing of the
solver, reads nothing of writes, and the API and pages reach rows only through selectors and
services. Read from the source (every import, at any depth), so nothing is imported to check."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def project_apps() -> tuple[str, ...]:
    """The project's Django apps as ``INSTALLED_APPS`` names them (never typed here: a new app
    is checked the day it is installed), in their order, each a folder of this repository."""
    names = (app.split(".")[0] for app in settings.INSTALLED_APPS)
    return tuple(dict.fromkeys(n for n in names if (ROOT / n / "__init__.py").is_file()))


INSTALLED = project_apps()
# core: the site's plumbing, shared by every app (an installed app or not).
APPS = tuple(dict.fromkeys(("core", *INSTALLED)))
APP_LAYERS = [
    f"{app}.{layer}" for app in APPS for layer in ("models", "selectors", "services", "api")
]
NOT_IN_SHAPES = ("django", "rest_framework", *APP_LAYERS)
# The apps built on the daily's: those INSTALLED_APPS lists after ``puzzles`` (settings.py
# keeps them there), which puzzles never imports.
BUILT_ON_PUZZLES = INSTALLED[INSTALLED.index("puzzles") + 1 :]

# (modules under this prefix, must never import anything under these prefixes)
RULES = [
    ("solver", ("core", "puzzles", "calico_site", "django")),
    # The site's plumbing (errors, limits, sessions, languages, the API's shared parts): built
    # on Django and DRF alone; the daily and every app import it, it none of them.
    ("core", (*(app for app in APPS if app != "core"), "calico_site")),
    ("core.shapes", NOT_IN_SHAPES),
    ("solver.game", ("solver.search",)),
    ("puzzles.selectors", ("puzzles.services",)),
    ("puzzles.api", ("puzzles.models",)),
    ("puzzles.web", ("puzzles.models",)),
    # the share picture is drawn from what it is handed: it cannot read a row (or a quilt
    # before the close) by itself
    ("puzzles.share", ("puzzles.models", "puzzles.selectors", "puzzles.services", "django")),
    # The apps built on the daily's: they may import puzzles (players, games, the day and its
    # reads) and core (the error family, limits, the API's helpers), never puzzles them (each
    # declares its part of a player on its AppConfig: accounts.player_data), nor one the other
    # (reminders' form sits on the account page: it imports accounts).
    ("puzzles", BUILT_ON_PUZZLES),
    ("accounts", BUILT_ON_PUZZLES[1:]),
    ("accounts.selectors", ("accounts.services",)),
    ("accounts.api", ("puzzles.models",)),
    ("accounts.views", ("puzzles.models",)),
    (
        "drill",
        ("accounts", "groups", "versus", "ratings", "crowd", "reminders", "weekly", "strengths"),
    ),
    ("strengths", ("accounts", "groups", "versus", "ratings", "crowd", "reminders", "weekly")),
    # the leagues read the ratings (placement by rating); nothing reads the leagues
    ("leagues", ("accounts", "versus", "crowd", "weekly", "strengths", "drill", "duels")),
    *[(app, ("leagues",)) for app in BUILT_ON_PUZZLES if app != "leagues"],
    ("reminders", ("groups", "versus", "ratings", "crowd", "weekly")),
    ("crowd", ("accounts", "groups", "versus", "ratings")),
    ("groups", ("accounts", "versus", "ratings")),
    ("versus", ("accounts", "groups", "ratings")),
    ("ratings", ("accounts", "versus")),  # it reads groups (a group's board), nothing of versus
    # duels reads weekly (which special a scenario game's deal is) and pushes through
    # reminders (its subscriptions), nothing of the others
    ("duels", ("accounts", "groups", "versus", "ratings", "crowd", "strengths", "drill")),
    # The answers' shapes are plain typing: whatever imports them, they import no layer.
    ("puzzles.shapes", NOT_IN_SHAPES),
    ("groups.shapes", NOT_IN_SHAPES),
    ("versus.shapes", NOT_IN_SHAPES),
    ("groups.selectors", ("groups.services", "puzzles.services")),
    ("groups.api", ("groups.models", "puzzles.models")),
    ("groups.views", ("groups.models", "puzzles.models")),
    ("versus.selectors", ("versus.services", "puzzles.services")),
    ("versus.api", ("versus.models", "puzzles.models")),
    ("versus.views", ("versus.models", "puzzles.models")),
    ("reminders.shapes", NOT_IN_SHAPES),
    ("strengths.shapes", NOT_IN_SHAPES),
    ("drill.shapes", NOT_IN_SHAPES),
    ("leagues.shapes", NOT_IN_SHAPES),
    ("leagues.selectors", ("leagues.services", "puzzles.services")),
    ("leagues.api", ("leagues.models", "puzzles.models")),
    ("leagues.views", ("leagues.models", "puzzles.models")),
    ("drill.selectors", ("drill.services", "puzzles.services")),
    ("drill.api", ("drill.models", "puzzles.models")),
    ("drill.views", ("drill.models", "puzzles.models")),
    ("strengths.dashboard", ("django", "puzzles")),  # pure: the engine and nothing else
    ("reminders.selectors", ("reminders.services", "puzzles.services")),
    ("reminders.api", ("reminders.models", "puzzles.models")),
    ("reminders.views", ("reminders.models", "puzzles.models")),
    ("duels.shapes", NOT_IN_SHAPES),
    ("duels.verdict", ("django", "puzzles")),  # pure: plain data in, plain data out
    ("duels.selectors", ("duels.services", "puzzles.services")),
    ("duels.api", ("duels.models", "puzzles.models")),
    ("duels.views", ("duels.models", "puzzles.models")),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[str, int]]:
    """The absolute names a module imports, with their lines; ``from a import b`` counts as
    both ``a`` and ``a.b`` (b may be a submodule)."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module
            found.append((base, node.lineno))
            found += [(f"{base}.{alias.name}", node.lineno) for alias in node.names]
    return found


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def modules_under(prefix: str) -> list[Path]:
    base = ROOT.joinpath(*prefix.split("."))
    if base.with_suffix(".py").is_file():  # a module, not a package
        return [base.with_suffix(".py")]
    return sorted(p for p in base.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize(("source", "forbidden"), RULES, ids=[rule[0] for rule in RULES])
def test_no_import_points_the_wrong_way(source, forbidden):
    paths = modules_under(source)
    assert paths, f"no modules under {source}"
    wrong = [
        f"{module_name(path)}:{line} imports {name}"
        for path in paths
        for name, line in imports_of(path)
        if any(under(name, prefix) for prefix in forbidden)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("app", [*APPS, "calico_site", "bench"])
def test_no_module_imports_another_modules_private_names(app):
    """What modules share has a public name in a named module (``core.api.common``, the
    views' helpers), never ``from .views import _valid``."""
    wrong = [
        f"{module_name(path)}:{node.lineno} imports {node.module}.{alias.name}"
        for path in modules_under(app)
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert not wrong, "\n".join(wrong)


def import_graph(prefix: str) -> dict[str, set[str]]:
    """Each module under ``prefix`` and the modules under it that it imports, at any depth
    (a lazy import inside a function closes a circle as surely as one at the top)."""
    modules = {module_name(path): path for path in modules_under(prefix)}
    graph = {}
    for module, path in modules.items():
        graph[module] = set()
        for name, _ in imports_of(path):
            parts = name.split(".")
            known = (".".join(parts[:k]) for k in range(len(parts), 0, -1))
            target = next((m for m in known if m in modules), None)
            if target not in (None, module):
                graph[module].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, found = {}, {}, [], []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("prefix", ["solver", *APPS, "calico_site"])
def test_no_modules_import_each_other(prefix):
    """No circles: a module that needs another's work at run time is handed it, or sends a
    task by name, rather than importing back."""
    assert not circles(import_graph(prefix))


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_relative_imports_resolve_to_absolute_names():
    """The resolver itself: a wrong resolution would let every arrow pass."""
    path = ROOT / "puzzles" / "api" / "views.py"
    names = {name for name, _ in imports_of(path)}
    assert {"puzzles.auth", "puzzles.selectors.games", "puzzles.api.serializers"} <= names


def site_apps() -> list[str]:
    """The site's own apps, as INSTALLED_APPS names them (those whose package is a folder of
    this repository), never a list kept by hand."""
    from django.apps import apps

    return [c.name for c in apps.get_app_configs() if Path(c.path).parent == ROOT]


def app_named(text: str, names) -> str | None:
    """The first of ``names`` that ``text`` names as an app: a module or a template's folder
    (``puzzles.models``, ``puzzles/base.html``), a table's or URL namespace's prefix
    (``puzzles_limitcount``, ``versus:table``), in backticks, or the whole string (a key, a
    package's name); None if it names none. The same word in prose is not an app ("the limits
    that guard accounts")."""
    for name in names:
        as_code = rf"\b{re.escape(name)}(?=[./:_]\w)|`{re.escape(name)}`"
        if text.strip() == name or re.search(as_code, text):
            return name
    return None


def strings_of(path: Path) -> list[tuple[str, int]]:
    """Every string a module holds (docstrings and f-strings' parts too), with its line."""
    tree = ast.parse(path.read_text(), str(path))
    return [
        (node.value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_core_imports_no_other_app():
    """The site's machinery is built on Django and its libraries alone: every app imports
    core, core none of them (nor the project's settings package)."""
    others = [app for app in site_apps() if app != "core"]
    assert "puzzles" in others, others
    wrong = [
        f"{module_name(path)}:{line} imports {name}"
        for path in modules_under("core")
        for name, line in imports_of(path)
        if any(under(name, app) for app in (*others, "calico_site"))
    ]
    assert not wrong, "\n".join(wrong)


def test_core_names_no_other_app():
    """Nor does core name one in a string (a template, a table, a module by its path, a
    catalog): it finds what the apps declare over the installed apps and models. Its
    templates are held to the same."""
    others = [app for app in site_apps() if app != "core"]
    wrong = [
        f"{path.relative_to(ROOT)}:{line} names {found}: {text[:60]!r}"
        for path in modules_under("core")
        for text, line in strings_of(path)
        if (found := app_named(text, others))
    ]
    templates = sorted((ROOT / "core" / "templates").rglob("*.html"))
    assert templates
    wrong += [
        f"{path.relative_to(ROOT)}:{number} names {found}"
        for path in templates
        for number, text in enumerate(path.read_text().splitlines(), 1)
        if (found := app_named(text, others))
    ]
    assert not wrong, "\n".join(wrong)


def test_a_named_app_is_found():
    """The finder itself: a template path, a table, a module, a key; not prose, nor a longer
    word."""
    named = ("puzzles/base.html", "puzzles_limitcount", "puzzles.models", "``puzzles``")
    for text in (*named, "puzzles", "the web:daily and puzzles:x names"):
        assert app_named(text, ["puzzles"]) == "puzzles", text
    for text in ("puzzlesome things", "the limits that guard puzzles.", "jigsaw_puzzles"):
        assert app_named(text, ["puzzles"]) is None, text


def test_every_app_of_the_repository_is_installed_and_checked():
    """The lists above come from INSTALLED_APPS: a folder with an ``apps.py`` that is not
    installed would be checked by nothing."""
    with_config = {path.parent.name for path in ROOT.glob("*/apps.py")}
    assert with_config <= set(INSTALLED), with_config - set(INSTALLED)
    assert "puzzles" in INSTALLED and BUILT_ON_PUZZLES, INSTALLED
