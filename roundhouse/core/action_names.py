"""What an 18xx action's fields may name, and a move's other spellings.

The game refuses an action naming something it does not have before any rule reads it
(:class:`~roundhouse.core.actions.Known` fields, :meth:`Engine.knows`): a player, a corporation
or private, a certificate, a train, a hex or tile of the map.  A tile laid at a rotation that
lays the same track as a listed one is that lay (:meth:`Engine.same_move`).  Runs are the kind
the list only suggests (:meth:`Engine.open_kinds`).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.flow.actions import LayTile
from roundhouse.core.flow.flow_game import FlowGame

OPEN_KINDS = frozenset({"run_routes"})
"""A run: the list offers the best one; any routes the map scores at the stated revenue are
taken (:meth:`~roundhouse.core.flow.map_steps.RouteStep.check`)."""


def same_move(g: FlowGame, action: Action) -> Action:
    """A tile lay at a rotation laying the same track as a listed one is that lay
    (:meth:`~roundhouse.core.tiles.Tile.canonical_rotation`; the track step takes both)."""
    board = getattr(g.map, "board", None)
    if not isinstance(action, LayTile) or not isinstance(board, Board):
        return action
    if action.tile not in board.tiles:
        return action
    rotation = board.tiles[action.tile].canonical_rotation(action.rotation)
    if rotation == action.rotation:
        return action
    return dataclasses.replace(action, rotation=rotation)


def knows(g: FlowGame, kind: str, name: str) -> bool:
    """Players, corporations, privates, certificates, trains, and the map's hexes and tile
    catalogue (when there is a map); and whatever else the round's steps name
    (:meth:`~roundhouse.core.flow.step.Step.names`: a lot bid for, 18US §3.2)."""
    return _knows(g, kind, name) or any(name in s.names(kind) for s in g.round.steps)


def _knows(g: FlowGame, kind: str, name: str) -> bool:
    if kind == "entity":
        return name in g.seats or name in g.corps or name in g.privates
    if kind == "company":
        return name in g.corps or name in g.privates
    if kind == "corporation":
        return name in g.corps
    if kind == "private":
        return name in g.privates
    if kind == "share":
        return any(name in book.certs for book in g.books.values())
    if kind == "train":
        return name in g.depot.trains
    board = getattr(g.map, "board", None)
    if not isinstance(board, Board):
        return True
    if kind == "hex":
        return name in board.hexes
    if kind == "tile":
        return name in board.tiles
    return True
