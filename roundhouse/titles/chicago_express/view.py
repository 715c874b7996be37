"""What a Chicago Express game shows: its board, table, prompt and panels as typed views.

Everything is open information in Chicago Express (§1), so every seat sees it all.  The map is
an area map: each hex with its terrain, costs and values as printed, what entering costs and
adds now (§4.2), its development (§4.3) and the companies present; each company's network is
the hexes of its locomotives.  The gauges (§3.1), the Industrial City track (§4.3), the houses
left, the developed hexes and recent events are panels; a build under way is the prompt's
detail (§4.2).

>>> import roundhouse
>>> game = roundhouse.new_game("ChicagoExpress", ["Ann", "Bob", "Cy"], seed=7)
>>> game.board().hex("K4").settlement, game.board().hex("K4").entry_income
('industrial', 4)
>>> game.table().company("PRR").fact("min_bid").value, game.prompt().auction.lowest_bid
(7, 7)
>>> [p.id for p in game.panels()]
['gauges', 'industrial', 'supply']
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.ids import PlayerId
from roundhouse.core.view.board import BoardView, HexView
from roundhouse.core.view.observer import Observer
from roundhouse.core.view.panel import Fact, Panel
from roundhouse.core.view.prompt import AuctionView, Prompt
from roundhouse.core.view.table import CompanyRow, PlayerRow, TableView
from roundhouse.titles.chicago_express import auction, build, dividend, heuristic
from roundhouse.titles.chicago_express.actions import (
    GAUGES,
    ChooseGauge,
    Develop,
    NullAction,
    PlaceTrain,
    StartAuction,
    passed_step,
)
from roundhouse.titles.chicago_express.board import COORDINATES
from roundhouse.titles.chicago_express.state import GAUGE_SIZE
from roundhouse.titles.chicago_express.title_state import ChicagoExpressState

SETTLEMENT = {"city": "city", "industrial": "industrial", "chicago": "capital", "start": "start"}
"""Printed hex type -> the kind of place an area map draws."""
TERRAIN = frozenset({"forest", "mountain"})

WORTH_NOTE = (
    "Worth (est.): only cash scores at the end (§6), so this is cash plus the dividends the "
    "player's shares should still pay in the rounds likely left (§5.1); a share counts once "
    "bought, not while its auction runs."
)
"""Under the spreadsheet's worth row: what the estimate is (see :mod:`.heuristic`)."""

ACTION = {
    "auction": "bid or pass",
    "gauge": "choose a gauge",
    "build": "place locomotives",
}
HELP = {
    "auction": "Bid at least the lowest bid shown or pass; the last bidder standing buys the "
    "share and the money goes to the company (§4.1).",
    "gauge": "Move one gauge a step: auction a share, develop a hex or build for a company "
    "(§3.1). The round ends once two gauges are full.",
    "step:auction": "Choose a company whose share to auction, or do nothing with the step (§4.1).",
    "step:develop": "Put a house on a hex next to a company's locomotive to raise its income, "
    "or do nothing with the step (§4.3).",
    "step:build": "Choose a company you hold a share of to build for, or do nothing with the "
    "step (§4.2).",
    "build": "Place up to three locomotives next to the company's network, paying from its "
    "treasury; pick a highlighted hex, or stop (§4.2).",
}


class ChicagoExpressObserver(Observer[ChicagoExpressState]):
    """The typed views of a :class:`~.title_state.ChicagoExpressState`."""

    __slots__ = ()

    def board(self) -> BoardView:
        s = self.state
        printed = s.board
        hexes = []
        for h, info in printed.hexes.items():
            industrial = info.type == "industrial"
            hexes.append(
                HexView(
                    id=h,
                    x=info.x,
                    y=info.y,
                    terrain=info.type if info.type in TERRAIN else "",
                    cost=info.cost,
                    location=info.name,
                    settlement=SETTLEMENT.get(info.type, ""),
                    companies=tuple(s.present.get(h, ())),
                    entry_cost=build.newcomer_cost(s, h),
                    income=s.hex_value(h) if industrial else info.train,
                    entry_income=s.hex_value(h),
                    development=info.dev,
                    developed=h in s.developed,
                    home=printed.start_owner.get(h),
                )
            )
        return BoardView(
            layout=COORDINATES.layout.value,
            letter_axis=COORDINATES.letter_axis,
            first_number=COORDINATES.first_number,
            stagger=COORDINATES.stagger,
            hexes=tuple(hexes),
        )

    def describe(self, action: Action) -> str:
        """Moves with what they cost and bring now: a gauge step with the room left on its
        gauge (§3.1), a locomotive with its price and the income it adds (§4.2), a share
        auction with its opening bid (§4.1), a development with its effect (§4.3)."""
        s = self.state
        if isinstance(action, ChooseGauge):
            left = GAUGE_SIZE[action.gauge] - s.gauges[action.gauge]
            return f"{action} ({left} of {GAUGE_SIZE[action.gauge]} left on the gauge)"
        if isinstance(action, NullAction) and s.gauge:
            return passed_step(action.player, s.gauge)
        if isinstance(action, PlaceTrain):
            place = s.board.hexes[action.hex].name
            where = f"{action.hex} {place}" if place else action.hex
            return (
                f"{action.player} places a {action.company} locomotive in {where} for "
                f"${build.entry_cost(s, action.hex)} (+${s.hex_value(action.hex)} income)"
            )
        if isinstance(action, StartAuction):
            company = s.companies[action.company]
            return f"{action} (opening bid ${auction.min_bid(company)})"
        if isinstance(action, Develop):
            info = s.board.hexes[action.hex]
            place = f" {info.name}" if info.name else ""
            if info.type == "forest":
                effect = f"forest: the bank pays ${info.dev} to the company there"
            elif info.type == "industrial":
                steps = "space" if info.dev == 1 else "spaces"
                effect = f"industrial city: its track moves {info.dev} {steps}"
            else:
                effect = f"{info.type}: +{info.dev} income for every company there"
            return f"{action.player} develops {action.hex}{place} ({effect})"
        return str(action)

    def standings(self, player: PlayerId | None) -> tuple[PlayerRow, ...]:
        s = self.state
        return tuple(
            PlayerRow(
                id=p,
                cash=s.cash[p],
                score=s.cash[p],
                estimate=heuristic.position_value(s, p),
                worth=None
                if s.auction is None
                else heuristic.position_value(s, p, count_lead=False),
                shares={cid: c.holders[p] for cid, c in s.companies.items() if c.holders.get(p)},
            )
            for p in s.players
        )

    def table(self, player: PlayerId | None) -> TableView:
        s = self.state
        charters = s.board.charters
        players = self.standings(player)
        companies = tuple(
            CompanyRow(
                id=cid,
                name=charters[cid].name,
                colour=charters[cid].colour,
                kind="railroad",
                size=charters[cid].shares,
                cash=c.treasury,
                revenue=c.income,
                ipo=c.shares_left,
                hexes=tuple(c.hexes),
                floated=c.open,
                extra=(
                    Fact(key="open", label="Open", value=c.open),
                    Fact(key="locomotives_left", label="Locomotives left", value=c.locos_left),
                    Fact(
                        key="min_bid",
                        label="Min bid",
                        value=auction.min_bid(c) if c.open and c.shares_left else None,
                    ),
                    Fact(
                        key="dividend_per_share",
                        label="Dividend per share",
                        value=dividend.per_share(c),
                    ),
                    Fact(key="chicago_paid", label="Chicago dividend paid", value=c.chicago_paid),
                ),
            )
            for cid, c in s.companies.items()
        )
        return TableView(players=players, companies=companies, worth_note=WORTH_NOTE)

    def prompt(self, player: PlayerId | None) -> Prompt:
        s = self.state
        acting = s.acting()
        step = s.phase if s.phase != "step" else f"step:{s.gauge}"
        action = ACTION.get(s.phase, "")
        if s.phase == "step":
            action = f"use the {s.gauge} step"
        elif s.phase == "build" and s.building is not None:
            action = f"place {s.building} locomotives"
        current = None
        if s.auction is not None:
            a = s.auction
            current = AuctionView(
                item=a.company,
                kind=a.kind,
                auctioneer=a.auctioneer,
                min_bid=a.min_bid,
                high_bid=a.high_bid or None,
                high_bidder=a.high_bidder,
                lowest_bid=a.lowest_bid(),
                bidders=tuple(a.still_in),
                to_act=a.to_act,
            )
        return Prompt(
            round=s.label(),
            acting=tuple(acting),
            entity=acting[0] if acting else None,
            step=step if s.phase != "over" else "",
            action=action if acting else "",
            help=HELP.get(step, "") if acting else "",
            steps=(step,) if acting else (),
            auction=current,
            ending=dividend.end_reason(s) if s.end is None else None,
            details=self._building(),
        )

    def _building(self) -> tuple[Panel, ...]:
        """The build under way: hexes placed, money spent, and each hex the company may enter
        next with its price and the income it adds (Chicago Express §4.2)."""
        s = self.state
        if s.building is None:
            return ()
        so_far = Panel.of_facts(
            "building",
            f"{s.building} is building",
            (("Placed", ", ".join(s.placed) or "—"), ("Spent", s.build_spent)),
        )
        choices = Panel(
            id="build_choices",
            title="Hexes it may enter next",
            columns=("Hex", "Cost", "Income added"),
            rows=tuple(
                (h, build.entry_cost(s, h), s.hex_value(h)) for h in build.placements(s, s.building)
            ),
            gather=True,
        )
        return (so_far, choices)

    def panels(self, player: PlayerId | None) -> tuple[Panel, ...]:
        s = self.state
        printed = s.board
        gauges = Panel(
            id="gauges",
            title="Gauges",
            columns=("Gauge", "Used", "Size"),
            rows=tuple((g, s.gauges[g], GAUGE_SIZE[g]) for g in GAUGES),
            note="The round ends once two gauges are full (§3.1).",
        )
        industrial = Panel(
            id="industrial",
            title="Industrial cities",
            columns=("Hex", "City", "Value", "Max"),
            rows=tuple(
                (h, printed.hexes[h].name, v, printed.industrial[h].max) for h, v in s.track.items()
            ),
        )
        supply = Panel.of_facts("supply", "Supply", (("Houses left", s.houses),))
        out = [gauges, industrial, supply]
        if s.developed:
            out.append(
                Panel(
                    id="developed",
                    title="Developed hexes",
                    columns=("Hex", "Place", "Development"),
                    rows=tuple(
                        (h, printed.hexes[h].name, printed.hexes[h].dev)
                        for h in sorted(s.developed, key=printed.order.__getitem__)
                    ),
                    note="A house on a city or mountain adds its development to every company "
                    "there and to later arrivals (§4.3).",
                )
            )
        return tuple(out)
