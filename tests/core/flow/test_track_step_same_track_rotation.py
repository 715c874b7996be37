"""TrackStep: two rotations of a symmetric tile that lay the same track are one lay.

18RoyalGorge "5 Rules of Track Laying" (and every 18xx title) speaks of the track a tile lays,
not of which way up its printed number is: a straight turned half way round is the same tile
lay.  The legal list names one rotation (:meth:`~roundhouse.core.tiles.Tile.canonical_rotation`);
a lay named at the other must be accepted as that lay (18xx.games logs name either), and a
rotation laying other track must still be refused.
"""

from __future__ import annotations

import json

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile
from roundhouse.core.game import Game
from roundhouse.interop import import_18xx_games
from roundhouse.titles.g18royalgorge.interop.translator import board_map, engine
from tests.shared_files import shared_file


def _symmetric_lay() -> tuple[Game, int, LayTile, int]:
    """A recorded lay of a tile with a second rotation laying the same track: the game,
    the lay's index in the log, the lay and that other rotation."""
    path = shared_file(
        "fixtures",
        "18xx.games",
        "18RoyalGorge",
        "post_boston.json",
        feature="the same-track rotation rule at a recorded 18RoyalGorge position",
        issue="#14",
    )
    game = import_18xx_games(json.loads(path.read_text()))
    for i, action in enumerate(game.log):
        if not isinstance(action, LayTile):
            continue
        tile = board_map(engine(game.at(i))).board.tiles[action.tile]
        for other in range(6):
            if other != action.rotation and tile.canonical_rotation(other) == action.rotation:
                return game, i, action, other
    pytest.fail("no lay of a symmetric tile in the fixture")


def test_track_step_same_track_rotation_is_the_same_lay() -> None:
    game, i, lay, other = _symmetric_lay()
    listed = game.at(i)
    turned = LayTile(
        player=lay.player, entity=lay.entity, hex=lay.hex, tile=lay.tile, rotation=other
    )
    assert turned not in list(listed.legal_actions())  # the list names one rotation
    assert turned in listed.legal_actions()  # and the legality test takes the other
    listed.apply(turned)
    assert listed.state_hash() == game.at(i + 1).state_hash()


def test_track_step_rotation_with_other_track_is_refused() -> None:
    game, i, lay, _ = _symmetric_lay()
    position = game.at(i)
    tile = board_map(engine(position)).board.tiles[lay.tile]
    legal = {
        (a.hex, a.tile, a.rotation) for a in position.legal_actions() if isinstance(a, LayTile)
    }
    wrong = next(
        (r for r in range(6) if (lay.hex, lay.tile, tile.canonical_rotation(r)) not in legal),
        None,
    )
    assert wrong is not None, "the recorded lay must have a rotation that is not legal there"
    before = position.state_hash()
    with pytest.raises(IllegalAction) as err:
        position.apply(
            LayTile(
                player=lay.player, entity=lay.entity, hex=lay.hex, tile=lay.tile, rotation=wrong
            )
        )
    assert err.value.rule in {"track.keep_paths", "track.extend_route", "track.no_route"}
    assert lay.tile in str(err.value)
    assert position.state_hash() == before
