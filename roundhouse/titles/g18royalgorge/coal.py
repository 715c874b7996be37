"""Coal cubes: extra stops for one operating turn.

Rulebook "Green Privates Reference", Coal Depot (G6): the card starts with one cube per full
$10 paid for it (:func:`.privates.on_bought`); the owning railroad may spend 1 or 2 cubes in
an operating round, each adding one stop to a train's run.  "Yellow Privates Reference",
Coal Creek Mines (Y3): a railroad that owns the card gains a cube whenever any railroad runs
through Coal Creek (H14) and spends them the same way; its cubes "can be spent on the same
train, or two different trains" - like 18xx.games we let one power extend one train a turn.

The choice is named as on 18xx.games, ``coal_depot/<train>/<n>`` or ``coal_mines/<train>/<n>``,
and is made before the run; the cubes leave the game when spent.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.kinds import AnyKind, TrainKind
from roundhouse.titles.g18royalgorge import privates
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

COAL_MINES = "Y3"
MINES_HEX = "H14"
MINES_SUPPLY = 12
MAX_PER_TURN = 2
POWERS = {privates.COAL_DEPOT: "coal_depot", COAL_MINES: "coal_mines"}


def extended(kind: AnyKind, stops: int) -> AnyKind:
    """The train's kind with ``stops`` more counted stops: the first pool (cities and
    off-boards of a "+" train, every stop of the 6x2) grows, towns stay free."""
    if not stops or not isinstance(kind, TrainKind):
        return kind
    (pool, cap), *rest = kind.limits
    grown = (pool, None if cap is None else cap + stops)
    return dataclasses.replace(kind, name=f"{kind.name}*{stops}", limits=(grown, *rest))


def choices(g: RoyalGorgeGame, corp_id: str, trains: list[str]) -> list[str]:
    """The coal choices ``corp_id`` may make now for its ``trains`` (ids)."""
    out: list[str] = []
    for private_id, power in POWERS.items():
        if privates.owner_of(g, private_id) != corp_id or private_id in g.coal_used:
            continue
        most = min(MAX_PER_TURN, g.coal.get(private_id, 0))
        for train in trains:
            if train in g.coal_boost:
                continue
            out.extend(f"{power}/{train}/{n}" for n in range(1, most + 1))
    return out


def spend(g: RoyalGorgeGame, corp_id: str, choice: str, trains: list[str]) -> None:
    """Spend the cubes a choice names; the train runs longer until the turn's run is over."""
    if choice not in choices(g, corp_id, trains):
        raise IllegalAction(
            f"{corp_id} cannot spend coal as {choice!r} now", rule="coal.not_available"
        )
    power, train, amount = choice.split("/")
    private_id = next(k for k, v in POWERS.items() if v == power)
    n = int(amount)
    g.coal[private_id] -= n
    g.coal_used.add(private_id)
    g.coal_boost[train] = n


def end_turn(g: RoyalGorgeGame) -> None:
    """After the run the extended trains are their own length again."""
    g.coal_boost = {}
    g.coal_used = set()


def gain(g: RoyalGorgeGame, hexes: tuple[str, ...]) -> None:
    """A run through Coal Creek gives the Coal Creek Mines' railroad a cube (Y3)."""
    owner = privates.owner_of(g, COAL_MINES)
    if owner is None or owner not in g.corps or MINES_HEX not in hexes:
        return
    if g.coal_mined >= MINES_SUPPLY:
        return
    g.coal[COAL_MINES] = g.coal.get(COAL_MINES, 0) + 1
    g.coal_mined += 1
