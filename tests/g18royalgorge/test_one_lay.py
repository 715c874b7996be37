"""Issue #15: a tile lay goes through fewer of the title's files.  What the title did by
wrapping the engine or by being asked about every move it now declares, and core asks it
only when it can apply; these tests hold the rules to what they were.

* A manual end by agreement (18xx.games ``end_game``) is core's
  (:attr:`~roundhouse.core.config.TitleConfig.manual_end`), taken only in compat: the rulebook
  has no such end ("Ending the Game").
* Sulphur Springs' step takes only its R tiles; the track step has its six lays as data; the
  gorge's, the gold mines' and the Prison Labor Force's lay rules say which lays they are
  about (:class:`~roundhouse.core.flow.lay_rule.LayScope`).
* 18xx.games' president of CF&I and VGC (:mod:`~roundhouse.titles.g18royalgorge.metal_president`)
  is moved after an action that moved their certificates, and only then
  (:attr:`~roundhouse.core.engine18xx.Engine.watched_books`).
"""

from __future__ import annotations

import copy
import dataclasses
from functools import cache

import pytest

from bench.differential import Spec, play
from bench.lay_trace import lay_trace
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import EndGame, LayTile
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.game import Game
from roundhouse.titles.g18royalgorge import TITLE, metal_president, privates, sulphur_springs
from roundhouse.titles.g18royalgorge.rules import TRACK_LAYS
from roundhouse.titles.g18royalgorge.state import METALS
from roundhouse.titles.g18royalgorge.sulphur_springs import SulphurSpringsStep
from tests.g18royalgorge.shared import fixtures_dir, rg_state

PLAYERS = ["Ann", "Bob", "Cy"]


@cache
def bot_game(players: int, seed: int) -> Game:
    return play(Spec(0, players, "random", seed))


def test_end_by_agreement_is_refused_in_rulebook_play() -> None:
    game = Game(TITLE, PLAYERS, seed=40)
    who = game.acting[0]
    with pytest.raises(IllegalAction) as raised:
        game.apply(EndGame(player=who, entity=who))
    assert raised.value.rule == "game.manual_end"
    assert not game.finished


def test_end_by_agreement_ends_a_compat_game_as_it_stands() -> None:
    game = Game(TITLE, PLAYERS, seed=40, options={"compat_18xx_games": True})
    who = game.acting[0]
    game.apply(EndGame(player=who, entity=who))
    assert game.finished
    assert game.state.end_reason == "manually_ended"


@pytest.mark.parametrize(("players", "seed"), [(2, 18), (3, 22)])
def test_compat_metal_president_follows_every_share_move(players: int, seed: int) -> None:
    """After every move of a compat bot game, CF&I's and VGC's site president is where the
    site's share pool leaves it: moving it again from the position changes nothing (a move
    of their certificates the engine did not watch would leave it behind)."""
    game = bot_game(players, seed)
    replay = Game(game.title, game.players, game.seed, game.options)
    moved = 0
    for move in game.log:
        replay.apply(move)
        g = rg_state(replay.state)
        before = dict(g.metal_president)
        again = copy.deepcopy(g)
        metal_president.follow(again)
        assert again.metal_president == before, move
        moved += any(before.get(corp) is not None for corp in METALS)
    assert moved, "the game never gives CF&I or VGC a president"


def test_rulebook_play_watches_no_share_book() -> None:
    """The rulebook's CF&I and VGC have no president: nothing is watched."""
    game = Game(TITLE, PLAYERS, seed=40)
    assert rg_state(game.state).watched_books == ()
    compat = Game(TITLE, PLAYERS, seed=40, options={"compat_18xx_games": True})
    assert rg_state(compat.state).watched_books == METALS


def test_sulphur_springs_takes_only_the_r_tiles() -> None:
    """Sulphur Springs (B2) converts E3 with the R tile of its colour ("Brown Privates
    Reference"); every other lay goes to the track step without the card's step asked."""
    game = Game(TITLE, PLAYERS, seed=40)
    g = rg_state(game.state)
    step = SulphurSpringsStep()
    who = game.acting[0]
    plain = LayTile(player=who, entity="RG", hex="J12", tile="9", rotation=2)
    convert = LayTile(player=who, entity="RG", hex=sulphur_springs.HEX, tile="RG1", rotation=0)
    assert not step.takes(g, plain)
    assert all(
        step.takes(g, dataclasses.replace(convert, tile=t))
        for t in sulphur_springs.CITY_TILES.values()
    )


def test_the_track_step_counts_six_lays_a_turn() -> None:
    """ "Lay/Upgrade up to 6 track tiles per operating round": the track step's own number,
    the one the hooks give the rules that count lays (steel)."""
    game = Game(TITLE, PLAYERS, seed=40)
    g = rg_state(game.state)
    tracks = [s for s in g.hooks.operating_steps(g) if isinstance(s, TrackStep)]
    assert [t.per_turn for t in tracks] == [TRACK_LAYS] == [g.hooks.track_lays(g, "RG")]
    assert TRACK_LAYS == 6


def test_the_lay_listing_is_keyed_on_the_treaty_and_the_prison_card() -> None:
    """The gorge opens with the Treaty of Boston and Y5 halves its holder's terrain: the
    gorge's and the Prison's rules are scoped (issue #15), and a listing made before either
    changes is not kept after."""
    game = Game(TITLE, PLAYERS, seed=40)
    g = rg_state(game.state)
    assert isinstance(g.map, BoardMap)
    corp = next(iter(g.corps))
    before = g.map.listing_key(g, corp)
    g.treaty = True
    after_treaty = g.map.listing_key(g, corp)
    assert after_treaty != before
    prison = g.privates.get(privates.PRISON)
    if prison is not None:
        prison.owner = corp
        assert g.map.listing_key(g, corp) != after_treaty


def test_a_tile_lay_enters_only_the_steel_and_site_network_rules() -> None:
    """Issue #15 ("about half the files"): a recorded 18RoyalGorge lay (PAV lays 9 on J12)
    enters nine engine files, of the title's only the steel bought with it and, with
    ``compat_18xx_games``, the site's network refresh; 18 at 7124d80."""
    path = fixtures_dir() / "18RoyalGorge_game_end_stock_market.json"
    if not path.is_file():
        pytest.skip("the shared 18xx.games fixtures are absent")
    out = lay_trace(path, 5)
    titles = [f for f in out["file_list"] if f.startswith("titles/")]
    assert titles == ["titles/g18royalgorge/site_graph.py", "titles/g18royalgorge/steel.py"]
    assert out["engine_files"] <= 9
    assert out["core_to_title_file_pairs"] <= 2
