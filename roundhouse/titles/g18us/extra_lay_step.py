"""A private card's extra tile lay (the :class:`~.ability.ExtraTileLay` power).

18US §10.1.3 (the Army Corps of Engineers): "allows a single company to place a single extra
yellow tile at no extra cost during its tile placement step.  Placing the extra tile closes
the Concession"; 18RoyalGorge's tile-lay privates give lays per operating round.  The card
says where (:attr:`ExtraTileLay.hexes`), which tiles (:attr:`ExtraTileLay.tiles`), what the
terrain costs (:attr:`ExtraTileLay.discount`: None is free), how many lays a turn
(:attr:`ExtraTileLay.count`), a round (``per_round``) and a game (``uses``), and whether using
it up closes it (:class:`~roundhouse.core.ability.Closes` ``after_use``).

The step is non-blocking and sits before the track step: while the company's tile placement
step is open its president may lay the card's tile besides the normal lays.  A plain
:class:`~roundhouse.core.flow.map_steps.TrackStep` closes once the company's own lays offer
nothing or are used up, taking the card's lay with it; a title with such cards uses
:class:`~.card_window_step.CardTrackStep`, which waits for the card.  As on
18xx.games, the lay is a ``lay_tile`` made by the card (``entity`` = the card id), so the
same hex and tile from the normal allowance and from a card are different moves.  Legal
lays come from the map rules (connected to the company's routes, tiles of the phase); a card
that lets a company build off its routes needs the title's map rules.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.ability import When, usable
from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.entities import Private
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.track import TileLay
from roundhouse.titles.g18us.ability import ExtraTileLay
from roundhouse.titles.g18us.card_step import TrackCardStep
from roundhouse.titles.g18us.card_window_step import CardTrackStep, window_open
from roundhouse.titles.g18us.state import UsGame


class ExtraTileLayStep(TrackCardStep):
    kinds = frozenset({"lay_tile"})
    blocking = False
    name = "extra_tile_lay"
    passing = "passes on the extra tile"
    on_behalf = True

    def __init__(self) -> None:
        self.turn: dict[tuple[str, int], int] = {}
        """(card, ability index) -> lays this turn."""
        self.round: dict[tuple[str, int], int] = {}
        """(card, ability index) -> lays this operating round (a round builds new steps)."""

    def setup(self, g: UsGame, entity: str) -> None:
        self.turn = {}

    def takes(self, g: UsGame, action: Action) -> bool:
        return isinstance(action, LayTile) and action.entity in g.privates

    def abilities(self, g: UsGame, corp: str) -> list[tuple[Private, int, ExtraTileLay]]:
        """The company's usable extra-lay powers now: cards it owns or its president owns."""
        president = g.controller(corp)
        out: list[tuple[Private, int, ExtraTileLay]] = []
        for private in g.privates.values():
            owner = private.owner
            if private.closed or owner is None or owner not in (corp, president):
                continue
            for i, ability in enumerate(private.spec.abilities):
                if not isinstance(ability, ExtraTileLay):
                    continue
                key = (private.id, i)
                if self.turn.get(key, 0) >= ability.count:
                    continue
                if ability.per_round is not None and self.round.get(key, 0) >= ability.per_round:
                    continue
                if usable(
                    ability,
                    when=When.TRACK,
                    owner_is_company=owner in g.corps,
                    acting_is_owner=owner == corp,
                    acting_presided_by_owner=owner == president,
                    used=private.used.get(i, 0),
                ):
                    out.append((private, i, ability))
        return out

    def _track_open(self, g: UsGame, entity: str) -> bool:
        """The company is in its tile placement step: a
        :class:`~.card_window_step.CardTrackStep` not yet passed (it
        waits for the card even when the company's own lays offer nothing), or a plain
        track step that is open."""
        for s in g.round.steps:
            if isinstance(s, CardTrackStep):
                return not s.passed and window_open(g, entity, s)
            if isinstance(s, TrackStep) and s.active(g, entity):
                return True
        return False

    def options(self, g: UsGame, corp: str) -> dict[tuple[str, str, str, int], TileLay]:
        """(card, hex, tile, rotation) -> the lay at the card's price, while the company is
        in its track step."""
        if not self._track_open(g, corp):
            return {}
        return self.lays(g, corp)

    def lays(self, g: UsGame, corp: str) -> dict[tuple[str, str, str, int], TileLay]:
        """The cards' lays for ``corp`` whatever step it is in."""
        powers = self.abilities(g, corp)
        if not powers:
            return {}
        cash = g.ledger.cash(corp)
        lays = g.map.tile_lays(g, corp)
        out: dict[tuple[str, str, str, int], TileLay] = {}
        for private, _, ability in powers:
            for lay in lays:
                if ability.hexes and lay.hex not in ability.hexes:
                    continue
                if ability.tiles and lay.tile not in ability.tiles:
                    continue
                cost = 0 if ability.discount is None else max(0, lay.cost - ability.discount)
                if cost > cash:
                    continue
                key = (private.id, lay.hex, lay.tile, lay.rotation)
                out.setdefault(key, dataclasses.replace(lay, cost=cost))
        return out

    def active(self, g: UsGame, entity: str) -> bool:
        return bool(self.options(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            LayTile(player=p, entity=card, hex=h, tile=t, rotation=r)
            for (card, h, t, r) in self.options(g, entity)
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, LayTile)
        key = (action.entity, action.hex, action.tile, action.rotation)
        if key not in self.options(g, entity):
            raise IllegalAction(
                f"{action.entity} gives {entity} no extra lay of {action.tile} on {action.hex} "
                f"with rotation {action.rotation} now",
                rule="ability.extra_tile_lay",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, LayTile)
        lay = self.options(g, entity)[(action.entity, action.hex, action.tile, action.rotation)]
        private, i, ability = next(x for x in self.abilities(g, entity) if x[0].id == action.entity)
        if lay.cost:
            g.ledger.transfer(entity, BANK, lay.cost)
        g.map.lay_tile(g, entity, lay)
        key = (private.id, i)
        self.turn[key] = self.turn.get(key, 0) + 1
        self.round[key] = self.round.get(key, 0) + 1
        private.use(ability)
        if closes_when_spent(private, i, ability):
            private.closed = True


def closes_when_spent(private: Private, index: int, ability: ExtraTileLay) -> bool:
    """A card that closes after use closes once this power's uses are spent (with no limit
    given, at the first use: 18US §10.1.3 "Placing the extra tile closes the Concession")."""
    from roundhouse.core.ability import closes_after_use

    if not closes_after_use(private.spec.abilities):
        return False
    return ability.uses is None or private.used.get(index, 0) >= ability.uses
