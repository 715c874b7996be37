"""The 18West heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.titles.g18west.bot.policy import WestPolicy, make_policy

__all__ = ["WestPolicy", "make_policy"]
