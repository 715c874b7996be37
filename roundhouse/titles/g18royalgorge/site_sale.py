"""18xx.games's partial sale: certificates handed to the pool for fewer shares' money.

An 18xx.games ``sell_shares`` names certificates and a percentage.  When the percentage is
smaller than the certificates (a hand-edited fixture: 18RoyalGorge_game_end_stock_market
action id 220 names three CF&I certificates for 10%), the site pays for the percentage and
still moves every named certificate to the pool; the player keeps none of them.  The rulebook
has nothing like it ("Selling": the bank pays the share price times the number of shares
sold).  With ``compat_18xx_games`` the stock step accepts it for CF&I and the Victor Gold
Company as ``choose "partial_sale:<company>:<certificates>:<paid>"``: a normal sale of
``paid`` shares (:mod:`.metals`), then the rest of the certificates go to the pool unpaid.

It is accepted, not offered: the site's interface never makes such a sale (it came from a
hand-edited action), and after one the site's own books disagree with its certificates (the
seller stays on record with the shares it no longer holds, ``SharePool#transfer_shares``
moves the certificates but books only the percentage), which no game of ours should reach
by choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Choose, SellShares
from roundhouse.core.shares import POOL
from roundhouse.titles.g18royalgorge import metals
from roundhouse.titles.g18royalgorge.state import METALS, RoyalGorgeGame

PREFIX = "partial_sale"


def choice(corp_id: str, certificates: int, paid: int) -> str:
    return f"{PREFIX}:{corp_id}:{certificates}:{paid}"


def parse(text: str) -> tuple[str, int, int] | None:
    """(company, certificates, shares paid) of a partial-sale choice, or None."""
    parts = text.split(":")
    if len(parts) != 4 or parts[0] != PREFIX or not (parts[2] + parts[3]).isdecimal():
        return None
    return parts[1], int(parts[2]), int(parts[3])


def choices(g: RoyalGorgeGame, player: str, sells: Sequence[Action]) -> list[Choose]:
    """Every partial sale open to ``player`` (compat only): for each metal sale it may make
    now, handing over one or more further certificates."""
    if not g.variant.compat_18xx_games:
        return []
    out: list[Choose] = []
    for sale in sells:
        if not isinstance(sale, SellShares) or sale.corporation not in METALS:
            continue
        held = metals.sellable(g, player, sale.corporation)
        out.extend(
            Choose(
                player=g.pid(player),
                entity=player,
                choice=choice(sale.corporation, n, sale.count),
            )
            for n in range(sale.count + 1, held + 1)
        )
    return out


def apply(g: RoyalGorgeGame, player: str, corp_id: str, certificates: int, paid: int) -> None:
    metals.sell(g, player, corp_id, paid)
    given = sorted(g.books[corp_id].certs_of(player), key=lambda c: c.id)[: certificates - paid]
    for cert in given:
        cert.owner = POOL
