"""The Land Grant companies (18US §7.3): opened through the Pacific Railway Act or a Stock Round
purchase, building their grant as 5-Share companies and converting to 10-Share companies when
it is complete.

* §10.2.5: the buyer of the Pacific Railway Act (P11) "immediately takes the President's
  Certificate of the Land Grant company of his choice, for which he then sets the Starting
  Value" (:func:`open_by_act`); the Concession closes when that company places its first
  tile (:func:`after_own_tile`).
* §7.3.1: a company based in a Gateway City must connect to a West Coast City, one based on
  the West Coast to a Gateway City (:func:`grant_complete`; the Cities are ``map.toml``'s
  ``[land_grants]``).
* §7.3.2 Crédit Mobilier: up to three yellow tiles, or two yellow tiles and one upgrade, at
  $40 a tile once it places more than one (:func:`credit_mobilier_due`), which counts as
  earnings that must be paid out.
* §7.3.3 Golden Spike: the company's doubling token starts on the $60 space and moves one
  space right for each yellow tile the company places until its grant is complete or Phase
  4E/3G begins, to at most a Red Zone value of $75 (:func:`golden_spike_value`).
* §6.3.2: at conversion the Bank pays five times the Current Market Value, then the Golden
  Spike per share to each share's owner (the Pool's to the treasury), the price moves one
  space right, and the doubling token goes to a qualifying City with a free Land Grant space
  (:func:`convert`).  The doubling token is a station beside the City's circles (core's
  ``Board.place_beside``) that doubles the City for the company (:mod:`.doubling`).

Where the rulebook is silent, reconstructed: a route counts when the company's track reaches
a qualifying City from its stations (its stations all join its base, §6.4); a company whose
qualifying Cities have no free doubling space left converts without placing the token and
keeps it as a normal station token.
"""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.market import Direction
from roundhouse.core.shares import IPO, POOL
from roundhouse.core.tiles import Colour
from roundhouse.core.track import TileLay
from roundhouse.titles.g18us.board import doubling_spaces, land_grants
from roundhouse.titles.g18us.data import LAND_GRANT
from roundhouse.titles.g18us.state import UsGame

PACIFIC_ACT = "P11"

LAND_GRANT_LAYS = 3
"""§7.3.2: "up to three yellow tiles ... or place up to two yellow tiles and upgrade one"."""

CREDIT_MOBILIER = 40
"""§7.3.2: "$40 from its Treasury for each tile it places (including the first)"."""

SPIKE_START = 60
SPIKE_TOP = 75
RED_ZONE = 50
"""§7.3.3: the doubling token starts on "the $60 ($10) space ... the 'Red Zone value' ... is
always $50 less than the corresponding Stock Market Value ... to a maximum 'Red Zone value'
of $75"."""

SPIKE_END_PHASE = "4E/3G"
"""§7.3.3: the token does not advance for "tiles placed after Phase 4E/3G begins"."""

TEN_SHARES = 10

DISPLAY_CIRCLE = {"E2": "s", "H17": "e"}
"""The City of a two-City hex that the doubling display names (§6.4.1: "San Francisco (E2)",
"New Orleans (H17)"), while the hex still has two Cities."""


def is_land_grant(g: UsGame, corp_id: str) -> bool:
    return g.corps[corp_id].spec.kind == LAND_GRANT


def five_share(g: UsGame, corp_id: str) -> bool:
    """A Land Grant company still building its grant (§7.3)."""
    return is_land_grant(g, corp_id) and corp_id not in g.ten_share


def open_by_act(g: UsGame, player: str, corp_id: str, price: int) -> None:
    """§10.2.5: the Pacific Railway Act's buyer takes the President's Certificate of the Land
    Grant company he chose, paid for with the Concession, and sets its Starting Value; the
    company floats once players own three shares (§7.3.1)."""
    corp = g.corps[corp_id]
    book = g.books[corp_id]
    pc = book.president_cert
    assert pc is not None
    zones = g.depot.phases.current.par_zones or frozenset({"par"})
    g.market.place(corp_id, g.market.check_par(corp_id, price, zones))
    book.move(pc.id, player)
    corp.par_price = price
    corp.formed_in = g.sr_count
    g.pacific_company = corp_id
    g.emit(
        "par",
        f"{player} opens {corp_id} at ${price} with {PACIFIC_ACT}",
        company=corp_id,
        price=price,
        restates=True,
    )
    g.map.place_home(g, corp_id)
    g.check_float(corp_id)


def grant_complete(g: UsGame, corp_id: str) -> bool:
    """§7.3.1: the company's track joins its base to one of its qualifying Cities."""
    return bool(reached_qualifying(g, corp_id))


def reached_qualifying(g: UsGame, corp_id: str) -> list[str]:
    """The qualifying City hexes the company's routes reach, in map order."""
    grant = land_grants()[corp_id]
    reach = g.map.graph.reach(corp_id)  # type: ignore[attr-defined]
    hexes = {h for h, _ in reach.stops}
    return sorted(h for h in grant.qualifying if h in hexes)


def credit_mobilier_lays(g: UsGame, corp_id: str) -> int:
    """The company's own tiles this turn (§7.3.2 counts the tiles it places)."""
    turn, lays = g.credit_mobilier.get(corp_id, ((-1, -1), 0))
    return lays if turn == g.turn_key() else 0


def credit_mobilier_due(lays: int) -> int:
    """§7.3.2: nothing for one tile, $80 for two, $120 for three."""
    return CREDIT_MOBILIER * lays if lays > 1 else 0


def credit_mobilier_paid(g: UsGame, corp_id: str) -> int:
    """What the company paid the Crédit Mobilier this turn: earnings it must pay out."""
    return credit_mobilier_due(credit_mobilier_lays(g, corp_id))


def next_tile_charge(g: UsGame, corp_id: str) -> int:
    """What the company's next own tile adds to the Crédit Mobilier ($80 for the second, as
    the first is then charged too; $40 for the third)."""
    n = credit_mobilier_lays(g, corp_id)
    return credit_mobilier_due(n + 1) - credit_mobilier_due(n)


def count_own_tile(g: UsGame, corp_id: str) -> int:
    """Record one of the company's own tiles this turn; returns the Crédit Mobilier it
    costs now."""
    charge = next_tile_charge(g, corp_id)
    state = g
    state.credit_mobilier[corp_id] = (state.turn_key(), credit_mobilier_lays(g, corp_id) + 1)
    return charge


def spike_spaces(g: UsGame) -> list[int]:
    """The Stock Market values the doubling token may stand on, from $60 to a Red Zone value
    of $75 (§7.3.3)."""
    grid = g.market.grid
    cell = grid.find(SPIKE_START)
    out = [cell.price]
    while cell.price - RED_ZONE < SPIKE_TOP:
        nxt = grid.step(cell, Direction.RIGHT)
        if nxt == cell:
            break
        cell = nxt
        out.append(cell.price)
    return out


def golden_spike_value(g: UsGame, corp_id: str) -> int:
    """The Red Zone value under the company's doubling token (§7.3.3)."""
    spaces = spike_spaces(g)
    at = min(g.golden_spike.get(corp_id, 0), len(spaces) - 1)
    return spaces[at] - RED_ZONE


def advances_spike(g: UsGame, corp_id: str, lay: TileLay, complete_before: bool) -> bool:
    """§7.3.3: a yellow tile placed (not an upgrade) by the company itself, while its grant
    is not complete and before Phase 4E/3G."""
    if not five_share(g, corp_id) or lay.upgrade or complete_before:
        return False
    if SPIKE_END_PHASE in g.phases_reached():
        return False
    return g.map.board.tiles[lay.tile].colour is Colour.YELLOW  # type: ignore[attr-defined]


def after_own_tile(g: UsGame, corp_id: str, lay: TileLay, complete_before: bool) -> None:
    """The Golden Spike token moves on (§7.3.3) and the Pacific Railway Act closes with its
    company's first tile (§10.2.5)."""
    state = g
    if advances_spike(g, corp_id, lay, complete_before):
        top = len(spike_spaces(g)) - 1
        state.golden_spike[corp_id] = min(state.golden_spike.get(corp_id, 0) + 1, top)
    card = g.privates.get(PACIFIC_ACT)
    if card is not None and not card.closed and state.pacific_company == corp_id:
        card.closed = True
        g.emit("close", f"{PACIFIC_ACT} {card.spec.name} closes", item=PACIFIC_ACT)


def open_doubling_sites(g: UsGame, corp_id: str) -> list[str]:
    """Qualifying City hexes the company reaches that have a Land Grant doubling space free
    for it (§6.4.1)."""
    board = g.map.board  # type: ignore[attr-defined]
    out = []
    for hex_name in reached_qualifying(g, corp_id):
        spaces = doubling_spaces().get(hex_name)
        if spaces is None or corp_id not in spaces.land_grant_companies:
            continue
        held = {c for cs in board.beside.get(hex_name, {}).values() for c in cs}
        if len({c for c in held if is_land_grant(g, c)}) < spaces.land_grant:
            out.append(hex_name)
    return out


def doubling_circle(g: UsGame, corp_id: str, hex_name: str) -> str:
    """The City of the hex the doubling token goes beside: one the company's route reaches,
    the one the display names if it reaches that (:data:`DISPLAY_CIRCLE`)."""
    cities: list[str] = list(g.map.board.hexes[hex_name].tokens)  # type: ignore[attr-defined]
    reached: frozenset[str] = g.map.graph.reach(corp_id).stops_in(hex_name)  # type: ignore[attr-defined]
    named = DISPLAY_CIRCLE.get(hex_name)
    if named is not None and named in reached and named in cities:
        return named
    return next((c for c in cities if c in reached), cities[0])


def convert(g: UsGame, corp_id: str, site: str | None) -> None:
    """§6.3.2, §7.3.3: the conversion to a 10-Share company."""
    state = g
    corp = g.corps[corp_id]
    book = g.books[corp_id]
    price = g.share_price(corp_id)
    g.ledger.transfer(BANK, corp_id, 5 * price)
    spike = golden_spike_value(g, corp_id)
    paid: dict[str, int] = {}
    for owner, shares in book.holdings().items():
        payee = corp_id if owner in (POOL, IPO, corp_id) else owner
        paid[payee] = paid.get(payee, 0) + spike * shares
    for payee, amount in paid.items():
        g.ledger.transfer(BANK, payee, amount)
    g.emit(
        "golden_spike",
        f"{corp_id} converts to a 10-Share company: ${5 * price} from the Bank; Golden Spike "
        f"${spike} a share: " + ", ".join(f"{k} ${v}" for k, v in paid.items()),
        company=corp_id,
        paid=paid,
    )
    g.market.move(corp_id, Direction.RIGHT, 1)
    book.resize(TEN_SHARES, [(1, IPO, False)] * (TEN_SHARES - book.size))
    corp.tokens_owned += 1
    state.ten_share.add(corp_id)
    state.doubling_turn[corp_id] = state.turn_key()
    if site is not None:
        g.map.board.place_beside(site, doubling_circle(g, corp_id, site), corp_id)  # type: ignore[attr-defined]
        corp.tokens_placed += 1
        g.emit("token", f"{corp_id} places its doubling token in {site}", company=corp_id)
