"""The docs describe the present: every path they name exists in the tree, and every
backticked ``UPPER_CASE`` setting or constant is read or defined by the code. docs/history/
keeps the story of how things came to be, and is not held to the present. The README stays
one screen.

A path is a link's target, or a backticked word with a ``/`` or a file's extension. It exists
if it names a file or folder of the tree: from the root, from the doc's folder, or as the end of
a longer path (the docs name an app's ``services/games.py`` inside the app's row). Folders that
running the site makes (``var/``, ``test-artifacts/``: git-ignored) count as present.
"""

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted(
    [ROOT / "README.md", *(p for p in (ROOT / "docs").rglob("*.md") if "history" not in p.parts)]
)
# Made by a run, never committed (.gitignore): a doc may name what lands there.
MADE_BY_RUNS = (".venv", "node_modules", "var", "test-artifacts", "staticfiles", "build")
SKIPPED = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", *MADE_BY_RUNS}
EXTENSIONS = {
    "py",
    "js",
    "mjs",
    "html",
    "css",
    "json",
    "jsonc",
    "md",
    "toml",
    "po",
    "txt",
    "conf",
    "sh",
    "yml",
    "yaml",
    "png",
    "svg",
    "lock",
    "cfg",
    "ini",
    "jsonl",
    "sql",
    "webmanifest",
}
# Named by the docs, never part of the tree: a machine's own files.
OUTSIDE_THE_TREE = {"pip.conf"}
# Backticked capitals that are SQL's words, not settings or constants.
SQL_WORDS = {"OFFSET", "LIMIT", "SELECT", "FOR", "UPDATE", "SKIP", "LOCKED"}
README_LINES = 85  # one screen of a laptop's editor, give or take

BACKTICKED = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
PATH = re.compile(r"[\w.\-]*/[\w.\-/]*|[\w\-]+\.[a-z]+")
CONSTANT = re.compile(r"(?:settings\.|tasks\.)?([A-Z][A-Z0-9_]*[A-Z0-9])(?:=\S*)?")


@cache
def tree() -> frozenset[str]:
    """Every file and folder of the repository, as paths from its root."""
    found = set()
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.name in SKIPPED:
                continue
            found.add(str(entry.relative_to(ROOT)))
            if entry.is_dir():
                stack.append(entry)
    return frozenset(found)


@cache
def endings() -> frozenset[str]:
    """Every tail of every path in the tree (``a/b/c`` gives ``c``, ``b/c`` and ``a/b/c``)."""
    tails = set()
    for path in tree():
        parts = path.split("/")
        tails.update("/".join(parts[k:]) for k in range(len(parts)))
    return frozenset(tails)


def django_setting(name: str) -> bool:
    """One of Django's own settings, named at its default (``CSRF_COOKIE_HTTPONLY``)."""
    from django.conf import global_settings

    return hasattr(global_settings, name)


@cache
def code_words() -> frozenset[str]:
    """Every UPPER_CASE word of the code and its configuration (no doc counts, nor this file)."""
    words = set()
    for path in tree():
        file = ROOT / path
        if (
            file.suffix == ".md"
            or file == Path(__file__).resolve()
            or not file.is_file()
            or file.stat().st_size > 2_000_000
        ):
            continue
        if file.suffix in (".png", ".svg", ".ico", ".mo", ".woff2", ".jpg", ".sqlite3"):
            continue
        try:
            text = file.read_text()
        except UnicodeDecodeError:
            continue
        words.update(re.findall(r"[A-Z][A-Z0-9_]+", text))
    return frozenset(words)


def named_paths(doc: Path) -> set[tuple[str, str]]:
    """(kind, path) for each link target and each backticked word that is a path of ours: a
    file's name with its extension, or a path from a folder at the tree's root. Placeholders
    (``NAME``, ``<app>``, ``*``), URLs and a route's parts (``solver-games/par/``) are not."""
    text = doc.read_text()
    found = set()
    for target in LINK.findall(text):
        if not re.match(r"[a-z]+:|#", target):
            found.add(("link", target.split("#")[0]))
    top = {path for path in tree() if "/" not in path}
    for word in BACKTICKED.findall(FENCE.sub("", text)):
        word = re.sub(r"(::.*|:\d+)$", "", word.rstrip(".,;"))
        word = re.sub(r"^(\.\./|\./)+", "", word)  # relative to the file that names it
        if (
            not re.fullmatch(PATH, word)
            or word.startswith("/")
            or "//" in word
            or re.search(r"(?<![a-z])[A-Z]+(?![a-z])", word.replace("LC_MESSAGES", ""))  # NAME
            or re.fullmatch(r"[\d./]+", word)  # an address
        ):
            continue
        has_extension = word.rsplit("/", 1)[-1].rsplit(".", 1)[-1] in EXTENSIONS
        if has_extension or word.split("/")[0] in top:
            found.add(("name", word))
    return found


def exists(doc: Path, kind: str, path: str) -> bool:
    path = path.rstrip("/")
    if not path or path in OUTSIDE_THE_TREE:
        return True
    if kind == "link":
        return (doc.parent / path).resolve().exists()
    if path.split("/")[0] in MADE_BY_RUNS or "__pycache__" in path.split("/"):
        return True
    migration = re.fullmatch(r"(\w+)/(\d{4}_\w+)", path)  # an app's migration by name
    if migration:
        path = f"{migration[1]}/migrations/{migration[2]}.py"
    return any(
        candidate in endings() or (doc.parent / candidate).exists()
        for candidate in (path, f"{path}.py")  # a module by its path: puzzles/tasks
    )


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_every_path_a_doc_names_exists(doc):
    missing = sorted(p for kind, p in named_paths(doc) if not exists(doc, kind, p))
    assert not missing, f"{doc.relative_to(ROOT)} names what the tree does not hold: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_every_setting_or_constant_a_doc_names_is_in_the_code(doc):
    named = {
        match.group(1)
        for word in BACKTICKED.findall(doc.read_text())
        for match in [CONSTANT.fullmatch(word.strip())]
        if match
    }
    missing = sorted(n for n in named - code_words() - SQL_WORDS if not django_setting(n))
    assert not missing, f"{doc.relative_to(ROOT)} names what no code reads: {missing}"


def test_the_checks_see_a_missing_path_and_a_missing_setting():
    """The checks themselves: a wrong one would let every doc pass."""
    doc = ROOT / "docs" / "design.md"
    assert not exists(doc, "name", "puzzles/services/no_such_module.py")
    assert exists(doc, "name", "services/games.py") and exists(doc, "name", "var/mail/")
    assert not exists(doc, "link", "no-such-doc.md") and exists(doc, "link", "api.md")
    assert "CALICO_HINT_SECONDS" in code_words() and "CALICO_NO_SUCH_SETTING" not in code_words()


def test_the_readme_stays_one_screen():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines: move the detail to docs/"
