"""Any JSON at all, and valid documents with one part replaced by junk, either load or raise
RulesError (which the CLI and the API turn into a one-line message): never another error."""

import contextlib
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.game import Deal, Move, Observation, RulesError, SoloGame, deal, quilt_from_json

UNTIMED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def valid_documents() -> dict:
    game = SoloGame.start(deal("junk", "beginner"))
    for _ in range(3):
        game.play(game.legal_moves()[0])
    state = game.observation().to_json()
    return {"state": state, "deal": deal("junk").to_json(), "move": game.legal_moves()[0].to_json()}


DOCUMENTS = json.loads(json.dumps(valid_documents()))
LOADERS = {"state": Observation.from_json, "deal": Deal.from_json, "move": Move.from_json}


def a_path(draw, value, prefix=()):
    """A path into ``value``, chosen one level at a time so that top-level keys come up often."""
    if not isinstance(value, dict | list) or not value or draw(st.booleans()):
        return prefix
    key = draw(st.sampled_from(sorted(value) if isinstance(value, dict) else range(len(value))))
    return a_path(draw, value[key], (*prefix, key))


def replaced(document, path, junk):
    if not path:
        return junk
    copy = json.loads(json.dumps(document))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = junk
    return copy


def loads_or_refuses(loader, document):
    with contextlib.suppress(RulesError):
        loader(document)


@settings(UNTIMED, max_examples=300)
@given(st.sampled_from(sorted(LOADERS)), json_values)
def test_any_json_loads_or_is_refused(kind, junk):
    loads_or_refuses(LOADERS[kind], junk)
    loads_or_refuses(quilt_from_json, junk)


@settings(UNTIMED, max_examples=500)
@given(st.data(), st.sampled_from(sorted(LOADERS)), json_values)
def test_a_valid_document_with_one_part_replaced_loads_or_is_refused(data, kind, junk):
    document = DOCUMENTS[kind]
    path = a_path(data.draw, document)
    loads_or_refuses(LOADERS[kind], replaced(document, path, junk))
    if kind == "state":
        loads_or_refuses(quilt_from_json, replaced(document, path, junk))


JUNK = [None, True, 5, 2.5, "x", [], {}, [None], [5], {"color": "navy"}]


def test_every_field_of_every_document_replaced_by_each_kind_of_junk():
    for kind, document in DOCUMENTS.items():
        for key in document:
            for junk in JUNK:
                loads_or_refuses(LOADERS[kind], {**document, key: junk})
    state = DOCUMENTS["state"]
    for key in state["setup"]:
        for junk in JUNK:
            loads_or_refuses(
                Observation.from_json, {**state, "setup": {**state["setup"], key: junk}}
            )
