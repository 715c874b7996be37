"""Who sits where in an imported game: the seats a save file names, and 18xx.games players
under their names rather than their site ids.

Our export writes each seat's kind beside the game (``"seats": [{"name", "kind", "level"}]``,
keys :func:`roundhouse.load` does not read), so an import seats the same people and bots.
An 18xx.games document names players by site id (the importer seats them so, to match the
site's ``result``); here they take the names the document gives, by replaying our own save
of the game with the ids swapped for names in the fields that name a seat.
"""

from __future__ import annotations

from collections.abc import Mapping

import roundhouse
from roundhouse.core.actions import Json
from roundhouse.server import schema

SEAT_FIELDS = frozenset({"player", "entity"})
"""Action fields that may name a seat (the acting player; the entity, a player's own turn)."""


def saved_seats(doc: Mapping[str, object], game: roundhouse.Game) -> list[schema.SeatSpec]:
    """The doc's own ``seats`` when they name the game's players in order, else everyone a
    person."""
    given = doc.get("seats")
    if isinstance(given, list) and len(given) == len(game.players):
        try:
            seats = [schema.SeatSpec.model_validate(s) for s in given]
        except ValueError:
            seats = []
        if [s.name for s in seats] == list(game.players):
            return seats
    return [schema.SeatSpec(name=p) for p in game.players]


def site_names(doc: Mapping[str, object]) -> dict[str, str]:
    """Seat (the site id as text) -> the player's name, from an 18xx.games document."""
    names: dict[str, str] = {}
    players = doc.get("players")
    if not isinstance(players, list):
        return names
    for entry in players:
        if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
            name = str(entry["name"]).strip()[:40]
            names[str(entry.get("id", name))] = name
    return names


def _renamed(value: Json, names: Mapping[str, str]) -> Json:
    if isinstance(value, dict):
        return {
            k: names.get(v, v) if k in SEAT_FIELDS and isinstance(v, str) else v
            for k, v in value.items()
        }
    return value


def named_seats(game: roundhouse.Game, doc: Mapping[str, object]) -> roundhouse.Game:
    """``game`` (imported from the 18xx.games ``doc``) with its players under their names;
    the game as it is when the names would not be distinct or the renamed replay differs."""
    names = site_names(doc)
    wanted = [names.get(p, p) for p in game.players]
    if wanted == list(game.players) or len(set(wanted)) != len(wanted) or not all(wanted):
        return game
    saved = game.to_doc()
    actions = saved["actions"]
    assert isinstance(actions, list)
    mapping: dict[str, str] = {str(p): n for p, n in zip(game.players, wanted, strict=True)}
    renamed = {**saved, "players": wanted, "actions": [_renamed(a, mapping) for a in actions]}
    try:
        again = roundhouse.load(renamed)
    except ValueError:
        return game
    before = {mapping[str(k)]: v for k, v in (game.result or {}).items()}
    if len(again.log) != len(game.log) or (again.result or {}) != before:
        return game
    return again
