"""Events (roundhouse.core.event): the narrated log's round headers, auctions, payouts, price
moves, phases and rusting are told beside the state, never part of it.

Determinism: replaying a log tells the same events; undo, history and clones keep them in
step with the log; a game played with no sink at all reaches the same state hash, so emitting
never changes what happens.
"""

from __future__ import annotations

import json
import re

import pytest

import roundhouse
from roundhouse.bots import make_bot
from roundhouse.core.canonical import digest
from roundhouse.core.engine18xx import _rusted_words
from roundhouse.core.event import Event, a_train, collecting, emit, price_move
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import REGISTRY
from roundhouse.interop import import_18xx_games, read_document
from tests.interop.documents import fixture_path

PLAYERS = ["Ann", "Bob", "Cy"]


def _random_game(title: str, seed: int, actions: int) -> Game:
    game = roundhouse.new_game(title, PLAYERS, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if game.finished:
            break
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
    return game


def _told(game: Game) -> list[list[tuple[str, str]]]:
    return [[(e.kind, e.text) for e in told] for told in game.events()]


@pytest.mark.parametrize(("title", "seed"), [("ChicagoExpress", 3), ("18RoyalGorge", 5)])
def test_replaying_a_game_tells_the_same_events(title: str, seed: int) -> None:
    """load(to_doc()) replays the log and tells every event again, the same, in order."""
    game = _random_game(title, seed, 400)
    kinds = {kind for told in _told(game) for kind, _ in told}
    assert "round" in kinds and ("payout" in kinds or "auction" in kinds), kinds
    again = roundhouse.load(game.to_doc())
    assert _told(again) == _told(game)
    assert [e.text for e in again.setup_events] == [e.text for e in game.setup_events]
    assert len(game.events()) == len(game.log)
    json.dumps([e.to_json() for entry in game.log_entries() for e in entry.events])


@pytest.mark.parametrize(("title", "seed"), [("ChicagoExpress", 4), ("18RoyalGorge", 6)])
def test_events_have_no_effect_on_the_state(title: str, seed: int) -> None:
    """The same actions carried out on the title's state with no sink (events go nowhere)
    reach the same state hash after every action as the game that collects them."""
    game = _random_game(title, seed, 300)
    bare = REGISTRY.get(title).setup(game.players, game.options, Rng(game.seed))
    replay = roundhouse.new_game(title, PLAYERS, seed=seed)
    for action in game.log:
        bare.execute(action)
        replay.apply(action)
        assert digest(bare) == replay.state_hash()
    assert digest(bare) == game.state_hash()


def test_undo_history_and_clones_keep_events_in_step_with_the_log() -> None:
    """Undo drops the undone actions' events and replay from a snapshot tells them again;
    a position from history and a clone hold the events of their own log."""
    game = _random_game("18RoyalGorge", 7, 200)
    told = _told(game)
    assert len(game.log) > 100
    game.undo(len(game.log) - 70)
    assert _told(game) == told[:70]
    past = game.at(20)
    assert _told(past) == told[:20]
    clone = game.clone()
    assert _told(clone) == told[:70]
    for entry in game.log_entries(60):
        assert [(e.kind, e.text) for e in entry.events] == told[entry.index]


def test_a_failed_action_tells_nothing() -> None:
    """A refused action leaves the log and its events as they were."""
    game = roundhouse.new_game("ChicagoExpress", PLAYERS, seed=1)
    game.apply(game.legal_actions()[0])
    before = _told(game)
    with pytest.raises(roundhouse.IllegalAction):
        game.apply({"kind": "bid", "player": "Ann", "company": "PRR", "amount": 1})
    assert _told(game) == before


def test_emit_without_a_sink_goes_nowhere_and_sinks_nest() -> None:
    emit("price", "nobody hears this")
    with collecting() as outer:
        emit("round", "SR 1")
        with collecting() as inner:
            emit("price", "inner")
        emit("round", "SR 2")
    assert [e.text for e in outer] == ["SR 1", "SR 2"]
    assert inner == [Event(kind="price", text="inner")]


def test_an_18royalgorge_operating_round_is_narrated() -> None:
    """18RoyalGorge "Operating Rounds": the round header, private income, and after a payout
    the payout per shareholder and the price move."""
    game = _random_game("18RoyalGorge", 5, 600)
    kinds = [kind for told in _told(game) for kind, _ in told]
    for kind in ("round", "auction", "par", "float", "price"):
        assert kind in kinds, kind
    headers = [text for told in _told(game) for kind, text in told if kind == "round"]
    assert any(h.startswith("Stock round") for h in headers)
    assert any(h.startswith("Operating round") for h in headers)
    assert [e.text for e in game.setup_events] == ["Private auction"]


def test_rusting_is_told_by_owner_and_train_type_not_card_id() -> None:
    """Issue #20: the log said "Trains rust: PAV's 2+-0, PAV's 2+-3, …" (deck card ids).  In a
    recorded 18RoyalGorge game the 4+ and the 5+ rust the 2+ and 3+ trains (18RoyalGorge
    train table): told per owner and type, a count where an owner loses more than one."""
    doc = read_document(fixture_path("18RoyalGorge/18RoyalGorge_game_end_stock_market.json"))
    game = import_18xx_games(doc)
    rusts = [e.text for told in game.events() for e in told if e.kind == "rust"]
    assert rusts == [
        "Trains rust: PAV's two 2+-trains, SF's 2+-train, RG's 2+-train",
        "Trains rust: RG's 3+-train, PAV's 3+-train, CM's 3+-train",
    ]


def test_rusted_pool_trains_are_the_pools() -> None:
    assert _rusted_words([("pool", "2"), ("UP", "2"), ("pool", "2"), ("pool", "2")]) == (
        "the pool's three 2-trains, UP's 2-train"
    )


_CARD_ID = re.compile(r"\b[0-9A-Z][0-9A-Za-z+]*-\d+\b")
"""A train card's id as the engine names it ("4-0", "2+-3", "P-1"): never a player's word."""


@pytest.mark.parametrize("name", ["18USA", "18West", "18US"])
def test_train_purchases_and_discards_are_told_by_type_never_card_id(name: str) -> None:
    """Issue #20: core's table talk for a purchase is "GN buys train 2-2 for $100"; the log
    shows a purchase in words by the train's type ("UP buys a 4 train from the bank for
    $300", 18West's first train "GN buys its first train, a 2 train from the bank, for
    $100", §7.8.2) and so does each button ("UP discards its 3 train").  Heuristic-bot
    games of the later titles, to their ends."""
    from tests.browser.late_games import late_game

    game = roundhouse.load(late_game(name)["doc"])
    shown: list[str] = []
    for entry in game.log_entries():
        if entry.kind in ("buy_train", "discard_train"):
            restated = [e.text for e in entry.events if e.data.get("restates")]
            shown.append(restated[0] if restated else entry.text)
    assert shown and not [t for t in shown if _CARD_ID.search(t) or "buys train" in t], shown
    assert all(" train" in t for t in shown), shown
    if name == "18West":
        assert any(
            t.startswith(("GN", "UP", "TP", "NP", "SP")) and "its first train, a " in t
            for t in shown
        ), shown


def test_a_train_takes_its_spoken_article() -> None:
    """ "an 8 train" (18USA's 8-trains were "a 8 train"), "a 3+ train"."""
    assert [a_train(k) for k in ("2", "3+", "8", "6x2", "E", "P")] == [
        "a 2 train",
        "a 3+ train",
        "an 8 train",
        "a 6x2 train",
        "an E train",
        "a P train",
    ]


def test_discard_and_purchase_buttons_name_the_type() -> None:
    """A move offered in core's words: "UP discards its 3 train", not "UP discards 3-0"; a
    purchase's button says the seller and the type (never the card)."""
    from roundhouse.core.flow.actions import BuyTrain, DiscardTrain
    from roundhouse.core.ids import PlayerId

    game = roundhouse.new_game("18USA", PLAYERS, seed=5)
    card = next(iter(game.state.depot.trains))  # type: ignore[attr-defined]
    kind = game.state.depot.trains[card].type  # type: ignore[attr-defined]
    told = game.describe(DiscardTrain(player=PlayerId("Ann"), entity="GN", train=card))
    assert told == f"GN discards its {kind} train"
    bought = BuyTrain(player=PlayerId("Ann"), entity="GN", train=card, price=100)
    assert game.describe(bought) == f"GN buys {a_train(kind)} from the bank for $100"
    assert game.log_entries() == () and card not in game.describe(bought)


def test_a_price_move_into_18usa_acquisition_says_so() -> None:
    """18USA (stock market): a company whose token enters a grey acquisition space "is said
    to be 'in acquisition'" (§14.2.2: offered for sale in the next M&A round); those spaces
    all read $0, so "DRG's share price stays at $0" said nothing.  A random-bot game
    (seed 302) until a price move lands in acquisition: the move names the state."""
    game = roundhouse.new_game("18USA", PLAYERS, seed=302)
    bots = {p: make_bot("random", 302 + i) for i, p in enumerate(PLAYERS)}
    while len(game.log) < 1500 and not game.finished:
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
        prices = [e for e in game.events(len(game.log) - 1)[0] if e.kind == "price"]
        landed = [e for e in prices if "acquisition" in game.state.market.zones(e.data["company"])]  # type: ignore[attr-defined]
        if landed:
            break
    else:
        pytest.fail("no price move into acquisition")
    company = landed[0].data["company"]
    assert landed[0].text.endswith(f": {company} is in acquisition"), landed[0].text
    assert price_move("DRG", 0, 0, {"acquisition"}) == (
        "DRG's share price stays at $0: DRG is in acquisition"
    )
    assert price_move("RG", 65, 70, {"par"}) == "RG's share price rises from $65 to $70"


def test_tile_lays_are_told_without_the_engine_rotation() -> None:
    """The log said "RG lays 44 on M5, rotation 0": a rotation's number means nothing to a
    reader (the position after the move shows the tile).  An 18US heuristic game's lays."""
    from tests.browser.late_games import late_game

    game = roundhouse.load(late_game("18US")["doc"])
    lays = [e.text for e in game.log_entries() if e.kind == "lay_tile"]
    assert lays and all(" lays tile " in t and "rotation" not in t for t in lays), lays[:5]


def test_a_pullman_is_told_as_a_car() -> None:
    """18USA §12.7: a Pullman "does not count as a train"; its purchase read "NYC buys a P
    train".  A recorded position (random bots, 2 players, seed 310) ending on NYC's car."""
    from pathlib import Path

    path = Path(__file__).parents[1] / "g18usa" / "positions" / "car-at-the-interest-2p.json"
    doc = json.loads(path.read_text())
    game = roundhouse.load(doc)
    entry = game.log_entries()[-1]
    restated = [e.text for e in entry.events if e.data.get("restates")]
    assert restated == ["NYC buys a P car from the bank for $200"], restated
    assert entry.text == "NYC buys a P car for $200"
    before = roundhouse.load({**doc, "actions": doc["actions"][:-1]})
    offered = [before.describe(a) for a in before.legal_actions() if a.kind == "buy_train"]
    assert "NYC buys a P car from the bank for $200" in offered, offered


@pytest.mark.parametrize(("title", "seed"), [("18RoyalGorge", 5), ("18USA", 3), ("18West", 2)])
def test_a_pass_in_an_operating_turn_names_the_step_it_ends(title: str, seed: int) -> None:
    """A lone "RG passes" does not say what was passed: a pass in a step with words (laying
    track, buying trains, shipping gold ...) is told by an event that restates it with the
    step named ("KP passes on buying trains"), and the log shows that in the pass's place."""
    game = _random_game(title, seed, 500)
    told: dict[str, str] = {}
    for entry in game.log_entries():
        if entry.kind != "pass":
            continue
        restated = [e for e in entry.events if e.data.get("restates") is True]
        if restated and restated[0].kind == "pass":
            told[str(restated[0].data["step"])] = restated[0].text
            assert restated[0].text.startswith(f"{entry.action['entity']} ")
    assert any(step in told for step in ("track", "token", "buy_train")), told
    assert all(text.split(" ", 1)[1] != "passes" for text in told.values()), told
    if "buy_train" in told:
        assert told["buy_train"].endswith("passes on buying trains")


def test_a_tile_lay_is_offered_and_told_by_where_its_track_leads() -> None:
    """The tile picker read "NO lays 5 on L8, rotation 5": a count of sixths.  Each legal
    rotation of 18RoyalGorge's first lay is offered by its track's compass directions
    (flat hexes: edge 0 is south, clockwise), all different, and the log says the same."""
    game = roundhouse.new_game("18RoyalGorge", PLAYERS, seed=1)
    rng = Rng(1)
    while not (lays := [a for a in game.legal_actions() if a.kind == "lay_tile"]):
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
    curves = sorted((a for a in lays if a.tile == "5" and a.hex == "L8"), key=lambda a: a.rotation)
    words = [game.describe(a) for a in curves]
    assert words[0] == "NO lays tile 5 on L8, track to the south and south-west"
    assert words[3] == "NO lays tile 5 on L8, track to the north and north-east"
    assert len(set(words)) == 6 and not any("rotation" in w for w in words)
    game.apply(curves[3])
    assert game.log_entries(len(game.log) - 1)[0].text == words[3]


def test_a_pass_button_names_the_step_as_the_log_will() -> None:
    """The button beside a track lay read "NO passes"; it names the step it passes
    ("NO passes on laying track") and the log then says the same."""
    game = roundhouse.new_game("18RoyalGorge", PLAYERS, seed=1)
    rng = Rng(1)
    while not any(a.kind == "lay_tile" for a in game.legal_actions()):
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
    passing = next(a for a in game.legal_actions() if a.kind == "pass")
    assert game.describe(passing) == "NO passes on laying track"
    game.apply(passing)
    entry = game.log_entries(len(game.log) - 1)[0]
    assert [e.text for e in entry.events if e.data.get("restates")] == ["NO passes on laying track"]


def test_a_pass_in_an_auction_names_the_item_bid_for() -> None:
    """18USA's private auction: "Ann passes" after "Cy bids $70 for P29" read as if
    Ann passed her turn; she drops out of the bidding for P29, and the log says so."""
    from tests.browser.late_games import late_game

    game = roundhouse.load(late_game("18USA")["doc"])
    entries = game.log_entries()[:5]
    assert [e.kind for e in entries[:4]] == ["bid", "bid", "bid", "pass"]
    restated = [e.text for e in entries[3].events if e.data.get("restates")]
    assert restated == [f"{entries[3].player} passes on P29"]


@pytest.mark.parametrize("name", ["18USA", "18West"])
def test_every_pass_of_the_later_titles_names_what_it_gives_up(name: str) -> None:
    """18USA's merger and acquisition round, its company starts and private auction, and
    18West's Initial Stock Round auctions logged a bare "Cy passes": every pass of a whole
    game is restated naming what was passed, and its button said the same beforehand."""
    from tests.browser.late_games import cut, late_game

    doc = late_game(name)["doc"]
    game = roundhouse.load(doc)
    plain = []
    told: list[tuple[int, str]] = []
    for entry in game.log_entries():
        if entry.kind != "pass":
            continue
        restated = [e.text for e in entry.events if e.kind == "pass" and e.data.get("restates")]
        if not restated or restated[0].split(" ", 1)[1] == "passes":
            plain.append((entry.index, entry.text))
        else:
            told.append((entry.index, restated[0]))
    assert not plain, plain[:10]
    # The buttons: each kind of pass said before it was made as the log says it after.
    seen: set[str] = set()
    for index, text in told:
        kind = " ".join(text.split(" ")[1:5])
        if kind in seen:
            continue
        seen.add(kind)
        before = roundhouse.load(cut(doc, index))
        assert before.describe(game.log[index]) == text, (index, text)


def test_the_18usa_merger_round_has_a_header_and_its_passes_say_what() -> None:
    """18USA §14: the merger and acquisition round gets a header as other rounds do, and its
    passes name the decision: converting or merging (§14.1), a friendly sale (§14.2.3)."""
    from tests.browser.late_games import late_game

    game = roundhouse.load(late_game("18USA")["doc"])
    heads: list[tuple[str, object]] = []
    mr: list[str] = []
    for entry in game.log_entries():
        for e in entry.events:
            if e.kind == "round":
                heads.append((e.text, e.data.get("round")))
            elif e.kind == "pass" and heads and heads[-1][0].startswith("Merger"):
                mr.append(e.text)
    assert ("Merger and acquisition round 1.1", "MR 1.1") in heads, heads[:8]
    at = heads.index(("Merger and acquisition round 1.1", "MR 1.1"))
    assert heads[at - 1][0] == "Operating round 1.1" and heads[at + 1][0] == "Operating round 1.2"
    assert any(t.endswith(" passes on converting or merging") for t in mr), mr[:10]
    assert any(" passes on offering " in t and t.endswith(" for sale") for t in mr), mr[:10]
