"""18RoyalGorge and 18xx.games: a game played here (bots) written as an 18xx.games document
and read back is the same game (issue 7 "Export"), and the translator's own rules."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import InvalidSetup
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.interop import export_18xx_games, import_18xx_games
from roundhouse.titles.g18royalgorge import TITLE
from roundhouse.titles.g18royalgorge.interop.translator import TRANSLATOR, tile_name
from tests.g18royalgorge.test_random_games import steady

SEATS = ["Ann", "Bob", "Cy"]


def bot_game(seed: int, moves: int) -> Game:
    """A bot game that lasts (the steady random player avoids bankruptcy and buys trains)."""
    game = Game(TITLE, SEATS, seed=seed, options={"compat_18xx_games": True})
    rng = Rng(seed)
    for _ in range(moves):
        if game.finished:
            break
        game.apply(steady(list(game.legal_actions()), rng))
    return game


@pytest.mark.parametrize("seed", [5, 10])
def test_interop_export_native_18royalgorge_bot_game_reimports_to_the_same_state(
    seed: int,
) -> None:
    game = bot_game(seed=seed, moves=1500)
    assert game.finished and len(game.log) > 80
    doc = export_18xx_games(game)
    assert doc["title"] == "18RoyalGorge"
    assert doc["settings"] == {"seed": seed, "optional_rules": []}
    again = import_18xx_games(doc)
    seat = {"Ann": "1", "Bob": "2", "Cy": "3"}
    assert again.players == ("1", "2", "3")

    def renamed(text: str) -> str:
        for name, number in seat.items():
            text = text.replace(name, number)
        return text

    assert [str(a) for a in again.log] == [renamed(str(a)) for a in game.log]
    assert again.result == {seat[p]: v for p, v in (game.result or {}).items()}
    assert again.end_reason == game.end_reason


def test_interop_export_refuses_a_rulebook_18royalgorge_game() -> None:
    """Without ``compat_18xx_games`` the site would play a different game."""
    game = Game(TITLE, SEATS, seed=1)
    with pytest.raises(InvalidSetup):
        export_18xx_games(game)


def test_interop_18royalgorge_options_switch_on_compatibility() -> None:
    assert TRANSLATOR.options([]) == {"compat_18xx_games": True, "shorter_game_end": False}
    assert TRANSLATOR.options(["shorter_game_end"])["shorter_game_end"] is True
    assert TRANSLATOR.optional_rules({"shorter_game_end": True}) == ["shorter_game_end"]


def test_interop_18royalgorge_tile_names_drop_the_copy_index() -> None:
    assert tile_name("57-2") == "57"
    assert tile_name("RG-A-0") == "RG-A"
