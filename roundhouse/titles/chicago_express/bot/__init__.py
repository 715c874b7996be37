"""The Chicago Express heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.titles.chicago_express.bot.policy import ChicagoExpressPolicy, make_policy

__all__ = ["ChicagoExpressPolicy", "make_policy"]
