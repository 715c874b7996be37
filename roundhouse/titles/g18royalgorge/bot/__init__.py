"""The 18RoyalGorge heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.titles.g18royalgorge.bot.policy import RoyalGorgePolicy, make_policy

__all__ = ["RoyalGorgePolicy", "make_policy"]
