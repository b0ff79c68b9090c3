# The two front-door commands: `make serve` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

PORT ?= 8000
# PostgreSQL for the test database when it answers, else SQLite (tests/conftest.py).
TEST_DATABASE_URL = $(shell $(PY) -c "import socket; socket.create_connection(('127.0.0.1', 5432), 1)" 2>/dev/null && echo postgres://postgres@127.0.0.1:5432/test)

.PHONY: install test test-fast lint format bench serve

# The virtual environment is rebuilt only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	$(PY) -c "from solver.search.fastcore import warm; warm()"  # compile the solver's core
	touch $(STAMP)

# The translations (puzzles/locale/*/LC_MESSAGES/*.po, docs/design.md) compiled to .mo files,
# which are build output (git-ignored); made again when a .po changes. Needs gettext's msgfmt.
MESSAGES := $(patsubst %.po,%.mo,$(wildcard puzzles/locale/*/LC_MESSAGES/*.po))
$(MESSAGES): %.mo: %.po | $(STAMP)
	$(PY) manage.py compilemessages -v0 --ignore=.venv --ignore=var --ignore=node_modules


# axe-core for the accessibility browser test (package-lock.json pins it; node_modules/ is
# git-ignored); npm ci runs again only when the lock file changes.
NODE_STAMP := node_modules/.package-lock.json
$(NODE_STAMP): package-lock.json
	@if command -v npm >/dev/null; then npm ci --omit=dev --no-audit --no-fund --loglevel=error; \
	else echo "npm not found: tests/e2e/test_accessibility.py skips (fails under CI=true) without Node.js"; fi

install: $(STAMP) $(MESSAGES) $(NODE_STAMP)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Every test, on every core (pytest-xdist: each worker its own database and queues), keeping
# this checkout's test database between runs (--reuse-db: only new migrations run; add
# PYTEST_ARGS=--create-db to start afresh). tests/parts.py first: a missing PostgreSQL, Redis,
# Chromium, libfaketime or axe-core stops the run with one line saying how to install it,
# unless named in CALICO_SKIP (e.g. CALICO_SKIP=chromium,node: their tests skip).
TEST_WORKERS ?= 2
PYTEST = DATABASE_URL="$${DATABASE_URL:-$(TEST_DATABASE_URL)}" $(PY) -m pytest -n $(TEST_WORKERS) --reuse-db
test: lint
	$(PY) tests/parts.py
	$(PY) manage.py collectstatic --noinput -v0
	$(PYTEST) $(PYTEST_ARGS)

# The in-process tests alone: no browser, live server or process of their own (the `slow`
# marker, tests/conftest.py).
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
