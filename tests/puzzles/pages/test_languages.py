"""English and Spanish (docs/design.md, Phase 3): the language from the language cookie, else
Accept-Language; a switch that sets the cookie and is remembered across pages while a page
view still writes nothing; the translated pages in Spanish; the API's ``detail`` English
always while its hints' and reviews' reasons follow the request's language; and a Spanish
catalog with no untranslated or fuzzy entry."""

import datetime
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from catalogs import LOCALE, catalog_entries, catalogs, english_words, placeholders
from django.conf import settings
from django.contrib.sessions.models import Session
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from helpers.reasons import SAMPLES
from rest_framework.test import APIClient
from test_read_pages import finished_game
from test_visitors import every_page

from groups.services import do_create_group
from puzzles import words
from puzzles.game_state import deal_of
from puzzles.models import Analysis, Game, Hint, Player
from puzzles.services import hint_messages
from puzzles.services.games import do_start_game
from solver.game import CAT_BY_ID, CATS, GOAL_BY_ID, SCENARIOS
from solver.search.analysis import BETTER_MOVE
from solver.search.expected import calibrated
from solver.search.hints import REASONS, fact, say

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9,en;q=0.5"}
# The pages translated so far (docs/access.md lists the languages), each with a
# Spanish phrase it must show.
TRANSLATED = {
    "/login/": "Iniciar sesión",
    "/signup/": "Elige un nombre de usuario y una contraseña.",
    "/no-such-page/": "No hay ninguna página en",
    "/scenarios/99/": "No hay ningún escenario 99 (del 1 al 10).",
}


def lang_of(response) -> str:
    return re.search(r'<html lang="([^"]*)"', response.content.decode())[1]


def counts() -> tuple[int, int]:
    return Player.objects.count(), Session.objects.count()


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "phrase"), TRANSLATED.items())
def test_a_spanish_browser_gets_the_page_in_spanish(path, phrase):
    response = Client(**SPANISH).get(path)
    body = response.content.decode()
    assert lang_of(response) == "es" and phrase in body, path
    # the header and footer too, and the switch names each language in its own words
    for spanish in ("Clasificación", "Registrarse", "Una colcha compartida al día", "Idioma"):
        assert spanish in body, (path, spanish)
    assert 'value="es" lang="es" data-language="es" aria-pressed="true">Español' in body
    assert 'value="en" lang="en" data-language="en" aria-pressed="false">English' in body
    assert response["Content-Language"] == "es"


class _Texts(HTMLParser):
    """What a reader sees or hears of a page: its text outside scripts, and its labels."""

    def __init__(self):
        super().__init__()
        self.texts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("script", "style", "noscript", "title")
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder") and value and value.strip():
                self.texts.append(value.strip())

    def handle_endtag(self, tag):
        self.hidden -= tag in ("script", "style", "noscript", "title")

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


def texts_of(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    return parser.texts


@pytest.mark.django_db
def test_the_server_rendered_pages_are_spanish_for_a_spanish_reader(daily, alice):
    """Each read-only page (and the 400 page), with rows in its tables, and the game and versus
    pages' templates: Spanish words, and no catalogued English text left in what a reader sees
    (the scripts' words are the browser test's)."""
    day = daily.date - datetime.timedelta(days=1)
    finished_game(alice, day, 60, par=55)
    group = do_create_group(alice, name="Las colchas de Ana")
    reader = Client(**SPANISH)
    reader.force_login(alice)
    pages = {
        "/archive/": "Días anteriores",
        f"/leaderboard/{day.isoformat()}/": "Colchas clasificadas",
        "/leaderboard/": "Termina la partida clasificatoria del día para ver tu puesto.",
        "/groups/": "Compara las colchas de hoy con tus amigos",
        f"/groups/{group.pk}/": "Últimos 7 días",
        f"/groups/join/{group.invite_code}/": "Eres miembro.",
        "/me/": "racha actual",
        "/players/alice/": "Cómo se cuentan",
        "/scenarios/": "Escenarios en solitario",
        "/archive/?page=zero": "no es un número de página",
        "/": "Cómo se juega",
        "/scenarios/1/": "Escenario 1",
        "/versus/": "se lleva los máximos puntos en cada turno",
    }
    english = english_words("es")
    for path, phrase in pages.items():
        response = reader.get(path)
        body = response.content.decode()
        assert response.status_code in (200, 400, 404), path
        assert lang_of(response) == "es" and phrase in body, (path, phrase)
        left = [text for text in texts_of(body) if text in english]
        assert not left, (path, left)


@pytest.mark.django_db
def test_any_spanish_browser_gets_spanish():
    for header in ("es-MX", "es-419,es;q=0.9", "fr-FR,es;q=0.8,en;q=0.5"):
        assert lang_of(Client(HTTP_ACCEPT_LANGUAGE=header).get("/login/")) == "es", header


@pytest.mark.django_db
def test_without_a_choice_the_site_speaks_english():
    for headers in ({}, {"HTTP_ACCEPT_LANGUAGE": "fr-FR,de;q=0.8"}):
        response = Client(**headers).get("/login/")
        assert lang_of(response) == "en" and "Log in" in response.content.decode()


def test_the_500_page_renders_in_the_active_language_without_a_request():
    with translation.override("es"):
        page = render_to_string("core/500.html")
    assert '<html lang="es">' in page and "Algo ha fallado" in page


@pytest.mark.django_db
def test_the_switch_sets_the_cookie_is_remembered_and_writes_nothing(daily, alice):
    pages = every_page(daily, alice)
    before = counts()
    browser = Client(enforce_csrf_checks=True, **SPANISH)
    assert lang_of(browser.get("/login/")) == "es"
    token = browser.cookies["csrftoken"].value
    switched = browser.post(
        "/i18n/setlang/", {"language": "en", "next": "/signup/"}, HTTP_X_CSRFTOKEN=token
    )
    assert switched.status_code == 302 and switched["Location"] == "/signup/"
    cookie = switched.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "en" and int(cookie["max-age"]) == settings.LANGUAGE_COOKIE_AGE
    # Remembered on every page, over the browser's own Accept-Language: es.
    for page in pages:
        response = browser.get(page)
        assert response.status_code in (200, 404), page
        assert lang_of(response) == "en", page
        assert settings.SESSION_COOKIE_NAME not in response.cookies, page
    assert counts() == before  # the switch and the page views made no player, no session
    # and back to Spanish
    token = browser.cookies["csrftoken"].value
    browser.post("/i18n/setlang/", {"language": "es", "next": "/"}, HTTP_X_CSRFTOKEN=token)
    assert lang_of(browser.get("/login/")) == "es" and counts() == before


@pytest.mark.django_db
def test_a_language_the_site_does_not_speak_is_not_set():
    browser = Client()
    answer = browser.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert answer.status_code == 302 and settings.LANGUAGE_COOKIE_NAME not in answer.cookies


@pytest.mark.django_db
def test_page_views_in_spanish_write_nothing(daily, alice):
    pages = every_page(daily, alice)
    before = counts()
    browser = Client(**SPANISH)
    for page in pages:
        response = browser.get(page)
        assert response.status_code in (200, 404), page
        assert lang_of(response) == "es", page
        assert settings.SESSION_COOKIE_NAME not in response.cookies, page
    assert counts() == before


@pytest.mark.django_db
def test_refusals_on_a_page_are_spanish_and_the_apis_stay_english(limits):
    browser = Client(**SPANISH)
    short = browser.post("/signup/", {"username": "ana", "password": "short"})
    assert short.status_code == 400
    body = short.content.decode()
    assert "contraseña: " in body and "demasiado corta" in body  # Django's own words too
    api = APIClient(**SPANISH)
    refused = api.post("/api/auth/register/", {"username": "ana", "password": "short"})
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith("password: This password is too short")
    assert api.get("/api/me/").json()["detail"] == "Authentication credentials were not provided."
    assert api.get("/api/no-such/").json()["detail"] == "no API endpoint at /api/no-such/"
    limits(password_address="1/d")
    browser.post("/login/", {"username": "ana", "password": "wrong one"})
    throttled = browser.post("/login/", {"username": "ana", "password": "wrong again"})
    assert throttled.status_code == 429
    said = throttled.content.decode()
    assert "Demasiadas solicitudes" in said and "comprobaciones de contraseña" in said
    again = api.post("/api/auth/register/", {"username": "ana", "password": "x"})
    assert again.status_code == 429 and again.json()["detail"].startswith("password checks")


def test_every_reason_is_said_in_spanish_and_english_is_the_engines_byte_for_byte():
    assert set(SAMPLES) == set(REASONS)
    for kind, (values, spanish) in SAMPLES.items():
        stored = fact(kind, **values)
        assert words.reasons([stored], "en") == [say(stored)]
        assert words.reasons([stored], "es") == [spanish], kind
    navy = fact("button", color="navy", points=3)
    assert words.reasons([navy], "en", better=True) == [BETTER_MOVE.format(reason=say(navy))]
    assert words.reasons([navy], "es", better=True) == ["la mejor jugada: un botón azul marino: +3"]
    # a sentence stored before reasons were facts, in no words of ours (migration 0019)
    old = {"kind": "text", "values": {"text": "words the engine never says"}}
    assert words.reasons([old], "es") == ["words the engine never says"]


@pytest.fixture
def game(daily, alice) -> Game:
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(daily).setup.goal_options, strict=False))
    return do_start_game(alice, date=daily.date, goals=goals)


@pytest.mark.django_db
def test_the_api_says_a_hints_reasons_in_the_requests_language(game, client_for, alice):
    stored = [fact("button", color="yellow", points=3), fact("take", color="navy", pattern="dots")]
    hint = Hint.objects.create(game=game, turn=1, status="ready", reasons=stored)
    path = f"/api/games/{game.pk}/hints/{hint.pk}/"
    api = client_for(alice)
    english = [say(reason) for reason in stored]
    assert api.get(path).json()["reasons"] == english
    assert api.get(path, HTTP_ACCEPT_LANGUAGE="en-GB").json()["reasons"] == english
    spanish = api.get(path, **SPANISH)
    assert spanish.json()["reason_facts"] == stored  # bare, for the page to word
    assert spanish.json()["reasons"] == [
        "un botón amarillo: +3",
        "toma la loseta azul marino de lunares para el siguiente turno",
    ]
    missing = api.get(f"/api/games/{game.pk}/hints/{hint.pk + 1}/", **SPANISH)
    assert missing.status_code == 404 and missing.json()["detail"].isascii()


@pytest.mark.django_db
def test_the_api_says_a_hints_message_in_the_requests_language(game, client_for, alice):
    hint = Hint.objects.create(game=game, turn=1, status="failed", error="the worker died")
    path = f"/api/games/{game.pk}/hints/{hint.pk}/"
    api = client_for(alice)
    assert api.get(path).json()["message"] == hint_messages.FAILED
    assert api.get(path, **SPANISH).json()["message"] == (
        "el solucionador no ha podido terminar esta pista; vuelve a pedirla para reintentarlo."
    )


@pytest.mark.django_db
def test_the_api_says_a_reviews_reasons_in_the_requests_language(game, client_for, alice):
    turn = {
        "turn": 1,
        "played": {},
        "best": {},
        "played_value": 60.0,
        "best_value": 64.0,
        "loss": 4.0,
        "accuracy": 26.4,
        "mark": "?",
        "reasons": [fact("pair", color="green")],
        "played_reasons": [fact("cat-start", pattern="dots", cat="Millie")],
    }
    result = {"accuracy": 26.4, "expected_loss": 4.0, "turns": [turn]}
    Analysis.objects.create(game=game, status="ready", done=1, total=1, result=result)
    path = f"/api/games/{game.pk}/analysis/"
    api = client_for(alice)
    assert api.get(path).json()["turns"] == [
        {
            **turn,
            "played_value": round(calibrated(60.0, 1), 2),  # the hints' scale
            "best_value": round(calibrated(64.0, 1), 2),
            "reasons": ["the better move: green pair: one more for a button"],
            "reason_facts": turn["reasons"],  # bare, for the page to word
            "played_reasons": ["starts a dots group towards Millie"],
            "played_reason_facts": turn["played_reasons"],
            "luck": None,  # one turn of a game: no story
        }
    ]
    spanish = api.get(path, **SPANISH).json()["turns"][0]
    assert spanish["reasons"] == ["la mejor jugada: dos losetas verdes: una más para un botón"]
    assert spanish["played_reasons"] == ["empieza un grupo de lunares para Millie"]


@pytest.mark.django_db
def test_the_scripts_catalog_is_per_language_and_cacheable():
    spanish = Client().get("/i18n/es.js")
    assert spanish.status_code == 200 and "public" in spanish["Cache-Control"]
    text = spanish.content.decode()
    assert "Vuelve a intentarlo desde aqu" in text  # JSON-escaped: "aqu\u00ed"
    assert "Turno %(turn)s de %(count)s" in text
    english = Client(**SPANISH).get("/i18n/en.js").content.decode()
    assert "Turno" not in english  # the URL's language, whatever the browser's
    assert Client().get("/i18n/xx.js").status_code == 404
    page = Client(**SPANISH).get("/login/").content.decode()
    assert '<script src="/i18n/es.js"></script>' in page


CATALOGS = catalogs()


def test_every_language_but_english_has_both_catalogs():
    assert Path(settings.LOCALE_PATHS[0]) == LOCALE
    languages = {code for code, _ in settings.LANGUAGES} - {"en"}
    for code in languages:
        for domain in ("django", "djangojs"):
            assert (LOCALE / code / "LC_MESSAGES" / f"{domain}.po").is_file(), (code, domain)


@pytest.mark.parametrize("path", CATALOGS, ids=[str(p.relative_to(LOCALE)) for p in CATALOGS])
def test_no_entry_is_untranslated_or_fuzzy_and_each_keeps_its_placeholders(path):
    entries = catalog_entries(path)
    assert len(entries) > 10, path
    header, *messages = entries
    assert header["msgid"] == "" and "fuzzy" not in header["flags"]
    assert "Plural-Forms:" in header["msgstr"]
    forms = int(re.search(r"nplurals=(\d+)", header["msgstr"])[1])
    for entry in messages:
        name = (entry.get("msgctxt", ""), entry["msgid"])
        assert "fuzzy" not in entry["flags"], name
        said = [value for key, value in entry.items() if key.startswith("msgstr")]
        assert said and all(said), f"untranslated: {name}"
        if "msgid_plural" in entry:  # every plural form, else compilemessages refuses the file
            assert len(said) == forms, f"{forms} plural forms: {name}"
        for value in said:
            assert placeholders(value) == placeholders(entry["msgid"]), name


def test_the_setups_words_are_the_engines_in_english_byte_for_byte():
    """A cat's requirement, a scenario's conditions: ``puzzles.words`` says the engine's own
    English; the goals' words as the pages have always shown them."""
    with translation.override("en"):
        assert [str(words.requirement(cat)) for cat in CATS] == [cat.requirement for cat in CATS]
        for scenario in SCENARIOS.values():
            for condition in scenario.conditions:
                assert str(words.condition(condition)) == condition.text
        goal = GOAL_BY_ID["aa-bb-c-d"]
        assert str(words.goal_shape_words(goal.counts)) == "two pairs and two singles"
        assert str(words.goal_help(goal)) == (
            "Two pairs and two singles among its six neighbours: "
            "5 points for colours, 5 for patterns, 8 for both."
        )
        assert str(words.goal_label(GOAL_BY_ID["all-different"])) == "All different"


@pytest.mark.django_db
def test_the_api_says_the_setups_words_in_the_callers_language(daily):
    """Goals, cats and scenarios from the API in the caller's language (the selectors' shared
    caches hold none); the API's ``detail`` stays English."""
    english, spanish = APIClient(), APIClient(**SPANISH)
    goals = {g["id"]: g for g in spanish.get("/api/goals/").json()["goals"]}
    assert goals["all-different"]["label"] == "Todas distintas"
    assert goals["aa-bb-c-d"]["shape_words"] == "dos pares y dos sueltas"
    assert goals["aa-bb-c-d"]["help"] == (
        "Dos pares y dos sueltas entre sus seis vecinas: "
        "5 puntos por colores, 5 por estampados, 8 por ambos."
    )
    assert english.get("/api/goals/").json()["goals"][0]["label"] == "All different"
    day = f"/api/challenges/{daily.date.isoformat()}/"
    for _ in range(2):  # the second answer comes from the selectors' caches
        cats = spanish.get(day).json()["cats"]
        assert all(re.match(r"una? \w+", cat["requirement"]) for cat in cats), cats
        assert not any(cat["requirement"] in {c.requirement for c in CATS} for cat in cats)
        assert [c["requirement"] for c in english.get(day).json()["cats"]] == [
            CAT_BY_ID[cat["cat"]].requirement for cat in cats
        ]
    assert all(cat["size"] == CAT_BY_ID[cat["cat"]].size for cat in cats)
    scenario = spanish.get("/api/scenarios/").json()[0]
    assert scenario["conditions"][0] == f"al menos {scenario['min_score']} puntos"
    assert [check["text"] for check in scenario["checks"]] == scenario["conditions"]
    assert spanish.get("/api/no-such/").json()["detail"] == "no API endpoint at /api/no-such/"


@pytest.mark.django_db
def test_the_scenarios_page_says_the_setups_words_in_spanish():
    body = Client(**SPANISH).get("/scenarios/").content.decode()
    assert "Botón arcoíris" in body and "un grupo de 3 o más, 3 ptos." in body
    english = english_words("es")
    for text in ("Rainbow button", "Each cat at least once", "All different"):
        assert text in english and text not in body
