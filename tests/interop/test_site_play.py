"""Issue 14: 18RoyalGorge with ``compat_18xx_games`` plays where 18xx.games plays differently
from the rulebook and an exported game would otherwise be refused there (docs/rules-notes.md
"18RoyalGorge", docs/facts/18royalgorge.md §21).  Positions come from seeded random-bot games
in compat (the differential harness's games); each test asserts the game has the position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache

from bench.differential import Spec, play
from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import BuyCompany, LayTile, SellShares
from roundhouse.core.game import Game
from roundhouse.titles.g18royalgorge import privates
from roundhouse.titles.g18royalgorge.interop.translator import board_map, engine
from roundhouse.titles.g18royalgorge.state import METALS
from tests.g18royalgorge.shared import rg_state

Position = tuple[Game, Action, Action | None]
"""(the game before a move, the move, the move before it)."""


@cache
def bot_game(players: int, seed: int) -> Game:
    return play(Spec(0, players, "random", seed))


def positions(players: int, seed: int) -> Iterator[Position]:
    game = bot_game(players, seed)
    replay = Game(game.title, game.players, game.seed, game.options)
    before: Action | None = None
    for move in game.log:
        yield replay, move, before
        replay.apply(move)
        before = move


def first(games: Sequence[tuple[int, int]], wanted: Callable[[Position], bool]) -> Game:
    for players, seed in games:
        for position in positions(players, seed):
            if wanted(position):
                return position[0].clone()
    raise AssertionError(f"none of the bot games {games} has such a position")


def test_compat_site_metal_president_keeps_their_last_share_in_an_emergency() -> None:
    """``Step::EmergencyMoney#can_sell?`` asks ``ShareBundle#can_dump?``: the holder of
    CF&I's or VGC's certificate 0 (a 10% president's certificate on the site) may not sell
    their last share of it while no other player holds one."""

    def wanted(position: Position) -> bool:
        game, _, _ = position
        g = engine(game)
        if g.round.kind != "OR" or not any(isinstance(a, SellShares) for a in game.legal_actions()):
            return False
        rg = rg_state(g)
        return any(
            rg.metal_president.get(corp) == p
            and g.books[corp].shares_of(p)
            and not any(g.books[corp].shares_of(o) for o in g.players if o != p)
            for corp in METALS
            for p in g.players
        )

    game = first([(2, 18), (2, 24), (2, 25), (3, 22)], wanted)
    g = engine(game)
    rg = rg_state(g)
    for corp in METALS:
        holder = rg.metal_president.get(corp)
        if holder is None:
            continue
        held = g.books[corp].shares_of(holder)
        sales = [
            a.count
            for a in game.legal_actions()
            if isinstance(a, SellShares) and a.corporation == corp and a.entity == holder
        ]
        assert held not in sales


def test_compat_site_sells_each_company_once_in_an_emergency() -> None:
    """``MUST_SELL_IN_BLOCKS``: ``Step::Train#can_sell?`` refuses a company whose shares the
    president already sold in this turn's emergency."""

    def wanted(position: Position) -> bool:
        game, _, before = position
        return (
            engine(game).round.kind == "OR"
            and isinstance(before, SellShares)
            and engine(game).books[before.corporation].shares_of(before.entity) > 0
        )

    game = first([(2, 11), (3, 41), (3, 46), (2, 51)], wanted)
    sold = game.log[-1]
    assert isinstance(sold, SellShares)
    assert not [
        a
        for a in game.legal_actions()
        if isinstance(a, SellShares) and a.corporation == sold.corporation
    ]


def test_prison_halves_terrain_on_a_lay_right_after_its_purchase() -> None:
    """Colorado State Prison (Y5): its railroad builds in terrain at half price, from the
    moment it owns the card (our listing of lays used to keep the prices from before the
    purchase, earlier in the same turn)."""

    def wanted(position: Position) -> bool:
        _, move, before = position
        return (
            isinstance(before, BuyCompany)
            and before.company == privates.PRISON
            and isinstance(move, LayTile)
            and move.entity == before.entity
        )

    game = first([(2, 31), (3, 38), (4, 38), (3, 48), (2, 50)], wanted)
    g = engine(game)
    corp = game.log[-1].entity  # type: ignore[attr-defined]
    board = board_map(g).board
    terrain = [
        lay
        for lay in board_map(g).tile_lays(g, corp)
        if board.lay_cost(lay.hex, board.tiles[lay.tile], lay.rotation)
    ]
    assert terrain
    for lay in terrain:
        full = board.lay_cost(lay.hex, board.tiles[lay.tile], lay.rotation)
        steel = board_map(g).extra_cost(g, corp, lay)
        assert lay.cost == privates.terrain_cost(rg_state(g), corp, lay.hex, full) + steel
        assert lay.cost < full + steel


def test_compat_site_rio_grande_network_stays_as_before_a_treaty_it_did_not_bring() -> None:
    """18xx.games keeps a railroad's network until a tile is laid or a station placed
    anywhere (``Graph#clear``); the Treaty of Boston does neither.  When it comes with Rio
    Grande's network worked out in its last turn and the board unchanged since (another
    railroad's train, or the export at the end of the set), Rio Grande plays on the network
    it had before, until the next tile or station."""
    game = bot_game(4, 7)
    replay = Game(game.title, game.players, game.seed, game.options)
    before = None
    for move in game.log:
        g = engine(replay)
        if not g.treaty:
            before = board_map(g).graph.reach("RG")
        replay.apply(move)
        g = engine(replay)
        if g.network_pinned:
            break
    else:
        raise AssertionError("no Treaty of Boston with Rio Grande's network kept in this game")
    graph = board_map(g).graph
    assert before is not None and graph.reach("RG") == before
    assert ("F12", "c") in board_map(g).board.tokens_of("RG")
    assert ("F12", "c") not in graph.reach("RG").stops
    for move in game.log[len(replay.log) :]:
        laid = isinstance(move, LayTile)
        replay.apply(move)
        if laid:
            break
    g = engine(replay)
    assert not g.network_pinned
    assert ("F12", "c") in board_map(g).graph.reach("RG").stops
