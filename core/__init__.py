"""The site's plumbing, shared by the daily (``puzzles``) and every app built on it: the
services' error family (``core.errors``), the abuse limits (``core.limits``), sessions,
languages, the ``<id:...>`` converter, the request timing of ``GET /metrics``, the answers'
plain types (``core.shapes``) and the API's shared parts (``core.api``: the exception handler,
parsers, renderer, content negotiation, the schema view and the view helpers) and the pages'
helpers (``core.pages``).

It knows nothing of the game: it imports Django, DRF and the libraries they use, never
``puzzles`` nor an app built on it (tests/test_import_direction.py); they import it. It names
three things of the site by name, not by import: the pages it answers with
(``puzzles/throttled.html``, ``404.html``, ``500.html``, ``not_found.html``,
``bad_request.html``, ``_pager.html``: drawn in the site's layout, beside the daily's pages),
the package whose catalog the scripts get (``puzzles``, where the translations are) and the
table of the durable limits' counts (``puzzles.LimitCount``'s, ``limits.TABLE``).

A plain package, not an app: no models, templates, static files or commands of its own."""
