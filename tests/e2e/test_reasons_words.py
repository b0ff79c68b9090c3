"""The page words a hint's and a review's reasons from the API's bare facts (reasons.js): in
Chromium, in English and in Spanish, each kind of fact reads as the server's words for it
(``puzzles.words``, the API's ``reasons``), and a sentence stored before reasons were facts
is said as it was."""

import pytest
from django.templatetags.static import static
from helpers.reasons import SAMPLES

from puzzles import words
from solver.search.hints import fact

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
WORD = "async ([url, facts]) => (await import(url)).reasonList(facts)"
OLD = {"kind": "text", "values": {"text": "words the engine never says"}}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_page_words_every_reason_as_the_server_does(site, browser, language):
    context = browser.new_context(locale=language, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.goto(site + "/drill/")  # any page: the catalog of its language and the scripts
    facts = [fact(kind, **values) for kind, (values, _) in SAMPLES.items()] + [OLD]
    said = page.evaluate(WORD, [static("puzzles/js/reasons.js"), facts])
    assert said == words.reasons(facts, language)
    if language == "es":
        assert said[:-1] == [spanish for _, spanish in SAMPLES.values()]
    context.close()
