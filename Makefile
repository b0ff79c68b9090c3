# The two front-door commands: `make serve` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

PORT ?= 8000
# PostgreSQL for the test database when it answers, else SQLite (tests/conftest.py).
TEST_DATABASE_URL = $(shell $(PY) -c "import socket; socket.create_connection(('127.0.0.1', 5432), 1)" 2>/dev/null && echo postgres://postgres@127.0.0.1:5432/test)

.PHONY: install test lint format bench serve

# The virtual environment is rebuilt only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	$(PY) -c "from solver.search.fastcore import warm; warm()"  # compile the solver's core
	touch $(STAMP)

install: $(STAMP)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: lint
	$(PY) manage.py collectstatic --noinput -v0
	DATABASE_URL="$${DATABASE_URL:-$(TEST_DATABASE_URL)}" $(PY) -m pytest

# The site on the embedded default (SQLite and a filesystem broker under var/), with one
# Celery worker (two processes: a hint need not wait for a par run; and the beat schedule)
# beside it. Ctrl-C stops both.
serve: install
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) manage.py ensure_daily
	$(PY) manage.py ensure_scenario_rates
	$(VENV)/bin/celery -A calico_site worker --beat --pool=prefork --concurrency=2 --loglevel=INFO \
		--schedule=var/celerybeat-schedule & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT; \
	echo "Calico Daily at http://127.0.0.1:$(PORT)/"; \
	$(VENV)/bin/gunicorn calico_site.wsgi --bind 127.0.0.1:$(PORT) --workers 2 \
		--no-control-socket --access-logfile -

bench: install
	$(PY) -m solver bench
