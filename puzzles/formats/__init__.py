"""The site's date formats per language (``FORMAT_MODULE_PATH``), used by name in the templates
(``date:"DATE_FORMAT"``): a third language adds a folder here, else Django's own formats for it
apply. Numbers follow Django's (``floatformat`` is localised: 12,5 in Spanish)."""
