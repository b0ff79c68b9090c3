"""The site's machinery, shared by the daily and every app built on it: the services' error
family (``core.errors``), the abuse limits (``core.limits``), sessions, languages, the
``<id:...>`` converter, the job lifecycle (``core.jobs``, its rows ``core.models``), the
health check (``core.health``), the metrics (``core.metrics``, ``core.scraped``), the answers'
plain types (``core.shapes``), the API's shared parts (``core.api``: the exception handler,
parsers, renderer, content negotiation, the schema view, the view helpers, ``/healthz`` and
``/metrics``), the pages' helpers (``core.pages``) and the error and pager templates
(``core/templates/core/``).

It knows nothing of the game and names no other app of the site, in its imports or its strings
(tests/test_import_direction.py): the apps import it, and declare what it reports (their
AppConfig's ``health_checks`` and ``scraped_metrics``, a job model's ``metric``), which it
discovers over the installed apps and models. Its templates extend the site's layout by the
name ``base.html``; the scripts' catalog is ``LOCALE_PATHS``'.

An app for its templates and abstract models only: no tables, no migrations."""
