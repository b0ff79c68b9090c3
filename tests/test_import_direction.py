"""Every arrow points one way: the engine knows nothing of the site, the rules nothing of the
solver, reads nothing of writes, and the API and pages reach rows only through selectors and
services. Read from the source (every import, at any depth), so nothing is imported to check."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

APPS = (
    "core",
    "puzzles",
    "groups",
    "versus",
    "ratings",
    "crowd",
    "reminders",
    "strengths",
    "drill",
    "leagues",
)
APP_LAYERS = [
    f"{app}.{layer}" for app in APPS for layer in ("models", "selectors", "services", "api")
]
NOT_IN_SHAPES = ("django", "rest_framework", *APP_LAYERS)
BUILT_ON_PUZZLES = (
    "groups",
    "versus",
    "ratings",
    "crowd",
    "reminders",
    "weekly",
    "strengths",
    "drill",
    "leagues",
)
# (modules under this prefix, must never import anything under these prefixes)
RULES = [
    ("solver", ("core", "puzzles", "calico_site", "django")),
    # The site's plumbing (errors, limits, sessions, languages, the API's shared parts): built
    # on Django and DRF alone; the daily and every app import it, it none of them.
    ("core", ("puzzles", *BUILT_ON_PUZZLES, "calico_site")),
    ("core.shapes", NOT_IN_SHAPES),
    ("solver.game", ("solver.search",)),
    ("puzzles.selectors", ("puzzles.services",)),
    ("puzzles.api", ("puzzles.models",)),
    ("puzzles.web", ("puzzles.models",)),
    # the share picture is drawn from what it is handed: it cannot read a row (or a quilt
    # before the close) by itself
    ("puzzles.share", ("puzzles.models", "puzzles.selectors", "puzzles.services", "django")),
    # The apps built on the daily's: they may import puzzles (players, games, the day and its
    # reads) and core (the error family, limits, the API's helpers), never puzzles them (it
    # tells them by puzzles.signals), nor one the other.
    ("puzzles", BUILT_ON_PUZZLES),
    ("drill", ("groups", "versus", "ratings", "crowd", "reminders", "weekly", "strengths")),
    # the leagues read the ratings (placement by rating); nothing reads the leagues
    ("leagues", ("versus", "crowd", "weekly", "strengths", "drill")),
    *[(app, ("leagues",)) for app in BUILT_ON_PUZZLES if app != "leagues"],
    ("strengths", ("groups", "versus", "ratings", "crowd", "reminders", "weekly")),
    ("reminders", ("groups", "versus", "ratings", "crowd", "weekly")),
    ("crowd", ("groups", "versus", "ratings")),
    ("groups", ("versus", "ratings")),
    ("versus", ("groups", "ratings")),
    ("ratings", ("versus",)),  # it reads groups (a group's board), nothing of versus
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


@pytest.mark.parametrize(
    "app", ["core", "puzzles", "groups", "versus", "ratings", "crowd", "calico_site", "bench"]
)
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


@pytest.mark.parametrize(
    "prefix", ["solver", "core", "puzzles", "groups", "versus", "ratings", "crowd", "calico_site"]
)
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
