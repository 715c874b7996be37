"""Turn structure, legality bookkeeping and what players see (Chicago Express §3, §4.4)."""

from __future__ import annotations

import copy
import json

import pytest

from roundhouse.core.canonical import digest
from roundhouse.core.errors import IllegalAction
from roundhouse.core.rng import Rng
from roundhouse.titles.chicago_express.actions import (
    Bid,
    ChooseGauge,
    Develop,
    EndBuild,
    NullAction,
    PassBid,
    PlaceTrain,
    StartAuction,
)
from roundhouse.titles.chicago_express.company import Company
from roundhouse.titles.chicago_express.state import Auction
from tests.chicago_express.script import do, opened, random_game, state, to_step


def test_chicago_express_3_2_a_turn_is_one_gauge_step_then_its_action_or_nothing() -> None:
    """Chicago Express §3.2 / §4.4: the player advances one gauge, then acts or does nothing;
    the step is used either way and the turn passes clockwise."""
    game = opened(3)
    s = state(game)
    assert [a.kind for a in game.legal_actions()] == ["choose_gauge"] * 3
    to_step(game, "build")
    assert s.gauges["build"] == 1 and game.acting == ("Ann",)
    do(game, "Ann", "null_action")
    assert game.acting == ("Bob",) and s.gauges["build"] == 1


@pytest.mark.parametrize(
    ("doc", "rule"),
    [
        ({"kind": "bid", "player": "Ann", "company": "PRR", "amount": 5}, "turn.step"),
        ({"kind": "null_action", "player": "Ann"}, "turn.step"),
        ({"kind": "choose_gauge", "player": "Bob", "gauge": "build"}, "game.turn"),
        ({"kind": "develop", "player": "Ann", "hex": "Q3"}, "turn.step"),
    ],
)
def test_chicago_express_3_2_out_of_step_moves_are_refused_and_change_nothing(
    doc: dict[str, object], rule: str
) -> None:
    game = opened(2)
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=r"\(Chicago Express §3\.2\)") as e:
        game.apply(doc)
    assert e.value.rule == rule
    assert game.state_hash() == before and len(game.log) == 8


def test_chicago_express_legal_actions_are_exactly_the_accepted_ones() -> None:
    """Every listed move is accepted; every refused move is absent (sampled along random
    games, probing each company/hex/amount variant of the current step)."""
    picker = Rng(3)
    game = opened(3)
    probes = 0
    while not game.finished and probes < 400:
        legal = set(game.legal_actions())
        player = game.acting[0]
        s = state(game)
        candidates = [ChooseGauge(player=player, gauge=g) for g in ("auction", "develop", "build")]
        candidates.append(NullAction(player=player))
        for c in s.companies:
            candidates.append(StartAuction(player=player, company=c))
            candidates.append(PassBid(player=player, company=c))
            candidates.append(EndBuild(player=player, company=c))
            candidates.extend(Bid(player=player, company=c, amount=a) for a in range(0, 12))
        for h in ("A2", "R4", "Q3", "R3", "K4", "I6", "E0", "D3", "Q7", "S4", "Q6"):
            candidates.append(Develop(player=player, hex=h))
            building = s.building or "PRR"
            candidates.append(PlaceTrain(player=player, company=building, hex=h))
        for action in candidates:
            before = game.state_hash()
            try:
                s.check(action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert game.state_hash() == before
            assert accepted == (action in legal), action
            probes += 1
        moves = game.legal_actions()
        game.apply(moves[picker.below(len(moves))])


def test_chicago_express_actions_read_as_table_talk() -> None:
    assert str(Bid(player="Ann", company="PRR", amount=7)) == "Ann bids $7 for PRR"  # type: ignore[arg-type]
    assert str(PassBid(player="Bob", company="B&O")) == "Bob passes on B&O"  # type: ignore[arg-type]
    assert (
        str(PlaceTrain(player="Cy", company="NYC", hex="S4"))  # type: ignore[arg-type]
        == "Cy places a NYC locomotive in S4"
    )
    assert str(ChooseGauge(player="Ann", gauge="develop")) == "Ann takes a develop step"  # type: ignore[arg-type]


def test_chicago_express_view_is_json_and_complete() -> None:
    game = random_game(4, seed=5, picker=Rng(9), check_every_action=False)
    view = game.view("Ann")
    json.dumps(view)
    shown = game.observe("Ann")
    assert {c.id for c in shown.table.companies} == {"PRR", "B&O", "C&O", "NYC", "Wabash"}
    assert shown.board is not None and len(shown.board.hexes) == 160
    panels = {p.id: p for p in shown.panels}
    assert {row[0]: row[2] for row in panels["gauges"].rows}["auction"] == 3
    assert ("K4", "Pittsburgh") in [row[:2] for row in panels["industrial"].rows]
    assert "events" not in panels and view["finished"] is True
    assert game.events()[-1][-1].kind == "game_over"
    assert shown.board.hex("A2").x == 0
    fresh = opened(2)
    assert fresh.prompt().auction is None and fresh.prompt().round == "round 1"


def test_chicago_express_undo_restores_the_position() -> None:
    game = opened(2)
    hashes = [game.state_hash()]
    picker = Rng(4)
    for _ in range(60):
        moves = game.legal_actions()
        game.apply(moves[picker.below(len(moves))])
        hashes.append(game.state_hash())
        if game.finished:
            break
    for expected in reversed(hashes[:-1]):
        game.undo()
        assert game.state_hash() == expected
        if len(game.log) == 8:
            break


def test_chicago_express_state_copy_shares_nothing_mutable() -> None:
    """Snapshots and undo rely on ``deepcopy``; the state's fast copy must copy every mutable
    field (a new field that is forgotten there fails here) and give the same hash."""
    game = random_game(3, seed=2, picker=Rng(5), check_every_action=False)
    game.undo(5)
    s = state(game)
    twin = copy.deepcopy(s)
    assert digest(twin) == digest(s)
    for name, value in vars(s).items():
        if name == "_board":
            assert getattr(twin, name) is value
        elif isinstance(value, list | dict | set | Rng | Company | Auction):
            assert getattr(twin, name) is not value, name
    for cid, company in s.companies.items():
        assert twin.companies[cid].hexes is not company.hexes
        assert twin.companies[cid].holders is not company.holders
        for slot in Company.__slots__:  # Company.__deepcopy__ names each slot it copies
            assert getattr(twin.companies[cid], slot) == getattr(company, slot), (cid, slot)
    clone = game.clone()
    moves = clone.legal_actions()
    clone.apply(moves[0])
    assert digest(state(game)) == digest(s)


@pytest.mark.parametrize(
    ("gauge", "declined"),
    [
        ("auction", "no share is auctioned"),
        ("build", "no locomotive is built"),
        ("develop", "no hex is developed"),
    ],
)
def test_chicago_express_4_4_a_null_action_reads_the_same_on_the_button_and_in_the_log(
    gauge: str, declined: str
) -> None:
    """Chicago Express §4.4: the step is used for nothing; the button and the log both name
    the step and what it gives up, not "does nothing with the step"."""
    game = opened(3)
    to_step(game, gauge)
    null = next(a for a in game.legal_actions() if a.kind == "null_action")
    button = game.describe(null)
    assert button == f"Ann passes the {gauge} step: {declined}"
    do(game, "Ann", "null_action")
    entry = game.log_entries(len(game.log) - 1)[0]
    restated = [e.text for e in entry.events if e.data.get("restates") is True]
    assert restated == [button]
