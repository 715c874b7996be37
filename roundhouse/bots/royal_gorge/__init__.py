"""The 18RoyalGorge heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.bots.royal_gorge.policy import RoyalGorgePolicy, make_policy

TITLE_ID = "18RoyalGorge"

__all__ = ["TITLE_ID", "RoyalGorgePolicy", "make_policy"]
