"""The 18RoyalGorge heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.bots.policy import GenericPolicy

TITLE_ID = "18RoyalGorge"


def make_policy(seed: int) -> GenericPolicy:
    return GenericPolicy(seed)


__all__ = ["TITLE_ID", "make_policy"]
