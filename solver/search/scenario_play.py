"""Play for the pass: the fair solver's mode for solo scenarios (docs/rules.md "Solo scenarios").

A scenario is passed or not: a 70 that misses the rainbow fails where a 58 with it passes.
So in a scenario game the search maximises the chance of passing, not the score:

- **The utility** of a finished play-out is ``1`` if it passes (the score and every
  condition, the engine's ``Scenario`` read off the compiled state) plus a small shaped term
  (``SHAPE`` times the mean of each condition's share done, the score's counted from 10
  below the threshold up to it, ``SCORE_BAND``), as KataGo adds a small score term to its win
  probability: a pass always counts for more than any failing game, and among failing
  play-outs those that nearly pass count for something. A move's value is its mean utility
  over the sampled futures, so nearly its chance of passing.
- **Condition-aware play-outs**: the evaluation that ranks the candidates and steers the
  play-outs (``ScenarioEvaluator``) raises the terms of every condition still open at the
  decision (the rainbow's value, colour pairs, cat progress, goal chances) and uses the
  plain terms for one met or missed (a condition never un-meets: the engine's ``progress``).
  Awards, and so the points, stay the rules'.
- **Goals**: every arrangement of the scenario's three goals plays the same quick games;
  the one with the highest mean utility is placed.

The daily never comes here: ``scenario_of`` is None for every other setup, and the fair
player, its evaluator and its valuation are untouched.
"""

from dataclasses import dataclass
from functools import lru_cache
from math import erf

import numpy as np
from numba import njit

from solver.game import (
    SCENARIOS,
    TURNS,
    Deal,
    Layout,
    Move,
    Observation,
    Quilt,
    Scenario,
    Setup,
    SoloGame,
)
from solver.game.quilt import BUTTON_POINTS
from solver.game.scenarios import OPEN
from solver.game.solo import conveyor

from .beam import Beam, Node
from .evaluation import DEFAULT_WEIGHTS, Weights
from .fastcore import (  # the compiled game, kept in place
    _W_PAIR,
    _W_RAINBOW,
    _W_SINGLE,
    _W_STEP,
    Evaluator,
    _goal_met,
    _group,
    _popcount,
    _quick_game,
    evaluator_for,
    pack,
)
from .goal_choice import QUICK, arrangements
from .players import FairPlayer, sampled_deals
from .valuation import Valuation, _after, _still_close, sampled_bag

SHAPE = 0.1  # weight of the shaped term: below the 1 of a pass, whatever the play-out
# the score's share rises from SCORE_BAND[0] points below the threshold to SCORE_BAND[1] above
SCORE_BAND = (10, 0)
# How much an open condition's evaluation terms are raised (1: the daily's evaluation).
RAINBOW_BONUS = 10.0  # what the evaluation counts a rainbow as (the rules: 3 points)
RAINBOW_SCALE = 0.75  # its shrink per colour still missing a button (daily: 0.6)
BUTTON_BOOST = 1.6  # live colour singles and pairs, when buttons of one colour are wanted
CAT_BOOST = 1.6  # cat progress, when cat tokens (or each cat, or one cat thrice) are wanted
EACH_CAT_BOOST = 2.0  # with ``targeted``: the progress of a cat still without a token
GOAL_BOOST = 1.3  # goal chances (capped at 1), when goals must be met
# How far the player's final score spreads about its play-out's score plus the gain, in points
# a square root of a turn left (0 on the last turn): a play-out just short of the threshold is
# nearly a pass (research/expected_score_fit.py: the calibrated value's error, RMSE about 5 over
# a game's turns). Tried with the gain (option ``spread``); no gain measured, so off
SPREAD = 1.5
GOAL_FUTURES = 64  # quick games per goal arrangement at least: they cost little
HINDSIGHT_CANDIDATES = 48  # one future each (the true one): more candidates for little cost
MARGIN = 0.01  # utility by which a candidate must be able to beat the leader to keep sampling
# Points a turn left by which the player's final score is judged above its greedy play-out's:
# the play-out stands in for the player's later turns, which score more. Fitted by
# research/expected_score_fit.py at two strengths, (samples, gain); between and beyond them by
# log(samples), the more futures the more the player out-plays the play-out.
GAIN_FITS = ((16, 0.39), (256, 0.63))  # candidates 8 / samples 16; par, today's evaluation


def gain_at(samples: int) -> float:
    """The gain a turn left of a player that values its moves in ``samples`` futures."""
    (low, at_low), (high, at_high) = GAIN_FITS
    slope = (at_high - at_low) / np.log(high / low)
    return float(np.clip(at_low + slope * np.log(samples / low), 0.0, at_high))


# the counts the compiled tally returns, in this order (the kinds of ``Condition``)
KINDS = (
    "score",
    "goals-met",
    "goals-both",
    "rainbow",
    "cat-tokens",
    "each-cat",
    "buttons-one-color",
    "tokens-one-cat",
)


def scenario_of(setup: Setup) -> Scenario | None:
    """The scenario a setup deals, or None (standard, beginner: the daily's modes)."""
    if not setup.kind.startswith("scenario-"):
        return None
    return SCENARIOS[int(setup.kind.removeprefix("scenario-"))]


# -- the utility ----------------------------------------------------------------------------


@njit(cache=True)
def _tally(state, goals, cat_of_pattern, scenario_cats):
    """What each condition kind counts on a full packed quilt, in ``KINDS`` order."""
    out = np.zeros(8, dtype=np.int64)
    out[0] = state[66]
    for i in range(goals.shape[0]):
        for k in range(6):
            if state[goals[i, k]] < 0:
                return out  # not full: nothing decided (the tally is for finished games)
        met_c, met_p = _goal_met(state, goals[i])
        if met_c or met_p:
            out[1] += 1
        if met_c and met_p:
            out[2] += 1
    out[3] = 6 if state[65] else _popcount(state[64])
    buttons = state[62]
    most = 0
    for c in range(6):
        rest = buttons & state[49 + c]
        n = 0
        while rest:
            rest &= ~_group(rest & -rest, rest)
            n += 1
        most = max(most, n)
    out[6] = most
    tokens = np.zeros(scenario_cats, dtype=np.int64)
    cats = state[63]
    for p in range(6):
        which = cat_of_pattern[p]
        if which < 0:
            continue
        rest = cats & state[55 + p]
        while rest:
            rest &= ~_group(rest & -rest, rest)
            tokens[which] += 1
    for j in range(scenario_cats):
        out[4] += tokens[j]
        if tokens[j]:
            out[5] += 1
        out[7] = max(out[7], tokens[j])
    return out


def _normal_above(z: float) -> float:
    """The chance that a standard normal is below ``z``."""
    return 0.5 * (1.0 + erf(z / np.sqrt(2.0)))


class Judge:
    """A scenario's verdict and utility on a layout's packed full quilts."""

    def __init__(
        self,
        scenario: Scenario,
        layout: Layout,
        evaluator: Evaluator,
        score_band: tuple[int, int] = SCORE_BAND,
    ):
        self.scenario = scenario
        self.goals = evaluator.arrays[0]
        ids = list(scenario.cats)
        self.cat_of_pattern = np.array(
            [
                ids.index(cat.id) if cat is not None and cat.id in ids else -1
                for cat in layout.cat_of_pattern
            ],
            dtype=np.int64,
        )
        conditions = scenario.conditions
        self.index = np.array([KINDS.index(c.kind) for c in conditions], dtype=np.int64)
        self.targets = np.array([c.target for c in conditions], dtype=np.int64)
        # a count's share rises from 0 to its target; the score's over ``score_band``
        below, above = score_band
        is_score = np.array([c.kind == "score" for c in conditions])
        self.floor = np.where(is_score, self.targets - below, 0).astype(np.float64)
        self.top = np.where(is_score, self.targets + above, self.targets).astype(np.float64)

    def tally(self, state: np.ndarray) -> np.ndarray:
        return _tally(state, self.goals, self.cat_of_pattern, len(self.scenario.cats))

    def judge(
        self, state: np.ndarray, bonus: float = 0.0, spread: float = 0.0, near: float = 0.0
    ) -> tuple[float, bool, int]:
        """(utility, passed, score) of a packed full quilt; ``bonus``, ``spread``, ``near``
        as in ``of_counts``."""
        return self.of_counts(self.tally(state)[self.index], bonus, spread, near)

    def of_counts(
        self, counts: np.ndarray, bonus: float = 0.0, spread: float = 0.0, near: float = 0.0
    ) -> tuple[float, bool, int]:
        """(utility, passed, score) of a finished game whose conditions count ``counts`` (in
        ``scenario.conditions`` order, the score first). ``bonus`` is added to the score
        before it is judged (not to the score returned): what the player is expected to
        score above the greedy play-out that stands in for its later turns. With a
        ``spread`` (points, > 0) the pass term is the chance that a score spread that much
        about the judged one reaches the threshold, the conditions met (``passed`` stays
        the verdict on the judged score). With ``near`` (a count, > 0) a condition the
        play-out missed counts as the chance that the player counts more than it, by up to
        about ``near``."""
        judged = counts.astype(np.float64)
        judged[0] += bonus
        passed = bool((judged >= self.targets).all())
        win = float(passed)
        if spread > 0 or near > 0:
            win = 1.0
            if spread > 0:
                win = _normal_above((judged[0] - self.targets[0] + 0.5) / spread)
            elif judged[0] < self.targets[0]:
                win = 0.0
            for have, target in zip(judged[1:], self.targets[1:], strict=True):
                if have < target:
                    win *= _normal_above((have - target + 0.5) / near) if near > 0 else 0.0
        share = np.clip((judged - self.floor) / (self.top - self.floor), 0.0, 1.0)
        return win + SHAPE * float(share.mean()), passed, int(counts[0])


def utility(scenario: Scenario, quilt) -> float:
    """The utility of a finished quilt (``Judge.judge`` of it): what a play-out ends with."""
    layout = quilt.layout
    return Judge(scenario, layout, Evaluator(layout)).judge(pack(quilt))[0]


# -- condition-aware evaluation -------------------------------------------------------------


def open_kinds(scenario: Scenario, quilt) -> frozenset[str]:
    """The kinds of the scenario's conditions still open on ``quilt`` (neither met nor
    missed): their evaluation terms are raised; a met one's are the daily's again."""
    return frozenset(p.condition.kind for p in scenario.progress(quilt) if p.status == OPEN)


class ScenarioEvaluator(Evaluator):
    """The evaluation with the terms of the ``raised`` condition kinds raised. Only the
    evaluation's tables change (goal chances, cat progress, colour and rainbow weights);
    the awards' tables are the daily's, so every point is the rules' point."""

    def __init__(
        self,
        layout: Layout,
        raised: frozenset[str],
        weights: Weights = DEFAULT_WEIGHTS,
        wanted: frozenset[str] | None = None,
    ):
        super().__init__(layout, weights)
        self.raised = raised
        goals, goal_at, chance, cats, progress, award, shapes, reach, floats = self.arrays
        chance, progress, floats = chance.copy(), progress.copy(), floats.copy()
        if raised & {"goals-met", "goals-both"}:
            np.minimum(chance * GOAL_BOOST, 1.0, out=chance)
        if wanted is not None and "each-cat" in raised:
            # each cat once: only the cats still without a token are raised (more), unless
            # a count of tokens is open too
            for pattern, cat in enumerate(layout.cat_of_pattern):
                if cat is not None and cat.id in wanted:
                    progress[pattern] *= EACH_CAT_BOOST
                elif raised & {"cat-tokens", "tokens-one-cat"}:
                    progress[pattern] *= CAT_BOOST
        elif raised & {"cat-tokens", "each-cat", "tokens-one-cat"}:
            progress *= CAT_BOOST
        if "buttons-one-color" in raised:
            floats[_W_SINGLE] *= BUTTON_BOOST
            floats[_W_PAIR] *= BUTTON_BOOST
        if "rainbow" in raised:
            for missing in range(7):
                rainbow = RAINBOW_BONUS * RAINBOW_SCALE**missing
                floats[_W_RAINBOW + missing] = rainbow
                floats[_W_STEP + missing] = rainbow * (1 / RAINBOW_SCALE - 1) / BUTTON_POINTS
        self.arrays = (goals, goal_at, chance, cats, progress, award, shapes, reach, floats)


@lru_cache(maxsize=64)
def scenario_evaluator(
    layout: Layout, raised: frozenset[str], wanted: frozenset[str] | None = None
) -> ScenarioEvaluator:
    return ScenarioEvaluator(layout, raised, wanted=wanted)


def cats_without_a_token(scenario: Scenario, quilt) -> frozenset[str]:
    """The scenario's cats with no token on ``quilt`` yet (a token stays: this only shrinks)."""
    return frozenset(scenario.cats) - {token["cat"] for token in quilt.score()["cats"]}


# -- play-outs and the valuation ------------------------------------------------------------


def final_state(beam: Beam, quilt, state: np.ndarray, hand, market, bag, drawn: int, turn: int):
    """The packed quilt at the end of ``beam``'s game from this position: the quick greedy
    game played in compiled code (``Evaluator.quick_game``'s, kept in place so that its
    final quilt can be judged), or a wider ``beam`` run in Python."""
    options = beam.options
    empty = int(state[61]).bit_count()
    if turn > TURNS or not empty:
        return state
    if options.width != 1 or options.breadth != 1:
        node = Node(quilt, tuple(hand), tuple(market), drawn, turn, 0.0)
        return pack(beam.run([node], list(bag), TURNS)[0].quilt)
    if min(TURNS - turn, empty - 1) == 0:
        market = (-1, -1, -1)  # no market step: any market will do
    work = state.copy()
    moves = np.empty((TURNS, 3), dtype=np.int64)
    _quick_game(
        work,
        int(hand[0]),
        int(hand[1]),
        np.asarray(market, dtype=np.int64),
        np.asarray(bag, dtype=np.int64),
        drawn,
        turn,
        TURNS,
        float(options.second_patch),
        moves,
        *beam.evaluator.arrays,
    )
    return work


@dataclass(frozen=True)
class ScenarioValuation(Valuation):
    """``values`` are mean utilities; besides them each move's chance of passing and mean
    final score in the same play-outs."""

    passes: tuple[float, ...] = ()
    scores: tuple[float, ...] = ()


def value_moves_for_pass(
    observation: Observation,
    moves: list[Move],
    scenario: Scenario,
    beam: Beam,
    *,
    samples: int = 256,
    seed: str = "",
    margin: float | None = MARGIN,
    score_band=SCORE_BAND,
    gain: float = 0.0,
    spread: float = 0.0,
    near: float = 0.0,
    bag: list | None = None,
) -> ScenarioValuation:
    """``valuation.value_moves`` with the utility of a finished play-out for its score: the
    same sampled futures (``sampled_bag``: deterministic for a seed and position), the same
    early drop of the moves that surely cannot beat the leader by ``margin`` (utility).
    A play-out's score is judged ``gain`` points a turn left higher (``GAIN``): the player
    out-plays the greedy play-out on each later turn, and with ``spread`` (points a square
    root of a turn left) the pass is the chance that a score spread so much reaches the
    threshold. ``bag``: the true one (hindsight), played as the one future."""
    moves = tuple(moves)
    if not moves:
        raise ValueError("there is no move to value")
    game = SoloGame.from_observation(observation, ())
    for move in moves:
        game.check(move)
    judge = Judge(scenario, observation.layout, beam.evaluator, score_band)
    bonus = gain * (TURNS - observation.turn)
    spread = spread * np.sqrt(TURNS - observation.turn)
    near = near * np.sqrt(TURNS - observation.turn)
    afters = [_after(beam, observation, move) for move in moves]
    states = [pack(after.quilt) for after in afters]
    if observation.turn == TURNS:  # the move ends the game: exact
        judged = [judge.judge(state) for state in states]
        return ScenarioValuation(
            moves,
            tuple(u for u, _, _ in judged),
            (1,) * len(moves),
            tuple(float(p) for _, p, _ in judged),
            tuple(float(s) for _, _, s in judged),
        )
    if observation.turn == TURNS - 1 or bag is not None:
        samples = 1  # the draws after this turn are never played, or the bag is known
    unseen = sorted(observation.unseen().elements())
    utilities = np.zeros((len(moves), samples))
    passed = np.zeros((len(moves), samples))
    scores = np.zeros((len(moves), samples))
    counts = [0] * len(moves)
    alive = list(range(len(moves)))
    look = 16
    for k in range(samples):
        if k == look and margin is not None:
            alive = _still_close(utilities[:, :k], alive, margin)
            look *= 2
            if len(alive) == 1:
                break
        future = list(bag) if bag is not None else sampled_bag(unseen, seed, observation.turn, k)
        for i in alive:
            after = afters[i]
            move = after.move
            draws = iter(future[:2])
            market = tuple(conveyor(list(after.market), move.market_index, draws.__next__)[:3])
            final = final_state(
                beam, after.quilt, states[i], after.hand, market, future, 2, after.turn
            )
            utilities[i, k], passed[i, k], scores[i, k] = judge.judge(final, bonus, spread, near)
            counts[i] += 1
    return ScenarioValuation(
        moves,
        tuple(float(utilities[i, :n].mean()) for i, n in enumerate(counts)),
        tuple(counts),
        tuple(float(passed[i, :n].mean()) for i, n in enumerate(counts)),
        tuple(float(scores[i, :n].mean()) for i, n in enumerate(counts)),
    )


# -- the player -----------------------------------------------------------------------------


class ScenarioPlayer(FairPlayer):
    """The fair player in a scenario's mode: the same candidates, samples and futures (it
    reads no bag), valued by the chance of passing (``value_moves_for_pass``), with the
    evaluation raised for the open conditions (``ScenarioEvaluator``). On a setup that is no
    scenario it is the fair player itself."""

    pass_margin: float = MARGIN  # its margin, in utility (``margin`` stays the fair one's)
    condition_aware: bool = True  # False: the daily's evaluation throughout (for ablations)
    score_band: tuple[int, int] = SCORE_BAND
    # points a turn left added to a play-out's score before it is judged (None: ``gain_at``
    # the player's samples; 0: the play-out's score as it is). Off: a player that counts on
    # out-scoring its play-outs stops playing for points and does not (docs/scenarios.md)
    gain: float | None = 0.0
    # quick games per goal arrangement (0: a quarter of ``samples``, at least ``GOAL_FUTURES``)
    goal_futures: int = 0
    # points a square root of a turn left (0: a play-out passes or not); SPREAD was tried
    spread: float = 0.0
    near: float = 0.0  # counts a square root of a turn left (0: a missed condition fails)
    targeted: bool = False  # each cat once: raise only the cats still without a token

    def __init__(self, seed: str = "", **options):
        super().__init__(seed, **options)
        self._raised: frozenset[str] | None = None  # None: the daily's evaluation
        self._wanted: frozenset[str] | None = None  # cats without a token (``targeted``)
        if self.gain is None:
            self.gain = gain_at(self.samples)

    def strength(self) -> dict:
        boosts = [RAINBOW_BONUS, RAINBOW_SCALE, BUTTON_BOOST, CAT_BOOST, GOAL_BOOST]
        if not self.condition_aware:
            boosts = []
        return {
            **super().strength(),
            "mode": "scenario-pass",
            "shape": SHAPE,
            "pass_margin": self.pass_margin,
            "boosts": boosts,
            "score_band": list(self.score_band),
            **self._extra_strength(),
        }

    def _extra_strength(self) -> dict:
        extra = {
            "gain": round(self.gain, 4),
            "spread": self.spread,
            "near": self.near,
            "goal_futures": self._goal_futures(),
        }
        if self.targeted:
            extra["targeted"] = EACH_CAT_BOOST
        return extra

    def evaluator(self, layout: Layout) -> Evaluator:
        if self._raised is None:
            return super().evaluator(layout)
        return scenario_evaluator(layout, self._raised, self._wanted)

    def choose_goals(self, setup: Setup, deal: Deal | None = None) -> dict | None:
        scenario = scenario_of(setup)
        if scenario is None or setup.goals is not None:
            self._raised = None
            return super().choose_goals(setup, deal)
        futures = self.goal_deals_for(setup, deal)
        return choose_arrangement_for_pass(
            setup,
            scenario,
            futures,
            self.condition_aware,
            self.score_band,
            self.gain * TURNS,
            self.spread * np.sqrt(TURNS),
            self.near * np.sqrt(TURNS),
            self.targeted,
        )

    def goal_deals_for(self, setup: Setup, deal: Deal | None) -> list[Deal]:
        """The deals the goal arrangements' quick games are played on: sampled ones."""
        return sampled_deals(setup, self.seed, self._goal_futures())

    def _goal_futures(self) -> int:
        return self.goal_futures or max(GOAL_FUTURES, self.samples // 4)

    def valuation(self, observation: Observation, also=()) -> Valuation:
        scenario = scenario_of(observation.setup)
        if scenario is None:
            self._raised = None
            return super().valuation(observation, also)
        self._raised = (
            open_kinds(scenario, observation.quilt) if self.condition_aware else (frozenset())
        )
        self._wanted = None
        if self.targeted and "each-cat" in self._raised:
            self._wanted = cats_without_a_token(scenario, observation.quilt)
        visible = self.visible_candidates(observation, max(self.candidates, 4))
        moves = [node.move for node in visible[: self.candidates]]
        moves += [move for move in also if move not in moves]
        return value_moves_for_pass(
            observation,
            moves,
            scenario,
            self.playout(observation.layout),
            samples=self.samples,
            seed=self.seed,
            margin=self.pass_margin,
            score_band=self.score_band,
            gain=self.gain,
            spread=self.spread,
            near=self.near,
            bag=self.known_bag(),
        )

    def known_bag(self) -> list | None:
        """The true bag, for a player that sees it (``ScenarioHindsightPlayer``); None."""
        return None


class ScenarioHindsightPlayer(ScenarioPlayer):
    """The scenario player that sees the bag: the goals by the quick game on the true deal,
    each move by the same utility of its play-out with the true bag (one future), among
    ``HINDSIGHT_CANDIDATES`` or more. A deal it passes is passable; the share of deals it
    passes is a floor under the ceiling of any player that does not see the bag."""

    sees_bag = True

    def __init__(self, seed: str = "", **options):
        super().__init__(seed, **options)
        self.candidates = max(self.candidates, HINDSIGHT_CANDIDATES)
        self._game: SoloGame | None = None

    def choose_goals(self, setup: Setup, deal: Deal | None = None) -> dict | None:
        """Every arrangement played through with the true bag; the best game's (a pass
        first, then the utility)."""
        scenario = scenario_of(setup)
        if scenario is None or setup.goals is not None or deal is None:
            return super().choose_goals(setup, deal)
        best = None
        for goals in arrangements(setup):
            game = SoloGame.start(deal, goals)
            while not game.finished:
                game.play(self.choose_move(game.observation(), game))
            judge = Judge(scenario, game.quilt.layout, evaluator_for(game.quilt.layout))
            judged = judge.judge(pack(game.quilt))[0]
            if best is None or judged > best[0]:
                best = (judged, goals)
        return best[1]

    def choose_move(self, observation: Observation, game: SoloGame | None = None) -> Move:
        if game is None:
            raise ValueError("the hindsight player needs the game (it reads the bag)")
        self._game = game
        return super().choose_move(observation, game)

    def known_bag(self) -> list | None:
        return list(self._game.remaining_bag) if self._game is not None else None


def choose_arrangement_for_pass(
    setup: Setup,
    scenario: Scenario,
    deals: list[Deal],
    condition_aware: bool = True,
    score_band: tuple[int, int] = SCORE_BAND,
    bonus: float = 0.0,
    spread: float = 0.0,
    near: float = 0.0,
    targeted: bool = False,
) -> dict:
    """The arrangement of the scenario's goals with the highest mean utility of the quick
    game (every condition open: the raised evaluation, when ``condition_aware``) on the same
    ``deals``, each score judged ``bonus`` higher (and with ``spread``); ties: the first
    in ``arrangements`` order."""
    raised = frozenset(c.kind for c in scenario.conditions) if condition_aware else frozenset()
    best = None
    for goals in arrangements(setup):
        layout = setup.layout(goals)
        wanted = frozenset(scenario.cats) if targeted and "each-cat" in raised else None
        evaluator = scenario_evaluator(layout, raised, wanted)
        beam = Beam(evaluator, QUICK)
        judge = Judge(scenario, layout, evaluator, score_band)
        quilt = Quilt(layout)
        empty = pack(quilt)
        total = 0.0
        for deal in deals:
            final = final_state(beam, quilt, empty, deal.hand, deal.market, list(deal.bag), 0, 1)
            total += judge.judge(final, bonus, spread, near)[0]
        if best is None or total > best[0]:
            best = (total, goals)
    return best[1]


__all__ = [
    "SHAPE",
    "Judge",
    "ScenarioEvaluator",
    "ScenarioHindsightPlayer",
    "ScenarioPlayer",
    "ScenarioValuation",
    "choose_arrangement_for_pass",
    "gain_at",
    "open_kinds",
    "scenario_of",
    "utility",
    "value_moves_for_pass",
]
