"""The value of several moves of one visible position, measured on the same sampled futures.

Par (``FairPlayer``), hints and the review of a finished game all ask one question: what final
score can a player expect after each of these moves? They all ask it here, so they cannot
drift apart.

A sampled future is a shuffle of the unseen patches (``Observation.unseen``, what a player can
work out), never the bag: an ``Observation`` cannot reach it. Every move is played out in the
same futures (common random numbers), so the difference between two moves' values is the
moves' difference, not luck of the draw. A play-out is the quick greedy game to the end
(compiled), unless the caller hands another search.
"""

from dataclasses import dataclass

from solver.game import TURNS, Move, Observation, SoloGame
from solver.game.rng import SeededStream
from solver.game.solo import conveyor

from .beam import Beam, Node, play_to_end
from .fastcore import evaluator_for, pack
from .goal_choice import QUICK


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

    Each move is played out in the same ``samples`` sampled futures (``sampled_bags``; the same
    ``seed`` and position give the same futures, so the result is deterministic). With a
    ``margin``, only the moves within ``margin`` points of the leader after half the samples
    get the other half (successive halving; their ``samples`` say so); with ``None`` every
    move gets every sample. ``depth`` turns of play-out (default: to the end of the game, so
    a value is a final score; fewer give the evaluation of the quilt reached). ``beam`` is
    the play-out search (default: the quick greedy game with the layout's evaluator); its
    caches are reused. On the last two turns the unseen patches change nothing: one future is
    enough and the values are exact. Raises ``RulesError`` naming an illegal move."""
    moves = tuple(moves)
    if not moves:
        raise ValueError("there is no move to value")
    if beam is None:
        beam = Beam(evaluator_for(observation.layout), QUICK)
    game = SoloGame.from_observation(observation, ())
    for move in moves:
        game.check(move)
    afters = [_after(beam, observation, move) for move in moves]
    if observation.turn == TURNS:  # the move ends the game: its points are all there is
        return Valuation(moves, tuple(float(n.quilt.points) for n in afters), (1,) * len(moves))
    if observation.turn == TURNS - 1:
        samples = 1  # the draws after this turn are never played
    bags = sampled_bags(observation, seed, samples)
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    alive = list(range(len(moves)))
    half = min(len(bags), max(2, samples // 2))
    for k, bag in enumerate(bags):
        if k == half and margin is not None:
            means = {i: totals[i] / counts[i] for i in alive}
            leader = max(means.values())
            alive = [i for i in alive if means[i] >= leader - margin]
            if len(alive) == 1:
                break
        play = play_to_end(beam, bag) if observation.turn + 1 + depth > TURNS else None
        for i in alive:
            totals[i] += _play_out(beam, play, afters[i], bag, depth)
            counts[i] += 1
    values = tuple(total / count for total, count in zip(totals, counts, strict=True))
    return Valuation(moves, values, tuple(counts))


def sampled_bags(observation: Observation, seed: str, count: int) -> list[list[int]]:
    """``count`` shuffles of the unseen patches, from ``seed`` and the turn only."""
    unseen = sorted(observation.unseen().elements())
    return [
        SeededStream(f"{seed}/turn-{observation.turn}/sample-{k}").shuffle(unseen[:])
        for k in range(count)
    ]


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


def _play_out(beam: Beam, play, after: Node, bag, depth: int) -> float:
    """The value ``depth`` turns after ``after`` in the future ``bag`` (``play`` plays to the
    end of the game when the depth reaches it)."""
    move = after.move
    draws = iter(bag[:2])
    market = tuple(conveyor(list(after.market), move.market_index, draws.__next__)[:3])
    node = Node(after.quilt, after.hand, market, 2, after.turn, after.value, key=after.key)
    if play is not None:
        return play(node).value
    return beam.run([node], bag, depth)[0].value


__all__ = ["Valuation", "sampled_bags", "value_moves"]
