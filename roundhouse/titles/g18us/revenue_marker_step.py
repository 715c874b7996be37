"""Playing a :class:`~.ability.RevenueMarker` card: placing a bonus token.

18US §10.1.1-§10.1.2: the owner of the Erie Canal or the Customs House "may place the Bonus
Token in [one of the listed cities] at any time during an Operating Round.  The City he
selects need have no connection to any other location ... Placing the Bonus Token closes the
Concession ... every company benefits"; §10.2.1-§10.2.2: the owning company places a +20
"during its token placement step ... in addition to any other token placement".

As on 18xx.games the move is a ``place_token`` made by the card (``entity`` = the card id,
``city`` = the tile's city), offered beside the acting company's other moves by a
non-blocking step.  A player's card (:attr:`~roundhouse.core.ability.Who.OWNER`) is played in
the turn of a company its owner presides, or of the company owning it; a card with ``when``
:attr:`~roundhouse.core.ability.When.TOKEN` only while that company's token step is open.
A player who presides no company places it in a turn of his own at the start of each
Operating Round (:mod:`.side_turns`, 18US §10.1.1: "nor need the owner control a
company").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roundhouse.core.ability import When, closes_after_use, usable
from roundhouse.core.actions import Action
from roundhouse.core.entities import Private
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import PlaceToken
from roundhouse.core.flow.map_steps import TokenStep
from roundhouse.core.routes.adapter import revenue_stops
from roundhouse.titles.g18us.ability import RevenueMarker
from roundhouse.titles.g18us.card_step import TokenCardStep
from roundhouse.titles.g18us.card_window_step import CardTokenStep, window_open
from roundhouse.titles.g18us.revenue_marker import marker_text
from roundhouse.titles.g18us.state import UsGame

if TYPE_CHECKING:
    from roundhouse.titles.g18us.card_board import CardBoardMap


class RevenueMarkerStep(TokenCardStep):
    kinds = frozenset({"place_token"})
    blocking = False
    name = "revenue_marker"
    on_behalf = True

    def takes(self, g: UsGame, action: Action) -> bool:
        if not isinstance(action, PlaceToken) or action.entity not in g.privates:
            return False
        return any(isinstance(a, RevenueMarker) for a in g.privates[action.entity].spec.abilities)

    @staticmethod
    def _board(g: UsGame) -> CardBoardMap | None:
        from roundhouse.titles.g18us.card_board import CardBoardMap

        return g.map if isinstance(g.map, CardBoardMap) else None

    def _token_open(self, g: UsGame, entity: str) -> bool:
        """The company is in its token placement step: a
        :class:`~.card_window_step.CardTokenStep` not yet passed, or a
        plain token step that is the one waiting for it."""
        for step in g.round.steps:
            if isinstance(step, CardTokenStep):
                return not step.done and window_open(g, entity, step)
            if isinstance(step, TokenStep):
                return step.active(g, entity) and window_open(g, entity, step)
        return False

    def abilities(
        self, g: UsGame, corp: str, *, window: bool = True
    ) -> list[tuple[Private, int, RevenueMarker]]:
        """Marker cards the acting company, or its president, may play now (``window``
        False: a token-step card also outside the token step)."""
        president = g.controller(corp)
        out: list[tuple[Private, int, RevenueMarker]] = []
        for private in g.privates.values():
            owner = private.owner
            if private.closed or owner is None or owner not in (corp, president):
                continue
            for i, ability in enumerate(private.spec.abilities):
                if not isinstance(ability, RevenueMarker):
                    continue
                when = When.TOKEN if ability.when is When.TOKEN else When.OPERATING_TURN
                if when is When.TOKEN and window and not self._token_open(g, corp):
                    continue
                if usable(
                    ability,
                    when=when,
                    owner_is_company=owner in g.corps,
                    acting_is_owner=owner == corp,
                    acting_presided_by_owner=owner == president,
                    used=private.used.get(i, 0),
                ):
                    out.append((private, i, ability))
        return out

    def token_step_markers(self, g: UsGame, corp: str) -> bool:
        """Whether a token-step card has a marker for ``corp`` (what keeps a
        :class:`~.card_window_step.CardTokenStep` open)."""
        return any(a.when is When.TOKEN for a in self.options(g, corp, window=False).values())

    def options(
        self, g: UsGame, corp: str, *, window: bool = True
    ) -> dict[tuple[str, str, str], RevenueMarker]:
        """(card, hex, city) -> the marker it may place there; with ``window``, only while a
        blocking step of the turn still waits (the card never holds a turn open by itself:
        placing the token is optional, §6.4.2 "may")."""
        board = self._board(g)
        if board is None:
            return {}
        if window and not any(s.blocking and s.active(g, corp) for s in g.round.steps):
            return {}
        out: dict[tuple[str, str, str], RevenueMarker] = {}
        for private, _, ability in self.abilities(g, corp, window=window):
            for hex_name in sorted(ability.hexes):
                here = board.board.hexes.get(hex_name)
                if here is None:
                    continue
                stops = revenue_stops(here)
                want = dict(ability.circles).get(hex_name)
                if want not in {stop.name for stop in stops}:
                    want = None
                for stop in stops:
                    if want is None or stop.name == want:
                        out.setdefault((private.id, hex_name, stop.name), ability)
        return out

    def active(self, g: UsGame, entity: str) -> bool:
        return bool(self.options(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            PlaceToken(player=p, entity=card, hex=h, city=c)
            for (card, h, c) in self.options(g, entity)
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, PlaceToken)
        if (action.entity, action.hex, action.city) not in self.options(g, entity):
            raise IllegalAction(
                f"{action.entity} cannot put its bonus token on {action.hex} ({action.city}) "
                f"in {entity}'s turn now",
                rule="ability.revenue_marker",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, PlaceToken)
        ability = self.options(g, entity)[(action.entity, action.hex, action.city)]
        board = self._board(g)
        assert board is not None
        private = g.privates[action.entity]
        owner = private.owner
        beneficiary = None if ability.for_all else owner if owner in g.corps else entity
        board.place_revenue_marker(
            action.hex, marker_text(action.city, ability.amount, beneficiary)
        )
        private.use(ability)
        if closes_after_use(private.spec.abilities):
            private.closed = True
