"""Track and token steps that wait for a card (card_window_step) on the small board of
tests/g18us/test_ability_board.py: 18US §10.1.3's extra tile is laid "during its tile
placement step", also after the company's own lay."""

from __future__ import annotations

import pytest

from roundhouse.core.ability import Closes, Who
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.titles.g18us.ability import ExtraTileLay
from roundhouse.titles.g18us.card_window_step import CardTrackStep
from tests.g18us.test_ability_board import ANN, operating, play

ENGINEERS = PrivateSpec(
    id="ACE",
    value=50,
    abilities=(ExtraTileLay(uses=1, who=Who.PRESIDED_COMPANY), Closes(after_use=True)),
)
"""18US §10.1.3: one extra yellow tile at no cost for a company the owner presides."""


def turn(card: PrivateSpec, owner: str) -> Engine:
    """PRR's operating turn with the card-aware track step."""
    g = operating(card, owner)
    steps = [CardTrackStep() if type(s) is TrackStep else s for s in g.hooks.operating_steps(g)]
    g.round = OperatingRound(steps)
    g.round.start(g)
    return g


def card_lays(g: Engine) -> set[tuple[str, str, int]]:
    return {
        (a.hex, a.tile, a.rotation)
        for a in g.legal_actions()
        if isinstance(a, LayTile) and a.entity == "ACE"
    }


def test_18us_10_1_3_extra_tile_after_the_companys_own_lay() -> None:
    """PRR uses its one lay on B4 (A3 to C5); the track step stays open for the card, which
    lays C5 free and closes; then the turn moves on to the token step."""
    g = turn(ENGINEERS, "Ann")
    play(g, LayTile(player=ANN, entity="PRR", hex="B4", tile="9", rotation=2))
    lays = card_lays(g)
    assert lays and {h for h, _, _ in lays} == {"C5"}
    assert not [a for a in g.legal_actions() if isinstance(a, LayTile) and a.entity == "PRR"]
    with pytest.raises(IllegalAction) as refused:
        play(g, LayTile(player=ANN, entity="PRR", hex="C5", tile="5", rotation=1))
    assert refused.value.rule == "track.no_lays_left"
    cash = g.ledger.cash("PRR")
    h, t, r = sorted(lays)[0]
    play(g, LayTile(player=ANN, entity="ACE", hex=h, tile=t, rotation=r))
    assert g.ledger.cash("PRR") == cash
    assert g.privates["ACE"].closed
    assert g.map.board.hexes["C5"].tile.id == t
    assert not any(isinstance(a, LayTile) for a in g.legal_actions())


def test_passing_the_track_step_gives_up_the_card_lay() -> None:
    g = turn(ENGINEERS, "Ann")
    play(g, LayTile(player=ANN, entity="PRR", hex="B4", tile="9", rotation=2))
    assert card_lays(g)
    play(g, Pass(player=ANN, entity="PRR"))
    assert not card_lays(g)
    assert not g.privates["ACE"].closed


def test_no_card_no_waiting() -> None:
    """Without a card lay the step closes with the company's own lay, as the plain one."""
    g = turn(ENGINEERS, "Bob")
    play(g, LayTile(player=ANN, entity="PRR", hex="B4", tile="9", rotation=2))
    track = next(s for s in g.round.steps if isinstance(s, CardTrackStep))
    assert not track.active(g, "PRR")
