"""The API's answers, each shape written once: what the selectors (and the few views that
build an answer themselves) return, as ``TypedDict``s, and what the OpenAPI schema shows
(``core.api.schema.serializer_for`` draws a schema-only serializer from each; the views
answer with the dicts themselves, ``bench/versus_answer_shape.py`` says why).

How a field is written: ``Annotated[type, "help text"]``; ``X | None`` for null;
``NotRequired[...]`` for a key only some answers have; ``Literal[...]`` for choices;
``IsoDate``, ``IsoDateTime`` and ``Url`` (``core.shapes``, with ``Json`` and the errors'
``ErrorOut``) for strings of that format (``datetime.date`` where the answer holds the date
itself); ``Json`` for a part kept free-form (a quilt file, the score object). Every API test
holds the answers it gets to these, keys included (``tests/helpers/schema.py``): a shape that
drifts from its selector fails there.

Plain typing only: the selectors, the views and the apps built on puzzles import it."""

import datetime
from typing import Annotated, Literal, NotRequired, TypedDict

from core.shapes import IsoDate, IsoDateTime, Json, Url
from solver.game import TURNS
from solver.search.analysis import KEY_MOMENT_LOSS, KEY_MOMENTS, MARKS
from solver.search.hints import REASONS

RunStatus = Literal["none", "pending", "running", "ready", "failed"]
WorkStatus = Literal["pending", "ready", "failed"]


class RegisteredOut(TypedDict):
    username: str
    token: str


class TokenOut(TypedDict):
    token: str


class RunOut(TypedDict):
    status: RunStatus
    score: Annotated[int | None, "par: the mean of its games so far, rounded"]
    # par only (docs/api.md, "Par"): its games' figures so far
    mean: NotRequired[Annotated[float | None, "the mean of par's finished games, one decimal"]]
    se: NotRequired[Annotated[float | None, "the mean's standard error; null below 2 games"]]
    games: NotRequired[Annotated[int, "par's games finished"]]
    of: NotRequired[Annotated[int, "par's games planned (CALICO_PAR_GAMES)"]]
    low: NotRequired[Annotated[int | None, "the lowest of par's finished games"]]
    high: NotRequired[Annotated[int | None, "the highest of par's finished games"]]
    overridden: NotRequired[
        Annotated[bool, "the site's settings override the solver's shipped par options"]
    ]


class ReasonOut(TypedDict):
    """A reason as the engine's fact (``solver.search.hints.fact``): the page words it."""

    kind: Annotated[
        Literal[(*REASONS, "text")],
        "what the move does; 'text': a sentence stored before reasons were facts",
    ]
    values: Annotated[
        Json, "the fact's values by name: colours, patterns, cats, goals and counts, bare"
    ]


class HintOut(TypedDict):
    id: int
    turn: int
    status: WorkStatus
    move: Json | None
    expected_score: float | None
    reasons: Annotated[list[str], "reason_facts in the request's language"]
    reason_facts: list[ReasonOut]
    pass_chance: Annotated[
        float | None,
        "a scenario game's hint: the share (0 to 1) of the solver's sampled play-outs from "
        "this move that pass the scenario; null for any other hint, or while pending",
    ]
    message: Annotated[str, "why a hint is not ready"]


class PatchOut(TypedDict):
    color: str
    pattern: str


class CatOut(TypedDict):
    cat: str
    points: int
    patterns: list[str]
    requirement: Annotated[str, "in the caller's language (Accept-Language)"]
    size: Annotated[int, "patches needed: the group's or the shape's size"]
    shape: Annotated[
        list[list[int]] | None, "axial [q, r] cells of a shape cat; null for a size cat"
    ]
    example: Annotated[list[list[int]], "axial [q, r] cells of a group that meets it"]


class DifficultyOut(TypedDict):
    label: Literal["gentle", "usual", "tough", "brutal"]
    score: Annotated[
        float,
        "par: par minus the reference's mean par (another setup: the month's); crowd: median"
        " minus par",
    ]
    basis: Annotated[Literal["par", "crowd"], "par while the day is open, crowd after"]
    percentile: Annotated[
        float | None,
        "par's place among the par means of the shipped reference of standard deals (0-100;"
        " null for another setup): gentle above 75, usual above 25, tough above 10",
    ]


class ChallengeOut(TypedDict):
    date: IsoDate
    number: Annotated[int, "the puzzle number: days since the first daily"]
    setup: str
    variant: str | None
    board: str
    border: Annotated[dict[str, PatchOut], '{"r,c": patch}']
    cats: list[CatOut]
    goal_options: NotRequired[list[str]]
    goals: NotRequired[dict[str, str]]
    commitment: Annotated[str, "SHA-256 of the seed, public all day"]
    seed: Annotated[str | None, "null until the day closes"]
    closed: bool
    par: RunOut
    best_known: Annotated[RunOut | None, "null until the day closes"]
    ranked_game: int | None
    difficulty: Annotated[DifficultyOut | None, "null while par is not ready"]


class ChallengePageOut(TypedDict):
    # Built by the view's paginator around the selector's challenges.
    count: int
    next: Url | None
    previous: Url | None
    results: list[ChallengeOut]


class AwardOut(TypedDict):
    button: str | None
    cat: str | None
    rainbow: bool


class GameSetupOut(TypedDict):
    board: str
    border: dict[str, PatchOut]
    goals: dict[str, str]
    cats: list[CatOut]
    kind: NotRequired[Annotated[str, "only on a scenario game: its setup"]]


class CheckOut(TypedDict):
    """A scenario's condition as the rules state it."""

    kind: str
    text: str
    target: int


class ConditionOut(CheckOut):
    """A condition on a scenario game, as it stands."""

    have: int
    status: Annotated[Literal["met", "open", "missed"], "missed: can no longer be met"]
    met: bool


class ScenarioProgressOut(TypedDict):
    number: int
    min_score: int
    passed: Annotated[bool | None, "null until the game ends"]
    conditions: list[ConditionOut]


class PracticeFromOut(TypedDict):
    game: Annotated[int | None, "null once that game is deleted"]
    turn: int


class ShareOut(TypedDict):
    text: Annotated[str, "the words to paste: day, number, score, par, link"]
    url: Annotated[Url, "the share page (Open Graph tags naming the image)"]
    image: Annotated[Url, "a PNG: the quilt once the day has closed"]
    image_width: int
    image_height: int
    spoiler_free: Annotated[
        bool, "true before the day closes: the image shows the score, not the quilt"
    ]


class AttributeProgressOut(TypedDict):
    counts: Annotated[
        list[int], "the filled neighbours' counts, largest first: [2, 1] is a pair and a single"
    ]
    possible: Annotated[bool, "some filling of the empty neighbours meets it"]
    met: Annotated[bool, "all six filled and meeting it"]


class GoalProgressOut(TypedDict):
    cell: str
    goal: str
    filled: Annotated[int, "neighbours filled, 0-6"]
    colors: AttributeProgressOut
    patterns: AttributeProgressOut
    points_possible: Annotated[int, "the most it can still score"]


class CatProgressOut(TypedDict):
    cat: str
    largest: Annotated[
        int,
        "a size cat: its largest group of its patterns with no cat yet (border included);"
        " a shape cat: the most cells of its shape one pattern fills where it can still be"
        " finished",
    ]
    needed: Annotated[int, "patches it needs (a shape cat: in its shape)"]


class ToldOut(TypedDict):
    """Where a game's points came from, in whole points for a sentence: expected_start +
    decisions + luck == score."""

    expected_start: Annotated[int, "the turn-1 expectation, rounded"]
    decisions: Annotated[int, "the choices' cost, rounded (<= 0)"]
    luck: Annotated[int, "the draws': the score less the other two"]
    score: int
    par: Annotated[float | None, "the day's par (its mean); null for a scenario or until ready"]


class AnalysisSummaryOut(TypedDict):
    status: Literal["pending", "running", "ready", "failed"]
    accuracy: Annotated[float | None, "once ready"]
    expected_loss: Annotated[float | None, "once ready: points lost to the solver's best moves"]
    told: Annotated[ToldOut | None, "once ready, for a finished solo game (docs/review.md)"]


class GameOut(TypedDict):
    id: int
    date: Annotated[IsoDate | None, "null for a scenario game"]
    number: Annotated[int | None, "the daily's puzzle number; null for a scenario game"]
    ranked: Annotated[bool, "a daily's ranked game (a weekly try says so in ``weekly``)"]
    weekly: Annotated[bool, "the player's one ranked try at a week's special, on its board"]
    status: Literal["playing", "finished"]
    turn: Annotated[int, f"the next turn, 1-{TURNS}"]
    turns: Annotated[int, "turns in a game (the page's count)"]
    hand: list[PatchOut]
    market: Annotated[list[PatchOut], "slot 0 nearest the bag"]
    quilt: Annotated[Json, "a quilt file (docs/rules.md)"]
    empty_cells: list[str]
    discarded: list[PatchOut]
    score: Annotated[Json, "the score object (docs/rules.md)"]
    goal_progress: Annotated[list[GoalProgressOut], "how each goal's neighbours stand"]
    cat_progress: list[CatProgressOut]
    button_colors: Annotated[int, "colours with a button (all six: the rainbow)"]
    hints_used: int
    last_award: AwardOut | None
    practice_from: Annotated[
        PracticeFromOut | None, 'the game and turn a "try again from here" started from'
    ]
    par: RunOut
    setup: GameSetupOut
    closes_at: Annotated[
        IsoDateTime | None, "the day's close: 00:00 UTC after it (none for a scenario)"
    ]
    expired: Annotated[bool, "a ranked game unfinished at its day's close: it never counts"]
    closes_in: Annotated[
        int | None, "seconds to the day's close while a ranked game is playing (none once expired)"
    ]
    counts: Annotated[bool, "on its day's leaderboard"]
    disqualified: Annotated[str | None, "why, when staff disqualified it"]
    scenario: NotRequired[Annotated[ScenarioProgressOut, "only on a scenario game"]]
    share: NotRequired[Annotated[ShareOut, "only on a finished game"]]
    analysis: NotRequired[
        Annotated[AnalysisSummaryOut | None, "only on a finished game: its review, if asked"]
    ]
    seed: NotRequired[Annotated[str | None, "a scenario game's seed, once it is finished"]]


class EntryOut(TypedDict):
    rank: int
    player: str
    name: Annotated[str, 'what to show: the username, or "Guest 3f9a"']
    score: int
    cats: int
    buttons: int
    hints_used: int
    game_id: Annotated[int | None, "the game, for its replay, once the day has closed"]


class MeOut(TypedDict):
    rank: int
    percentile: Annotated[
        float, "share of the day's finished ranked games scoring at or below yours"
    ]
    score: int
    game: int


class BucketOut(TypedDict):
    score: int
    count: int


class LeaderboardOut(TypedDict):
    date: IsoDate
    par: RunOut
    count: int
    page: int
    pages: int
    hints: Literal["include", "exclude"]
    entries: list[EntryOut]
    histogram: list[BucketOut]
    me: MeOut | None


# Review (``selectors.replays``; versus answers its analysis in the same shape).


class ProgressOut(TypedDict):
    done: int
    total: int


class TurnReviewOut(TypedDict):
    turn: int
    played: Annotated[Json, "{hand_index, cell, market_index}"]
    best: Annotated[Json, "the fair solver's best move of that turn"]
    played_value: Annotated[float, "expected final score after the move"]
    best_value: float
    loss: Annotated[float, "best_value - played_value"]
    accuracy: Annotated[float, "100 * exp(-loss / 3)"]
    mark: Annotated[
        Literal[("", *(name for name, _ in MARKS))],
        "by the loss: " + ", ".join(f"{name} from {least:g}" for name, least in MARKS),
    ]
    reasons: Annotated[list[str], "the better move's (none when yours was best)"]
    reason_facts: Annotated[list[ReasonOut], "reasons as facts, said as such by the page"]
    played_reasons: Annotated[list[str], "what your move earned and built, as a hint says"]
    played_reason_facts: Annotated[list[ReasonOut], "played_reasons as facts"]
    luck: Annotated[
        float | None,
        "the expected final score after the draws that followed less before them (AIVAT's"
        " chance term, docs/review.md); null for a versus game's review",
    ]


class KeyMomentOut(TypedDict):
    turn: int
    loss: float


class MarkOut(TypedDict):
    mark: str
    min_loss: Annotated[float, "the least loss that earns the mark"]


class AnalysisOut(TypedDict):
    status: Literal["pending", "running", "ready", "failed"]
    progress: ProgressOut
    accuracy: Annotated[float | None, "mean of the turns' accuracy"]
    expected_loss: Annotated[float | None, "sum of the losses"]
    expected_start: Annotated[
        float | None, "the expected final score before the first patch (the turn-1 hint's scale)"
    ]
    decisions: Annotated[float | None, "expected points lost to choices: minus the losses' sum"]
    luck: Annotated[
        float | None,
        "the turns' luck: expected_start + decisions + luck == the score, exactly (hundredths);"
        " null until a finished solo game's analysis is ready",
    ]
    told: Annotated[ToldOut | None, "expected_start, decisions and luck in whole points, with par"]
    turns: list[TurnReviewOut]
    key_moments: Annotated[
        list[KeyMomentOut],
        f"the turns that lost {KEY_MOMENT_LOSS:g} points or more, largest loss first,"
        f" at most {KEY_MOMENTS}",
    ]
    marks: Annotated[list[MarkOut], "the marks' legend, worst first"]


class ReplayTurnOut(TypedDict):
    turn: int
    hand: Annotated[Json, "as it was before the move"]
    market: Annotated[Json, "as it was before the move"]
    move: Annotated[Json, "{hand_index, cell, market_index, patch}"]
    quilt_after: Annotated[Json, "a quilt file (docs/rules.md)"]
    score_after: Annotated[Json, "the score object (docs/rules.md)"]


class ReplayOut(TypedDict):
    id: int | None
    player: str
    name: Annotated[str, 'the player as others see them ("Guest 3f9a")']
    date: Annotated[IsoDate | None, "none for a scenario game"]
    ranked: bool
    score: int
    goals: Json | None
    setup: Json
    turns: list[ReplayTurnOut]


# Players' profiles (``selectors.players``).


class BestOut(TypedDict):
    score: int
    date: datetime.date


class StatsOut(TypedDict):
    ranked_games: int
    current_streak: Annotated[
        int,
        "consecutive UTC days with a finished ranked game, up to today (or "
        "yesterday while today's game is not finished); a day a freeze covered keeps it going",
    ]
    longest_streak: int
    average: float | None
    best: Annotated[BestOut | None, "the best score and the first day it was scored"]
    beat_par: Annotated[int, "days scored above that day's par"]
    days_with_par: Annotated[int, "days whose par is known"]
    average_vs_par: Annotated[float | None, "mean of score - par"]


class FreezesOut(TypedDict):
    held: Annotated[int, "streak freezes held: one earned for each 7 days of a streak, 2 at most"]
    used: Annotated[list[datetime.date], "the missed days a freeze covered, oldest first"]


class ScoreCountOut(TypedDict):
    score: int
    games: int


class HistoryOut(TypedDict):
    date: datetime.date
    score: int
    par: int | None


class RecentOut(HistoryOut):
    rank: Annotated[int, "on that day's global leaderboard"]
    percentile: float | None
    game_id: Annotated[int, "the game, for its review page"]


class ProfileOut(TypedDict):
    # And a key per section the apps add (``selectors.players.profile_sections``).
    username: str
    name: Annotated[str, 'the username, or "Guest 3f9a" for a guest']
    is_guest: bool
    joined: datetime.date
    today: Annotated[datetime.date, "the current UTC day, that streaks run up to"]
    stats: StatsOut
    freezes: FreezesOut
    histogram: list[ScoreCountOut]
    recent: Annotated[list[RecentOut], "the latest days, newest first"]
    history: Annotated[list[HistoryOut], "every counted day, oldest first"]


class OwnProfileOut(ProfileOut):
    """The caller's own profile (``/api/me/``): the public profile and the account's email."""

    email: Annotated[str, 'the optional email, "" for none']
    email_verified: Annotated[bool, "its link was followed: it logs in and receives resets"]


# Solo scenarios (``selectors.scenarios``).


class PassRateOut(TypedDict):
    status: RunStatus
    deals: int
    passes: int
    percent: Annotated[int | None, "100 * passes / deals"]


class ScenarioBestOut(TypedDict):
    score: int
    game: int


class ScenarioOut(TypedDict):
    number: int
    setup: Annotated[str, "for python -m solver deal SEED --setup ..."]
    goals: list[str]
    cats: list[CatOut]
    min_score: int
    conditions: list[str]
    checks: list[CheckOut]
    solver: Annotated[PassRateOut, "the fair solver's passes over a few fresh deals"]
    passed: Annotated[bool, "whether the caller has passed it"]
    tries: Annotated[int, "the caller's finished games of it"]
    best: Annotated[ScenarioBestOut | None, "the caller's best finished game"]
    playing: Annotated[int | None, "the caller's unfinished game"]


# The design goals' table (``selectors.setups``).


class GoalOut(TypedDict):
    id: str
    notation: str
    label: Annotated[str, "how the pages name the goal (in the caller's language)"]
    symbol: Annotated[str, "what the board prints on its goal space"]
    one: Annotated[int, "points when colours or patterns meet it"]
    both: Annotated[int, "points when both do (instead of one)"]
    counts: Annotated[list[int], "what the six neighbours must form, largest first: [2, 2, 1, 1]"]
    shape_words: Annotated[
        str, 'the counts in words: "two pairs and two singles" (in the caller\'s language)'
    ]
    help: Annotated[
        str, "what the goal wants and scores, in plain words (in the caller's language)"
    ]


class GoalsOut(TypedDict):
    goals: list[GoalOut]


# A player's data (``selectors.account.export``).


class ExportAccountOut(TypedDict):
    username: str
    email: str
    email_verified: bool
    is_guest: bool
    joined: datetime.datetime
    last_login: datetime.datetime | None


class ExportHintOut(TypedDict):
    turn: int
    status: str
    move: Json | None
    expected_score: float | None
    reasons: Annotated[list[Json], "facts: {kind, values}"]


class ExportGameOut(TypedDict):
    id: int
    date: datetime.date | None
    ranked: bool
    scenario: int | None
    status: str
    goals: Json | None
    moves: list[Json]
    score: int
    cat_tokens: int
    button_tokens: int
    hints_used: int
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    hints: list[ExportHintOut]
    analysis: Json | None


class ExportOut(TypedDict):
    # And a key per section the apps add (their configs' ``export_sections``).
    account: ExportAccountOut
    profile: ProfileOut
    games: Annotated[list[ExportGameOut], "every game, with its moves, hints and analysis"]
