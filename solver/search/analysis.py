"""The review of a finished game: each move played against the fair solver's best move.

For every turn the fair player (par) takes its best visible candidates, adds the move that was
played, and plays them all out on one set of sampled futures (``valuation.future_values``),
from what the player saw at that turn only: an ``Observation`` cannot reach the bag, so
neither can this. Half of the futures choose the best move and the other half measure it
against the played move, and the other way round (``review_turn``): ``played_value`` and
``best_value`` are the valuation's values after each (the play-outs' mean final score, as
stored), ``loss = best_value - played_value >= 0`` (where the played move comes out ahead, it
is the best), with the reasons, in the hints' words, for the better move. Where an analysis is
read, ``on_expected_scale`` puts the two values on the hints' scale of expected final score
(``expected.calibrated``); the loss, the accuracy and the marks are the same on either.
For the game: ``expected_loss``, the sum of the losses, and ``accuracy``.

Where the points came from (``story``, docs/review.md "Choices and draws"): on the scale of
expected final scores, with ``E_t`` the turn's ``best_value`` (what the solver expected before
the move) and ``P_t`` its ``played_value`` (after the move, before the draws), a finished
game's score ``S`` splits exactly into

    S = E_1 + sum_t (P_t - E_t) + sum_t (E_t+1 - P_t)     (E_23 = S: the final score)
      = expected_start + decisions + luck

``decisions = -sum of the losses <= 0``; each turn's ``luck`` is AIVAT's chance term (Burch
et al. 2018, the control variate research/protocol.py corrects par's games with): the value
after the draws the player could not choose (the next hand and market) less the expectation
over those draws, which ``P_t`` is. Its mean over the draws is zero where the scale is
calibrated (research/expected_score_fit.py: par's score minus the turn-1 expectation averages
zero). All in hundredths, so the three add up to the score exactly.

Accuracy (like Lichess's accuracy page, a formula a player can check)::

    turn accuracy = 100 * exp(-loss / 3)        # loss in points
    game accuracy = the mean of the turns' accuracies

A move as good as the solver's scores 100; losing 1 point scores 72, 2 points 51, 3 points
(a button) 37, 6 points 14, 10 points 4. The mean over turns, not a function of the sum, so
one blunder costs one turn's share, as on Lichess.

Marks (Lichess's ?!, ?, ??), by the turn's loss in points::

    loss <  1.5   ""     within the noise
    loss >= 1.5   "?!"   an inaccuracy (turn accuracy 61 or less)
    loss >= 3     "?"    a mistake: a button's worth (37 or less)
    loss >= 6     "??"   a blunder: two buttons, most of a goal (14 or less)

Chosen against the noise that bench/analysis_speed.py measures (the losses the solver's own
game reports, and how far two analyses of one turn differ): under 1.5 a loss may be noise
alone. Two analyses of a turn differ by about 0.6 points on average; on a few turns of 132
(where the two halves of the futures chose different best moves) by 4-5, so a single "?"
can be noise, a "??" hardly. ``key_moments``: the turns marked "?" or worse, the largest loss
first (the earlier turn on a tie), at most ``KEY_MOMENTS``.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from solver.game import TURNS, Move, Observation, RulesError, Setup, SoloGame, patch_from_json
from solver.game.setups import Deal

from .expected import calibrated
from .hints import Reason, reasons
from .players import FairPlayer, search_options
from .valuation import future_values

# Whole-game analysis on one worker process: bench/analysis_speed.py measures it.
ANALYSIS_DEFAULTS = {"samples": 96, "candidates": 4}
ACCURACY_SCALE = 3.0  # points of loss that bring a turn's accuracy down to 100 / e (37)
SEED = "analysis"
# (mark, the least loss that earns it), worst first: the module's docstring says why.
MARKS = (("??", 6.0), ("?", 3.0), ("?!", 1.5))
KEY_MOMENT_LOSS = 3.0  # the "?" mark's: a turn that decided the game lost a button or more
KEY_MOMENTS = 3
# A better move's reasons are the hints' (``hints.Reason``); in English (the command line's)
# each is said after these words.
BETTER_MOVE = "the better move: {reason}"


@dataclass(frozen=True)
class TurnReview:
    turn: int
    played: Move
    best: Move
    played_value: float
    best_value: float
    reasons: list[Reason]  # the better move's
    # what the played move earned and built
    played_reasons: list[Reason] = field(default_factory=list)

    @property
    def loss(self) -> float:
        return self.best_value - self.played_value

    @property
    def accuracy(self) -> float:
        return turn_accuracy(self.loss)

    @property
    def mark(self) -> str:
        return mark(round(self.loss, 2))  # the loss as shown: 2.996 shows 3.0 and is a "?"

    def to_json(self) -> dict:
        return {
            "turn": self.turn,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "played_value": round(self.played_value, 2),
            "best_value": round(self.best_value, 2),
            "loss": round(self.loss, 2),
            "accuracy": round(self.accuracy, 1),
            "mark": self.mark,
            "reasons": self.reasons,
            "played_reasons": self.played_reasons,
        }


@dataclass(frozen=True)
class Analysis:
    turns: list[TurnReview]

    @property
    def expected_loss(self) -> float:
        return sum(turn.loss for turn in self.turns)

    @property
    def accuracy(self) -> float:
        return sum(turn.accuracy for turn in self.turns) / max(1, len(self.turns))

    def to_json(self) -> dict:
        turns = [turn.to_json() for turn in self.turns]
        return {
            "accuracy": round(self.accuracy, 1),
            "expected_loss": round(self.expected_loss, 2),
            "turns": turns,
            "key_moments": key_moments(turns),
            "marks": marks_json(),
        }


def mark(loss: float) -> str:
    """The turn's mark for its loss in points: "", "?!", "?" or "??" (``MARKS``)."""
    return next((name for name, least in MARKS if loss >= least), "")


def key_moments(turns: Sequence[dict]) -> list[dict]:
    """The turns that decided the game: ``[{turn, loss}]`` of the turns (``TurnReview.to_json``
    shapes) that lost ``KEY_MOMENT_LOSS`` or more, the largest loss first (the earlier turn on
    a tie), at most ``KEY_MOMENTS``. A function of the stored turns, so an analysis stored
    before the field existed gets it on reading too."""
    decided = [t for t in turns if t["loss"] >= KEY_MOMENT_LOSS]
    decided.sort(key=lambda t: (-t["loss"], t["turn"]))
    return [{"turn": t["turn"], "loss": t["loss"]} for t in decided[:KEY_MOMENTS]]


def filled_turns(turns: Sequence[dict], seen: Sequence[tuple[Observation, Move]]) -> list[dict]:
    """Stored turns (``TurnReview.to_json`` shapes) with the fields an analysis stored before
    them lacks: ``mark`` from the stored loss and ``played_reasons`` from what the player saw
    (``seen``, the game's (observation, move) pairs). No search: the reasons are the hints'."""
    return [
        {
            **turn,
            "mark": turn.get("mark", mark(turn["loss"])),
            "played_reasons": turn.get("played_reasons", reasons(observation, move)),
        }
        for turn, (observation, move) in zip(turns, seen, strict=True)
    ]


def on_expected_scale(turns: Sequence[dict]) -> list[dict]:
    """Stored turns (``TurnReview.to_json`` shapes, the values as the play-outs measured them)
    with ``played_value`` and ``best_value`` as expected final scores, the hints' scale
    (``expected.calibrated``: the same move's hint and review agree). Applied where an analysis
    is read (the API, the command line), never stored, so an analysis stored before reads on
    the same scale as a new one. The loss is a difference within one turn: unchanged."""
    return [
        {
            **turn,
            "played_value": round(calibrated(turn["played_value"], turn["turn"]), 2),
            "best_value": round(calibrated(turn["best_value"], turn["turn"]), 2),
        }
        for turn in turns
    ]


def story(turns: Sequence[dict], score: int) -> dict | None:
    """A finished game's ``expected_start``, ``decisions``, ``luck`` and each turn's luck
    (``turn_luck``), from its stored turns on the expected scale (``on_expected_scale``'s) and
    its final ``score``: ``expected_start + decisions + luck == score`` and the turns' luck
    sums to ``luck``, exactly in hundredths (the module's docstring); ``whole``: the three in
    whole points for a sentence, adding up to the score too. None unless every turn of the
    game is reviewed."""
    if [turn["turn"] for turn in turns] != list(range(1, TURNS + 1)):
        return None

    def hundredths(value: float) -> int:
        return round(value * 100)

    start = hundredths(turns[0]["best_value"])
    decisions = -sum(hundredths(turn["loss"]) for turn in turns)
    after = [hundredths(turn["best_value"]) for turn in turns[1:]] + [score * 100]
    # P_t as best_value less the loss shown (not the separately rounded played_value), so
    # that the sum telescopes in whole hundredths
    lucks = [
        nxt - (hundredths(turn["best_value"]) - hundredths(turn["loss"]))
        for turn, nxt in zip(turns, after, strict=True)
    ]
    # whole points for a sentence, adding up too: the luck takes the rounding
    start_points, decision_points = round(start / 100), round(decisions / 100)
    return {
        "expected_start": start / 100,
        "decisions": decisions / 100,
        "luck": sum(lucks) / 100,
        "turn_luck": [luck / 100 for luck in lucks],
        "whole": {
            "expected_start": start_points,
            "decisions": decision_points,
            "luck": score - start_points - decision_points,
            "score": score,
        },
    }


def marks_json() -> list[dict]:
    """The marks' legend for a page: ``[{mark, min_loss}]``, worst first."""
    return [{"mark": name, "min_loss": least} for name, least in MARKS]


def turn_accuracy(loss: float) -> float:
    """100 for no loss, falling by a factor e every ``ACCURACY_SCALE`` points lost."""
    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_SCALE)


def analyse(
    turns: Sequence[tuple[Observation, Move]],
    *,
    seed: str = SEED,
    progress: Callable[[int, int], None] | None = None,
    **options,
) -> Analysis:
    """Review each (what the player saw, what they played) pair of a game.

    ``options`` are the fair player's (``samples``, ``candidates``, ...; defaults
    ``ANALYSIS_DEFAULTS``); ``progress(done, total)`` is called after each turn. Deterministic
    for a given ``seed``. Raises ``RulesError`` naming an illegal played move."""
    player = reviewer(seed, options)
    reviews = []
    for observation, played in turns:
        reviews.append(review_turn(player, observation, played))
        if progress is not None:
            progress(len(reviews), len(turns))
    return Analysis(reviews)


def reviewer(seed: str, options: dict) -> FairPlayer:
    """The fair player that reviews moves, with ``options`` over ``ANALYSIS_DEFAULTS``."""
    return FairPlayer(seed=seed, **{**ANALYSIS_DEFAULTS, **search_options(options, FairPlayer)})


def judge(observation: Observation, move: Move, *, seed: str = SEED, **options) -> TurnReview:
    """One move of a position judged as a game's review judges a played move (a drill's
    answer): against the reviewer's best on the same futures. ``RulesError`` names an illegal
    move."""
    return review_turn(reviewer(seed, options), observation, move)


def review_turn(player: FairPlayer, observation: Observation, played: Move) -> TurnReview:
    """The played move against the player's best, all on one set of futures.

    The player's best visible candidates and the played move are played out in the same
    futures (``future_values``; the played move in every one, the candidates while they may
    still beat the leader by the player's margin). A value measured on the futures that
    chose its move would be the highest of many noisy means, too high by the noise (the
    winner's curse), so the futures are split in two halves (even and odd) and each half
    chooses a best move that the other half measures (cross-fitting): ``loss`` is the mean
    of the two measured differences to the played move, ``played_value`` the played move's
    mean over every future, and ``best_value`` their sum. Every play-out counts twice (once
    to choose, once to measure) where the review before played the two moves again on
    other futures."""
    SoloGame.from_observation(observation, ()).check(played)
    visible = player.visible_candidates(observation, max(player.candidates, 4))
    moves = [node.move for node in visible[: player.candidates]]
    moves = [move for move in moves if not _same_move(observation, move, played)] + [played]
    mine = len(moves) - 1
    finals, counts = future_values(
        observation,
        moves,
        samples=player.samples,
        seed=player.seed,
        margin=player.margin,
        depth=player.depth,
        beam=player.playout(observation.layout),
        keep=(mine,),
    )
    n = counts[mine]
    full = [i for i, count in enumerate(counts) if count == n]  # in every future
    return judged_turn(observation, [moves[i] for i in full], finals[full, :n])


def judged_turn(observation: Observation, moves: list[Move], values: np.ndarray) -> TurnReview:
    """The review of a turn from its moves' final scores on shared futures: ``values[i, k]``,
    move ``moves[i]``'s in future ``k``, the played move last (cross-fitted as
    ``review_turn`` says; the table review, ``table_review``, judges its futures here too)."""
    played = moves[-1]
    n = values.shape[1]
    played_value = float(values[-1].mean())
    if n == 1:  # exact values: no noise to guard against
        gaps = [values.max(axis=0)[0] - values[-1, 0]]
        chooser = values[:, 0]
    else:
        halves = (slice(0, n, 2), slice(1, n, 2))
        gaps = []
        for choose, measure in (halves, halves[::-1]):
            best = int(np.argmax(values[:, choose].mean(axis=1)))
            gaps.append(float((values[best, measure] - values[-1, measure]).mean()))
        chooser = values.mean(axis=1)
    loss = max(0.0, float(np.mean(gaps)))
    best_move, said = played, []
    if loss > 0:
        best_move = moves[int(np.argmax(chooser))]
        if best_move is played:  # the halves chose others, but on all futures it leads
            best_move = moves[int(np.argsort(chooser)[-2])]
        said = reasons(observation, best_move)
    return TurnReview(
        observation.turn,
        played,
        best_move,
        played_value,
        played_value + loss,
        said,
        reasons(observation, played),
    )


def _same_move(observation: Observation, a: Move, b: Move) -> bool:
    """The same patch on the same cell taking the same patch (hand or market slots holding
    equal patches make different indices the same move)."""

    def key(move: Move) -> tuple:
        taken = None if move.market_index is None else observation.market[move.market_index]
        return move.cell, observation.hand[move.hand_index], taken

    return key(a) == key(b)


def seen_turns(data) -> list[tuple[Observation, Move]]:
    """Each turn's observation and move from a replay (``GET /api/games/{id}/replay/``):
    ``setup``, ``goals`` and ``turns: [{turn, hand, market, move}]``, hand and market as they
    were before the move. Only what the player saw is used: the engine replays the game with
    the draws the markets revealed, and every turn's hand and market must agree with it.
    Raises ``RulesError`` naming the problem."""
    if not isinstance(data, dict):
        raise RulesError("a game must be a JSON object with setup, goals and turns")
    setup = Setup.from_json(data.get("setup"))
    turns = data.get("turns")
    if not isinstance(turns, list) or not 1 <= len(turns) <= TURNS:
        raise RulesError(f"turns must list 1 to {TURNS} turns")
    for k, turn in enumerate(turns, start=1):
        if not isinstance(turn, dict) or turn.get("turn") != k:
            raise RulesError(f"turns[{k - 1}] must be an object with turn {k}")
    seen = [(_patches(t, "hand"), _patches(t, "market")) for t in turns]
    for k, (hand, market) in enumerate(seen, start=1):  # else the draws below run short
        if len(hand) != 2 or len(market) != 3:
            raise RulesError(f"turn {k} must show two patches in hand and three in the market")
    # the conveyor draws slot 1 then slot 0: the next turn's market says what was drawn
    draws = [patch for _, market in seen[1:] for patch in (market[1:2] + market[:1])]
    hand, market = seen[0]
    game = SoloGame.start(
        Deal("", setup, tuple(hand), tuple(market), tuple(draws)), data.get("goals") or None
    )
    pairs = []
    for k, turn in enumerate(turns):
        if (list(game.hand), list(game.market)) != seen[k]:
            raise RulesError(f"turn {k + 1}: hand and market do not follow from turn {k}")
        move = Move.from_json(turn.get("move"))
        pairs.append((game.observation(), move))
        if k + 1 < len(turns):  # the last turn given needs no draws after it
            game.play(move)
        else:
            game.check(move)
    return pairs


def _patches(turn: dict, key: str) -> list[int]:
    value = turn.get(key)
    if not isinstance(value, list):
        raise RulesError(f"turn {turn['turn']}: {key} must be a list of patches")
    return [patch_from_json(p) for p in value]


__all__ = [
    "ACCURACY_SCALE",
    "ANALYSIS_DEFAULTS",
    "BETTER_MOVE",
    "KEY_MOMENTS",
    "KEY_MOMENT_LOSS",
    "MARKS",
    "Analysis",
    "TurnReview",
    "analyse",
    "filled_turns",
    "judge",
    "judged_turn",
    "key_moments",
    "mark",
    "on_expected_scale",
    "story",
]
