"""A versus answer drawn through its serializer, what it would cost:
``python bench/versus_answer_shape.py [--tables 1] [--repeat 50] [--markdown]``.

Plays ``--tables`` whole 3-opponent easy tables through the services on a fresh SQLite
database in a temporary folder (no server), then times, on the finished table (88 placements
in its log), building the answer (``versus.selectors.versus_json``, as the view does) and
drawing that answer through its shape's serializer (``serializer_for(versus.shapes.VersusOut)``,
what a view that answers with its serializer would add), ``--repeat`` times each. Prints ms
per answer, of this process's CPU (what holds on a shared machine: wall time doubled with the
load), and whether the serializer changes the answer. Decides whether the view uses the
serializer or only the schema (and ``tests/versus/test_versus_shapes.py``) does.
"""

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="calico-shape-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calico_site.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from rest_framework.utils.encoders import JSONEncoder

    from accounts.services.players import do_register
    from core.api.schema import serializer_for
    from solver.game import GOAL_CELLS as cells
    from solver.game import TURNS, cell_name
    from versus import services
    from versus.models import VersusGame
    from versus.selectors import versus_json
    from versus.shapes import VersusOut

    def as_json(answer):  # as the view writes it (a lazy translation is a string there)
        return json.loads(json.dumps(answer, cls=JSONEncoder))

    call_command("migrate", "-v0")
    player = do_register("bench", password="a long password 1")
    built, drawn, same = [], [], True
    for _ in range(args.tables):
        game = services.do_start_versus(player, opponents=3, level="easy")
        options = versus_json(game)["you"]["goal_options"]
        goals = dict(zip(map(cell_name, cells), options, strict=False))
        services.do_choose_versus_goals(game.pk, player=player, goals=goals)
        while (answer := versus_json(VersusGame.objects.get(pk=game.pk)))["status"] == "playing":
            turn = answer["turn"]
            move = {
                "turn": turn,
                "hand_index": 0,
                "cell": answer["you"]["empty_cells"][0],
                "market_index": None if turn == TURNS else 0,
            }
            services.do_play_versus_move(game.pk, player=player, data=move)
            services.do_play_opponents(game.pk)
        game = VersusGame.objects.get(pk=game.pk)
        started = time.process_time()
        for _ in range(args.repeat):
            answer = versus_json(game)
        built.append((time.process_time() - started) / args.repeat)
        started = time.process_time()
        for _ in range(args.repeat):
            shaped = serializer_for(VersusOut)(answer).data
        drawn.append((time.process_time() - started) / args.repeat)
        same &= as_json(shaped) == as_json(answer)
    build_ms, draw_ms = 1000 * sum(built) / len(built), 1000 * sum(drawn) / len(drawn)
    if args.markdown:
        print(f"| {args.tables} | {len(answer['log'])} | {build_ms:.1f} | {draw_ms:.1f} | {same} |")
    else:
        print(f"finished table, {len(answer['log'])} placements: versus_json {build_ms:.1f} ms,")
        print(f"through its serializer {draw_ms:.1f} ms more; the same answer: {same}")


if __name__ == "__main__":
    main()
