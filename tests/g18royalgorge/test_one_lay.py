"""Issue #15: a tile lay goes through fewer of the title's files.  What the title did by
wrapping the engine or by being asked about every move it now declares, and core asks it
only when it can apply; these tests hold the rules to what they were.

* A manual end by agreement (18xx.games ``end_game``) is core's
  (:attr:`~roundhouse.core.config.TitleConfig.manual_end`), taken only in compat: the rulebook
  has no such end ("Ending the Game").
* 18xx.games' president of CF&I and VGC (:mod:`~roundhouse.titles.g18royalgorge.metal_president`)
  is moved after an action that moved their certificates, and only then
  (:attr:`~roundhouse.core.engine18xx.Engine.watched_books`).
"""

from __future__ import annotations

import copy
from functools import cache

import pytest

from bench.differential import Spec, play
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import EndGame
from roundhouse.core.game import Game
from roundhouse.titles.g18royalgorge import TITLE, metal_president
from roundhouse.titles.g18royalgorge.state import METALS
from tests.g18royalgorge.shared import rg_state

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
