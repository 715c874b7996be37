"""The 18USA heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.titles.g18usa.bot.policy import UsaPolicy, make_policy

__all__ = ["UsaPolicy", "make_policy"]
