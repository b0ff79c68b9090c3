"""The value of several moves of one visible position, measured on the same sampled futures.

Par (``FairPlayer``), hints and the review of a finished game all ask one question: what final
score can a player expect after each of these moves? They all ask it here, so they cannot
drift apart.

A sampled future is a shuffle of the unseen patches (``Observation.unseen``, what a player can
work out), never the bag: an ``Observation`` cannot reach it. Every move is played out in the
same futures (common random numbers), so the difference between two moves' values is the
moves' difference, not luck of the draw. A play-out is the quick greedy game to the end
(compiled), unless the caller hands another search. ``continued_values`` is the stronger,
slower judge of research/position_bank.py: a player (a small fair one) plays the rest of the
game in each future, seeing only what a player of that future game sees.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from solver.game import TURNS, Move, Observation, SoloGame
from solver.game.rng import SeededStream
from solver.game.solo import conveyor

from .base import Player
from .beam import Beam, Node, play_to_end
from .fastcore import evaluator_for, pack
from .goal_choice import QUICK

FIRST_LOOK = 16  # futures played before the first look at which moves are still close
SURE = 2.0  # standard errors by which a move must fall short of the margin to be dropped


@dataclass(frozen=True)
class Valuation:
    """Each move's expected final score, in the order the moves were given."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]  # mean over the sampled futures of the score after the play-out
    samples: tuple[int, ...]  # futures behind each value (fewer for moves dropped early)

    def ranking(self) -> list[int]:
        """Indices of the moves, best first: moves valued in every future before moves dropped
        early (their means are the surest), then by value, then in the order given."""
        most = max(self.samples)
        return sorted(
            range(len(self.moves)),
            key=lambda i: (self.samples[i] < most, -self.values[i], i),
        )

    def best(self) -> int:
        """The index of the best move: with ``margin=None`` the first highest value."""
        return self.ranking()[0]


def value_moves(
    observation: Observation,
    moves: list[Move],
    *,
    samples: int = 256,
    seed: str = "",
    margin: float | None = None,
    depth: int = TURNS,
    beam: Beam | None = None,
) -> Valuation:
    """The expected final score after each of ``moves`` (legal moves of ``observation``).

    Each move is played out in the same ``samples`` sampled futures (``sampled_bag``; the same
    ``seed`` and position give the same futures, so the result is deterministic). With a
    ``margin``, the moves still in are looked at after 16, 32, 64, ... futures, and a move
    that surely cannot beat the leader by ``margin`` points or more gets no more futures
    (``_still_close``; its ``samples`` say how many it got); with ``None`` every move gets
    every future. ``depth`` turns of play-out (default: to the end of the game, so a value is
    a final score; fewer give the evaluation of the quilt reached). ``beam`` is the play-out
    search (default: the quick greedy game with the layout's evaluator); its caches are
    reused. On the last two turns the unseen patches change nothing: one future is enough
    and the values are exact. Raises ``RulesError`` naming an illegal move."""
    moves = tuple(moves)
    finals, counts = future_values(
        observation, moves, samples=samples, seed=seed, margin=margin, depth=depth, beam=beam
    )
    values = tuple(float(finals[i, :n].mean()) for i, n in enumerate(counts))
    return Valuation(moves, values, tuple(counts))


def future_values(
    observation: Observation,
    moves: list[Move],
    *,
    samples: int = 256,
    seed: str = "",
    margin: float | None = None,
    depth: int = TURNS,
    beam: Beam | None = None,
    keep: tuple[int, ...] = (),
) -> tuple[np.ndarray, list[int]]:
    """What ``value_moves`` measures, future by future: ``finals[i, k]``, move ``i``'s value in
    future ``k``, for the first ``counts[i]`` futures of each move (the rest are 0). The moves
    of ``keep`` (indices) are never dropped by the margin. One future on the last two turns
    (the values are exact); on the last turn the move's points."""
    if not moves:
        raise ValueError("there is no move to value")
    beam, afters, states = _played(observation, moves, beam)
    if observation.turn == TURNS:  # the move ends the game: its points are all there is
        return np.array([[float(n.quilt.points)] for n in afters]), [1] * len(moves)
    if observation.turn == TURNS - 1:
        samples = 1  # the draws after this turn are never played
    unseen = sorted(observation.unseen().elements())
    finals = np.zeros((len(moves), samples))  # each move's value in each future
    counts = [0] * len(moves)
    alive = list(range(len(moves)))
    to_end = observation.turn + 1 + depth > TURNS
    quick = _Quick(beam, afters, states) if to_end and _compiled(beam) else None
    look = FIRST_LOOK
    k = 0
    while k < samples:
        if k == look and margin is not None:
            alive = _still_close(finals[:, :k], alive, margin, keep)
            look *= 2
            if len(alive) == 1 and not keep:  # a kept move gets every future, even alone
                break
        # the futures up to the next look, each made only when it is played
        block = range(k, min(look, samples) if margin is not None else samples)
        bags = [sampled_bag(unseen, seed, observation.turn, j) for j in block]
        if quick is not None:  # all of the block's games in one compiled call
            quick.play(bags, alive, finals, k)
        for j, bag in zip(block, bags, strict=True):
            if quick is None:
                play = play_to_end(beam, bag) if to_end else None
                for i in alive:
                    finals[i, j] = _play_out(beam, play, afters[i], states[i], bag, depth)
            for i in alive:
                counts[i] += 1
        k = block.stop
    return finals, counts


def _compiled(beam: Beam) -> bool:
    """Whether ``beam``'s game to the end is the compiled quick game (``play_to_end``)."""
    return beam.options.width == 1 and beam.options.breadth == 1


class _Quick:
    """The quick games of a position's moves in blocks of futures, by the compiled core
    (``Evaluator.quick_games``): the same games ``_play_out`` plays through ``play_to_end``,
    without a Python call per game, and each move's first placement values computed once for
    every future."""

    def __init__(self, beam: Beam, afters: list[Node], states: list[np.ndarray]):
        self.beam = beam
        self.states = np.array(states, dtype=np.int64)
        self.hands = np.array([after.hand for after in afters], dtype=np.int64)
        # the market patch a move leaves that slides to slot 2 (``conveyor``'s left[0])
        self.lefts = np.array([_left(after) for after in afters], dtype=np.int64)
        self.turn = afters[0].turn
        self.firsts = beam.evaluator.first_values(self.states, self.hands)

    def play(self, bags: list[list[int]], alive: list[int], finals: np.ndarray, column: int):
        self.beam.evaluator.quick_games(
            self.states,
            self.hands,
            self.firsts,
            self.lefts,
            self.turn,
            np.array(bags, dtype=np.int64),
            self.beam.options.second_patch,
            alive,
            finals,
            column,
        )


def _left(after: Node) -> int:
    taken = after.move.market_index
    return after.market[1] if taken == 0 else after.market[0]


def continued_values(
    observation: Observation,
    moves: list[Move],
    *,
    samples: int,
    seed: str,
    continuation: Callable[[str], Player],
) -> np.ndarray:
    """Each move's final score when a player plays the rest of the game: ``finals[i, k]``,
    move ``i`` then ``continuation(player_seed)`` choosing every later move of future ``k``.

    The futures are ``future_values``' (``sampled_bag`` with the same ``seed``, turn and
    ``k``), so the same for every move, and a move valued alone gets the values it gets among
    others. Future ``k`` is a game (``SoloGame.from_observation``) whose bag is that sample;
    the player is handed only its ``observation()`` at each turn, never the game, so it sees
    what a player of that future game sees and not the sampled bag. Every move of future
    ``k`` is continued by a fresh player with the same seed (``SEED/turn-T/player-K``), so
    its own sampled futures are common to the moves too. One future on the last two turns
    (the draws after turn 21 are never played). Deterministic for a seed when the player is.
    Raises ``RulesError`` naming an illegal move."""
    if not moves:
        raise ValueError("there is no move to value")
    start = SoloGame.from_observation(observation, ())
    for move in moves:
        start.check(move)
    turn = observation.turn
    if turn >= TURNS - 1:
        samples = 1
    unseen = sorted(observation.unseen().elements())
    finals = np.zeros((len(moves), samples))
    for k in range(samples):
        bag = sampled_bag(unseen, seed, turn, k)
        for i, move in enumerate(moves):
            finals[i, k] = _continued(
                observation, move, bag, continuation(f"{seed}/turn-{turn}/player-{k}")
            )
    return finals


def _continued(observation: Observation, move: Move, bag: list[int], player: Player) -> int:
    """The final score of the future game with ``bag`` after ``move``, ``player`` choosing
    every later move from the game's observations alone."""
    game = SoloGame.from_observation(observation, bag)
    game.play(move)
    while not game.finished:
        game.play(player.choose_move(game.observation()))
    return game.quilt.points


def quick_move(observation: Observation, beam: Beam | None = None) -> Move:
    """The move the quick game's greedy policy plays in ``observation`` (its turn does not
    depend on the draws: they refill the market after the choice)."""
    if beam is None:
        beam = Beam(evaluator_for(observation.layout), QUICK)
    root = beam.root(observation.quilt, observation.hand, observation.market, observation.turn)
    return beam.step([root], None)[0].move


def halve_moves(
    observation: Observation,
    moves: list[Move],
    *,
    budget: int,
    seed: str = "",
    beam: Beam | None = None,
) -> Valuation:
    """The moves valued by sequential halving (Karnin, Koren and Somekh 2013) with about
    ``budget`` play-outs in all: ceil(log2 n) rounds, each with an equal share of the budget
    spread over the moves still in (at least one more future each), every move in on the
    same futures (those of ``value_moves``); the better half by mean value goes on, ties in
    the order given. The last two share the most futures and the winner has the higher
    mean, so it ranks first (``Valuation.ranking``). Deterministic for a seed; the budget
    does not depend on how close the moves are, so a turn costs the same whatever the
    position."""
    if observation.turn >= TURNS - 1 or len(moves) == 1:  # values exact with one future
        return value_moves(observation, moves, samples=1, seed=seed, beam=beam)
    moves = tuple(moves)
    beam, afters, states = _played(observation, moves, beam)
    unseen = sorted(observation.unseen().elements())
    rounds = max(1, math.ceil(math.log2(len(moves))))
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    alive = list(range(len(moves)))
    played = 0  # futures every move still in has been played in
    while True:
        share = max(1, budget // (len(alive) * rounds))
        for k in range(played, played + share):
            bag = sampled_bag(unseen, seed, observation.turn, k)
            play = play_to_end(beam, bag)
            for i in alive:
                totals[i] += _play_out(beam, play, afters[i], states[i], bag, TURNS)
                counts[i] += 1
        played += share
        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
        alive = sorted(alive[: (len(alive) + 1) // 2])
        if len(alive) == 1:
            break
    values = tuple(total / count for total, count in zip(totals, counts, strict=True))
    return Valuation(moves, values, tuple(counts))


def _still_close(
    finals: np.ndarray, alive: list[int], margin: float, keep: tuple[int, ...] = ()
) -> list[int]:
    """The leader, the moves of ``keep``, and the moves of ``alive`` that may still beat it by
    ``margin`` points or more: a move whose mean difference to the leader, future by future,
    stays below ``margin`` by ``SURE`` standard errors is dropped. The futures are shared
    (common random numbers), so the comparison is of moves in the same futures."""
    means = finals[alive].mean(axis=1)
    leader = alive[int(np.argmax(means))]
    differences = finals[alive] - finals[leader]
    spread = differences.std(axis=1, ddof=1) / np.sqrt(finals.shape[1])
    close = differences.mean(axis=1) + SURE * spread >= margin
    return [i for i, near in zip(alive, close, strict=True) if near or i == leader or i in keep]


def draw_luck(
    observation: Observation,
    move: Move,
    drawn: tuple[int, int],
    *,
    samples: int = 16,
    seed: str = "",
    beam: Beam | None = None,
) -> float:
    """How far the turn's two draws moved the expected final score after ``move``: the
    play-out value with ``drawn`` (the first draw, then the second: market slots 1 and 0 after
    the turn) as the next draws, minus the value over random draws (AIVAT's luck term, for
    research/protocol.py). Each of the ``samples`` futures is played both ways, the drawn
    patches moved to its front, so the difference is the draws' and not the futures' noise;
    over the draws its expectation is zero whatever ``samples`` is. Zero from turn 21 on (its
    draws are never played)."""
    if observation.turn >= TURNS - 1:
        return 0.0
    beam, (after,), (state,) = _played(observation, [move], beam)
    unseen = sorted(observation.unseen().elements())
    total = 0.0
    for k in range(samples):
        bag = sampled_bag(unseen, seed, observation.turn, k)
        given = list(drawn) + _without(bag, drawn)
        for future, sign in ((given, 1.0), (bag, -1.0)):
            total += sign * _play_out(beam, play_to_end(beam, future), after, state, future, TURNS)
    return total / samples


def _without(bag: list[int], drawn) -> list[int]:
    """``bag`` less one of each ``drawn`` patch, in its order; ValueError if one is not in it."""
    rest = bag[:]
    for patch in drawn:
        rest.remove(patch)
    return rest


def sampled_bag(unseen: list[int], seed: str, turn: int, k: int) -> list[int]:
    """The ``k``-th future of a turn: a shuffle of the ``unseen`` patches (sorted) that
    depends on ``seed``, the turn and ``k`` only."""
    return SeededStream(f"{seed}/turn-{turn}/sample-{k}").shuffle(unseen[:])


def _played(observation, moves, beam):
    """The play-out search (``beam``, or the quick game's), and each legal move's node and packed
    quilt; ``RulesError`` names an illegal move."""
    if beam is None:
        beam = Beam(evaluator_for(observation.layout), QUICK)
    game = SoloGame.from_observation(observation, ())
    for move in moves:
        game.check(move)
    afters = [_after(beam, observation, move) for move in moves]
    return beam, afters, [pack(after.quilt) for after in afters]


def _after(beam: Beam, observation: Observation, move: Move) -> Node:
    """The position right after ``move``'s placement and market choice, before the draws."""
    quilt = observation.quilt.copy()
    quilt.place(move.cell, observation.hand[move.hand_index])
    hand = (observation.hand[1 - move.hand_index],)
    if move.market_index is not None:
        hand += (observation.market[move.market_index],)
    node = Node(quilt, hand, observation.market, 0, observation.turn + 1, 0.0, move=move)
    node.value = beam.evaluator.value(pack(quilt))
    return node


def _play_out(beam: Beam, play, after: Node, state, bag, depth: int) -> float:
    """The value ``depth`` turns after ``after`` in the future ``bag`` (``play`` plays to the
    end of the game when the depth reaches it)."""
    move = after.move
    draws = iter(bag[:2])
    market = tuple(conveyor(list(after.market), move.market_index, draws.__next__)[:3])
    node = Node(after.quilt, after.hand, market, 2, after.turn, after.value, key=after.key)
    if play is not None:
        return play(node, state).value
    return beam.run([node], bag, depth)[0].value


__all__ = [
    "Valuation",
    "continued_values",
    "draw_luck",
    "future_values",
    "halve_moves",
    "quick_move",
    "sampled_bag",
    "value_moves",
]
