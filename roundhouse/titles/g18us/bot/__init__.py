"""The 18US heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.titles.g18us.bot.policy import UsPolicy, make_policy

__all__ = ["UsPolicy", "make_policy"]
