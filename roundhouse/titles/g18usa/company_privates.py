"""Privates that act on the company itself: P10 Carnegie Steel Company, P14 Pyramid Scheme,
P29 Bankrupt Railroad (when the company is started with them), P15 Western Land Grant (its
loans), P20 Suem & Wynn Law Firm (a station where no slot is open), P23 Bailey Yard (a station
token more).

* P10 (§2.3, §2.4, appendix "Metropolis"; 18xx.games): a company started with it "in an
  unselected and unimproved metropolis" makes that city a metropolis; P10 then closes
  whatever happened.
* P14 (§10; 18xx.games): no ability; closes when put into a company at its start.
* P29 (appendix "Subsidy Tiles"; 18xx.games): a company started with it in a city whose
  subsidy tile is "No subsidy" "receives a 2-train"; P29 then closes.
* P15 (18xx.games): "one extra loan at a fixed $5 per round interest rate".
* P20 (18xx.games): "Discard during the lay or upgrade track step to place an available
  station token into any city which currently has no available open station circles.  The
  station token will immediately fill a station circle in the city if one becomes available
  later.  This is an extra station token placement."  Until a slot opens the token is a
  ``lawfirm:<company>:<city>`` marker on the hex, which :class:`~.stop_bonus.PrivateStops`
  turns into a station of the company that takes no slot; :func:`settle_law_firm` moves it
  into a slot once one is free.
* P23 (18xx.games): "Provides an additional station marker for the owning corp, awarded at
  time of purchase".

How the title calls them: :func:`company_started` when the president has put privates into a
new company and its home station is down (§11.6; it returns the city P10 makes a
metropolis, for the title to lay its tile); :func:`private_acquired` whenever a company comes
to own a private (start, purchase, merger: P23's token); :func:`extra_loans` and
:func:`interest_due` in the loan rules (family1817's ``max_loans`` and ``interest_due``);
:class:`LawFirmStep` among the operating turn's steps and :func:`settle_law_firm` after every
change of a city's tokens or tile; :func:`law_firm_stations`, :func:`merge_law_firm` and
:func:`remove_law_firm` when a merger, an acquisition or a liquidation moves stations (§14.3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import UsePrivate, close, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import (
    BankruptRailroad,
    CarnegieSteel,
    ExtraLoan,
    ExtraStation,
    LawFirmToken,
)
from roundhouse.titles.g18usa.stop_bonus import COMPANY_TOWNS, LAW_FIRM, law_firm_marker

MAX_TOKENS = 8
"""§14.3: never more than eight station tokens."""


@dataclasses.dataclass(frozen=True)
class StartOutcome:
    """What the privates put into a new company did."""

    metropolis: str | None = None
    """The city P10 made a metropolis (the title lays its metropolis tile)."""
    free_train: str | None = None
    """The train P29 gave."""


def _closes_on_start(g: FamilyEngine, private_id: str) -> bool:
    from roundhouse.core.ability import Closes

    return any(
        isinstance(a, Closes) and a.on_event == "company_started"
        for a in g.privates[private_id].spec.abilities
    )


def company_started(
    g: FamilyEngine,
    corp_id: str,
    home: str,
    *,
    potential_metropolises: Collection[str],
    metropolises: Collection[str],
    no_subsidy: bool,
) -> StartOutcome:
    """The privates the president put into ``corp_id`` at its start act (P10, P29, P23) and
    those that close then do (P10, P14, P29).  ``home``: its home hex; ``no_subsidy``: the
    home city's subsidy tile was "No subsidy"."""
    metropolis: str | None = None
    train: str | None = None
    if held(g, corp_id, CarnegieSteel):
        here = g.map.board[home] if isinstance(g.map, BoardMap) else None
        unimproved = here is not None and here.tile is here.printed.tile
        if home in potential_metropolises and home not in metropolises and unimproved:
            metropolis = home
            g.emit("metropolis", f"{home} becomes a metropolis (Carnegie Steel)")
    for _, bankrupt in held(g, corp_id, BankruptRailroad):
        if no_subsidy:
            train = free_train(g, corp_id, bankrupt.train)
    for private in list(g.privates.values()):
        if private.owner != corp_id or private.closed:
            continue
        private_acquired(g, corp_id, private.id)
        if _closes_on_start(g, private.id):
            close(g, private.id)
    return StartOutcome(metropolis, train)


def free_train(g: FamilyEngine, corp_id: str, type_name: str) -> str | None:
    """The first bank train of the type goes to the company for nothing (P29)."""
    for train in g.depot.available():
        if train.owner == DEPOT and train.type == type_name:
            price = g.depot.type_of(train).price_of(train.variant)
            g.ledger.transfer(BANK, corp_id, price)
            g.train_events(corp_id, g.depot.buy(corp_id, train.id, g.ledger))
            g.emit("train", f"{corp_id} takes a free {type_name}-train (Bankrupt Railroad)")
            return train.id
    return None


def private_acquired(g: FamilyEngine, corp_id: str, private_id: str) -> None:
    """A company has come to own the private: P23's station tokens, once."""
    private = g.privates[private_id]
    for a in private.spec.abilities:
        if (
            isinstance(a, ExtraStation)
            and private.used.get(private.spec.abilities.index(a), 0) == 0
        ):
            corp = g.corps[corp_id]
            corp.tokens_owned = min(MAX_TOKENS, corp.tokens_owned + a.tokens)
            private.use(a)


def start_tokens(g: FamilyEngine, corp_id: str, privates: Sequence[str]) -> int:
    """The station tokens the privates put into a company at its start give it (P23), used
    up here so that :func:`private_acquired` does not give them again; the start counts
    them among the tokens it buys (:func:`.company_start.found`)."""
    count = 0
    for private_id in privates:
        private = g.privates[private_id]
        for a in private.spec.abilities:
            index = private.spec.abilities.index(a)
            if isinstance(a, ExtraStation) and private.used.get(index, 0) == 0:
                count += a.tokens
                private.use(a)
    return count


def extra_loans(g: FamilyEngine, corp_id: str) -> int:
    """P15: loans above the share-size maximum."""
    return sum(a.loans for _, a in held(g, corp_id, ExtraLoan))


def interest_due(g: FamilyEngine, corp_id: str, rate: int, loans: int) -> int:
    """§12.8 with P15: one of the company's loans costs $5 whatever the rate."""
    owned = held(g, corp_id, ExtraLoan)
    if not owned or not loans:
        return rate * loans
    fixed = min(loans, owned[0][1].loans)
    return rate * (loans - fixed) + owned[0][1].interest * fixed


# --- P20 ----------------------------------------------------------------------------------------


def law_firm_sites(board: Board, corp_id: str, reach: Collection[str]) -> list[tuple[str, str]]:
    """(hex, city) where P20 may put the company's station: a city it reaches with no open
    slot, no station of its own in the hex, not a company town."""
    out: list[tuple[str, str]] = []
    for name in sorted(reach):
        here = board[name]
        if here.tile.id in COMPANY_TOWNS or any(corp_id in t for t in here.tokens.values()):
            continue
        if any(m.startswith(LAW_FIRM) and m.split(":")[1] == corp_id for m in here.markers):
            continue
        for city in here.tile.cities:
            if city.slots and board.open_slots(name, city.name, corp_id) <= 0:
                out.append((name, city.name))
    return out


def place_law_firm(g: FamilyEngine, corp_id: str, hex_name: str, city: str) -> None:
    assert isinstance(g.map, BoardMap)
    corp = g.corps[corp_id]
    if corp.tokens_placed >= corp.tokens_owned:
        raise IllegalAction(f"{corp_id} has no station token left", rule="token.none_left")
    g.map.board.add_marker(hex_name, law_firm_marker(corp_id, city))
    corp.tokens_placed += 1
    private, ability = held(g, corp_id, LawFirmToken)[0]
    use(g, private.id, ability)
    g.emit("token", f"{corp_id} places a station in {hex_name} with {private.id}")


def law_firm_stations(board: Board, corp_id: str) -> list[tuple[str, str]]:
    """(hex, city) of the company's P20 stations still waiting for a slot: stations of the
    company on the map (counted in its ``tokens_placed``, §14.3's count of its tokens)."""
    out: list[tuple[str, str]] = []
    for name, here in board.hexes.items():
        for marker in here.markers:
            if marker.startswith(LAW_FIRM):
                _, corp, city = marker.split(":")
                if corp == corp_id:
                    out.append((name, city))
    return sorted(out)


def remove_law_firm(board: Board, corp_id: str, hex_name: str | None = None) -> None:
    """Take the company's waiting P20 station off the map (in ``hex_name``, or anywhere)."""
    for name, here in board.hexes.items():
        if hex_name is not None and name != hex_name:
            continue
        kept = [m for m in here.markers if not m.startswith(f"{LAW_FIRM}{corp_id}:")]
        if len(kept) != len(here.markers):
            here.markers[:] = kept
            board.touch()


def merge_law_firm(board: Board, survivor: str, absorbed: str) -> None:
    """§14.3 for P20's waiting stations: the absorbed company's becomes the survivor's, and
    "if this results in two station tokens on the same hex, return one to the company's
    charter": a waiting station where the survivor now has a station (in a slot, or waiting)
    leaves the map, the station in the slot staying."""
    for here in board.hexes.values():
        ours = any(survivor in t for t in here.tokens.values())
        for marker in list(here.markers):
            if not marker.startswith(LAW_FIRM):
                continue
            _, corp, city = marker.split(":")
            if corp not in (survivor, absorbed):
                continue
            if ours:
                here.markers.remove(marker)
            else:
                here.markers[here.markers.index(marker)] = law_firm_marker(survivor, city)
                ours = True
            board.touch()


def settle_law_firm(board: Board) -> None:
    """A P20 station takes the first slot that opens in its city (a token leaving, or a tile
    with more slots: "The station token will immediately fill a station circle in the city if
    one becomes available later")."""
    for name, here in board.hexes.items():
        for marker in list(here.markers):
            if not marker.startswith(LAW_FIRM):
                continue
            _, corp, city = marker.split(":")
            if city in here.tokens and board.open_slots(name, city, corp) > 0:
                here.markers.remove(marker)
                board.place_token(name, city, corp)


class LawFirmStep(ListedStep[FamilyEngine]):
    """P20 in the company's track step: an extra station in a full city it reaches."""

    kinds = frozenset({"use_private"})
    blocking = False
    name = "law_firm"

    def takes(self, g: FamilyEngine, action: Action) -> bool:
        return (
            isinstance(action, UsePrivate)
            and action.company in g.privates
            and any(isinstance(a, LawFirmToken) for a in g.privates[action.company].spec.abilities)
        )

    def moves(self, g: FamilyEngine, corp_id: str) -> list[UsePrivate]:
        if not in_turn(g, corp_id) or not isinstance(g.map, BoardMap):
            return []
        if not any(isinstance(s, TrackStep) and s.active(g, corp_id) for s in g.round.steps):
            return []
        owned = held(g, corp_id, LawFirmToken)
        corp = g.corps[corp_id]
        if not owned or corp.tokens_placed >= corp.tokens_owned:
            return []
        reach = g.map.graph.reach(corp_id)
        hexes = {h for h, _ in reach.stops} | reach.hexes
        p = g.controller_id(corp_id)
        return [
            UsePrivate(player=p, entity=corp_id, company=owned[0][0].id, hex=h, choice=c)
            for h, c in law_firm_sites(g.map.board, corp_id, hexes)
        ]

    def refusal(self, g: FamilyEngine, entity: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{entity} may use P20 only in its track step, on a full city its routes reach",
            rule="law_firm.placement",
        )

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        place_law_firm(g, entity, action.hex, action.choice)
