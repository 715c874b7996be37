"""A saved 18RoyalGorge game stopped just before an operating turn in which the company lays
a tile, places a station, runs its trains for money and may pay out or withhold
(18RoyalGorge "Operating Round": lay track, place a station, run trains, dividends).

Built by seeded random bots through the public API, so it follows whatever the engine allows
today; the plan lists the turn's actions in order for tests to play through the web app.
"""

from __future__ import annotations

import dataclasses

import roundhouse
from roundhouse.bots import make_bot

PLAYERS = ["Ann", "Bob", "Cy"]


@dataclasses.dataclass(frozen=True)
class Turn:
    doc: dict[str, object]
    company: str
    president: str
    plan: list[dict[str, object]]
    """The turn's actions as JSON: lay_tile, pass (extra lays), place_token, run_routes, ..."""


def _plan(game: roundhouse.Game, company: str) -> list[dict[str, object]] | None:
    """Lay the first legal tile, place the first legal station, run the default routes; the
    turn qualifies if that run earns money and both payout and withhold are then offered."""
    copy = game.clone()
    plan: list[dict[str, object]] = []
    done: set[str] = set()
    for _ in range(12):
        moves = copy.legal_actions()
        if not moves or getattr(moves[0], "entity", None) != company:
            return None
        kinds = {a.kind for a in moves}
        if "lay_tile" in kinds and "lay_tile" not in done:
            action = next(a for a in moves if a.kind == "lay_tile")
        elif "place_token" in kinds and "place_token" not in done:
            action = next(a for a in moves if a.kind == "place_token")
        elif "run_routes" in kinds:
            action = next(a for a in moves if a.kind == "run_routes")
            if action.revenue <= 0 or not {"lay_tile", "place_token"} <= done:  # type: ignore[attr-defined]
                return None
        elif "dividend" in kinds:
            modes = {a.mode for a in moves if a.kind == "dividend"}  # type: ignore[attr-defined]
            return plan if {"payout", "withhold"} <= modes else None
        elif "pass" in kinds:
            action = next(a for a in moves if a.kind == "pass")
        else:
            return None
        done.add(action.kind)
        plan.append(action.to_json())
        copy.apply(action)
    return None


def operating_turn(seeds: range = range(1, 40), limit: int = 400) -> Turn:
    for seed in seeds:
        game = roundhouse.new_game("18RoyalGorge", players=PLAYERS, seed=seed)
        bots = {p: make_bot("random", seed=i) for i, p in enumerate(PLAYERS)}
        previous = None
        while not game.finished and len(game.log) < limit:
            moves = game.legal_actions()
            entity = getattr(moves[0], "entity", None) if moves else None
            corporations = {c.id for c in game.table().companies}
            if (
                entity != previous
                and entity in corporations
                and any(a.kind == "lay_tile" for a in moves)
            ):
                plan = _plan(game, str(entity))
                if plan is not None:
                    return Turn(game.to_doc(), str(entity), game.acting[0], plan)
            previous = entity
            player = game.acting[0]
            game.apply(bots[player].choose(game, player))
    raise LookupError("no seed gave an operating turn with a tile, a station and a paying run")
