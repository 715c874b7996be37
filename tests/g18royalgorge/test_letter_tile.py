"""18RoyalGorge "Special Rules for Laying Track", Letter Tiles: a lettered city takes its letter
tile while one fits; "If no matching tile is available, any legal tile can be placed" (18xx.games
always insists on the letter tile: ``compat_18xx_games``)."""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.game import Game
from roundhouse.titles.g18royalgorge import TITLE
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state


def salida(**options: object) -> RoyalGorgeGame:
    """Rio Grande has a station in Salida (C11, letter S) and money to build there."""
    g = rg_state(Game(TITLE, ["Ann", "Bob", "Cy"], seed=3, options=options).state)  # type: ignore[arg-type]
    g.start_company("Ann", "RG", 70)
    g.map_board().place_token("C11", "c", "RG")
    g.ledger.transfer(BANK, "RG", 500)
    return g


def tiles_at(g: RoyalGorgeGame, hex_name: str) -> set[str]:
    return {lay.tile for lay in g.map.tile_lays(g, "RG") if lay.hex == hex_name}


def test_18royalgorge_letter_tiles_salida_takes_its_s_tile() -> None:
    """ "that tile must be used": while the yellow S tile is in the supply, only it."""
    assert tiles_at(salida(), "C11") == {"RG4"}


def test_18royalgorge_letter_tiles_any_legal_tile_when_none_is_left() -> None:
    """ "If no matching tile is available, any legal tile can be placed": with the yellow S
    tile gone, Salida takes an ordinary yellow city tile."""
    g = salida()
    g.map_board().supply["RG4"] = 0
    ordinary = tiles_at(g, "C11")
    assert ordinary and "RG4" not in ordinary
    assert all(g.map_board().tiles[t].label is None for t in ordinary)
    assert all(g.map_board().tiles[t].cities for t in ordinary)


def test_18royalgorge_letter_tiles_18xx_games_never_falls_back() -> None:
    g = salida(compat_18xx_games=True)
    g.map_board().supply["RG4"] = 0
    assert tiles_at(g, "C11") == set()
