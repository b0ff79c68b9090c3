"""Emails to players, through Django's email backend (``EMAIL_URL``'s SMTP server in
production, files under ``var/mail/`` in the embedded default: calico_site/settings.py).
Each is written in the player's language from two templates,
``accounts/email/<name>_subject.txt`` and ``accounts/email/<name>.txt``, and holds one link to
act on, built from the configured site address (``site_link``), never a request's Host."""

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation


def send(*, to: str, name: str, context: dict, language: str = "") -> None:
    """Render the email ``name`` in ``language`` (the site's default when empty or not one of
    ``LANGUAGES``) and send it to ``to``."""
    known = {code for code, _label in settings.LANGUAGES}
    with translation.override(language if language in known else settings.LANGUAGE_CODE):
        subject = render_to_string(f"accounts/email/{name}_subject.txt", context)
        body = render_to_string(f"accounts/email/{name}.txt", context)
    send_mail(" ".join(subject.split()), body, None, [to])


def site_link(path: str) -> str:
    """``path`` on the site's configured address (``CALICO_SITE_URL``): an emailed link never
    takes the host or port of the request that caused it (a forged or odd Host header would
    send the owner's link elsewhere)."""
    return settings.CALICO_SITE_URL.rstrip("/") + path
