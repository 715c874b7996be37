"""Eastern company conversions (18US §3.5, §6.3.1, §6.4.1): from four shares to five, then ten.

* §6.3.1: "A 4-Share Eastern company may convert to a 5-Share Eastern company once it has a
  route that includes at least one Gateway City that has an open doubling token space ...
  the President places the company's doubling ("x2") token (its third station token) on a
  Gateway City that has an open doubling token space and to which it has a route ... this
  consumes the company's token placement step.  The Bank places the company's fifth share in
  the Pool and pays the Current Market Value of this share to the company"
  (:func:`gateway_sites`, :func:`to_five`).
* §6.3.1: "Once a player has bought the Pacific Railway Act Concession, a 4-Share Eastern
  company may convert ... even if it has no route" to a Gateway: the fifth share the same
  way, and the doubling token flipped to a regular third station token on the charter.
* §6.3.1: "A 5-Share Eastern company may convert to a 10-Share Eastern company once a player
  has bought the Pacific Railway Act Concession ... the Bank pays the company five times its
  Current Market Value, and the company receives its fourth (and final) station token"; the
  five new shares are the brokers' (§3.5: "no associated playable share certificates"), so
  their half of each dividend stays with the Bank (§6.6) (:func:`to_ten`).
* §3.5: both in one conversion step when both are legal; §6.4.1: a Gateway City holds two
  Eastern doubling tokens, and the company "may not place any other token that Operating
  Round" (the doubling token is its turn's station, :class:`EasternConversionStep`).

Readings (docs/rules-notes.md): the conversions are the President's choice (§3.5 and §6.3.1
say "may"; §10.5's "Mandatory" beside the 5-Share row reads as: claiming a Gateway's doubling
space *is* the conversion); "after the WRRC" (§3.5), "once a player has bought the Pacific
Railway Act" (§6.3.1) and "once any Land Grant company starts" (§10.5) are one moment, as the
Act's buyer opens a Land Grant company on the spot (§10.2.5).  A company whose turn's station
already went into a Junction Town it founded (§6.2.2) has no token placement left for a
doubling token that turn.  New Orleans is the Gateway City of the two-City hex H17.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, Pass
from roundhouse.core.flow.step import Step
from roundhouse.core.shares import IPO, POOL
from roundhouse.titles.g18us.board import doubling_spaces, gateways
from roundhouse.titles.g18us.data import EASTERN
from roundhouse.titles.g18us.land_grant import DISPLAY_CIRCLE
from roundhouse.titles.g18us.state import UsGame

FIVE_SHARE = "5-Share"
"""The choice converting a 4-Share company without a doubling token (after the Act)."""

TEN_SHARE = "10-Share"
"""The choice converting a 5-Share company to a 10-Share company."""


def is_eastern(g: UsGame, corp_id: str) -> bool:
    return g.corps[corp_id].spec.kind == EASTERN


def shares(g: UsGame, corp_id: str) -> int:
    """4, 5 or 10: the company's size now."""
    return g.books[corp_id].size


def gateway_city(g: UsGame, hex_name: str) -> list[str]:
    """The City circles of a Gateway hex that count as the Gateway City: New Orleans' while
    H17 still shows two Cities (§6.4.1 "New Orleans (H17)"), else the hex's City."""
    cities = list(g.map.board.hexes[hex_name].tokens)  # type: ignore[attr-defined]
    named = DISPLAY_CIRCLE.get(hex_name)
    return [named] if named is not None and named in cities else cities


def eastern_x2_held(g: UsGame, hex_name: str) -> list[str]:
    """Eastern companies whose doubling token stands in the Gateway City ``hex_name``."""
    board = g.map.board  # type: ignore[attr-defined]
    held = [c for cs in board.beside.get(hex_name, {}).values() for c in cs]
    return [c for c in held if is_eastern(g, c)]


def token_step_taken(g: UsGame, corp_id: str) -> bool:
    """The company's station for this turn is down: a Junction Town it founded (§6.2.2) or a
    doubling token (§6.4.1)."""
    founded = g.map.founded  # type: ignore[attr-defined]
    return (
        founded == (g.set_count, g.or_in_set, corp_id)
        or g.doubling_turn.get(corp_id) == g.turn_key()
    )


def gateway_sites(g: UsGame, corp_id: str) -> list[str]:
    """Gateway Cities the 4-Share company has a route to, with an Eastern doubling space
    open (§6.3.1), in map order; none once its turn's station is down."""
    if not is_eastern(g, corp_id) or shares(g, corp_id) != 4 or token_step_taken(g, corp_id):
        return []
    reach = g.map.graph.reach(corp_id)  # type: ignore[attr-defined]
    out = []
    for hex_name in sorted(gateways()):
        if len(eastern_x2_held(g, hex_name)) >= doubling_spaces()[hex_name].eastern:
            continue
        if any((hex_name, city) in reach.stops for city in gateway_city(g, hex_name)):
            out.append(hex_name)
    return out


def conversions(g: UsGame, corp_id: str) -> list[str]:
    """The conversions open to the company now: Gateway hexes for the doubling token, then
    :data:`FIVE_SHARE` and :data:`TEN_SHARE` once the Pacific Railway Act is bought."""
    if not is_eastern(g, corp_id):
        return []
    size = shares(g, corp_id)
    out = gateway_sites(g, corp_id)
    if size == 4 and g.pacific_act:
        out.append(FIVE_SHARE)
    if size == 5 and g.pacific_act:
        out.append(TEN_SHARE)
    return out


def to_five(g: UsGame, corp_id: str, site: str | None) -> None:
    """§6.3.1: the fifth share to the Pool at the Current Market Value, paid to the company;
    the third station token as a doubling token beside the Gateway City ``site`` (free, the
    turn's station) or, with no ``site``, as a regular token on the charter."""
    price = g.share_price(corp_id)
    g.books[corp_id].resize(5, [(1, POOL, True)])
    g.ledger.transfer(BANK, corp_id, price)
    corp = g.corps[corp_id]
    corp.tokens_owned += 1
    if site is None:
        g.emit(
            "convert",
            f"{corp_id} converts to a 5-Share company: a share to the Pool for ${price}; a "
            "third station token on its charter",
            company=corp_id,
        )
        return
    board = g.map.board  # type: ignore[attr-defined]
    reach = g.map.graph.reach(corp_id)  # type: ignore[attr-defined]
    city = next(c for c in gateway_city(g, site) if (site, c) in reach.stops)
    board.place_beside(site, city, corp_id)
    corp.tokens_placed += 1
    g.doubling_turn[corp_id] = g.turn_key()
    g.emit(
        "convert",
        f"{corp_id} converts to a 5-Share company: its doubling token in {site}, a share to "
        f"the Pool for ${price}",
        company=corp_id,
    )


def to_ten(g: UsGame, corp_id: str) -> None:
    """§6.3.1: five times the Current Market Value from the Bank, five brokers' shares that
    no one plays, and the fourth station token."""
    price = g.share_price(corp_id)
    g.books[corp_id].resize(10, [(1, IPO, False)] * 5)
    g.ledger.transfer(BANK, corp_id, 5 * price)
    g.corps[corp_id].tokens_owned += 1
    g.ten_share.add(corp_id)
    g.emit(
        "convert",
        f"{corp_id} converts to a 10-Share company: ${5 * price} from the Bank and a fourth "
        "station token",
        company=corp_id,
    )


class EasternConversionStep(Step[UsGame]):
    """§6.3: the Eastern company's conversion step, between track and stations.  Its President
    chooses a Gateway City for the doubling token, ``5-Share`` or ``10-Share``, or passes; a
    company that has just become a 5-Share company may go on to ten shares in the same step
    (§3.5)."""

    kinds = frozenset({"choose", "pass"})
    name = "eastern_conversion"
    passing = "passes on converting"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: UsGame, entity: str) -> None:
        self.done = False

    def active(self, g: UsGame, entity: str) -> bool:
        return not self.done and bool(conversions(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            *(Choose(player=p, entity=entity, choice=c) for c in conversions(g, entity)),
            Pass(player=p, entity=entity),
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, Choose) and action.choice not in conversions(g, entity):
            offered = ", ".join(conversions(g, entity))
            raise IllegalAction(
                f"{entity} cannot convert with {action.choice!r} now (open to it: {offered}); "
                "a doubling token goes only to a Gateway City it has a route to with an "
                "Eastern space free, and 5- or 10-Share conversions without one wait for the "
                "Pacific Railway Act",
                rule="conversion.eastern",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, Pass):
            self.done = True
            return
        assert isinstance(action, Choose)
        if action.choice == TEN_SHARE:
            to_ten(g, entity)
            self.done = True
            return
        to_five(g, entity, None if action.choice == FIVE_SHARE else action.choice)
        self.done = TEN_SHARE not in conversions(g, entity)
