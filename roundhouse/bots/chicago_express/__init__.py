"""The Chicago Express heuristic player and position estimate (see :mod:`.policy`)."""

from roundhouse.bots.chicago_express.policy import ChicagoExpressPolicy, make_policy

TITLE_ID = "ChicagoExpress"

__all__ = ["TITLE_ID", "ChicagoExpressPolicy", "make_policy"]
