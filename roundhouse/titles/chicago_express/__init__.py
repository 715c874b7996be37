"""Chicago Express (Queen Games 2008; design John Bohrer), the whole game.

Rules: /work/shared/rules/ChicagoExpress-summary.txt (authoritative where it speaks) and the
facts sheet chicago-express-facts.md, whose section numbers the citations use ("Chicago Express
§4.2").  Where the sources disagree, the choices and their options are listed in
docs/rules-notes.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.titles.chicago_express.actions import ACTIONS
from roundhouse.titles.chicago_express.title_state import ChicagoExpressState
from roundhouse.titles.chicago_express.variant import OPTIONS, Variant
from roundhouse.titles.chicago_express.view import ChicagoExpressObserver

RULEBOOK = Rulebook(
    name="Chicago Express",
    edition="Queen Games 2008, as collected in the project's facts sheet",
    sections={
        "game.turn": "§3.2",
        "game.over": "§6",
        "turn.step": "§3.2",
        "turn.gauge_full": "§3.1",
        "board.hex": "§7",
        "auction.company": "§4.1",
        "auction.closed": "§5.3",
        "auction.sold_out": "§4.1",
        "auction.must_open": "§4.1",
        "auction.min_bid": "§4.1",
        "auction.raise": "§4.1",
        "auction.cash": "§4.1",
        "build.company": "§4.2",
        "build.closed": "§5.3",
        "build.shareholder": "§4.2",
        "build.trains": "§4.2",
        "build.nowhere": "§4.2",
        "build.limit": "§4.2",
        "build.same_hex": "§4.2",
        "build.start_hex": "§4.2",
        "build.fort_wayne": "§5.3",
        "build.exclusive_terrain": "§4.2",
        "build.adjacent": "§4.2",
        "build.treasury": "§4.2",
        "develop.detroit": "§4.3",
        "develop.target": "§4.3",
        "develop.track_full": "§4.3",
        "develop.already": "§4.3",
        "develop.presence": "§4.3",
        "develop.supply": "§4.3",
    },
)


def _setup(
    players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng
) -> ChicagoExpressState:
    """The first player named is the banker and opens the PRR auction (§2 step 7)."""
    return ChicagoExpressState(players, Variant.from_options(options), rng)


TITLE = Title(
    id="ChicagoExpress",
    name="Chicago Express",
    players=range(2, 7),
    options=OPTIONS,
    rulebook=RULEBOOK,
    actions=ACTIONS,
    setup=_setup,
    observer=ChicagoExpressObserver,
    designer="John Bohrer",
    publisher="Queen Games",
)

__all__ = ["RULEBOOK", "TITLE", "ChicagoExpressState"]
