"""18USA §2 set-up, drawn from the seed: the title's registration, starting capital and
certificate limits, the train stack by player count (§2.1, §12.6), the Bank of New York
(§2.2), the privates chosen by face value (§2.3), three metropolises besides New York (§2.4),
a subsidy on each of the 14 orange cities (§2.5) and a value token in each red area
(§2.6)."""

from __future__ import annotations

from collections import Counter

import pytest

from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import REGISTRY
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa import board as usa_board
from roundhouse.titles.g18usa.setup_draw import SUBSIDIES, draw_privates, draw_setup
from tests.g18usa.cards import CARDS, new
from tests.g18usa.playing import usa


def test_18usa_is_registered_for_two_to_seven_players() -> None:
    """§2: the capital table runs from 2 to 7 players."""
    title = REGISTRY.get("18usa")
    assert title.id == "18USA" and title.players == range(2, 8)
    assert [o.name for o in title.options] == [
        "compat_18xx_games",
        "seventeen_trains",
        "no_president_limit",
        "max_start_300",
    ]


@pytest.mark.parametrize(
    ("players", "cash", "limit"),
    [(2, 630, 32), (3, 420, 21), (4, 315, 16), (5, 300, 16), (6, 250, 13), (7, 225, 11)],
)
def test_18usa_2_starting_capital_and_certificate_limit(
    players: int, cash: int, limit: int
) -> None:
    g = usa(Game(TITLE, [f"P{i}" for i in range(players)], seed=3))
    assert all(g.ledger.cash(p) == cash for p in g.players)
    assert g.cert_limit() == limit


@pytest.mark.parametrize(
    ("players", "counts"),
    [
        (4, {"2+": 4, "3": 12, "3+": 2, "4": 7, "4+": 1, "5": 5, "6": 4, "7": 3}),
        (5, {"2+": 5, "3": 12, "3+": 2, "4": 8, "4+": 1, "5": 6, "6": 5, "7": 3}),
    ],
)
def test_18usa_12_6_train_roster_by_player_count(players: int, counts: dict[str, int]) -> None:
    """§12.6: 2-4 players and 5+ players have their own numbers of 2+, 4, 5 and 6 trains;
    2- and 8-trains are unlimited (one card at a time in the stack)."""
    g = usa(Game(TITLE, [f"P{i}" for i in range(players)], seed=1))
    stack = Counter(g.depot.train(t).type for t in g.depot.upcoming)
    assert {k: v for k, v in stack.items() if k not in ("2", "8", "P")} == counts
    assert stack["2"] == 1 and stack["8"] == 1
    assert g.depot.train(g.depot.upcoming[0]).type == "2"


@pytest.mark.parametrize(("players", "first_row"), [(4, (5, 5)), (5, (5, 4))])
def test_18usa_2_2_bank_of_new_york(players: int, first_row: tuple[int, int]) -> None:
    """§2.2, §9: 70 loan cubes; with five or more players four on the $5 row and six on
    each other; the rate starts at $5."""
    g = usa(Game(TITLE, [f"P{i}" for i in range(players)], seed=1))
    rows = g.config.loans.rows
    assert rows[0] == first_row and g.config.loans.count == 70
    if players >= 5:
        assert all(n == 6 for _, n in rows[1:])
    assert g.loans.rate == 5 and g.loans.out() == 0


@pytest.mark.parametrize(("players", "expected"), [(4, 15), (5, 16)])
def test_18usa_2_3_privates_by_face_value(players: int, expected: int) -> None:
    """§2.3: P1-P4 always (and P10 with five or more), one more $30, two $40, three $60,
    two $80, two $90 and one $120."""
    for seed in range(1, 6):
        chosen = draw_privates(Rng(seed), CARDS, players)
        assert len(chosen) == expected
        assert {"P1", "P2", "P3", "P4"} <= set(chosen)
        assert ("P10" in chosen) if players >= 5 else True
        by_value = Counter(c.value for c in CARDS if c.id in chosen)
        fixed = Counter(c.value for c in CARDS if c.id in {"P1", "P2", "P3", "P4"})
        if players >= 5:
            fixed[40] += 1
        assert {v: by_value[v] - fixed[v] for v in by_value} == {
            30: 1,
            40: 2,
            60: 3,
            80: 2,
            90: 2,
            120: 1,
        }


def test_18usa_2_4_three_metropolises_besides_new_york_on_the_board() -> None:
    """§2.4: three of the six candidates get their M tile; the other three stay normal."""
    g = usa(new(seed=5))
    candidates = usa_board.metropolis_candidates()
    assert len(g.metropolises) == 3 and set(g.metropolises) <= set(candidates)
    board = g.map.board
    for hex_name, metro in candidates.items():
        on_board = board.hexes[hex_name].tile.id
        assert (on_board == metro.tile) == (hex_name in g.metropolises)


def test_18usa_2_5_and_2_6_subsidies_and_red_area_tokens() -> None:
    """§2.5: each of the 14 orange cities takes one of the 16 subsidy tiles; §2.6: each of
    the seven red areas takes a different token of the rulebook's ten (P6's stays aside)."""
    g = usa(new(seed=9))
    assert set(g.subsidies) == set(usa_board.subsidy_hexes())
    assert len({s.id for s in g.subsidies.values()}) == 14
    assert set(g.subsidies.values()) <= set(SUBSIDIES)
    tokens = usa_board.red_area_tokens()
    assert set(g.red_values) == set(usa_board.red_areas())
    pool = [tuple(int(v) for v in t) for t in tokens.rulebook]
    drawn = list(g.red_values.values())
    assert all(t in pool for t in drawn)
    assert len(drawn) == 7


def test_18usa_2_set_up_follows_the_seed() -> None:
    """The same seed draws the same set-up; another seed another one."""
    a = draw_setup(11, players=4, cards=CARDS)
    assert a == draw_setup(11, players=4, cards=CARDS)
    others = [draw_setup(s, players=4, cards=CARDS) for s in range(12, 16)]
    assert any(o.metropolises != a.metropolises for o in others)
    assert any(o.subsidies != a.subsidies for o in others)


def test_18usa_2_6_red_values_reach_the_board() -> None:
    """A red area's hexes pay the drawn token for the phase's colour (§12.4.1)."""
    g = usa(new(seed=2))
    mexico = usa_board.red_areas()["Mexico"]
    stop = g.map.board.hexes[mexico.hexes[0]].tile.stops[0]
    from roundhouse.core.tiles import Colour

    assert stop.revenue_in(Colour.YELLOW) == g.red_values["Mexico"][0]
    assert stop.revenue_in(Colour.GRAY) == g.red_values["Mexico"][3]


def test_18usa_10_opens_with_the_private_auction_without_seed_money() -> None:
    """§10: the first round auctions the drawn privates; a bid of half the face value opens;
    the winner pays the bank (no seed money)."""
    game = new(players=3, seed=4)
    g = usa(game)
    assert g.round.kind == "Auction"
    assert set(g.privates) == set(draw_setup(4, players=3, cards=CARDS).privates)
    first = game.acting[0]
    bids = [a for a in game.legal_actions() if a.kind == "bid" and a.company == "P1"]
    assert min(b.price for b in bids) == 15  # P1 ($30): half the face value
    cash = g.ledger.cash(first)
    game.apply(bids[0])
    for _ in range(2):
        game.apply({"kind": "pass", "player": game.acting[0], "entity": game.acting[0]})
    assert g.privates["P1"].owner == first
    assert g.ledger.cash(first) == cash - 15
