"""Web Push (pywebpush): a reminder encrypted to one browser's subscription (aes128gcm) and
signed for its push service with the site's VAPID key (settings ``VAPID_*``)."""

import json
import logging

from django.conf import settings
from pywebpush import WebPushException, webpush
from requests import RequestException

log = logging.getLogger(__name__)
GONE = {404, 410}  # the push service's word that the subscription no longer exists


def offered() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def send(subscription, payload: dict) -> bool:
    """Push ``payload`` (JSON) to ``subscription``; False when its push service says it is
    gone (the caller forgets it). Any other failure is logged, not retried."""
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        webpush(
            info,
            data=json.dumps(payload),
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT},  # pywebpush adds aud and exp to it
            ttl=6 * 3600,  # a phone offline until evening still gets today's
            timeout=10,
        )
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in GONE:
            return False
        log.warning("push to subscription %s failed: %s", subscription.pk, error)
    except RequestException as error:  # the push service unreachable: this one push is lost
        log.warning("push to subscription %s failed: %s", subscription.pk, error)
    return True
