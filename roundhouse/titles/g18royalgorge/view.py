"""What an 18RoyalGorge game shows beyond core's 18xx views: its railroads' colours, the
private asset cards' texts, its own steps in plain words, and the title's own tracks as
panels - the steel market ("Buying Steel from CF&I"), gold ("Shipping Gold"), the CF&I box,
the Treaty of Boston's debt and the Local Jeweler.

>>> import roundhouse
>>> game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
>>> game.table().company("RG").colour
'red'
>>> steel = next(p for p in game.panels() if p.id == "steel")
>>> steel.columns, steel.rows[0]
(('Column', 'Cube prices'), ('A', '$0, $10, $20, $30'))
"""

from __future__ import annotations

from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Choose
from roundhouse.core.ids import PlayerId
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.core.view.panel import Panel
from roundhouse.core.view.train import TrainRoster, roster_view
from roundhouse.titles.g18royalgorge.company import privates as private_cards
from roundhouse.titles.g18royalgorge.company import railroads
from roundhouse.titles.g18royalgorge.data import phase_starts, steel_market
from roundhouse.titles.g18royalgorge.gold import NUGGET
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


class RoyalGorgeObserver(EngineObserver[RoyalGorgeGame]):
    """The typed views of a :class:`~.state.RoyalGorgeGame`."""

    __slots__ = ()

    step_action: ClassVar[dict[str, str]] = {
        "end_turn": "end the turn",
        "debt": "pay off debt",
        "steel": "choose steel",
        "gold": "ship gold",
        "bridge_lease": "pay the bridge toll",
        "hand_pick": "pick a private",
        "start_auction": "bid for a railroad",
        "sulphur_springs": "convert Sulphur Springs",
    }
    step_help: ClassVar[dict[str, str]] = {
        "end_turn": "Buy a private or pay off a debt token while you still may, then pass to "
        "end the railroad's turn.",
        "steel": "Name the steel column to buy a tile colour's cubes from; otherwise the "
        "cheapest is used (Buying Steel from CF&I).",
        "gold": "Ship a gold cube from a hex of the run for the gold bonus, or pass "
        "(Shipping Gold).",
        "bridge_lease": "Say who pays Rio Grande the Hanging Bridge toll: the railroad or its "
        "president.",
        "hand_pick": "Pick one private asset card from the hand (Hand-Picked Variant).",
        "start_auction": "Bid for the right to start a railroad, or pass (Auction Variant).",
    }

    def told(self, action: Action) -> str:
        """A gold shipment in the log as on its button ("Shipping Gold"): a railroad's choice
        of a mine hex (printed mines never leave the map), never its engine words "SPP
        chooses D6"."""
        if isinstance(action, Choose) and action.company in ("", NUGGET):
            board = self.state.map_board()
            here = board.hexes.get(action.choice)
            if action.entity in railroads() and here is not None and "mine" in here.markers:
                return _shipped(action)
        return super().told(action)

    def describe(self, action: Action) -> str:
        """A steel column as a choice a person can weigh ("Buying Steel from CF&I"): its
        tile colour and the cube the next tile would take."""
        if isinstance(action, Choose) and self.step_of(action)[0] == "gold":
            return _shipped(action)
        if isinstance(action, Choose) and not action.company:
            column, _, start = action.choice.partition("-")
            market = steel_market()
            spec = next((c for c in market.columns if c.name == column), None)
            if spec is not None:
                floor = int(start) if start.isdigit() else 0
                cubes = sorted(p for p in self.state.steel.get(column, []) if p >= floor)
                cube = f"${cubes[0]}" if cubes else f"${market.empty_price} (column empty)"
                return (
                    f"{action.entity} takes its {spec.colour.label} steel from column {column}: "
                    f"next cube {cube}"
                )
        return super().describe(action)

    def trains(self) -> TrainRoster:
        """Each phase started by its card of the train/phase deck ("Phase Changes": Green on
        the fourth 2+, Brown on the third 4+, Silver on the second 5+)."""
        return roster_view(self.state.depot, {p: card for card, p in phase_starts().items()})

    def colour(self, company: str) -> str:
        railroad = railroads().get(company)
        return railroad.colour if railroad is not None else ""

    def private_text(self, private: str) -> str:
        card = private_cards().get(private)
        return card.text if card is not None else ""

    def private_colour(self, private: str) -> str:
        card = private_cards().get(private)
        return card.colour if card is not None else ""

    def panels(self, player: PlayerId | None) -> tuple[Panel, ...]:
        g = self.state
        steel = Panel(
            id="steel",
            title="Steel market",
            columns=("Column", "Cube prices"),
            rows=tuple(
                (column, ", ".join(f"${p}" for p in prices) or "—")
                for column, prices in g.steel.items()
            ),
            note="Cubes left in each CF&I column, cheapest first (Buying Steel from CF&I).",
        )
        metals = Panel.of_facts(
            "metals",
            "Metals",
            (
                ("CF&I box", f"${g.ledger.cash('CF&I')}"),
                ("Gold shipped this set", g.gold_shipped),
                ("Local Jeweler", f"${g.jeweler_cash}"),
                ("Treaty of Boston", "signed" if g.treaty else "not signed"),
                ("Debt token price", f"${g.debt_price()}" if g.debt_cell is not None else None),
            ),
        )
        out = [steel, metals]
        if g.debt_owed:
            out.append(
                Panel(
                    id="debt",
                    title="Debt",
                    columns=("Railroad", "Debt tokens owed"),
                    rows=tuple(g.debt_owed.items()),
                )
            )
        gold = [
            (h.printed.name, h.markers.count("gold"))
            for h in g.map_board().hexes.values()
            if "gold" in h.markers
        ]
        if gold:
            out.append(
                Panel(id="gold", title="Gold cubes", columns=("Hex", "Cubes"), rows=tuple(gold))
            )
        return tuple(out)


def _shipped(action: Choose) -> str:
    """ "Shipping Gold": the cube comes from a hex of the run ("SPP chooses D6" said neither
    what nor why); the 13 lb Gold Nugget (G2) pays $130 in all for it."""
    nugget = " with the 13 lb Gold Nugget (G2)" if action.company else ""
    return f"{action.entity} ships the gold cube from {action.choice}{nugget}"
