"""Bots: players like any other, reading the typed views and picking from ``legal_actions()``.

``make_bot(level, seed, **budget)`` makes one; every bot plays through ``choose(game, seat)``.
Levels (:mod:`.spec`): ``"random"`` (uniform by kind), ``"heuristic"`` (the title's own
judgement, :mod:`.heuristic`; ``"greedy"`` is its old name) and ``"mcts"`` (search,
:mod:`.mcts`; budget ``time=`` seconds or ``iterations=`` a move, or a ``strength=`` 1-5).
A level may carry its settings as text: ``make_bot("mcts:strength=4", seed)``.
"""

from roundhouse.bots.base import Bot
from roundhouse.bots.greedy import GreedyBot
from roundhouse.bots.heuristic import HeuristicBot
from roundhouse.bots.random_bot import RandomBot, draw, pick
from roundhouse.bots.spec import LEVELS, STRENGTHS, BotSpec, SettingValue, parse_level


def make_bot(level: str, seed: int, **budget: SettingValue) -> Bot:
    """A bot of the named level with its own seeded randomness.

    ``budget`` adds settings to the level's own (``time``, ``iterations``, ``strength``,
    ``c``, ``widen``, ``depth`` for MCTS).
    """
    spec = parse_level(level).with_settings(budget)
    if spec.level == "random":
        return RandomBot(seed)
    if spec.level == "heuristic":
        return HeuristicBot(seed)
    from roundhouse.bots.mcts import MctsBot

    return MctsBot.from_budget(seed, spec.budget())


__all__ = [
    "LEVELS",
    "STRENGTHS",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "HeuristicBot",
    "RandomBot",
    "draw",
    "make_bot",
    "parse_level",
    "pick",
]
