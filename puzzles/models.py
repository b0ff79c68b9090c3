"""The service's tables. A game stores its goals and moves; its state is always rebuilt by
replaying them with the rules engine (``puzzles.game_state``). Score and token counts are
denormalised on the row only for the leaderboard index."""

import datetime
import unicodedata

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models import Q
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower, Upper
from django.utils.translation import gettext

from core.models import DurableCount, WorkerJob
from solver.game import TURNS

GUEST_PREFIX = "guest-"
FORMER_PREFIX = "former-"  # a deleted account's name: nobody's, shown as "a former player"


def username_key(username: str) -> str:
    """What makes two names one: NFKC (fullwidth ``ａlice`` is ``alice``), trimmed, and
    Unicode's case folding (``ÉLODIE`` is ``élodie``; ``STRASSE`` is ``straße``)."""
    return unicodedata.normalize("NFKC", username).strip().casefold()


class PlayerManager(UserManager):
    def get_by_natural_key(self, username):
        """Log-in finds a name in any case (``Élodie`` logs in as ``élodie``): names are
        unique by ``username_key``, on every database."""
        return self.get(username_key=username_key(username))


class Player(AbstractUser):
    """A user; a guest is made by a page's first write and can later claim a username."""

    is_guest = models.BooleanField(default=False)
    # ``username_key(username)``, set by ``save``: one name whatever its case, on SQLite too
    # (whose UPPER() knows only ASCII); two registrations at once of Élodie and élodie cannot
    # both pass (services.players.do_register checks first for a friendlier answer).
    username_key = models.CharField(max_length=150, unique=True, null=True, editable=False)
    # ``email`` (AbstractUser's) is optional; once its link is followed it is verified, and a
    # verified email logs in and receives password resets. One player per verified email.
    email_verified = models.BooleanField(default=False)
    # The language of the emails sent to the player: the page's (or API caller's) when they
    # last set their email; empty for the site's default.
    language = models.CharField(max_length=10, blank=True, default="")

    objects = PlayerManager()

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(Upper("username"), name="username_case_insensitive"),
            models.UniqueConstraint(
                Lower("email"), condition=Q(email_verified=True), name="verified_email_unique"
            ),
        ]

    def save(self, *args, **kwargs):
        self.username_key = username_key(self.username)
        if kwargs.get("update_fields") is not None and "username" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "username_key"}
        super().save(*args, **kwargs)

    @property
    def display_name(self) -> str:
        return display_name(self.username, self.is_guest)


def display_name(username: str, is_guest: bool) -> str:
    """What others see: the username, "Guest 3f9a" for a guest (its name is random), or "a
    former player" for a deleted account (its ranked scores stay on the boards)."""
    if username.startswith(FORMER_PREFIX):
        return gettext("a former player")
    return f"Guest {username.removeprefix(GUEST_PREFIX)[:4]}" if is_guest else username


class Challenge(models.Model):
    """One day's deal. ``seed`` stays on the server until the day closes; ``commitment``
    (SHA-256 of the seed) is public all day."""

    date = models.DateField(unique=True)
    setup = models.CharField(max_length=20, default="standard")
    variant = models.CharField(max_length=20, null=True, blank=True)
    seed = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date"]

    def __str__(self):
        return f"challenge {self.date}"

    @property
    def closes_at(self) -> datetime.datetime:
        """The day's close (docs/design.md, Phase 2): 00:00 UTC after it, when the seed is out."""
        next_day = self.date + datetime.timedelta(days=1)
        return datetime.datetime.combine(next_day, datetime.time(), tzinfo=datetime.UTC)


class SolverRun(WorkerJob):
    """A solver's whole game on a challenge: ``par`` (fair solver) or ``best`` (hindsight)."""

    class Kind(models.TextChoices):
        PAR = "par"
        BEST = "best"

    class Status(models.TextChoices):  # running: a par run with some of its games in
        PENDING = "pending"
        RUNNING = "running"
        READY = "ready"
        FAILED = "failed"

    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="solver_runs")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    score = models.IntegerField(null=True, blank=True)
    moves = models.JSONField(default=list, blank=True)
    goals = models.JSONField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Null until it is sent (its day's creation sends it), and again when the broker refused
    # it: lost at once, so that the beat task sends it (services/solver_runs.py).
    sent_at = models.DateTimeField(null=True, blank=True)
    # Par only: the figures of its games so far (``solver.search.par.summary``: mean, se, low,
    # high; games, of; overridden), shown by the par answer; ``score`` is the mean, rounded.
    figures = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "kind"], name="one_run_per_kind"),
        ]

    def __str__(self):
        return f"{self.kind} of {self.challenge.date}: {self.status}"


class ParGame(WorkerJob):
    """One of par's games (``solver.search.par``: game ``k``, sampling salt ``seed/par/k``),
    computed by a task of its own; its par run adds it up (services/solver_runs.py)."""

    run = models.ForeignKey(SolverRun, on_delete=models.CASCADE, related_name="par_games")
    k = models.PositiveSmallIntegerField()
    score = models.IntegerField(null=True, blank=True)
    moves = models.JSONField(default=list, blank=True)
    goals = models.JSONField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)  # as a run's: null, lost at once

    class Meta:
        constraints = [models.UniqueConstraint(fields=["run", "k"], name="one_par_game_per_k")]


class GameQuerySet(models.QuerySet):
    def counted(self):
        """The games that count on a leaderboard, a tally or a player's record: the one place
        that decides it. Ranked, finished and not disqualified. A ranked game cannot finish
        after its day's close (``do_play_move`` refuses moves from then on, decided from the
        clock), and migration ``day_close`` disqualified the ones that did before."""
        return self.filter(ranked=True, status=Game.Status.FINISHED, disqualified=False)

    def with_par(self):
        """Each game with its day's par run (``par_status``, ``par_score``, ``par_figures``;
        None when there is no run, as for a scenario game) read in the same query. The hot
        paths read a game by ``rows.game_with_par`` (SQL written once, the same subqueries);
        this is the ORM's way, which tests compare it with. Raw
        SQL because Django takes longer to compile a ``Subquery`` (about 0.3 ms each) than the
        database takes to answer it; the SQL names the game table, so use it on a top-level
        query only."""
        kind = (SolverRun.Kind.PAR.value,)
        return self.annotate(
            par_status=RawSQL(par_sql("status"), kind),
            par_score=RawSQL(par_sql("score"), kind),
            par_figures=RawSQL(par_sql("figures"), kind, output_field=models.JSONField()),
        )


def par_sql(column: str) -> str:
    """A game's day's par run's ``column`` (``status``, ``score``, ``figures``), a subquery on
    the game table's row; its one parameter is the run kind ``SolverRun.Kind.PAR``."""
    return (
        f"SELECT run.{column} FROM {SolverRun._meta.db_table} run WHERE run.kind = %s"
        f" AND run.challenge_id = {Game._meta.db_table}.challenge_id"
    )


# The rulebook's tiebreak, best first: score, then cat tokens, then button tokens (then the
# earlier game, for a stable page).
RANK_ORDER = (
    models.F("score").desc(),
    models.F("cat_tokens").desc(),
    models.F("button_tokens").desc(),
    "id",
)


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"

    objects = GameQuerySet.as_manager()

    # A daily's game has its challenge; a scenario game (practice, docs/rules.md "Solo scenarios")
    # has none: it is dealt from its own ``seed`` with the setup ``scenario-N``.
    challenge = models.ForeignKey(
        Challenge, on_delete=models.PROTECT, related_name="games", null=True, blank=True
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="games")
    ranked = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    goals = models.JSONField(null=True, blank=True)  # {"r,c": goal id} when the setup asks
    moves = models.JSONField(default=list, blank=True)  # [{hand_index, cell, market_index}]
    turn = models.PositiveSmallIntegerField(default=1)  # the next turn; TURNS + 1 when over
    score = models.IntegerField(default=0)
    cat_tokens = models.PositiveSmallIntegerField(default=0)
    button_tokens = models.PositiveSmallIntegerField(default=0)
    hints_used = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Staff's moderation (or a game finished after its day closed): out of every count.
    disqualified = models.BooleanField(default=False)
    disqualified_reason = models.CharField(max_length=200, blank=True)
    scenario = models.PositiveSmallIntegerField(null=True, blank=True)  # 1..10
    seed = models.CharField(max_length=64, blank=True)  # a scenario game's deal; "" for a daily
    scenario_passed = models.BooleanField(null=True, blank=True)  # the engine's verdict at the end
    # "Try again from here" (``services.practice``): the game this practice was copied from
    # and the turn it starts at (its moves are the source's before that turn). A copy of a
    # scenario game is a retry of a known deal: it is no try on the player's scenario record.
    practice_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="practices"
    )
    practice_turn = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(challenge__isnull=False, scenario__isnull=True)
                | Q(challenge__isnull=True, scenario__isnull=False, ranked=False),
                name="a_daily_or_a_scenario",
            ),
            # One ranked attempt per player per day (docs/design.md, rules of the house).
            models.UniqueConstraint(
                fields=["challenge", "player"], condition=Q(ranked=True), name="one_ranked_game"
            ),
        ]
        indexes = [
            # A day's leaderboard in rank order (``selectors.leaderboards.ranked_games``).
            models.Index(
                "challenge",
                *RANK_ORDER,
                condition=Q(ranked=True, status="finished", disqualified=False),
                name="leaderboard_order",
            ),
            # The same order for ``hints=exclude``.
            models.Index(
                "challenge",
                *RANK_ORDER,
                condition=Q(ranked=True, status="finished", disqualified=False, hints_used=0),
                name="leaderboard_order_no_hints",
            ),
            # A player's record per scenario (passed, best try).
            models.Index(
                "player", "scenario", condition=Q(scenario__isnull=False), name="scenario_record"
            ),
        ]

    def __str__(self):
        if self.scenario is not None:
            return f"game {self.pk} of scenario {self.scenario} by {self.player}"
        return f"game {self.pk} of {self.challenge.date} by {self.player}"

    def expired(self, now: datetime.datetime) -> bool:
        """A ranked game left unfinished at its day's close: it never counts."""
        playing = self.ranked and self.status == self.Status.PLAYING
        return playing and now >= self.challenge.closes_at

    @property
    def counts(self) -> bool:
        """Whether the game is on its day's leaderboard (as ``GameQuerySet.counted``)."""
        return self.ranked and self.status == self.Status.FINISHED and not self.disqualified


class LimitCount(DurableCount):
    """One abuse limit's count in one fixed window (``core.models.DurableCount``), in the table
    its migrations made here; ``core.limits`` finds it among the installed models."""


class ScoreTally(models.Model):
    """How many finished ranked games of a day share one (score, cats, buttons, hinted) key.

    A day has few distinct keys, so a player's rank, percentile and the score histogram are
    sums over a handful of tally rows, never a scan of the day's games.
    """

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="tallies")
    score = models.IntegerField()
    cat_tokens = models.PositiveSmallIntegerField()
    button_tokens = models.PositiveSmallIntegerField()
    hinted = models.BooleanField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "score", "cat_tokens", "button_tokens", "hinted"],
                name="one_tally_per_key",
            ),
        ]


class Hint(WorkerJob):
    """The fair solver's suggestion for one game and turn, computed by a worker."""

    metric = ("hint", "hints")  # GET /metrics reports their latency
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hints")
    turn = models.PositiveSmallIntegerField()
    move = models.JSONField(null=True, blank=True)
    expected_score = models.FloatField(null=True, blank=True)
    reasons = models.JSONField(default=list, blank=True)
    # a scenario game's hint: the share of its sampled play-outs that pass (null otherwise)
    pass_chance = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # solver.search.position_key of the visible position: a ready hint of the same position
    # answers every player who reaches it (never a hash of the bag)
    position = models.CharField(max_length=64, blank=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "turn"], name="one_hint_per_turn"),
        ]


class PositionHint(models.Model):
    """A hint computed before anyone asked for it (the day's turn-1 positions at dawn, the next
    position of a player who asks for hints), keyed by its visible position alone
    (``solver.search.position_key``, which includes the hint player's strength): it answers
    only a player who asks in that very position, and is never shown otherwise."""

    position = models.CharField(max_length=64, unique=True)
    move = models.JSONField()
    expected_score = models.FloatField()
    reasons = models.JSONField(default=list, blank=True)
    pass_chance = models.FloatField(null=True, blank=True)  # a scenario position's (Hint's)
    created_at = models.DateTimeField(auto_now_add=True)


class ScenarioPassRate(WorkerJob):
    """How often the solver that plays for the pass passes a scenario, over a few fixed deals
    (computed once by a worker for each strength of that player), so that a player can see
    how hard each scenario is."""

    number = models.PositiveSmallIntegerField(unique=True)
    deals = models.PositiveSmallIntegerField(default=0)  # deals played
    passes = models.PositiveSmallIntegerField(default=0)  # deals the solver passed
    scores = models.JSONField(default=list, blank=True)  # the solver's final score per deal
    # what the figure was computed with (``solver.search.scenarios.rate_strength``): a row of
    # another player or deal count is computed again
    strength = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"scenario {self.number} pass rate: {self.status}"


class AnalysisJob(WorkerJob):
    """The review of one finished game, solo (``Analysis``) or versus (``VersusAnalysis``):
    computed once by a worker, which counts its progress in turns; ``result`` is the analysis
    JSON when ready (one shape: ``shapes.AnalysisOut``). Claimed, it is ``running`` (the page
    shows its progress). Each kind adds only its ``game``."""

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        READY = "ready"
        FAILED = "failed"

    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    done = models.PositiveSmallIntegerField(default=0)  # turns analysed so far
    total = models.PositiveSmallIntegerField(default=TURNS)
    result = models.JSONField(null=True, blank=True)  # {accuracy, expected_loss, turns}
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True

    def __str__(self):
        return f"analysis of {type(self).__name__.lower()} {self.game_id}: {self.status}"


class Analysis(AnalysisJob):
    """The review of one finished solo game (``solver.search.analysis``)."""

    metric = ("analysis", "analyses")  # GET /metrics reports their latency
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
