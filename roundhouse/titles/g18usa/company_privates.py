"""Privates that act on the company itself: P10 Carnegie Steel Company, P14 Pyramid Scheme,
P29 Bankrupt Railroad (when the company is started with them), P20 Suem & Wynn Law Firm (a
station where no slot is open), P23 Bailey Yard (a station token more).  P15 Western Land
Grant's loans are :mod:`.land_grant`.

* P10 (§2.3, §2.4, appendix "Metropolis"; 18xx.games): a company started with it "in an
  unselected and unimproved metropolis" makes that city a metropolis; P10 then closes
  whatever happened.
* P14 (§10; 18xx.games): no ability; closes when put into a company at its start.
* P29 (appendix "Subsidy Tiles"; 18xx.games): a company started with it in a city whose
  subsidy tile is "No subsidy" "receives a 2-train"; P29 then closes.
* P20 (18xx.games): "Discard during the lay or upgrade track step to place an available
  station token into any city which currently has no available open station circles.  The
  station token will immediately fill a station circle in the city if one becomes available
  later.  This is an extra station token placement."  Until a slot opens the token is a
  ``lawfirm:<company>:<city>`` marker on the hex (:mod:`.law_firm`, which moves it into a
  slot once one is free).
* P23 (18xx.games): "Provides an additional station marker for the owning corp, awarded at
  time of purchase".

How the title calls them: :func:`company_started` when the president has put privates into a
new company and its home station is down (§11.6; it returns the city P10 makes a
metropolis, for the title to lay its tile); :func:`private_acquired` whenever a company comes
to own a private (start, purchase, merger: P23's token); :class:`LawFirmStep` among the
operating turn's steps (what P20's stations then do on the board is :mod:`.law_firm`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18usa.law_firm import law_firm_sites
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import UsePrivate, close, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import (
    BankruptRailroad,
    CarnegieSteel,
    ExtraStation,
    LawFirmToken,
)
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import law_firm_marker

MAX_TOKENS = 8
"""§14.3: never more than eight station tokens."""


@dataclasses.dataclass(frozen=True)
class StartOutcome:
    """What the privates put into a new company did."""

    metropolis: str | None = None
    """The city P10 made a metropolis (the title lays its metropolis tile)."""
    free_train: str | None = None
    """The train P29 gave."""


def _closes_on_start(g: UsaGame, private_id: str) -> bool:
    from roundhouse.core.ability import Closes

    return any(
        isinstance(a, Closes) and a.on_event == "company_started"
        for a in g.privates[private_id].spec.abilities
    )


def company_started(
    g: UsaGame,
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
        here = g.map.board[home]
        unimproved = here.tile is here.printed.tile
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


def free_train(g: UsaGame, corp_id: str, type_name: str) -> str | None:
    """The first bank train of the type goes to the company for nothing (P29)."""
    for train in g.depot.available():
        if train.owner == DEPOT and train.type == type_name:
            price = g.depot.type_of(train).price_of(train.variant)
            g.ledger.transfer(BANK, corp_id, price)
            g.train_events(corp_id, g.depot.buy(corp_id, train.id, g.ledger))
            g.emit("train", f"{corp_id} takes a free {type_name}-train (Bankrupt Railroad)")
            return train.id
    return None


def private_acquired(g: UsaGame, corp_id: str, private_id: str) -> None:
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


def start_tokens(g: UsaGame, corp_id: str, privates: Sequence[str]) -> int:
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


def place_law_firm(g: UsaGame, corp_id: str, hex_name: str, city: str) -> None:
    corp = g.corps[corp_id]
    if corp.tokens_placed >= corp.tokens_owned:
        raise IllegalAction(f"{corp_id} has no station token left", rule="token.none_left")
    g.map.board.add_marker(hex_name, law_firm_marker(corp_id, city))
    corp.tokens_placed += 1
    private, ability = held(g, corp_id, LawFirmToken)[0]
    use(g, private.id, ability)
    g.emit("token", f"{corp_id} places a station in {hex_name} with {private.id}")


class LawFirmStep(ListedStep[UsaGame]):
    """P20 in the company's track step: an extra station in a full city it reaches."""

    kinds = frozenset({"use_private"})
    blocking = False
    name = "law_firm"

    def takes(self, g: UsaGame, action: Action) -> bool:
        return (
            isinstance(action, UsePrivate)
            and action.company in g.privates
            and any(isinstance(a, LawFirmToken) for a in g.privates[action.company].spec.abilities)
        )

    def moves(self, g: UsaGame, corp_id: str) -> list[UsePrivate]:
        if not in_turn(g, corp_id):
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

    def refusal(self, g: UsaGame, entity: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{entity} may use P20 only in its track step, on a full city its routes reach",
            rule="law_firm.placement",
        )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        place_law_firm(g, entity, action.hex, action.choice)
