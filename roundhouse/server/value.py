"""Each player's worth over a game, for the end-of-game chart.

The worth is the one the table view shows for each player (``PlayerRow.worth``, else the
title's estimate ``PlayerRow.estimate``: net worth in 18xx, cash plus what the shares should
still pay in Chicago Express, so buying a share is not drawn as a loss, and a bid is not
drawn as a share) at up to :data:`MAX_POINTS` positions, and the final result at the end.
"""

from __future__ import annotations

import roundhouse

MAX_POINTS = 200


def player_values(game: roundhouse.Game) -> dict[str, int]:
    """``{player: worth}`` at the game's current position."""
    return {
        row.id: round(row.estimate if row.worth is None else row.worth) for row in game.standings()
    }


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
        values = player_values(replay)
        if index == total and game.result:
            values = {**values, **{str(k): v for k, v in game.result.items()}}
        for player in game.players:
            series[player].append(values.get(player, 0))
    return indices, series


def round_starts(game: roundhouse.Game) -> list[tuple[int, str]]:
    """(action count, round label) where each round began, from the engine's round events
    (the setup's first round at 0), so the chart's axis reads by round as players do."""
    starts = [(0, str(e.data.get("round", e.text))) for e in game.setup_events if e.kind == "round"]
    for number, events in enumerate(game.events(), start=1):
        starts += [(number, str(e.data.get("round", e.text))) for e in events if e.kind == "round"]
    return starts
