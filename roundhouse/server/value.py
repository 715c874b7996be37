"""Each player's value over a game, for the end-of-game chart.

Titles report players in their view; this reads the first number it finds under a usual
name (``value``, ``net_worth``, ``worth``, ``score``, then ``cash``), whether ``players`` is a
list of objects with a ``name`` or an object keyed by name.  Titles without such a view chart
only the final result.
"""

from __future__ import annotations

from collections.abc import Mapping

import roundhouse

VALUE_KEYS = ("value", "net_worth", "worth", "score", "cash", "money")
MAX_POINTS = 200


def player_values(view: Mapping[str, object]) -> dict[str, int]:
    """``{player: value}`` from one view, empty when the title reports no such number."""
    seats = view.get("seats")
    players = view.get("players")
    rows: list[tuple[str, Mapping[str, object]]] = []
    if isinstance(players, Mapping):
        rows = [(str(k), v) for k, v in players.items() if isinstance(v, Mapping)]
    elif isinstance(players, list):
        for i, p in enumerate(players):
            if not isinstance(p, Mapping):
                continue
            name = p.get("name", p.get("id"))
            if name is None and isinstance(seats, list) and i < len(seats):
                name = seats[i]
            rows.append((str(name), p))
    values: dict[str, int] = {}
    for name, row in rows:
        for key in VALUE_KEYS:
            number = row.get(key)
            if isinstance(number, int | float) and not isinstance(number, bool):
                values[name] = int(number)
                break
    return values


def value_series(game: roundhouse.Game) -> tuple[list[int], dict[str, list[int]]]:
    """Values sampled at up to :data:`MAX_POINTS` positions from the start to now."""
    total = len(game.log)
    step = max(1, -(-total // MAX_POINTS))
    indices = list(range(0, total + 1, step))
    if indices[-1] != total:
        indices.append(total)
    replay = roundhouse.new_game(game.title.id, game.players, game.seed, game.options)
    series: dict[str, list[int]] = {p: [] for p in game.players}
    done = 0
    for index in indices:
        for action in game.log[done:index]:
            replay.apply(action)
        done = index
        values = player_values(replay.view())
        if index == total and game.result:
            values = {**values, **{str(k): v for k, v in game.result.items()}}
        for player in game.players:
            series[player].append(values.get(player, 0))
    return indices, series
