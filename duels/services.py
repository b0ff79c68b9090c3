"""Every write of duels: making one (``do_create_duel``), taking its second seat
(``do_accept_duel``) and asking for both games' analyses once it is done
(``do_ensure_analyses``). The games are played through puzzles' own services."""

import datetime
import secrets

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from core import limits
from core.errors import BadInput, Conflict, NotFound
from puzzles.game_state import is_closed, seed_is_secret, today
from puzzles.models import Challenge, Game, Player
from puzzles.services.analysis import do_request_analysis
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.games import do_start_game
from puzzles.services.practice import DealNotPublic
from puzzles.services.scenarios import do_start_scenario_game
from reminders.services import do_push_to
from weekly.models import WeeklySpecial

from .models import Duel, DuelEntry
from .selectors import DONE, entry_game, seated, status_of


class DuelTaken(Conflict):
    code = "duel_taken"


def _new_code() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, 72 bits: the link is the invitation


def do_create_duel(
    player: Player, *, game_id: int | None = None, date: datetime.date | None = None
) -> Duel:
    """A duel on the deal of the player's finished ``game_id`` (a closed day's ranked or
    practice game, a scenario game, a weekly special's after its close), or on today's daily
    (``date``: both play their ranked game). The challenger's game is theirs: it shows no one
    anything until the duel is done (``selectors.in_open_duel``)."""
    limits.enforce("games", account=player.pk)  # a duel is an invitation to a game
    if game_id is not None:
        duel, game = _duel_of_game(player, game_id), Game.objects.get(pk=game_id)
    else:
        if date != today():
            raise BadInput(
                f"date: {date} is not today ({today()}): a duel on a closed day is made from"
                " one of your games of it (game)"
            )
        duel, game = (
            Duel(kind=Duel.Kind.DAILY, challenge=do_ensure_challenge(date), ranked=True),
            None,
        )
    with transaction.atomic():
        duel.code = _new_code()
        duel.save()
        DuelEntry.objects.create(
            duel=duel, player=player, seat=DuelEntry.Seat.CHALLENGER, game=game
        )
    return duel


def _duel_of_game(player: Player, game_id: int) -> Duel:
    game = Game.objects.select_related("challenge").filter(pk=game_id, player=player).first()
    if game is None:
        raise NotFound(f"game: no game {game_id} of yours")
    if game.status != Game.Status.FINISHED:
        raise Conflict(f"game: finish game {game_id} first")
    if game.practice_of_id is not None:
        raise BadInput(
            f"game: {game_id} is a copy started from turn {game.practice_turn} of another game:"
            " challenge with a game played from the first turn"
        )
    if game.challenge is not None:
        if not is_closed(game.challenge):
            raise DealNotPublic(
                f"game: {game_id} is of today's daily, still open: make today's duel with"
                f" date {game.challenge.date}"
            )
        return Duel(kind=Duel.Kind.DAILY, challenge=game.challenge)
    if seed_is_secret(game):
        raise DealNotPublic(
            f"game: {game_id} is on the deal of a weekly special still open: its deal is public"
            " only after the week closes"
        )
    special = WeeklySpecial.objects.filter(seed=game.seed).first()
    return Duel(
        kind=Duel.Kind.WEEKLY if special else Duel.Kind.SCENARIO,
        scenario=game.scenario,
        seed=game.seed,
        week=special.week if special else "",
    )


def do_accept_duel(code: str, *, player: Player, goals: dict | None) -> tuple[Duel, Game | None]:
    """``player`` takes the duel's second seat (again: nothing changes) and, where it can be
    made now, their game of the deal: a scenario's on the duel's seed, a daily's with
    ``goals`` (without them the game page starts it, with the goals of the player's choosing,
    and ``selectors.entry_game`` finds it). The duel's row is locked: two friends accepting at
    once cannot both take the seat."""
    with transaction.atomic():
        duel = Duel.objects.select_for_update(of=("self",)).select_related("challenge")
        duel = duel.filter(code=code).first()
        if duel is None:
            raise NotFound(f"code: there is no duel {code}")
        entries = list(duel.entries.all())
        entry = next((e for e in entries if e.player_id == player.pk), None)
        if entry is not None and entry.seat == DuelEntry.Seat.CHALLENGER:
            raise Conflict("this is your own duel: send its link to a friend")
        if entry is None:
            if len(entries) >= 2:
                raise DuelTaken("someone else has already accepted this duel")
            entry = DuelEntry.objects.create(duel=duel, player=player, seat=DuelEntry.Seat.OPPONENT)
        game = entry_game(duel, entry)
        if game is None:
            game = _start(duel, player, goals)
            if game is not None:
                entry.game = game
                entry.save(update_fields=["game"])
    return duel, game


def _start(duel: Duel, player: Player, goals: dict | None) -> Game | None:
    if duel.kind != Duel.Kind.DAILY:
        return do_start_scenario_game(player, number=duel.scenario, goals=goals, seed=duel.seed)
    if goals is None:
        return None
    return do_start_game(player, date=duel.challenge.date, goals=goals)


def do_ensure_analyses(duel: Duel) -> None:
    """Once the duel is done, the analysis of both games (its verdict reads them): asked for
    each player as their own review would be, under their limits; one refused now is asked
    again at the next read."""
    seats = seated(duel)
    if status_of(seats) != DONE:
        return
    for entry, game in seats:
        try:
            do_request_analysis(game.pk, player=entry.player)
        except limits.Throttled:
            continue


def do_rematch(code: str, *, player: Player) -> Duel:
    """A rematch of a duel that is done, asked by one of its two players: a new duel, both
    seats taken (the asker challenges), on a fresh deal: the latest closed day neither of them
    has played (both play it as practice, on the game page; ``selectors.entry_game`` finds
    each game). 409 before the duel is done or when no such day is left."""
    duel = Duel.objects.filter(code=code).first()
    if duel is None:
        raise NotFound(f"code: there is no duel {code}")
    seats = seated(duel)
    players = [entry.player for entry, _ in seats]
    if player.pk not in [p.pk for p in players]:
        raise NotFound(f"code: there is no duel {code} of yours")
    if status_of(seats) != DONE:
        raise Conflict("a rematch comes once this duel is done")
    played = Game.objects.filter(player__in=players, challenge__isnull=False)
    fresh = (
        Challenge.objects.filter(date__lt=today())
        .exclude(pk__in=played.values("challenge_id"))
        .order_by("-date")
        .first()
    )
    if fresh is None:
        raise Conflict("no closed day is left that neither of you has played")
    other = next(p for p in players if p.pk != player.pk)
    with transaction.atomic():
        rematch = Duel.objects.create(code=_new_code(), kind=Duel.Kind.DAILY, challenge=fresh)
        DuelEntry.objects.create(duel=rematch, player=player, seat=DuelEntry.Seat.CHALLENGER)
        DuelEntry.objects.create(duel=rematch, player=other, seat=DuelEntry.Seat.OPPONENT)
    return rematch


TELL_WITHIN = datetime.timedelta(days=14)  # a duel older than this is never told of


def do_tell_finished(now: datetime.datetime | None = None) -> int:
    """Tell the player who finished first, by push (to each browser they subscribed in the
    reminders' settings), that the other has finished: "see who won". The beat task, every
    minute; each duel claimed first (``told_at``), so at most one notice a duel even if two
    runs overlap or a push fails. How many pushes were queued."""
    now = now or timezone.now()
    queued = 0
    fresh = Duel.objects.filter(told_at__isnull=True, created_at__gte=now - TELL_WITHIN)
    for duel in fresh.select_related("challenge"):
        seats = seated(duel)
        if status_of(seats) != DONE:
            continue
        if not Duel.objects.filter(pk=duel.pk, told_at__isnull=True).update(told_at=now):
            continue  # another run told it
        (first, _), (second, _) = sorted(seats, key=lambda seat: seat[1].finished_at)
        other = second.player.display_name
        language = first.player.language or settings.LANGUAGE_CODE
        with translation.override(language):
            payload = {
                "title": gettext("Your friend finished: see who won"),
                "body": gettext("%(name)s has finished your duel.") % {"name": other},
                "url": settings.CALICO_SITE_URL.rstrip("/") + f"/duel/{duel.code}/",
            }
        queued += do_push_to(first.player, payload=payload)
    return queued
