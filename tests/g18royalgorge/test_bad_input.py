"""18RoyalGorge refuses malformed and illegal moves cleanly (issue #14, found by the fuzzer).

A refused move raises ``IllegalAction`` (``MalformedAction`` when it cannot be read), says
what was wrong and leaves the game as it was: never a crash, never accepted unlisted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction, MalformedAction
from roundhouse.core.flow.actions import Bid, LayTile, Par, Pass, RunRoutes
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge import TITLE, site_run
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady

PLAYERS = ["Ann", "Bob", "Cy"]


def new(seed: int = 3, **options: object) -> tuple[Game, RoyalGorgeGame]:
    game = Game(TITLE, PLAYERS, seed=seed, options=options)
    return game, rg_state(game.state)  # type: ignore[arg-type]


def play_until(game: Game, wanted: Callable[[Action], bool], seed: int = 5) -> Action:
    """Play steady random moves until a listed move passes ``wanted``; return it."""
    rng = Rng(seed)
    for _ in range(5_000):
        found = [a for a in game.legal_actions() if wanted(a)]
        if found:
            return found[0]
        game.apply(steady(list(game.legal_actions()), rng))
    raise AssertionError("never offered")


def refused(game: Game, doc: Action | dict[str, object], kind: type[IllegalAction]) -> str:
    """Apply ``doc``; it must be refused with ``kind`` and change nothing.  The reason."""
    before = game.state_hash()
    with pytest.raises(kind) as err:
        game.apply(doc)
    assert game.state_hash() == before
    assert str(err.value).strip()
    return str(err.value)


def test_18royalgorge_auction_variant_bid_for_no_such_railroad_is_malformed() -> None:
    """Auction Variant: a bid opens the auction for a railroad of the game; "RG?" is none
    (it crashed with ``KeyError: 'RG?'``)."""
    game, g = new(no_privates=True, auction_variant=True)
    who = g.priority
    bid = {"kind": "bid", "player": who, "entity": who, "company": "RG?", "price": 0}
    assert "bid.company: 'RG?'" in refused(game, bid, MalformedAction)


def test_18royalgorge_auction_variant_bid_for_a_private_or_a_started_railroad_is_illegal() -> None:
    """Auction Variant: "Each time a player wants to start a new train company, they must
    auction off the rights": a private card is no train company (it crashed), and a
    started railroad is not new (its auction was accepted and started it again)."""
    game, g = new(auction_variant=True)
    play_until(game, lambda a: isinstance(a, Bid) and a.company in g.corps)
    who = game.acting[0]
    card = next(iter(g.privates))
    refused(game, Bid(player=who, entity=who, company=card, price=0), IllegalAction)  # type: ignore[arg-type]
    opening = next(a for a in game.legal_actions() if isinstance(a, Bid))
    game.apply(opening)
    while g.round.kind == "SR" and not g.corps[opening.company].started:
        moves = list(game.legal_actions())
        pars = [a for a in moves if isinstance(a, Par)]
        game.apply(pars[0] if pars else next(a for a in moves if isinstance(a, Pass)))
    assert g.corps[opening.company].started
    play_until(game, lambda a: isinstance(a, Bid) and a.entity == game.acting[0], seed=11)
    who = game.acting[0]
    again = Bid(player=who, entity=who, company=opening.company, price=0)  # type: ignore[arg-type]
    assert "cannot open the auction" in refused(game, again, IllegalAction)


def test_18royalgorge_1_lay_track_rotation_is_0_to_5() -> None:
    """ "1. Lay Track": a tile is laid in one of its six rotations; ``rotation: 1000006``
    was accepted as rotation 4 (the fuzzer's seed 51253)."""
    game, _ = new()
    lay = play_until(game, lambda a: isinstance(a, LayTile))
    assert isinstance(lay, LayTile)
    far = {**lay.to_json(), "rotation": lay.rotation + 1_000_002}
    assert "lay_tile.rotation: " in refused(game, far, MalformedAction)
    refused(game, dataclasses.replace(lay, rotation=lay.rotation + 6), MalformedAction)
    game.apply(lay)


def test_18royalgorge_operating_rounds_the_railroad_acts_not_its_president() -> None:
    """ "Operating Rounds": the president decides "on behalf of that company"; a lay naming
    the president as the one laying is not the listed move and is refused (it was accepted
    as the railroad's)."""
    game, g = new()
    lay = play_until(game, lambda a: isinstance(a, LayTile))
    assert isinstance(lay, LayTile)
    president = g.controller(lay.entity)
    assert president is not None
    message = refused(game, dataclasses.replace(lay, entity=president), IllegalAction)
    assert f"name {lay.entity}" in message


def test_18royalgorge_compat_recorded_run_revenue_stays_in_its_span() -> None:
    """With ``compat_18xx_games`` a recorded run is taken at its stated revenue, from $0 to
    :data:`site_run.MAX_RECORDED_REVENUE` (the listed span); -1 and more were accepted."""
    game, _ = new(compat_18xx_games=True)
    run = play_until(game, lambda a: isinstance(a, RunRoutes) and bool(a.routes))
    assert isinstance(run, RunRoutes)
    assert "run_routes.revenue: -1" in refused(
        game, {**run.to_json(), "revenue": -1}, MalformedAction
    )
    over = {**run.to_json(), "revenue": site_run.MAX_RECORDED_REVENUE + 1}
    refused(game, over, IllegalAction)
    shorter = {**run.to_json(), "routes": [list(run.routes[0][:1])], "revenue": -5}
    refused(game, shorter, MalformedAction)
    nowhere = {**run.to_json(), "routes": [[run.routes[0][0], "Z99-0", "ZZ"]]}
    assert "no place on the map" in refused(game, nowhere, IllegalAction)
    assert game.legal_actions().open_kinds == {"run_routes"}  # routes may be named freely


def test_18royalgorge_1_lay_track_a_symmetric_tile_at_its_twin_rotation_is_the_listed_lay() -> None:
    """ "1. Lay Track": a straight (tile 9) laid at rotation r or r + 3 lays the same track;
    the list names one, and ``in`` and ``apply`` take the other as that same lay (it was
    accepted but not listed: the fuzzer's seed 51252)."""
    game, g = new()
    lay = play_until(game, lambda a: isinstance(a, LayTile) and a.tile in ("7", "8", "9"))
    assert isinstance(lay, LayTile)
    tile = g.map_board().tiles[lay.tile]
    twins = [
        r for r in range(6) if r != lay.rotation and tile.canonical_rotation(r) == lay.rotation
    ]
    for r in twins:
        assert dataclasses.replace(lay, rotation=r) in game.legal_actions()
    assert twins or lay.tile != "9"
    others = [r for r in range(6) if tile.canonical_rotation(r) != lay.rotation]
    for r in others:
        other = dataclasses.replace(lay, rotation=r)
        if other not in game.legal_actions():
            refused(game, other, IllegalAction)
