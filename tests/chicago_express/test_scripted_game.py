"""A complete two-player game from an explicit action script, with hand-checked cash.

Chicago Express §2 (initial auctions), §3 (gauges and round end), §4.1 (auction minimums,
passes), §4.2 (a doubled plain), §4.3 (forest $2), §5.1 (ceil dividends) and §6 (three
companies sold out end the game after the dividend; most cash wins).
"""

from __future__ import annotations

import json

import roundhouse
from tests.chicago_express.script import new, state

A, B = "Ann", "Bob"


def _null(player: str, gauge: str) -> list[tuple[str, str, dict[str, object]]]:
    return [(player, "choose_gauge", {"gauge": gauge}), (player, "null_action", {})]


def _auction(player: str, company: str) -> list[tuple[str, str, dict[str, object]]]:
    return [
        (player, "choose_gauge", {"gauge": "auction"}),
        (player, "start_auction", {"company": company}),
    ]


def _bid(player: str, company: str, amount: int) -> tuple[str, str, dict[str, object]]:
    return (player, "bid", {"company": company, "amount": amount})


def _pass(player: str, company: str) -> tuple[str, str, dict[str, object]]:
    return (player, "pass_bid", {"company": company})


def _place(player: str, company: str, hex_id: str) -> tuple[str, str, dict[str, object]]:
    return (player, "place_train", {"company": company, "hex": hex_id})


SCRIPT: list[tuple[str, str, dict[str, object]]] = [
    # Initial auctions (§2): Ann 60 → 53 (PRR 7) → 45 (NYC 8); Bob 60 → 54 (B&O 6) → 49 (C&O 5).
    _bid(A, "PRR", 7), _pass(B, "PRR"),
    _pass(A, "B&O"), _bid(B, "B&O", 6),
    _bid(B, "C&O", 5), _pass(A, "C&O"),
    _pass(B, "NYC"), _bid(A, "NYC", 8),
    # Round 1. PRR min ceil(7/2)=4: Ann 41. B&O min ceil(6/2)=3: Bob 46. NYC min 4: Ann 37.
    *_auction(A, "PRR"), _bid(A, "PRR", 4), _pass(B, "PRR"),
    *_auction(B, "B&O"), _bid(B, "B&O", 3), _pass(A, "B&O"),
    *_auction(A, "NYC"), _bid(A, "NYC", 4), _pass(B, "NYC"),
    *_null(B, "develop"), *_null(A, "develop"), *_null(B, "develop"), *_null(A, "develop"),
    # Dividend 1: PRR 7/2 → 4 × 2 Ann; B&O 6/2 → 3 × 2 Bob; C&O 5/1 Bob; NYC 8/2 → 4 × 2 Ann.
    # Ann 37 + 16 = 53; Bob 46 + 11 = 57.
    # Round 2. PRR min ceil(7/3)=3: Bob 3, Ann 4 → Ann 49, PRR sold out.
    *_auction(B, "PRR"), _bid(B, "PRR", 3), _bid(A, "PRR", 4), _pass(B, "PRR"),
    # B&O min ceil(6/3)=2: Ann opens with a pass, Bob 2 → Bob 55.
    *_auction(A, "B&O"), _pass(A, "B&O"), _bid(B, "B&O", 2),
    # NYC min ceil(8/3)=3: Bob 3 → Bob 52.
    *_auction(B, "NYC"), _bid(B, "NYC", 3), _pass(A, "NYC"),
    # NYC builds S4, R4 (plains, $1 each); B&O builds Q6, Q5 ($1 each) and forest Q4 ($2).
    (A, "choose_gauge", {"gauge": "build"}), (A, "choose_company", {"company": "NYC"}),
    _place(A, "NYC", "S4"), _place(A, "NYC", "R4"), (A, "end_build", {"company": "NYC"}),
    (B, "choose_gauge", {"gauge": "build"}), (B, "choose_company", {"company": "B&O"}),
    _place(B, "B&O", "Q6"), _place(B, "B&O", "Q5"), _place(B, "B&O", "Q4"),
    # PRR enters R4 where NYC is: $1 × 2 = $2.
    (A, "choose_gauge", {"gauge": "build"}), (A, "choose_company", {"company": "PRR"}),
    _place(A, "PRR", "R4"), (A, "end_build", {"company": "PRR"}),
    # Bob develops forest Q4: B&O gets $2 from the bank.
    (B, "choose_gauge", {"gauge": "develop"}), (B, "develop", {"hex": "Q4"}),
    *_null(A, "build"), *_null(B, "build"),
    # Dividend 2: PRR 7/3 → 3 × 3 Ann; B&O 6/3 → 2 × 3 Bob; C&O 5 Bob; NYC 8/3 → 3: Ann 6, Bob 3.
    # Ann 49 + 15 = 64; Bob 52 + 14 = 66.
    # Round 3. B&O min ceil(6/4)=2: Ann 2, Bob 3, Ann 5 → Ann 59; B&O sold out.
    *_auction(A, "B&O"), _bid(A, "B&O", 2), _bid(B, "B&O", 3), _bid(A, "B&O", 5), _pass(B, "B&O"),
    # NYC min ceil(8/4)=2: Bob 2 → 64. NYC min ceil(8/5)=2: Ann 2 → 57; NYC sold out.
    *_auction(B, "NYC"), _bid(B, "NYC", 2), _pass(A, "NYC"),
    *_auction(A, "NYC"), _bid(A, "NYC", 2), _pass(B, "NYC"),
    *_null(B, "develop"), *_null(A, "develop"), *_null(B, "develop"), *_null(A, "develop"),
    # Dividend 3: PRR 7/3 → 3 × 3 Ann; B&O 6/4 → 2: Bob 6, Ann 2; C&O 5 Bob; NYC 8/5 → 2:
    # Ann 3 × 2 = 6, Bob 2 × 2 = 4.  Ann 57 + 17 = 74; Bob 64 + 15 = 79.
    # PRR, B&O and NYC have no shares left: the game ends (§6).
]  # fmt: skip


def test_chicago_express_scripted_two_player_game_hand_checked() -> None:
    game = new(2)
    for player, kind, fields in SCRIPT:
        game.apply({"kind": kind, "player": player, **fields})
    s = state(game)
    assert game.finished and game.end_reason == "shares_sold_out"
    assert game.result == {"Ann": 74, "Bob": 79}
    assert s.winners == ("Bob",)
    assert {c: x.treasury for c, x in s.companies.items()} == {
        "PRR": 7 + 4 + 4 - 2,
        "B&O": 6 + 3 + 2 - 4 + 2 + 5,
        "C&O": 5,
        "NYC": 8 + 4 + 3 - 2 + 2 + 2,
        "Wabash": 0,
    }
    assert s.conserved_money() == 120 and s.invariant_violations() == []
    doc = json.loads(json.dumps(game.to_doc()))
    assert roundhouse.load(doc).state_hash() == game.state_hash()
