"""What every app's JSON API shares: the errors' answers (``errors``), the request parsers,
the renderer, the content negotiation, the schema (``schema``) and the views' helpers
(``common``). ``calico_site/settings.py``'s ``REST_FRAMEWORK`` names them."""
