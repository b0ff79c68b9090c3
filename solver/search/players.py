"""The searching players: beam (visible facts only), fair (sampled futures), hindsight.

- ``BeamPlayer`` searches the turn in front of it: every placement, every market slot, and
  the placement its next hand allows (that hand is visible). It reads no bag.
- ``FairPlayer`` is par. It takes the beam player's best candidates and plays each of them
  forward in several sampled futures (the unseen patches, shuffled; the same samples for every
  candidate), spending more samples only where candidates are close (``valuation``). It reads
  no bag.
- ``HindsightPlayer`` knows the true bag: a beam search whose states are ranked by quick
  games played to the end with that bag (``beam.pilot``); its score is the best-known score
  of a deal.

Each also chooses its goals (3 of the 4 options and their spaces) by playing quick games with
every arrangement; see ``goal_choice``.
"""

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from solver.game import TURNS, Deal, Layout, Move, Observation, Quilt, Setup, SoloGame
from solver.game.rng import SeededStream

from .base import Player
from .beam import Beam, Node, SearchOptions, pilot
from .evaluation import (
    DEFAULT_WEIGHTS,
    PLAYOUT_WEIGHTS,
    GoalChances,
    LearnedTables,
    Weights,
    learned_tables,
)
from .evaluation import goal_chances as _goal_chances
from .fastcore import Evaluator, evaluator_for
from .goal_choice import FINALISTS, QUICK, arrangements, by_first_turn, choose_arrangement
from .valuation import Valuation, halve_moves, value_moves

# Options every strategy accepts (players that do not use one ignore it; the table of what
# each means is in ``solver.search``); None means the default, as a command line passes None
# for an option it was not given.
OPTIONS = (
    "placements",
    "candidates",
    "samples",
    "depth",
    "playout_width",
    "kept",
    "piloted",
    "arrangements",
    "halving",
    "learned",
    "goal_deals",
    "portfolio",
    "polish",
    "goal_chances",
)
# The names the options had before each meaning got its own: settings and command lines
# written with them keep working; each player says what they mean to it (``renamed``).
OLD_NAMES = ("width",)


def search_options(options: dict, player: type[Player] | None = None) -> dict:
    """The given options, checked, under their current names for ``player`` (its
    ``renamed``: an old name that means nothing to it is dropped, as unused options are);
    raises ValueError naming a bad one, or an option given under both its names."""
    renamed = getattr(player, "renamed", {})
    given = {}
    for name, value in options.items():
        if name not in OPTIONS and name not in OLD_NAMES:
            raise ValueError(f"unknown option {name!r}; choose from {', '.join(OPTIONS)}")
        if value is None:
            continue
        if type(value) is not int or not 1 <= value <= 1000:
            raise ValueError(f"{name} must be a whole number from 1 to 1000, not {value!r}")
        if name in renamed:
            if options.get(renamed[name]) is not None:
                raise ValueError(f"give {renamed[name]} or its old name {name}, not both")
            name = renamed[name]
        elif name in OLD_NAMES:
            continue
        given[name] = value
    return given


class _Searching(Player):
    """Evaluates with its ``weights``."""

    weights: Weights = DEFAULT_WEIGHTS  # the evaluation's judgement calls (research.tune_weights)
    renamed: dict[str, str] = {}  # old option name -> the current one, for this player

    def __init__(self, seed: str = "", learned: int | None = None, goal_chances: int | None = None):
        self.seed = seed
        # fitted tables of research/fit_evaluation.py instead of today's sum of parts (off: None)
        self.learned: LearnedTables | None = learned_tables(learned) if learned else None
        # goal chances learned by self-play (research/learn_goal_chances.py; off: None)
        self.goal_chances: GoalChances | None = (
            _goal_chances(goal_chances) if goal_chances else None
        )

    def evaluator(self, layout: Layout, weights: Weights | None = None) -> Evaluator:
        return evaluator_for(layout, weights or self.weights, self.learned, self.goal_chances)

    def visible_candidates(self, observation: Observation, placements: int) -> list[Node]:
        """The turn's moves ranked on visible facts alone (placement, then next hand): the
        best ``placements`` placements, each with every market slot."""
        options = SearchOptions(width=placements * 3, breadth=placements)
        beam = Beam(self.evaluator(observation.layout), options)
        root = beam.root(observation.quilt, observation.hand, observation.market, observation.turn)
        return beam.step([root], None)


class BeamPlayer(_Searching):
    renamed = {"width": "placements"}

    def __init__(
        self,
        seed: str = "",
        placements: int = 8,
        learned: int | None = None,
        goal_chances: int | None = None,
        **_search_options,
    ):
        super().__init__(seed, learned, goal_chances)
        self.placements = placements

    def choose_goals(self, setup: Setup, deal: Deal | None = None) -> dict | None:
        return choose_arrangement(setup, sampled_deals(setup, self.seed, 2), self.evaluator)

    def choose_move(self, observation: Observation, game=None) -> Move:
        return self.visible_candidates(observation, self.placements)[0].move


class FairPlayer(_Searching):
    """Par: chooses among the best visible candidates by playing them out in sampled futures."""

    # a candidate that surely cannot beat the leader by this many points gets no more futures
    margin: float = 0.5

    renamed = {"width": "playout_width"}

    def __init__(
        self,
        seed: str = "",
        candidates: int = 48,
        samples: int = 256,
        depth: int = TURNS,
        playout_width: int = 1,
        halving: int | None = None,
        learned: int | None = None,
        goal_deals: int | None = None,
        goal_chances: int | None = None,
        **_search_options,
    ):
        super().__init__(seed, learned, goal_chances)
        self.halving = halving
        self.goal_deals = goal_deals
        self.candidates = candidates
        self.samples = samples
        self.depth = depth
        self.rollout = SearchOptions(width=playout_width, breadth=playout_width)

    def strength(self) -> dict:
        """Everything its choice of a move depends on besides the position and the seed:
        two players with the same strength choose the same moves."""
        strength = {
            "candidates": self.candidates,
            "samples": self.samples,
            "depth": self.depth,
            "playout": asdict(self.rollout),
            "margin": self.margin,
            "weights": asdict(self.weights),
        }
        if self.halving:  # only when set: the position keys of today's hints stay as they are
            strength["halving"] = self.halving
        if self.learned:  # likewise
            strength["learned"] = self.learned.number
        if self.goal_chances:
            strength["goal_chances"] = self.goal_chances.number
        return strength

    def choose_goals(self, setup: Setup, deal: Deal | None = None) -> dict | None:
        # every arrangement on an eighth of the futures: the goals are worth a few points, and
        # one quick game each was too few to tell them apart
        futures = sampled_deals(setup, self.seed, max(2, self.samples))
        first = max(1, self.samples // 8)
        if not self.goal_deals or setup.goals is not None or setup.family:
            return choose_arrangement(setup, futures, self.evaluator, first=first)
        finalists = choose_arrangement(setup, futures, self.evaluator, keep=FINALISTS, first=first)
        starts = sampled_deals(setup, f"{self.seed}/first-turn", self.goal_deals)
        return by_first_turn(finalists, starts, self._first_turn_value)

    def _first_turn_value(self, observation: Observation) -> float:
        valuation = self.valuation(observation)
        return valuation.values[valuation.best()]

    def choose_move(self, observation: Observation, game=None) -> Move:
        valuation = self.valuation(observation)
        return valuation.moves[valuation.best()]

    def valuation(self, observation: Observation, also: Sequence[Move] = ()) -> Valuation:
        """The best visible candidates, valued in sampled futures (``value_moves``); the
        futures go to the candidates that may still beat the leader by ``margin``.
        ``also``: moves valued besides the candidates (a review's played move), last."""
        visible = self.visible_candidates(observation, max(self.candidates, 4))
        moves = [node.move for node in visible[: self.candidates]]
        moves += [move for move in also if move not in moves]
        if self.halving and not also:  # a review values the played move in every future
            return halve_moves(
                observation,
                moves,
                budget=self.halving * 100,
                seed=self.seed,
                beam=self.playout(observation.layout),
            )
        return value_moves(
            observation,
            moves,
            samples=self.samples,
            seed=self.seed,
            margin=self.margin,
            depth=self.depth,
            beam=self.playout(observation.layout),
        )

    def playout(self, layout: Layout) -> Beam:
        """The search that plays a move out in a sampled future. With ``weights``: with
        PLAYOUT_WEIGHTS, which play the quick game itself better, par scored less on the bench
        and on unseen seeds (``python -m solver bench --strategies fair``)."""
        return Beam(self.evaluator(layout), self.rollout)


@dataclass(frozen=True)
class Portfolio:
    """Hindsight's searches of one deal as sequential halving over (arrangement x
    configuration): every arrangement with every weight set searched cheaply first, the
    best ``survivors`` of each round (by the final score of their game) searched again in the
    next one, wider; the best game of every search wins (each search is a real game)."""

    configurations: tuple[Weights, ...]
    # (survivors (0: all), piloted, kept, weights: None for each entry's own, or a weight
    # set every survivor is searched with in that round)
    rounds: tuple[tuple[int, int, int, Weights | None], ...]


# Option ``portfolio: N``. Two weight sets' searches of one arrangement differ by several
# points, so the best of both may gain what the cheap rounds save; which ones pay is measured
# by research/hindsight_portfolio.py (docs/solver.md).
PORTFOLIOS = {
    1: Portfolio((PLAYOUT_WEIGHTS, DEFAULT_WEIGHTS), ((0, 30, 3, None), (8, 120, 6, None))),
    2: Portfolio((PLAYOUT_WEIGHTS, DEFAULT_WEIGHTS), ((0, 30, 3, None), (12, 120, 6, None))),
    3: Portfolio((PLAYOUT_WEIGHTS,), ((0, 30, 3, None), (12, 120, 6, None))),  # halving alone
    # halving, then the other weight set on the best 4 games' arrangements
    4: Portfolio(
        (PLAYOUT_WEIGHTS,), ((0, 30, 3, None), (12, 120, 6, None), (4, 120, 6, DEFAULT_WEIGHTS))
    ),
    # 4, then the best 2 of its last round's arrangements searched twice as wide and deep
    5: Portfolio(
        (PLAYOUT_WEIGHTS,),
        ((0, 30, 3, None), (12, 120, 6, None), (4, 120, 6, DEFAULT_WEIGHTS), (2, 240, 12, None)),
    ),
}

# Option ``polish: K``: the chosen game's last K turns searched again with each of these
# (weights, piloted, kept), wider than the search that found it.
POLISH = ((PLAYOUT_WEIGHTS, 240, 12), (DEFAULT_WEIGHTS, 240, 12))


class HindsightPlayer(_Searching):
    """Knows the bag: a beam search whose states are ranked by quick games played to the end
    with the true bag (``beam.pilot``); its score is the best-known score of a deal.

    One search's result varies by a few points with small changes of its start, and which
    goal arrangement will score best is barely visible before searching it (quick games
    hardly predict it), so the goals are chosen by searching ``arrangements`` of them fully
    and keeping the best game."""

    sees_bag = True

    renamed = {"width": "kept", "candidates": "piloted"}
    # its states are ranked by quick games: the weights that play those best (and score more
    # than DEFAULT_WEIGHTS on ``python -m solver bench --strategies hindsight``)
    weights = PLAYOUT_WEIGHTS

    def __init__(
        self,
        seed: str = "",
        kept: int = 6,
        piloted: int = 120,
        arrangements: int = 24,
        learned: int | None = None,
        portfolio: int | None = None,
        polish: int | None = None,
        goal_chances: int | None = None,
        **_search_options,
    ):
        super().__init__(seed, learned, goal_chances)
        self.kept = kept
        self.arrangements = arrangements
        self.options = SearchOptions(width=piloted, breadth=max(kept, piloted // 3))
        if portfolio is not None and portfolio not in PORTFOLIOS:
            raise ValueError(f"portfolio must be one of {', '.join(map(str, PORTFOLIOS))}")
        self.portfolio = PORTFOLIOS.get(portfolio)
        self.polish = polish
        self._plan: list[Move] = []

    def choose_goals(self, setup: Setup, deal: Deal | None = None) -> dict | None:
        if deal is None or setup.goals is not None or setup.family:
            return None
        order = choose_arrangement(setup, [deal], self.evaluator, keep=self.arrangements)
        if self.portfolio is not None:
            node, goals = self._halve(setup, deal, order)
        else:
            node, goals = None, None
            for arrangement in order:
                layout = setup.layout(arrangement)
                found = self.search(layout, Quilt(layout), deal.hand, deal.market, deal.bag, 1)
                if node is None or found.value > node.value:
                    node, goals = found, arrangement
        if self.polish:
            node = self._polished(setup.layout(goals), node, deal.bag)
        self._plan = node.line()
        return goals

    def _halve(self, setup: Setup, deal: Deal, order: list[dict]) -> tuple[Node, dict]:
        """The portfolio's rounds; entries in (arrangement, configuration) order, so that a
        tie goes to the earlier arrangement, then to the earlier weight set."""
        portfolio = self.portfolio
        entries = [(goals, weights) for goals in order for weights in portfolio.configurations]
        best: tuple[Node, dict] | None = None
        for survivors, piloted, kept, instead in portfolio.rounds:
            options = SearchOptions(width=piloted, breadth=max(kept, piloted // 3))
            scored = []
            for rank, (goals, weights) in enumerate(entries[:survivors] if survivors else entries):
                weights = instead or weights
                layout = setup.layout(goals)
                evaluator = self.evaluator(layout, weights)
                node = self.search(
                    layout,
                    Quilt(layout),
                    deal.hand,
                    deal.market,
                    deal.bag,
                    1,
                    evaluator=evaluator,
                    options=options,
                    kept=kept,
                )
                if best is None or node.value > best[0].value:
                    best = (node, goals)
                scored.append((node.value, -rank, (goals, weights)))
            scored.sort(key=lambda item: item[:2], reverse=True)
            entries = [entry for _, _, entry in scored]
        return best

    def _polished(self, layout: Layout, node: Node, bag) -> Node:
        """Ruin and recreate: the last ``polish`` turns of ``node``'s game undone and searched
        again from there (the bag is known) by each of ``POLISH``; the better game stays."""
        start = node
        while start.parent is not None and start.turn > TURNS + 1 - self.polish:
            start = start.parent
        for weights, piloted, kept in POLISH:
            options = SearchOptions(width=piloted, breadth=max(kept, piloted // 3))
            beam = Beam(self.evaluator(layout, weights), options)
            found = pilot(beam, beam.with_options(QUICK), start, list(bag), kept)
            if found.value > node.value:
                node = found
        return node

    def search(
        self,
        layout: Layout,
        quilt: Quilt,
        hand,
        market,
        bag,
        turn: int,
        evaluator: Evaluator | None = None,
        options: SearchOptions | None = None,
        kept: int | None = None,
    ) -> Node:
        beam = Beam(evaluator or self.evaluator(layout), options or self.options)
        root = beam.root(quilt, hand, market, turn)
        return pilot(beam, beam.with_options(QUICK), root, list(bag), kept or self.kept)

    def choose_move(self, observation: Observation, game: SoloGame | None = None) -> Move:
        placed = observation.quilt.placements
        planned = [move.cell for move in self._plan[: len(placed)]]
        if len(self._plan) != TURNS or planned != [cell for cell, _ in placed]:
            if game is None:
                raise ValueError("the hindsight player needs the game (it reads the bag)")
            line = self.search(
                game.quilt.layout,
                game.quilt.copy(),
                game.hand,
                game.market,
                game.remaining_bag,
                game.turn,
            ).line()
            self._plan = [Move(0, cell, None) for cell, _ in placed] + line
        return self._plan[len(placed)]


def sampled_deals(setup: Setup, seed: str, count: int) -> list[Deal]:
    """Whole deals consistent with ``setup`` (nothing else is visible before the goals)."""
    deals = []
    for k in range(count):
        bag = SeededStream(f"{seed}/goals/sample-{k}").shuffle(setup.pool())
        deals.append(Deal(seed, setup, tuple(bag[:2]), tuple(bag[2:5]), tuple(bag[5:])))
    return deals


__all__ = ["BeamPlayer", "FairPlayer", "HindsightPlayer", "arrangements"]
