"""18xx.games fixtures replayed through the importer up to a given action, for tests that need
a real position (each test says why that action)."""

from __future__ import annotations

from roundhouse.core.game import Game
from roundhouse.interop import read_document
from roundhouse.interop.replay import apply_site_action, site_actions, start
from roundhouse.interop.undo import resolve
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.shared_files import shared_file


def position(name: str, index: int) -> tuple[Game, RoyalGorgeGame]:
    """The fixture's game just before its action at raw list ``index`` (skips the test when
    the shared fixtures are absent)."""
    path = shared_file(
        "fixtures",
        "18xx.games",
        "18RoyalGorge",
        name,
        feature="replaying recorded 18RoyalGorge games to the site's result",
        issue="#14",
    )
    document = read_document(path)
    game, translator = start(document)
    for action in site_actions(resolve(document.actions)):
        if action.index >= index:
            break
        apply_site_action(action, game, translator)
    state = game.state
    assert isinstance(state, RoyalGorgeGame)
    return game, rg_state(state)


def silent_moves(game: Game) -> None:
    """Make the moves 18xx.games makes by itself (a withhold of nothing, a lone pass)."""
    while len(game.legal_actions()) == 1 and game.legal_actions()[0].kind in ("pass", "dividend"):
        game.apply(game.legal_actions()[0])
