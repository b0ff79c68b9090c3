"""Making a week's special: its scenario in turn, its seed an HMAC of the week under the
server's seed secret (as the daily's, ``puzzles.services.challenges``), committed at once."""

import datetime
import hashlib
import hmac

from django.conf import settings
from django.db import IntegrityError, transaction

from core.errors import BadInput, Conflict, NotFound
from core.jobs import Job
from core.weeks import parse_week, week_name, week_of, week_start
from puzzles.game_state import today
from puzzles.models import Game, Player
from puzzles.services.challenges import commitment_of
from puzzles.services.scenarios import do_start_scenario_game
from puzzles.solver_options import site_options
from solver.game import SCENARIOS, deal
from solver.search.players import search_options
from solver.search.scenarios import RATE_PLAYERS, play_game

from .models import WeeklyEntry, WeeklyPassRun, WeeklySpecial
from .selectors import is_closed

FIRST_MONDAY = datetime.date(2024, 1, 1)  # the scenarios' turn counts weeks from here


def weekly_seed(week: str) -> str:
    """The deal of a week: an HMAC of ``weekly:<week>`` (never a day's message) under the
    server's seed secret."""
    key = settings.CALICO_SEED_SECRET.encode()
    return hmac.new(key, f"weekly:{week}".encode(), hashlib.sha256).hexdigest()


def scenario_of(monday: datetime.date) -> int:
    """The ten scenarios in turn, one a week: each comes back every ten weeks."""
    numbers = sorted(SCENARIOS)
    return numbers[(monday - FIRST_MONDAY).days // 7 % len(numbers)]


def do_ensure_special(monday: datetime.date) -> WeeklySpecial:
    """The special of the week starting ``monday``: made on demand for the current week only
    (a future week has none yet, and a past week without a row never had one)."""
    special = WeeklySpecial.objects.filter(monday=monday).first()
    if special is not None:
        return special
    week = week_name(monday)
    if week != week_of(today()):
        raise NotFound(f"week: there is no weekly special for {week}")
    seed = weekly_seed(week)
    try:
        with transaction.atomic():
            return WeeklySpecial.objects.create(
                week=week,
                monday=monday,
                scenario=scenario_of(monday),
                seed=seed,
                commitment=commitment_of(seed),
            )
    except IntegrityError:  # another request made it a moment ago
        return WeeklySpecial.objects.get(monday=monday)


# -- playing it ---------------------------------------------------------------------------


def special_of_week(value) -> WeeklySpecial:
    """The special a request names by its week: 400 for a malformed week, 404 for none."""
    try:
        monday = parse_week(value if isinstance(value, str) else "")
    except ValueError as error:
        raise BadInput(str(error)) from None
    return do_ensure_special(monday)


def do_start_weekly(player: Player, *, value: str, goals: dict | None) -> Game:
    """A game of the week's special (``POST /api/games/ {weekly}``): before the close, the
    player's first is their one ranked try (a ``WeeklyEntry``), and starting again while it is
    theirs is a 409; after the close, a practice game on the now public deal."""
    special = special_of_week(value)
    with transaction.atomic():
        game = do_start_scenario_game(
            player, number=special.scenario, goals=goals, seed=special.seed
        )
        if is_closed(special):
            return game
        try:
            with transaction.atomic():
                WeeklyEntry.objects.create(special=special, player=player, game=game)
        except IntegrityError:
            tried = f"your try at the special of {special.week} has already started"
            raise Conflict(tried) from None
    return game


SET_ASIDE = "a second try at a weekly special still open, made as a guest before logging in"


def do_fold_guest(guest: Player, *, into: Player) -> None:
    """A guest's tries go with them to the account, but for a week the account has tried:
    one try a week stays one. The guest's game (the account's by now) is kept as practice
    once the week has closed; while it is open it is set aside (``SET_ASIDE``, never played
    again, as the daily's fold does): played on, it would be a full practice of the deal
    before, or beside, the account's own try."""
    tried = WeeklyEntry.objects.filter(player=into).values("special_id")
    second = WeeklyEntry.objects.filter(player=guest, special_id__in=tried)
    for entry in second.select_related("special", "game"):
        if not is_closed(entry.special):
            game = entry.game
            game.disqualified, game.disqualified_reason = True, SET_ASIDE
            game.save(update_fields=["disqualified", "disqualified_reason"])
    second.delete()
    WeeklyEntry.objects.filter(player=guest).update(player=into)


def seed_is_open(game: Game) -> bool:
    """A scenario game on the deal of a special still open (its try, or a copy of it): its
    seed stays secret until the week closes (``WeeklyConfig.keeps_seed_secret``)."""
    if game.scenario is None or not game.seed:
        return False
    monday = week_start(today())
    return WeeklySpecial.objects.filter(seed=game.seed, monday__gte=monday).exists()


# -- the solver's pass chance, after the close ----------------------------------------------

RUN = Job(WeeklyPassRun, "weekly.tasks.compute_pass_chance")


def do_ensure_pass_runs() -> list[str]:
    """Send the pass-chance run of every closed special that has none (or a failed or lost
    one); the weeks sent. The beat runs it after each Monday's close."""
    sent = []
    for special in WeeklySpecial.objects.filter(monday__lt=week_start(today())):
        run, made = WeeklyPassRun.objects.get_or_create(special=special)
        if made:
            transaction.on_commit(lambda run=run: RUN.do_send(run))
        elif not RUN.do_reopen_if_stalled(run):
            continue
        sent.append(special.week)
    return sent


def do_compute_pass_run(run_id: int) -> WeeklyPassRun | None:
    return RUN.do_run(run_id, _pass_chance, related=("special",))


def _pass_chance(run: WeeklyPassRun) -> dict:
    """The player that plays for the pass (as a scenario's pass rate), as many games on the
    deal as a pass rate has deals (``CALICO_SCENARIO_RATE_DEALS``), each its own sampling seed."""
    special = run.special
    scenario = SCENARIOS[special.scenario]
    dealt = deal(special.seed, scenario.setup)
    kind = RATE_PLAYERS["pass"]
    options = search_options(site_options("scenario_rate"), kind)
    games = settings.CALICO_SCENARIO_RATE_DEALS
    passed = sum(
        scenario.passed(
            play_game(dealt, kind(seed=f"weekly/{special.week}/{n}", **options)).game.quilt
        )
        for n in range(games)
    )
    return {"games": games, "passed": passed}
