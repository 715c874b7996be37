"""The System formation phase before a Stock Round (18US §7.4.1).

"Systems form immediately prior to the forthcoming Stock Round.  Players form Systems in
Stock Round order, beginning with the player who has the Priority Deal marker, and continuing
in Stock Round order until all players pass consecutively.  However, the Priority Deal marker
does not move during the System formation phase."  A player with a System to form chooses it
(``<higher>+<lower>``, :func:`~.systems.possible_systems`) or passes; one without is passed
over.

A formation then asks, in Stock Round order after the President, each other holder of the
lesser company's shares to ``exchange`` them (paying the difference in price) or ``sell``
them to the Pool ("Players other than the System President who cannot or choose not to make
up the difference must sell their entire holding"); then the companies merge
(:func:`~.systems.merge`).  Where the System has two station tokens in one City, one returns
to its charter; where they are a plain and a doubling token the President chooses which
(``return:<hex>:x2`` or ``return:<hex>:station``).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, Pass
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.systems import (
    Pair,
    difference,
    doubled_stations,
    holders,
    merge,
    possible_systems,
    return_station,
    settle,
)

EXCHANGE = "exchange"
SELL = "sell"
RETURN = "return:"


class SystemRound(Round[UsGame]):
    """§7.4.1's phase: turns in Stock Round order until everyone passes in a row."""

    kind = "Systems"

    def __init__(self, order: list[str]) -> None:
        super().__init__([SystemStep()])
        self.order = order
        """The players in Stock Round order from the Priority Deal."""
        self.at = 0
        self.passes = 0
        self.forming: Pair | None = None
        self.waiting: list[str] = []
        """Holders of the lesser company still to exchange or sell."""
        self.choosing: tuple[str, str] | None = None
        """(hex, city) where the System's President chooses which token returns."""

    def label(self, g: UsGame) -> str:
        return "System formation"

    def entity(self, g: UsGame) -> str | None:
        if self.finished:
            return None
        if self.forming is not None:
            if self.waiting:
                return self.waiting[0]
            return g.controller(self.forming.higher)
        return self.order[self.at]

    def next_entity(self, g: UsGame) -> None:
        """The player has nothing to form: a pass."""
        self.pass_turn()

    def pass_turn(self) -> None:
        self.passes += 1
        self.advance()

    def advance(self) -> None:
        self.at = (self.at + 1) % len(self.order)
        if self.passes >= len(self.order):
            self.finished = True

    def settle_stations(self, g: UsGame) -> None:
        """Return the System's doubled stations; stop at one the President must choose."""
        assert self.forming is not None
        system = self.forming.higher
        while found := doubled_stations(g, system):
            hex_name, city, plain, doubling = found[0]
            if plain and doubling:
                self.choosing = (hex_name, city)
                return
            return_station(g, system, hex_name, city, doubling > 1)
        self.choosing = None
        self.forming = None
        self.passes = 0
        self.advance()


class SystemStep(Step[UsGame]):
    """A formation, a holder's exchange, or the President's choice of token to return."""

    kinds = frozenset({"choose", "pass"})
    name = "systems"

    @staticmethod
    def _round(g: UsGame) -> SystemRound:
        assert isinstance(g.round, SystemRound)
        return g.round

    def choices(self, g: UsGame, entity: str) -> list[str]:
        rnd = self._round(g)
        pair = rnd.forming
        if pair is None:
            return [p.choice for p in possible_systems(g, entity)]
        if rnd.waiting:
            cost = difference(g, pair) * g.books[pair.lower].shares_of(entity)
            return [EXCHANGE, SELL] if g.ledger.cash(entity) >= cost else [SELL]
        assert rnd.choosing is not None
        hex_name = rnd.choosing[0]
        return [f"{RETURN}{hex_name}:x2", f"{RETURN}{hex_name}:station"]

    def active(self, g: UsGame, entity: str) -> bool:
        return bool(self.choices(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.pid(entity)
        out: list[Action] = [
            Choose(player=p, entity=entity, choice=c) for c in self.choices(g, entity)
        ]
        if self._round(g).forming is None:
            out.append(Pass(player=p, entity=entity))
        return out

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            offered = ", ".join(self.choices(g, entity)) or "nothing"
            raise IllegalAction(
                f"{entity} cannot {action} now (open: {offered}); a System forms from two "
                "connected 10-Share companies of one President, one with a permanent train, "
                "the President paying the difference for his own shares",
                rule="system.form",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        rnd = self._round(g)
        if isinstance(action, Pass):
            rnd.pass_turn()
            return
        assert isinstance(action, Choose)
        if rnd.forming is None:
            pair = next(p for p in possible_systems(g, entity) if p.choice == action.choice)
            g.emit("system", f"{entity} forms a System of {pair.higher} and {pair.lower}")
            rnd.forming = pair
            rnd.waiting = holders(g, pair)
        elif rnd.waiting:
            settle(g, rnd.forming, rnd.waiting.pop(0), action.choice == EXCHANGE)
        else:
            assert rnd.choosing is not None
            hex_name, city = rnd.choosing
            return_station(g, rnd.forming.higher, hex_name, city, action.choice.endswith("x2"))
            rnd.settle_stations(g)
            return
        if not rnd.waiting:
            merge(g, rnd.forming)
            rnd.settle_stations(g)


def system_round(g: UsGame) -> SystemRound | None:
    """The formation phase, when some player has a System to form (§7.4); the Priority Deal
    stays where it is."""
    if not possible_systems(g):
        return None
    assert g.priority is not None
    return SystemRound(g.turn_order_from(g.priority))
