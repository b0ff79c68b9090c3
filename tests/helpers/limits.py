"""A refusal past an abuse limit (``core.limits``), as the API and the pages answer it."""

import re


def assert_throttled(response, words: str) -> None:
    """A 429 with ``Retry-After`` whose detail (JSON, or the page's) says ``words``."""
    assert response.status_code == 429, response.content
    assert int(response["Retry-After"]) >= 1
    if response["Content-Type"].startswith("application/json"):
        body = response.json()
        assert body["error"] == "throttled", body
        detail = body["detail"]
    else:
        detail = re.search(r"data-throttled>([^<]+)<", response.content.decode()).group(1)
    assert words in detail and "try again in" in detail, detail
