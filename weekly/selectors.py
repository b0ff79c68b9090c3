"""A week's special as the API shows it: nothing of its seed or of the solver's pass chance
on its deal before the week closes."""

from django.db.models import F
from django.utils import timezone

from core.weeks import closes_at, week_start
from puzzles import words
from puzzles.game_state import today
from puzzles.models import RANK_ORDER, Game, Player
from puzzles.selectors.challenges import cats_json
from solver.game import SCENARIOS, deal

from .models import WeeklyEntry, WeeklyPassRun, WeeklySpecial
from .shapes import WeeklyBoardOut, WeeklyOut, WeeklyParOut, WeeklyTryOut


def is_closed(special: WeeklySpecial) -> bool:
    return timezone.now() >= closes_at(special.monday)


def special_json(special: WeeklySpecial, player: Player | None = None) -> WeeklyOut:
    scenario = SCENARIOS[special.scenario]
    setup = deal(special.seed, scenario.setup).setup
    closed = is_closed(special)
    return {
        "week": special.week,
        "scenario": special.scenario,
        "setup": setup.kind,
        "board": setup.board,
        "cats": cats_json(setup),
        "goals": list(scenario.goals),
        "conditions": [words.condition(c) for c in scenario.conditions],
        "commitment": special.commitment,
        "seed": special.seed if closed else None,
        "closed": closed,
        "closes_at": closes_at(special.monday).isoformat().replace("+00:00", "Z"),
        "par": pass_chance_json(special) if closed else None,
        "yours": your_try(special, player),
    }


def pass_chance_json(special: WeeklySpecial) -> WeeklyParOut:
    run = WeeklyPassRun.objects.filter(special=special).first()
    if run is None:
        return {"status": "none", "pass_chance": None}
    ready = run.status == WeeklyPassRun.Status.READY
    return {"status": run.status, "pass_chance": run.pass_chance if ready else None}


def your_try(special: WeeklySpecial, player: Player | None) -> WeeklyTryOut | None:
    """The caller's one ranked try at the special, if they started it."""
    entry = (
        WeeklyEntry.objects.filter(special=special, player=player).select_related("game").first()
        if player is not None
        else None
    )
    if entry is None:
        return None
    return {"game": entry.game_id, "status": entry.game.status}


# The week's board: passed first, then the daily's order (score, cat tokens, button tokens,
# the earlier game), among the tries finished before the close (after it the seed is public).
BOARD_ORDER = (
    F("game__scenario_passed").desc(nulls_last=True),
    *(F(f"game__{key.expression.name}").desc() for key in RANK_ORDER[:3]),
    "game_id",
)
BOARD_SIZE = 100


def board_json(special: WeeklySpecial) -> WeeklyBoardOut:
    finished = (
        WeeklyEntry.objects.filter(
            special=special,
            game__status=Game.Status.FINISHED,
            game__finished_at__lt=closes_at(special.monday),
        )
        .select_related("player", "game")
        .order_by(*BOARD_ORDER)
    )
    entries, rank, last = [], 0, None
    for position, entry in enumerate(finished[:BOARD_SIZE], start=1):
        game = entry.game
        key = (bool(game.scenario_passed), game.score, game.cat_tokens, game.button_tokens)
        rank = rank if key == last else position
        last = key
        entries.append(
            {
                "rank": rank,
                "player": entry.player.display_name,
                "passed": bool(game.scenario_passed),
                "score": game.score,
                "cat_tokens": game.cat_tokens,
                "button_tokens": game.button_tokens,
            }
        )
    return {"week": special.week, "players": finished.count(), "entries": entries}


def past_specials(weeks: int = 8):
    """The last ``weeks`` closed specials, the latest first."""
    return WeeklySpecial.objects.filter(monday__lt=week_start(today())).order_by("-monday")[:weeks]
