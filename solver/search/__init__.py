"""Players that search: baselines, beam search (hindsight and fair), hints, and the fair
player's scenario mode (``scenario_play``: plays for the pass).

Public API used by the service (``puzzles``): ``STRATEGIES``, ``make_player``, ``play_game``,
``hint``, ``position_key``. Nothing here imports Django.

The searching players' options (``make_player``, ``hint``, the ``CALICO_*_OPTIONS``
settings), one name for each meaning; the defaults are the par and best-known strength:

==============  =========  =======  ======================================================
option          player     default  what it sets
==============  =========  =======  ======================================================
placements      beam       8        placements per turn tried with every market slot when
                                    the turn's moves are ranked on visible facts
candidates      fair       48       the best visible moves (ranked so) that are valued in
                                    sampled futures
samples         fair       256      sampled futures per move, at most (``value_moves``)
depth           fair       22       turns each play-out plays (22: to the end)
playout_width   fair       1        states a play-out keeps per turn (1: the compiled
                                    greedy game)
kept            hindsight  6        states kept after each turn, ranked by their play-outs
piloted         hindsight  120      children made each turn and played out to the end
arrangements    hindsight  24       goal arrangements searched in full
halving         fair       off      play-outs a turn, in hundreds, shared out by
                                    sequential halving over the best ``candidates`` moves
                                    (``valuation.halve_moves``) instead of ``samples``
                                    with a margin; ``candidates`` 1000 is every move
learned         all        off      set N of the fitted evaluation tables
                                    (``learned_evaluation.json``, research/fit_evaluation.py):
                                    the parts weighed per stage of the game, with supply
                                    terms, instead of summed
goal_chances    all        off      set N of the goal chances learned by self-play
                                    (``learned/goal_chances-N.npz``,
                                    research/learn_goal_chances.py): each goal's colour
                                    and pattern chance by tile, stage and count shape,
                                    instead of today's judgement
goal_deals      fair       off      the goal finalists valued again on this many sampled
                                    turn-1 positions by the player's own valuation
                                    (``goal_choice.by_first_turn``) instead of quick games
portfolio       hindsight  off      set N of ``players.PORTFOLIOS``: sequential halving
                                    over (arrangement x weight set), every pair searched
                                    cheaply, the best few again at full width; the best
                                    game of all searches wins
polish          hindsight  off      the chosen game's last N turns searched again, wider
                                    and with each weight set (``players.POLISH``); the
                                    better game stays ("ruin and recreate")
==============  =========  =======  ======================================================

Old names, still accepted: ``width`` (beam: ``placements``; fair: ``playout_width``;
hindsight: ``kept``) and, for hindsight only, ``candidates`` (``piloted``). Inside a search,
``SearchOptions.width`` is the states kept after each turn and ``SearchOptions.breadth`` the
placements tried with every market slot (``beam``).
"""

from .base import GameRecord, Player, play_game
from .baselines import GreedyPlayer, RandomPlayer
from .hints import Hint, hint, position_key
from .players import BeamPlayer, FairPlayer, HindsightPlayer, search_options
from .scenario_play import ScenarioPlayer

STRATEGIES = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "beam": BeamPlayer,
    "fair": FairPlayer,
    "hindsight": HindsightPlayer,
    # the fair player's options; in a scenario game it plays for the pass (scenario_play),
    # on any other setup it is the fair player
    "scenario": ScenarioPlayer,
}


def make_player(strategy: str, seed: str = "", **options) -> Player:
    """A player by strategy name; ``seed`` makes a randomised player reproducible.

    ``options`` tune the searching players (the table above; a player ignores the others).
    Raises ValueError naming a bad strategy or option."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
    player = STRATEGIES[strategy]
    return player(seed=seed, **search_options(options, player))


__all__ = [
    "STRATEGIES",
    "BeamPlayer",
    "FairPlayer",
    "GameRecord",
    "GreedyPlayer",
    "HindsightPlayer",
    "Hint",
    "Player",
    "RandomPlayer",
    "ScenarioPlayer",
    "hint",
    "make_player",
    "play_game",
    "position_key",
]
