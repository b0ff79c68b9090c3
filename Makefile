# The two front-door commands: `make serve` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

PORT ?= 8000
# PostgreSQL for the test database when it answers, else SQLite (tests/conftest.py).
TEST_DATABASE_URL = $(shell $(PY) -c "import socket; socket.create_connection(('127.0.0.1', 5432), 1)" 2>/dev/null && echo postgres://postgres@127.0.0.1:5432/test)

.PHONY: install lock test test-all test-fast lint format bench serve

# Every package, pip and setuptools included, comes from requirements.lock: pinned with its
# hashes (pip refuses any other file), so two clean clones install the same versions. The
# project itself goes in editable and without dependencies, built by the locked setuptools.
# pip-sync drops what the lock no longer names (PYTHONWARNINGS: setuptools' caution about editable
# installs is noise). Made again when the lock or pyproject.toml changes.
LOCK := requirements.lock
$(STAMP): $(LOCK) pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	$(VENV)/bin/pip-sync --quiet $(LOCK)
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -c "from solver.search.fastcore import warm; warm()"  # compile the solver's core
	touch $(STAMP)

# requirements.lock from pyproject.toml's dependencies and dev extra (docs/operations.md, "Adding
# a dependency"). The pins already in the lock stay unless named, e.g.
# `make lock LOCK_ARGS="--upgrade-package gunicorn"` (or `--upgrade` for all). Resolved on PyPI
# alone, whatever a machine's pip.conf adds, so that the hashes are PyPI's.
LOCK_ARGS ?=
lock: $(STAMP)
	env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL PIP_CONFIG_FILE=/dev/null \
	  CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --generate-hashes \
	  --allow-unsafe --strip-extras --extra dev --no-emit-index-url --no-emit-find-links $(LOCK_ARGS) \
	  --output-file $(LOCK) pyproject.toml 2>$(VENV)/pip-compile.log \
	  || { cat $(VENV)/pip-compile.log; exit 1; }

# The translations (puzzles/locale/*/LC_MESSAGES/*.po, docs/design.md) compiled to .mo files,
# which are build output (git-ignored); made again when a .po changes. Needs gettext's msgfmt.
MESSAGES := $(patsubst %.po,%.mo,$(wildcard puzzles/locale/*/LC_MESSAGES/*.po))
$(MESSAGES): %.mo: %.po | $(STAMP)
	$(PY) manage.py compilemessages -v0 --ignore=.venv --ignore=var --ignore=node_modules


# axe-core for the accessibility browser test and Biome for make lint (package-lock.json pins
# them; node_modules/ is git-ignored); npm ci runs again only when the lock file changes.
NODE_STAMP := node_modules/.package-lock.json
BIOME := node_modules/.bin/biome
$(NODE_STAMP): package-lock.json
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund --loglevel=error; \
	else echo "npm not found: make lint needs Node.js (Biome), and tests/e2e/test_accessibility.py skips (fails under CI=true) without it"; fi

install: $(STAMP) $(MESSAGES) $(NODE_STAMP)

# Python with ruff, the static JS with Biome (biome.jsonc); any warning fails.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(BIOME) lint --error-on-warnings .

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .
	$(BIOME) lint --write .

# Every test, on every core (pytest-xdist: each worker its own database and queues), keeping
# this checkout's test database between runs (--reuse-db: only new migrations run; add
# PYTEST_ARGS=--create-db to start afresh). tests/parts.py first: a missing PostgreSQL, Redis,
# Chromium, libfaketime or axe-core stops the run with one line saying how to install it,
# unless named in CALICO_SKIP (e.g. CALICO_SKIP=chromium,node: their tests skip).
# Three sizes (the markers: tests/conftest.py): `test-fast` the in-process tests alone (no
# browser, live server or process of their own: not `slow`); `test` every test but the
# minutes-long `ci` ones (the soak, the broker race); `test-all` every test, what CI runs
# (.ci/run).
TEST_WORKERS ?= 2
PYTEST = DATABASE_URL="$${DATABASE_URL:-$(TEST_DATABASE_URL)}" $(PY) -m pytest -n $(TEST_WORKERS) --reuse-db
test: lint
	$(PY) tests/parts.py
	$(PY) manage.py collectstatic --noinput -v0
	$(PYTEST) -m "not ci" $(PYTEST_ARGS)

test-all: lint
	$(PY) tests/parts.py
	$(PY) manage.py collectstatic --noinput -v0
	$(PYTEST) $(PYTEST_ARGS)

test-fast: install
	$(PY) manage.py collectstatic --noinput -v0
	$(PYTEST) -m "not slow" $(PYTEST_ARGS)

# The site on the embedded default (SQLite and a folder broker under var/), with four
# Celery workers beside it (bin/serve), one per queue (solver runs and the beat schedule;
# hints and analyses; versus opponents; best-known and pass-rate runs), so that a par run or a
# table never delays a hint and a background run never delays par or the dawn hints;
# bin/serve restarts any that dies. Ctrl-C or SIGTERM stops them all.
serve: install
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) manage.py ensure_daily
	$(PY) manage.py ensure_scenario_rates
	PORT=$(PORT) bin/serve

bench: install
	$(PY) -m solver bench
