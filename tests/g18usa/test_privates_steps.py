"""18USA privates' actions and steps as a title plays them: the action vocabulary decodes from
JSON alongside core's and the 1817 family's, and a resource token is placed through the
operating round (§13)."""

from __future__ import annotations

import pytest

from roundhouse.core.actions import ActionCodec
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import ACTIONS, Choose, LayTile, Pass, RunRoutes
from roundhouse.titles.g18usa.family1817.actions import CORPORATE_ACTIONS
from roundhouse.titles.g18usa.powers import PRIVATE_ACTIONS, PrivateLay, UsePrivate
from roundhouse.titles.g18usa.resources import ResourceTokenPrompt
from tests.g18usa.privates_engine import (
    ANN,
    apply,
    board_map,
    company,
    give,
    operating,
    usa_engine,
)


def test_private_actions_decode_beside_core_and_family() -> None:
    """No kind is taken twice, and each action survives its JSON."""
    codec = ActionCodec(ACTIONS + CORPORATE_ACTIONS + PRIVATE_ACTIONS)
    for action in (
        UsePrivate(player=ANN, entity="NYC", company="P1", hex="D8", choice="coal"),
        UsePrivate(player=ANN, entity="NYC", company="P2", hex="E17"),
        PrivateLay(player=ANN, entity="NYC", company="P26", hex="D6", tile="X07", rotation=2),
    ):
        assert codec.decode(action.to_json()) == action
    assert str(UsePrivate(player=ANN, entity="NYC", company="P1", hex="D8", choice="coal")) == (
        "NYC uses P1 on D8 (coal)"
    )


def test_18usa_13_1_coal_token_placed_in_the_turn_of_the_lay() -> None:
    """§13: the token goes down "as part of a yellow tile lay action in that hex" and "does
    not count as a tile action": NYC lays Salt Lake City, then D8 ($15 mountain) as its
    second tile action, and places P28's coal there (the $15 back)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    give(g, "P28", "NYC")
    g.depot.buy("NYC", "2-0", g.ledger)
    g.ledger.transfer(BANK, "NYC", 100)
    operating(g)
    apply(g, LayTile(player=ANN, entity="NYC", hex="E7", tile="6", rotation=3))
    assert not any(isinstance(a, UsePrivate) for a in g.legal_actions())
    cash = g.ledger.cash("NYC")
    # the turn's second tile action: $20 (§12.2) and D8's $15 mountain
    apply(g, LayTile(player=ANN, entity="NYC", hex="D8", tile="7", rotation=0))
    bm = board_map(g)
    assert g.ledger.cash("NYC") == cash - 20 - 15
    coal = UsePrivate(player=ANN, entity="NYC", company="P28", hex="D8", choice="coal")
    assert coal in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.check(UsePrivate(player=ANN, entity="NYC", company="P28", hex="D8", choice="oil"))
    assert err.value.rule == "resources.placement"
    apply(g, coal)
    assert g.ledger.cash("NYC") == cash - 20
    assert bm.board["D8"].markers == ["coal"]
    assert not g.privates["P28"].closed  # two tokens left
    assert coal not in g.legal_actions()


def test_18usa_13_token_listed_once_while_the_prompt_waits_for_it() -> None:
    """§13: once the track step is over the turn waits in the resource-token prompt for the
    token or a pass; the same placements are offered beside the turn too, and each is
    listed once (fuzz seed 9100016, 3 players, listed them twice; that saved game no longer
    reaches its position since later rule changes, so this pins the case directly)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    give(g, "P28", "NYC")
    g.depot.buy("NYC", "2-0", g.ledger)
    operating(g)
    apply(g, LayTile(player=ANN, entity="NYC", hex="E7", tile="6", rotation=3))
    bm = board_map(g)
    bm.lay_tile(g, "NYC", bm.find_lay(g, "NYC", ("D8", "7", 0)))  # a second lay, by hand
    prompt = next(s for s in g.round.steps if isinstance(s, ResourceTokenPrompt))
    assert prompt.active(g, "NYC")
    legal = list(g.legal_actions())
    coal = UsePrivate(player=ANN, entity="NYC", company="P28", hex="D8", choice="coal")
    assert legal.count(coal) == 1
    assert len(set(legal)) == len(legal)
    assert Pass(player=ANN, entity="NYC") in legal
    apply(g, coal)
    assert bm.board["D8"].markers == ["coal"]
    assert not prompt.active(g, "NYC")


def test_every_refusal_rule_key_has_a_section() -> None:
    """Every rule key the privates' modules raise is in RULE_SECTIONS (the title cites it)."""
    import pathlib
    import re

    from roundhouse.titles.g18usa import powers

    here = pathlib.Path(powers.__file__).parent
    raised: set[str] = set()
    for name in (
        "powers", "terrain", "resources", "bridges", "red_areas", "private_lays",
        "tile_actions", "train_privates", "route_privates", "start_privates",
        "carnegie_steel", "bankrupt_railroad", "bailey_yard", "law_firm_step",
    ):  # fmt: skip
        raised |= set(re.findall(r'rule="([a-z_.]+)"', (here / f"{name}.py").read_text()))
    assert raised == set(powers.RULE_SECTIONS)


def test_18usa_10_opening_bids_in_the_auction() -> None:
    """§10: the private auction opens at half the face value; the Pyramid Scheme at $5."""
    from roundhouse.core.flow.auction import opening_bid

    g = usa_engine()
    assert (opening_bid(g, "P1"), opening_bid(g, "P14"), opening_bid(g, "P30")) == (15, 5, 60)


def test_private_state_copies_and_hashes_with_the_game() -> None:
    """The privates' state (markers, steps' records, the uses of a card) is declared state: a
    copy hashes the same, and a change after copying shows in one hash only."""
    import copy

    from roundhouse.core.canonical import digest

    g = usa_engine()
    company(g, "NYC", "E17")
    give(g, "P22", "NYC")
    give(g, "P30", "NYC")
    g.depot.buy("NYC", "2-0", g.ledger)
    operating(g)
    apply(g, LayTile(player=ANN, entity="NYC", hex="E17", tile="57", rotation=1))
    apply(g, UsePrivate(player=ANN, entity="NYC", company="P22", hex="E17"))
    for _ in range(5):  # on to the run, where P30 attaches
        if any(isinstance(a, RunRoutes) for a in g.legal_actions()):
            break
        apply(g, Pass(player=ANN, entity="NYC"))
    twin = copy.deepcopy(g)
    assert digest(twin) == digest(g)
    apply(twin, Choose(player=ANN, entity="NYC", choice="2-0", company="P30"))
    assert digest(twin) != digest(g)
    assert board_map(twin).board["E17"].markers == ["bridge"]
