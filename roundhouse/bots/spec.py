"""Bot levels as text: ``"random"``, ``"heuristic"``, ``"mcts"``, ``"mcts:strength=4"``,
``"mcts:time=1.5"``, ``"mcts:iterations=400,c=0.9"``.

One grammar serves the terminal (``--bot-level``), the web app's seats (stored with the game)
and the arena's line-ups: a level name, then optionally ``:`` and comma-separated
``key=value`` settings.  ``greedy`` (the old name of the heuristic player) is accepted and read
as ``heuristic``.  A strength is a named think time for people choosing an opponent;
the arena names budgets directly.

``mcts`` with no budget searches :data:`DEFAULT_ITERATIONS` iterations a move, so a bot made
with a seed plays the same move in the same position on any machine.  A think time (a
strength or ``time=``) is the one setting that reads a clock: how far the search gets in it
depends on the machine, so such a bot is not reproducible.

>>> parse_level("mcts:strength=2")
BotSpec(level='mcts', settings={'strength': 2})
>>> parse_level("greedy").level, parse_level("MCTS:strength=3").label()
('heuristic', 'MCTS (strength 3: 1 s a move)')
>>> parse_level("mcts:time=0.5").budget()
{'time': 0.5}
>>> parse_level("mcts:iterations=300").label()
'MCTS (300 iterations a move)'
>>> parse_level("mcts").budget(), parse_level("mcts").label()
({}, 'MCTS (200 iterations a move)')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

LEVELS = ("random", "heuristic", "mcts")
"""Bot levels, weakest first."""
ALIASES = {"greedy": "heuristic"}
"""Older level names still accepted (saved games and seats name them)."""

STRENGTHS: Mapping[int, float] = {1: 0.25, 2: 0.5, 3: 1.0, 4: 2.0, 5: 4.0}
"""MCTS strength -> seconds of thinking a move."""
DEFAULT_ITERATIONS = 200
"""Iterations a move of an MCTS bot given no budget (about 0.15 s in Chicago Express, 0.8 s in
18RoyalGorge, 2 s in 18USA on the development machine)."""

SETTINGS: Mapping[str, type] = {
    "strength": int,
    "time": float,
    "iterations": int,
    "c": float,
    "widen": float,
    "depth": int,
    "prior": float,
}
"""What a level may be given, and the type each setting reads as."""

SettingValue = int | float


@dataclasses.dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot level and its settings, as parsed from text."""

    level: str
    settings: Mapping[str, SettingValue] = dataclasses.field(default_factory=dict)

    def budget(self) -> dict[str, SettingValue]:
        """The settings as keyword arguments of :func:`roundhouse.bots.make_bot`, with a
        strength turned into its think time (unless a budget is named as well)."""
        out = {k: v for k, v in self.settings.items() if k != "strength"}
        strength = self.settings.get("strength")
        if strength is not None and "time" not in out and "iterations" not in out:
            out["time"] = STRENGTHS[int(strength)]
        return out

    def label(self) -> str:
        """The level named for people: "random", "heuristic", "MCTS (strength 3: 1 s a move)"."""
        if self.level != "mcts":
            return self.level
        if "iterations" in self.settings:
            return f"MCTS ({self.settings['iterations']} iterations a move)"
        if "time" in self.settings:
            return f"MCTS ({self.settings['time']:g} s a move)"
        if "strength" in self.settings:
            strength = int(self.settings["strength"])
            return f"MCTS (strength {strength}: {STRENGTHS[strength]:g} s a move)"
        return f"MCTS ({DEFAULT_ITERATIONS} iterations a move)"

    def __str__(self) -> str:
        if not self.settings:
            return self.level
        return f"{self.level}:" + ",".join(f"{k}={v}" for k, v in self.settings.items())

    def with_settings(self, extra: Mapping[str, SettingValue]) -> BotSpec:
        """This level with ``extra`` settings added (checked as if written out)."""
        if not extra:
            return self
        return parse_level(str(BotSpec(self.level, {**self.settings, **extra})))


def parse_level(text: str) -> BotSpec:
    """Read ``level[:key=value,...]``; raises ValueError naming what is wrong."""
    name, _, rest = text.strip().partition(":")
    level = ALIASES.get(name.strip().lower(), name.strip().lower())
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {name!r}; levels are {', '.join(LEVELS)}")
    settings: dict[str, SettingValue] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, raw = part.partition("=")
        key = key.strip().lower()
        if not sep or key not in SETTINGS:
            raise ValueError(
                f"bot setting {part!r} must be key=value with key one of {', '.join(SETTINGS)}"
            )
        try:
            value = SETTINGS[key](raw.strip())
        except ValueError:
            raise ValueError(f"bot setting {key} needs a number, not {raw!r}") from None
        if value < 0:
            raise ValueError(f"bot setting {key} cannot be negative")
        settings[key] = value
    if level != "mcts" and settings:
        raise ValueError(f"the {level} bot takes no settings")
    strength = settings.get("strength")
    if strength is not None and strength not in STRENGTHS:
        raise ValueError(f"MCTS strength is 1 to {max(STRENGTHS)}, not {strength}")
    return BotSpec(level, settings)
