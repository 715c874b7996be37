"""The privates that act on a red area: P6 Import / Export Hub and P8 Express Freight Service.

Appendix P6: "Discard to replace one red area value token with the 30/40/50/80 value token.
The company must be able to trace a legal route to reach the red area."  The new value token
is written into the area's hexes (:func:`swap_value_token`: the area's tiles are rebuilt from
map.toml with that token, as at set-up).

Appendix P8: "Place an extra station token (from the box) of the owning company in one red
area.  The company receives +10 revenue for each train which runs to that red area for the
remainder of the game.  The station token in the red area is not a normal station".  The token
is an ``express:<company>`` marker on every hex of the area (:mod:`.stop_bonus` adds the $10);
it takes no slot and is not one of the company's tokens on its charter.  In a merger or
acquisition (§14) the title calls :func:`express_freight_transfer`: the acquirer's token takes
its place; it counts in §14.3's eight, and when the acquirer would have more its president may
remove it (:func:`express_cut` names that choice in the title's token cut), and P8 is
discarded (:func:`discard_express`).

Both are used in the company's operating turn with a :class:`~.powers.UsePrivate` naming
any hex of the area; the title lists :class:`RedAreaStep` among the operating turn's steps
(under ``compat_18xx_games`` :class:`.site_track.SiteRedAreaStep`: in the site's track step).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.entities import Private
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18usa.board import RedValue, board, reached_areas, red_areas
from roundhouse.titles.g18usa.powers import UsePrivate, close, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import ExpressFreight, RedAreaToken
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import express_marker


def area_of(hex_name: str) -> str | None:
    """The red area a hex belongs to (None: not a red hex)."""
    for name, area in red_areas().items():
        if hex_name in area.hexes:
            return name
    return None


def swap_value_token(live: Board, area: str, values: RedValue) -> None:
    """Put the value token ``values`` into ``area`` in place of its drawn one."""
    fresh = board({area: values}, tiles=live.tiles)
    for hex_name in red_areas()[area].hexes:
        live.hexes[hex_name].tile = fresh[hex_name].tile
    live.touch()


def express_area(live: Board, corp_id: str) -> str | None:
    """The red area holding the company's P8 station, if any."""
    marker = express_marker(corp_id)
    for name, area in red_areas().items():
        if marker in live[area.hexes[0]].markers:
            return name
    return None


def place_express(live: Board, corp_id: str, area: str) -> None:
    for hex_name in red_areas()[area].hexes:
        live.add_marker(hex_name, express_marker(corp_id))


def remove_express(live: Board, corp_id: str) -> None:
    marker = express_marker(corp_id)
    for here in live.hexes.values():
        while marker in here.markers:
            here.markers.remove(marker)
    live.touch()


def express_freight_transfer(g: UsaGame, survivor: str, absorbed: str, *, keep: bool) -> None:
    """§14, appendix P8: the absorbed company's red-area station becomes the survivor's
    (``keep``), or is removed and P8 discarded (allowed only when the survivor would have more
    than eight tokens: the title asks the president then, :func:`express_cut`)."""
    live = g.map.board
    area = express_area(live, absorbed)
    if area is None:
        return
    remove_express(live, absorbed)
    if keep:
        place_express(live, survivor, area)
    else:
        close(g, "P8")


def _express_private(g: UsaGame, corp_id: str) -> str | None:
    """The open private of the company that placed its red-area station (P8)."""
    for private in g.privates.values():
        if private.owner != corp_id or private.closed:
            continue
        if any(isinstance(a, ExpressFreight) for a in private.spec.abilities):
            return private.id
    return None


def express_cut(g: UsaGame, corp_id: str) -> str | None:
    """The choice that removes the company's red-area station when §14.3 makes it keep eight
    (appendix P8: the new company "may choose to either keep or remove the station token from
    the red area"): the private's id, or None when the company has no such station."""
    if express_area(g.map.board, corp_id) is None:
        return None
    return _express_private(g, corp_id) or "P8"


def discard_express(g: UsaGame, corp_id: str) -> None:
    """Appendix P8: "If the station token is removed the Express Freight Service private is
    discarded" (the president's choice after a merger, or the company leaving play)."""
    if express_area(g.map.board, corp_id) is None:
        return
    remove_express(g.map.board, corp_id)
    private = _express_private(g, corp_id)
    g.emit("red_area", f"{corp_id}'s red-area station is removed")
    if private is not None:
        close(g, private)


def _moves(g: UsaGame, corp_id: str, cards: list[Private]) -> list[UsePrivate]:
    reach = g.map.graph.reach(corp_id)
    areas = reached_areas({h for h, _ in reach.stops} | reach.hexes)
    player = g.controller_id(corp_id)
    return [
        UsePrivate(
            player=player,
            entity=corp_id,
            company=private.id,
            hex=red_areas()[area].hexes[0],
        )
        for private in cards
        for area in areas
    ]


def _cards(g: UsaGame, corp_id: str) -> list[Private]:
    """The company's open P6 and P8 with their use left, P6's kind first."""
    kinds: tuple[type[RedAreaToken] | type[ExpressFreight], ...] = (RedAreaToken, ExpressFreight)
    return [private for kind in kinds for private, _ in held(g, corp_id, kind)]


class RedAreaStep(Step[UsaGame]):
    """Use P6 or P8 on a red area the company reaches (appendix P6, P8) at any time of the
    operating turn: the appendix names none (:meth:`open`; 18xx.games's time is
    :class:`.site_track.SiteRedAreaStep`'s)."""

    kinds = frozenset({"use_private"})
    blocking = False
    name = "red_area"

    def open(self, g: UsaGame, entity: str) -> bool:
        """Whether the turn allows the cards now (asked once the company holds one)."""
        return True

    def _moves(self, g: UsaGame, entity: str) -> list[UsePrivate]:
        cards = _cards(g, entity)
        if not cards or not in_turn(g, entity) or not self.open(g, entity):
            return []
        return _moves(g, entity, cards)

    def takes(self, g: UsaGame, action: Action) -> bool:
        return (
            isinstance(action, UsePrivate)
            and action.company in g.privates
            and any(
                isinstance(a, (RedAreaToken, ExpressFreight))
                for a in g.privates[action.company].spec.abilities
            )
        )

    def active(self, g: UsaGame, entity: str) -> bool:
        return bool(self._moves(g, entity))

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        return list(self._moves(g, entity))

    def _normal(self, action: UsePrivate) -> UsePrivate:
        area = area_of(action.hex)
        if area is None:
            return action
        hexes = red_areas()[area].hexes
        # any hex of the area names it; nothing else of the action may differ (a choice is
        # refused: these abilities have none)
        return dataclasses.replace(action, hex=hexes[0])

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        if self._normal(action) not in self._moves(g, entity):
            raise IllegalAction(
                f"{entity} may use {action.company} only on a red area its routes reach "
                "(appendix P6, P8)",
                rule="red_area.reach",
            )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        area = area_of(action.hex)
        assert area is not None
        private = g.privates[action.company]
        for a in private.spec.abilities:
            if isinstance(a, RedAreaToken):
                swap_value_token(g.map.board, area, a.values)
                g.emit("red_area", f"{entity} puts {a.values} into {area} ({private.id})")
                use(g, private.id, a)
                return
            if isinstance(a, ExpressFreight):
                place_express(g.map.board, entity, area)
                g.emit("red_area", f"{entity} places {private.id}'s station in {area}")
                use(g, private.id, a)
                return
