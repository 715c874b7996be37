"""18West's decisions as a first-time player reads them (issue #20): the Land Grant
choices (§8.2, §8.6, §8.7), §8.1's permission and the Initial Stock Round's auctions (§3.2.4)
as sentences; each company's type (§2.2) and x2 token in the table; the x2 tokens on the
map."""

from __future__ import annotations

import re

import roundhouse
from roundhouse.core.event import collecting
from roundhouse.core.flow.actions import Choose
from roundhouse.titles.g18west.state import WestGame
from roundhouse.titles.g18west.view import WestObserver, choice_words


def test_18west_8_land_grant_choices_in_words() -> None:
    """§8.2: the x2 token moves ahead of the track; §8.6 conversion; §8.7 abandonment."""
    assert choice_words("SP", "x2:H3:G4") == "SP moves its x2 token from H3 to G4"
    assert (
        choice_words("NP", "x2:C22:C24:B23")
        == "NP moves its x2 token from C22 to C24, extending its track from B23"
    )
    assert choice_words("SP", "convert").startswith("SP converts to a Public Company")
    assert choice_words("SP", "abandon") == (
        "SP abandons its Land Grant and becomes a Public Company"
    )
    assert choice_words("KP", "ask:SP") == (
        "KP asks SP's President for permission to build in its Land Grant"
    )
    assert choice_words("Ann", "auction:CBQ") == (
        "Ann puts CBQ's President's Certificate up for auction"
    )
    assert choice_words("Ann", "something else") == ""


def test_18west_the_table_and_map_name_types_and_x2_tokens() -> None:
    """At set-up (§3.1) the Land Grant Companies' x2 tokens stand in their arrow hexes: the
    table says each company's type and x2 hex, the map marks them, the ISR offers auctions in
    words with help (§3.2.4)."""
    game = roundhouse.new_game("18West", ["Ann", "Bob", "Cy"], seed=3)
    table = game.table()
    assert table.company("SP").fact("type").value == "Land Grant"
    assert table.company("SP").fact("x2").value == "H3"
    assert table.company("NP").fact("x2").value == "B5, C22"
    assert table.company("CBQ").fact("type").value == "Granger Road"
    assert table.company("UP").fact("x2").value == "G2 (doubled)"
    marked = sorted(h.id for h in game.board().hexes if "x2" in h.markers)
    assert marked == ["B5", "C22", "G20", "H21", "H3", "K18"]
    auctions = [game.describe(a) for a in game.legal_actions() if isinstance(a, Choose)]
    assert auctions and all("up for auction" in t for t in auctions)
    assert "§3.2.4" in game.prompt().help
    assert WestObserver.step_help["land_grant"].startswith("Land Grant (§8.2)")


def test_18west_8_2_an_x2_move_is_made_on_its_new_hex() -> None:
    """The server offers each §8.2 x2 move on the hex the token moves to."""
    game = roundhouse.new_game("18West", ["Ann", "Bob", "Cy"], seed=3)
    move = Choose(player=game.state.pid("Ann"), entity="SP", choice="x2:H3:G4")
    assert game.places(move) == ("G4",)
    fork = Choose(player=game.state.pid("Bob"), entity="NP", choice="x2:C22:C24:B23")
    assert game.places(fork) == ("C24",)
    assert game.places(Choose(player=game.state.pid("Ann"), entity="SP", choice="convert")) == ()


def test_18west_3_4_unsold_2_trains_to_the_pool_said_in_words() -> None:
    """§3.4: "At the end of the first Operating Round ... discard any 2-trains remaining in
    the Train Stack to the Pool" - the log tells it as a player would, never by train ids
    ("2-trains to the pool: 2-3, 2-4")."""
    game = roundhouse.new_game("18West", ["Ann", "Bob", "Cy"], seed=3)
    state = game.state
    assert isinstance(state, WestGame)
    with collecting() as events:
        state.hooks.on_operating_round_end(state)
    told = [e for e in events if e.kind == "discard"]
    assert len(told) == 1
    unsold = len(told[0].data["trains"])  # type: ignore[arg-type]
    assert unsold > 1
    assert told[0].text == (
        f"The first operating round is over: the {unsold} unsold 2-trains go to the pool"
    )
    assert not re.search(r"\b2-\d+\b", told[0].text)
